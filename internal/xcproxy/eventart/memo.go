package eventart

import (
	"context"
	"sync"
	"time"
)

// Memo remembers up to max answers of n for ttl (guides repeat a show's
// title every day; playlists are fetched again and again). When full it
// starts over. Failed answers (an error, or a cancelled context) are not
// remembered.
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
	return func(ctx context.Context, name string) (string, bool, error) {
		t := now()
		mu.Lock()
		a, hit := m[name]
		mu.Unlock()
		if hit && t.Sub(a.at) < ttl {
			return a.path, a.ok, nil
		}
		path, ok, err := n(ctx, name)
		if err != nil || ctx.Err() != nil {
			return path, ok, err
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
