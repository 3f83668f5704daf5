package eventart

import (
	"context"
	"errors"
	"sync"
	"time"

	"gamethumbs/internal/lru"
)

// FailurePause is how long a Memo answers "no art" without asking after
// its Namer failed: a guide of many events must not wait on a provider
// that is down once per title.
const FailurePause = 30 * time.Second

// errPaused is returned while a Memo pauses after a failure.
var errPaused = errors.New("eventart: paused after a failure")

// Memo remembers up to max answers of n for ttl (guides repeat a show's
// title every day; playlists are fetched again and again), the least
// recently used going first when it is full (internal/lru). Failed answers (an error, or a cancelled context) are not
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
	}
	m := lru.New[string, answer](lru.Options{MaxBytes: int64(max), MaxEntries: max, Now: now})
	var failed time.Time
	return func(ctx context.Context, name string) (string, bool, error) {
		t := now()
		if a, hit := m.Get(name); hit {
			return a.path, a.ok, nil
		}
		mu.Lock()
		paused := !failed.IsZero() && t.Sub(failed) < FailurePause
		mu.Unlock()
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
		m.Add(name, answer{path, ok}, 1, t.Add(ttl))
		return path, ok, nil
	}
}
