package fetch

import (
	"time"

	genericlru "gamethumbs/internal/lru"
)

// entryOverhead approximates the bookkeeping bytes of one cache entry.
const entryOverhead = 128

// lru is an internal/lru cache of values or failures (negative caching):
// bounded by the summed weight of its entries, each with an expiry that
// internal/lru checks against the Fetcher's clock. A limit ≤ 0 disables
// storage.
type lru[V any] struct {
	c *genericlru.Cache[string, lruItem[V]]
}

type lruItem[V any] struct {
	val V
	err error
}

func newLRU[V any](limit int64, now func() time.Time) *lru[V] {
	return &lru[V]{c: genericlru.New[string, lruItem[V]](genericlru.Options{MaxBytes: limit, Now: now})}
}

// get returns the stored value or failure for key, and whether one was
// present and unexpired.
func (c *lru[V]) get(key string) (V, error, bool) {
	it, ok := c.c.Get(key)
	return it.val, it.err, ok
}

// put stores val (or err) under key until expires. weight is the payload
// size in bytes; an entry heavier than the whole limit is not stored.
// Least recently used entries are evicted to make room.
func (c *lru[V]) put(key string, val V, err error, weight int64, expires time.Time) {
	c.c.Add(key, lruItem[V]{val: val, err: err}, weight+int64(len(key))+entryOverhead, expires)
}

// delete drops key if present.
func (c *lru[V]) delete(key string) { c.c.Remove(key) }

// len returns the number of entries, expired ones included.
func (c *lru[V]) len() int { return c.c.Len() }
