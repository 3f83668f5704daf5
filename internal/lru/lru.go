// Package lru is the one in-memory cache type of gamethumbs: a
// least-recently-used map bounded by the summed size of its values (and
// optionally by entry count), with a per-entry expiry and hit, miss and
// eviction counters. It is safe for concurrent use.
package lru

import (
	"container/list"
	"sync"
	"time"
)

// Options bound a Cache.
type Options struct {
	// MaxBytes bounds the summed sizes given to Add; ≤ 0 stores nothing.
	MaxBytes int64
	// MaxEntries bounds the entry count too when > 0.
	MaxEntries int
	// Now returns the current time (nil: time.Now); expiry is checked
	// against it.
	Now func() time.Time
}

// Stats is a snapshot of a cache's size and counters.
type Stats struct {
	Bytes     int64
	Entries   int
	Hits      uint64
	Misses    uint64
	Evictions uint64 // entries dropped to stay within the bounds
	Rejected  uint64 // values Add did not store because Admit said no
}

// Cache maps keys to values. The zero value is not usable; call New.
type Cache[K comparable, V any] struct {
	mu    sync.Mutex
	opts  Options
	admit func(key K, victims []K) bool // SetAdmit
	used  int64
	order *list.List // front = most recently used; elements hold *item[K, V]
	items map[K]*list.Element
	stats Stats
}

type item[K comparable, V any] struct {
	key     K
	val     V
	size    int64
	expires time.Time // zero: never
}

// New returns an empty cache.
func New[K comparable, V any](o Options) *Cache[K, V] {
	if o.Now == nil {
		o.Now = time.Now
	}
	return &Cache[K, V]{opts: o, order: list.New(), items: make(map[K]*list.Element)}
}

// Get returns the unexpired value of key, counting a hit or a miss, and
// makes it the most recently used. An expired entry is dropped.
func (c *Cache[K, V]) Get(key K) (V, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.items[key]; ok {
		it := el.Value.(*item[K, V])
		if it.expires.IsZero() || c.opts.Now().Before(it.expires) {
			c.order.MoveToFront(el)
			c.stats.Hits++
			return it.val, true
		}
		c.remove(el)
	}
	c.stats.Misses++
	var zero V
	return zero, false
}

// Peek returns the unexpired value of key without counting a hit or a
// miss and without changing its recency: a second look by a caller that
// already counted the first (a render that may have been done meanwhile).
func (c *Cache[K, V]) Peek(key K) (V, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.items[key]; ok {
		it := el.Value.(*item[K, V])
		if it.expires.IsZero() || c.opts.Now().Before(it.expires) {
			return it.val, true
		}
	}
	var zero V
	return zero, false
}

// Add stores val under key until expires (zero: no expiry), size bytes
// counted against MaxBytes, replacing any previous value, and evicts the
// least recently used entries until the bounds hold, unless the
// admission rule (SetAdmit) refuses them. A value larger than MaxBytes
// is not stored (and any previous value of key is dropped). It reports
// whether the value was stored.
func (c *Cache[K, V]) Add(key K, val V, size int64, expires time.Time) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.items[key]; ok {
		c.remove(el)
	}
	if size > c.opts.MaxBytes {
		return false
	}
	if c.admit != nil && !c.admits(key, size) {
		c.stats.Rejected++
		return false
	}
	c.items[key] = c.order.PushFront(&item[K, V]{key: key, val: val, size: size, expires: expires})
	c.used += size
	c.evict()
	return true
}

// Remove drops key if present.
func (c *Cache[K, V]) Remove(key K) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.items[key]; ok {
		c.remove(el)
	}
}

// RemoveIf drops every entry whose key drop selects and returns how many.
func (c *Cache[K, V]) RemoveIf(drop func(K) bool) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	n := 0
	for k, el := range c.items {
		if drop(k) {
			c.remove(el)
			n++
		}
	}
	return n
}

// SetMaxBytes changes the size bound and evicts down to it.
func (c *Cache[K, V]) SetMaxBytes(n int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.opts.MaxBytes = n
	c.evict()
}

// Len is the number of entries, expired ones not yet dropped included.
func (c *Cache[K, V]) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.items)
}

// Stats returns the current size and counters.
func (c *Cache[K, V]) Stats() Stats {
	c.mu.Lock()
	defer c.mu.Unlock()
	s := c.stats
	s.Bytes, s.Entries = c.used, len(c.items)
	return s
}

// SetAdmit sets the admission rule: when Add would have to evict, it
// first asks admit with the new key and the keys it would evict (least
// recently used first), and if admit says no it stores nothing and
// evicts nothing. A cache whose users cycle through more than it holds
// can so keep a stable part of them instead of evicting each entry just
// before its next use. admit is called with the cache locked and must not
// use it; nil removes the rule.
func (c *Cache[K, V]) SetAdmit(admit func(key K, victims []K) bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.admit = admit
}

// admits asks the admission rule whether key, of size bytes, may evict
// what storing it would evict; true when nothing would be.
func (c *Cache[K, V]) admits(key K, size int64) bool {
	used, n := c.used+size, c.order.Len()+1
	var victims []K
	for el := c.order.Back(); el != nil && (used > c.opts.MaxBytes || (c.opts.MaxEntries > 0 && n > c.opts.MaxEntries)); el = el.Prev() {
		it := el.Value.(*item[K, V])
		victims = append(victims, it.key)
		used -= it.size
		n--
	}
	return len(victims) == 0 || c.admit(key, victims)
}

func (c *Cache[K, V]) evict() {
	for c.order.Len() > 0 && (c.used > c.opts.MaxBytes || (c.opts.MaxEntries > 0 && c.order.Len() > c.opts.MaxEntries)) {
		c.remove(c.order.Back())
		c.stats.Evictions++
	}
}

func (c *Cache[K, V]) remove(el *list.Element) {
	it := c.order.Remove(el).(*item[K, V])
	delete(c.items, it.key)
	c.used -= it.size
}
