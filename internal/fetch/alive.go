package fetch

import (
	"image"
	"sync"
	"time"
	"weak"
)

// aliveSet remembers, by cache key, decoded images that have left the
// byte-bounded cache but may still be in use elsewhere (the renderer keys
// its scaled copies by image identity and keeps the image alive while it
// holds them). Handing out the same image again, instead of decoding a new
// copy, keeps those copies useful and avoids holding two decodes of one
// logo. It holds only weak pointers, so it keeps nothing alive itself.
type aliveSet struct {
	mu    sync.Mutex
	m     map[string]aliveEntry
	sweep int // len(m) at which dead entries are next swept
}

type aliveEntry struct {
	p       weak.Pointer[image.RGBA]
	expires time.Time
}

// get returns the image for key if it is still alive and not expired.
func (a *aliveSet) get(key string, now time.Time) image.Image {
	a.mu.Lock()
	defer a.mu.Unlock()
	e, ok := a.m[key]
	if !ok {
		return nil
	}
	if img := e.p.Value(); img != nil && now.Before(e.expires) {
		return img
	}
	delete(a.m, key)
	return nil
}

// put remembers img under key until expires. Only *image.RGBA (what
// Decode returns) is tracked.
func (a *aliveSet) put(key string, img image.Image, expires time.Time) {
	rgba, ok := img.(*image.RGBA)
	if !ok {
		return
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.m == nil {
		a.m = make(map[string]aliveEntry)
	}
	if len(a.m) >= a.sweep {
		for k, e := range a.m {
			if e.p.Value() == nil {
				delete(a.m, k)
			}
		}
		a.sweep = max(64, 2*len(a.m))
	}
	a.m[key] = aliveEntry{p: weak.Make(rgba), expires: expires}
}
