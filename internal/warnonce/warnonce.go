// Package warnonce decides whether a repeated warning is worth a log
// line: once per key per interval. A failing logo is requested by every
// picture that shows its team; one line per URL every few minutes says as
// much as thousands. The key table is an internal/lru cache bounded by
// count: when full the least recently allowed key goes, which at worst
// logs it again early.
package warnonce

import (
	"sync"
	"time"

	"gamethumbs/internal/lru"
)

// DefaultMaxKeys bounds the keys a Gate remembers when New is given no
// bound.
const DefaultMaxKeys = 4096

// Gate remembers when each key was last allowed. The zero value is not
// usable: call New.
type Gate struct {
	interval time.Duration
	now      func() time.Time

	mu    sync.Mutex                   // makes a look and an add one step
	quiet *lru.Cache[string, struct{}] // keys allowed less than interval ago
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
	return &Gate{interval: interval, now: now,
		quiet: lru.New[string, struct{}](lru.Options{MaxBytes: int64(maxKeys), MaxEntries: maxKeys, Now: now})}
}

// Allow reports whether key should be logged now: true the first time and
// again once interval has passed since it last returned true.
func (g *Gate) Allow(key string) bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	if _, quiet := g.quiet.Peek(key); quiet {
		return false
	}
	g.quiet.Add(key, struct{}{}, 1, g.now().Add(g.interval))
	return true
}
