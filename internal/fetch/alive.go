package fetch

import (
	"sync"
	"time"
	"weak"
)

// aliveSet remembers, by cache key, values that have left a byte-bounded
// cache (or were never in one) but may still be in use elsewhere: decoded
// images (the renderer may key scaled copies by image identity) and Logo
// handles (the renderer keys its derivatives by them). Handing out the
// same value again, instead of decoding a new copy, keeps what was derived
// from it useful and avoids holding two decodes of one logo. It holds only
// weak pointers, so it keeps nothing alive itself.
type aliveSet[T any] struct {
	mu    sync.Mutex
	m     map[string]aliveEntry[T]
	sweep int // len(m) at which dead entries are next swept
}

type aliveEntry[T any] struct {
	p       weak.Pointer[T]
	expires time.Time
}

// get returns the value for key if it is still alive and not expired.
func (a *aliveSet[T]) get(key string, now time.Time) *T {
	a.mu.Lock()
	defer a.mu.Unlock()
	e, ok := a.m[key]
	if !ok {
		return nil
	}
	if v := e.p.Value(); v != nil && now.Before(e.expires) {
		return v
	}
	delete(a.m, key)
	return nil
}

// put remembers v under key until expires.
func (a *aliveSet[T]) put(key string, v *T, expires time.Time) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.m == nil {
		a.m = make(map[string]aliveEntry[T])
	}
	if len(a.m) >= a.sweep {
		for k, e := range a.m {
			if e.p.Value() == nil {
				delete(a.m, k)
			}
		}
		a.sweep = max(64, 2*len(a.m))
	}
	a.m[key] = aliveEntry[T]{p: weak.Make(v), expires: expires}
}
