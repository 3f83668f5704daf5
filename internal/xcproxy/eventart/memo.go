package eventart

import (
	"context"
	"errors"
	"sync"
	"time"
)

// FailurePause is how long a Memo answers "no art" without asking after
// its Namer failed: a guide of many events must not wait on a provider
// that is down once per title.
const FailurePause = 30 * time.Second

// errPaused is returned while a Memo pauses after a failure.
var errPaused = errors.New("eventart: paused after a failure")

// Memo remembers up to max answers of n for ttl (guides repeat a show's
// title every day; playlists are fetched again and again). When full it
// starts over. Failed answers (an error, or a cancelled context) are not
// remembered, and for FailurePause after one, names not remembered get
// no art without asking n.
func Memo(n Namer, max int, ttl time.Duration, now func() time.Time) Namer {
	if now == nil {
		now = time.Now
	}
	var mu sync.Mutex
	type answer struct {
		path string
		ok   bool
		at   time.Time
	}
	m := make(map[string]answer)
	var failed time.Time
	return func(ctx context.Context, name string) (string, bool, error) {
		t := now()
		mu.Lock()
		a, hit := m[name]
		paused := !failed.IsZero() && t.Sub(failed) < FailurePause
		mu.Unlock()
		if hit && t.Sub(a.at) < ttl {
			return a.path, a.ok, nil
		}
		if paused {
			return "", false, errPaused
		}
		path, ok, err := n(ctx, name)
		if err != nil {
			mu.Lock()
			failed = t
			mu.Unlock()
			return path, ok, err
		}
		if ctx.Err() != nil {
			return path, ok, ctx.Err()
		}
		mu.Lock()
		if len(m) >= max {
			clear(m)
		}
		m[name] = answer{path, ok, t}
		mu.Unlock()
		return path, ok, nil
	}
}
