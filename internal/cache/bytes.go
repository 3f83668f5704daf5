package cache

import (
	"container/list"
	"sync"
	"time"
)

// Bytes is an LRU of byte-slice values bounded by their total size, with
// a time to live. It is safe for concurrent use. Values must not be
// modified after Add.
type Bytes[V any] struct {
	maxBytes int64
	ttl      time.Duration
	size     func(V) int64
	now      func() time.Time

	mu                      sync.Mutex
	used                    int64
	order                   *list.List // front = most recently used
	items                   map[string]*list.Element
	hits, misses, evictions uint64
}

type bytesItem[V any] struct {
	key     string
	value   V
	size    int64
	expires time.Time
}

// NewBytes returns a cache holding at most maxBytes (as measured by size)
// for ttl each. now may be nil (time.Now).
func NewBytes[V any](maxBytes int64, ttl time.Duration, size func(V) int64, now func() time.Time) *Bytes[V] {
	if now == nil {
		now = time.Now
	}
	return &Bytes[V]{maxBytes: maxBytes, ttl: ttl, size: size, now: now, order: list.New(), items: make(map[string]*list.Element)}
}

// Get returns the live value for key.
func (c *Bytes[V]) Get(key string) (V, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	el, ok := c.items[key]
	if !ok {
		c.misses++
		var zero V
		return zero, false
	}
	it := el.Value.(*bytesItem[V])
	if !c.now().Before(it.expires) {
		c.remove(el)
		c.misses++
		var zero V
		return zero, false
	}
	c.order.MoveToFront(el)
	c.hits++
	return it.value, true
}

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
	ttl = min(ttl, c.ttl)
	sz := c.size(value)
	if sz > c.maxBytes {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.items[key]; ok {
		c.remove(el)
	}
	it := &bytesItem[V]{key: key, value: value, size: sz, expires: c.now().Add(ttl)}
	c.items[key] = c.order.PushFront(it)
	c.used += sz
	for c.used > c.maxBytes {
		c.remove(c.order.Back())
		c.evictions++
	}
	return nil
}

func (c *Bytes[V]) remove(el *list.Element) {
	it := el.Value.(*bytesItem[V])
	c.order.Remove(el)
	delete(c.items, it.key)
	c.used -= it.size
}

// Stats reports the cache's size and counters.
func (c *Bytes[V]) Stats() (bytes int64, entries int, hits, misses, evictions uint64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.used, len(c.items), c.hits, c.misses, c.evictions
}
