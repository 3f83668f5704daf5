package cache

import (
	"time"

	"gamethumbs/internal/lru"
)

// Bytes is the rendered-image cache: an internal/lru cache bounded by the
// size of its values, with a time to live, that refuses degraded values
// (see Storable). It is safe for concurrent use. Values must not be
// modified after Add.
type Bytes[V any] struct {
	ttl  time.Duration
	size func(V) int64
	now  func() time.Time
	c    *lru.Cache[string, V]
}

// NewBytes returns a cache holding at most maxBytes (as measured by size)
// for ttl each. now may be nil (time.Now).
func NewBytes[V any](maxBytes int64, ttl time.Duration, size func(V) int64, now func() time.Time) *Bytes[V] {
	if now == nil {
		now = time.Now
	}
	return &Bytes[V]{ttl: ttl, size: size, now: now, c: lru.New[string, V](lru.Options{MaxBytes: maxBytes, Now: now})}
}

// Get returns the live value for key.
func (c *Bytes[V]) Get(key string) (V, bool) { return c.c.Get(key) }

// Peek is Get without counting a hit or a miss.
func (c *Bytes[V]) Peek(key string) (V, bool) { return c.c.Peek(key) }

// Add stores value under key, evicting the least recently used entries
// until the total fits. A value larger than the whole cache is not stored;
// nor is a degraded one (see Storable), which returns ErrDegraded.
func (c *Bytes[V]) Add(key string, value V) error {
	return c.AddTTL(key, value, c.ttl)
}

// AddTTL is Add with a lifetime of its own for this value, capped at the
// cache's TTL (a picture missing a logo the provider does not have is kept
// for less time than a complete one).
func (c *Bytes[V]) AddTTL(key string, value V, ttl time.Duration) error {
	if !Storable(value) {
		return ErrDegraded
	}
	c.c.Add(key, value, c.size(value), c.now().Add(min(ttl, c.ttl)))
	return nil
}

// Stats reports the cache's size and counters.
func (c *Bytes[V]) Stats() (bytes int64, entries int, hits, misses, evictions uint64) {
	s := c.c.Stats()
	return s.Bytes, s.Entries, s.Hits, s.Misses, s.Evictions
}
