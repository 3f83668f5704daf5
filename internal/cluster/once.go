package cluster

import (
	"context"
	"time"
)

// Locker is what OneWorks needs of the shared store: a short lock, and a
// wait for another replica's value. *Client implements it.
type Locker interface {
	Lock(ctx context.Context, name string, ttl time.Duration) (unlock func(), held bool, err error)
	WaitFor(ctx context.Context, name, lock string, wait time.Duration) ([]byte, bool)
}

// OneWorks lets one replica of several do a piece of work whose result is
// stored under name, while the others wait for it. The caller that takes
// the lock "lock:"+name (for at most wait) runs work and the lock is
// released when work returns; work stores the result under name itself.
// A caller that finds the lock taken waits up to wait for a value under
// name and returns what use makes of it (theirs is then true); when none
// came, use refuses it, or the store is down, it runs work itself.
//
// The caller looks for an existing value before calling OneWorks: this is
// only the "one works, the others wait" part. A nil l runs work.
func OneWorks[V any](ctx context.Context, l Locker, name string, wait time.Duration,
	use func([]byte) (V, bool), work func() (V, error)) (v V, theirs bool, err error) {
	if l == nil {
		v, err = work()
		return v, false, err
	}
	lock := "lock:" + name
	unlock, held, err := l.Lock(ctx, lock, wait)
	if err == nil && !held {
		if b, ok := l.WaitFor(ctx, name, lock, wait); ok {
			if v, ok := use(b); ok {
				return v, true, nil
			}
		}
	}
	defer unlock()
	v, err = work()
	return v, false, err
}
