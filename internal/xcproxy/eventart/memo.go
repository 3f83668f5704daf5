package eventart

import (
	"context"
	"sync"
)

// Memo remembers up to max answers of n (guides repeat a show's title
// every day; playlists are fetched again and again). When full it starts
// over. Answers are remembered for the Memo's life: wrap a Namer whose
// answers do not change, or rebuild the Memo when they may.
func Memo(n Namer, max int) Namer {
	var mu sync.Mutex
	type answer struct {
		path string
		ok   bool
	}
	m := make(map[string]answer)
	return func(ctx context.Context, name string) (string, bool) {
		mu.Lock()
		a, hit := m[name]
		mu.Unlock()
		if hit {
			return a.path, a.ok
		}
		path, ok := n(ctx, name)
		if ctx.Err() != nil {
			return path, ok // an answer cut short is not remembered
		}
		mu.Lock()
		if len(m) >= max {
			clear(m)
		}
		m[name] = answer{path, ok}
		mu.Unlock()
		return path, ok
	}
}
