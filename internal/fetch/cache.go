package fetch

import (
	"time"

	genericlru "gamethumbs/internal/lru"
)

// entryOverhead approximates the bookkeeping bytes of one cache entry.
const entryOverhead = 128

// lru is a least-recently-used cache bounded by the summed weight of its
// entries, with a per-entry expiry checked against the caller's clock. A
// failure can be stored in place of a value (negative caching). A limit
// ≤ 0 disables storage.
type lru[V any] struct {
	c *genericlru.Cache[string, lruItem[V]]
}

type lruItem[V any] struct {
	val     V
	err     error
	expires time.Time
}

func newLRU[V any](limit int64) *lru[V] {
	return &lru[V]{c: genericlru.New[string, lruItem[V]](genericlru.Options{MaxBytes: limit})}
}

// get returns the stored value or failure for key, and whether one was
// present and unexpired at now.
func (c *lru[V]) get(key string, now time.Time) (V, error, bool) {
	it, ok := c.c.Get(key)
	if ok && !now.Before(it.expires) {
		c.c.Remove(key)
		ok = false
	}
	if !ok {
		var zero V
		return zero, nil, false
	}
	return it.val, it.err, true
}

// put stores val (or err) under key until expires. weight is the payload
// size in bytes; an entry heavier than the whole limit is not stored.
// Least recently used entries are evicted to make room.
func (c *lru[V]) put(key string, val V, err error, weight int64, expires time.Time) {
	c.c.Add(key, lruItem[V]{val: val, err: err, expires: expires}, weight+int64(len(key))+entryOverhead, time.Time{})
}

// delete drops key if present.
func (c *lru[V]) delete(key string) { c.c.Remove(key) }

// len returns the number of entries, expired ones included.
func (c *lru[V]) len() int { return c.c.Len() }
