// Package warnonce decides whether a repeated warning is worth a log
// line: once per key per interval. A failing logo is requested by every
// picture that shows its team; one line per URL every few minutes says as
// much as thousands. The key table is bounded: when full it starts over,
// which at worst logs a key again early.
package warnonce

import (
	"sync"
	"time"
)

// DefaultMaxKeys bounds the keys remembered by a Gate with MaxKeys zero.
const DefaultMaxKeys = 4096

// Gate remembers when each key was last allowed. The zero value is not
// usable: call New.
type Gate struct {
	interval time.Duration
	maxKeys  int
	now      func() time.Time

	mu   sync.Mutex
	last map[string]time.Time
}

// New returns a Gate that allows each key once per interval and remembers
// at most maxKeys keys (≤ 0 means DefaultMaxKeys). now may be nil
// (time.Now).
func New(interval time.Duration, maxKeys int, now func() time.Time) *Gate {
	if maxKeys <= 0 {
		maxKeys = DefaultMaxKeys
	}
	if now == nil {
		now = time.Now
	}
	return &Gate{interval: interval, maxKeys: maxKeys, now: now, last: make(map[string]time.Time)}
}

// Allow reports whether key should be logged now: true the first time and
// again once interval has passed since it last returned true.
func (g *Gate) Allow(key string) bool {
	now := g.now()
	g.mu.Lock()
	defer g.mu.Unlock()
	if t, ok := g.last[key]; ok && now.Sub(t) < g.interval {
		return false
	}
	if len(g.last) >= g.maxKeys {
		for k, t := range g.last { // drop what has expired; start over if nothing has
			if now.Sub(t) >= g.interval {
				delete(g.last, k)
			}
		}
		if len(g.last) >= g.maxKeys {
			clear(g.last)
		}
	}
	g.last[key] = now
	return true
}
