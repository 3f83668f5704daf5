package render

import (
	"container/list"
	"image"
	"reflect"
	"sync"
	"sync/atomic"
)

// DefaultCacheBytes bounds the derivative cache (scaled logos, shadow masks,
// greyscale copies, text masks, logo statistics).
const DefaultCacheBytes = 192 << 20

// lru is a byte-bounded least-recently-used cache of logo derivatives.
// Keys hold the source image.Image itself, so a cached entry keeps its
// source alive and the pointer identity cannot be reused while cached.
type lru struct {
	mu    sync.Mutex
	max   int64
	used  int64
	ll    *list.List
	items map[any]*list.Element
	hits  atomic.Int64
	miss  atomic.Int64
}

type lruEntry struct {
	key  any
	val  any
	size int64
}

var cache = &lru{max: DefaultCacheBytes, ll: list.New(), items: map[any]*list.Element{}}

// SetCacheBytes sets the byte budget of the logo-derivative cache (<= 0
// disables caching) and evicts down to it.
func SetCacheBytes(n int64) {
	cache.mu.Lock()
	defer cache.mu.Unlock()
	cache.max = n
	cache.evict()
}

// CacheStats reports the derivative cache's hits, misses and bytes in use.
func CacheStats() (hits, misses, bytes int64) {
	cache.mu.Lock()
	defer cache.mu.Unlock()
	return cache.hits.Load(), cache.miss.Load(), cache.used
}

func (c *lru) get(key any) (any, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.items[key]; ok {
		c.ll.MoveToFront(e)
		c.hits.Add(1)
		return e.Value.(*lruEntry).val, true
	}
	c.miss.Add(1)
	return nil, false
}

func (c *lru) put(key, val any, size int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if size > c.max {
		return
	}
	if e, ok := c.items[key]; ok {
		old := e.Value.(*lruEntry)
		c.used += size - old.size
		old.val, old.size = val, size
		c.ll.MoveToFront(e)
	} else {
		c.items[key] = c.ll.PushFront(&lruEntry{key, val, size})
		c.used += size
	}
	c.evict()
}

func (c *lru) evict() {
	for c.used > c.max && c.ll.Len() > 0 {
		e := c.ll.Back()
		ent := e.Value.(*lruEntry)
		c.ll.Remove(e)
		delete(c.items, ent.key)
		c.used -= ent.size
	}
}

// cacheable reports whether img can key the cache by identity: only
// pointer-typed images (all decoders return those) are comparable safely.
func cacheable(img image.Image) bool {
	return img != nil && reflect.TypeOf(img).Kind() == reflect.Pointer
}

// memo returns the cached value for key or computes, stores and returns it.
// Concurrent misses may compute twice; both results are equal. img is the
// source image the key derives from, or nil for keys without one (text).
func memo[T any](img image.Image, key any, compute func() (T, int64)) T {
	if img != nil && !cacheable(img) {
		v, _ := compute()
		return v
	}
	if v, ok := cache.get(key); ok {
		return v.(T)
	}
	v, size := compute()
	cache.put(key, v, size)
	return v
}
