package render

import (
	"image"
	"reflect"
	"time"

	"gamethumbs/internal/lru"
)

// DefaultCacheBytes bounds the derivative cache (scaled logos, shadow masks,
// greyscale copies, text masks, logo statistics).
const DefaultCacheBytes = 192 << 20

// derivatives is the byte-bounded least-recently-used cache of logo
// derivatives. Keys hold the source image.Image itself, so a cached entry
// keeps its source alive and the pointer identity cannot be reused while
// cached. max mirrors the bound for tests that restore it.
type derivatives struct {
	*lru.Cache[any, any]
	max int64
}

var cache = &derivatives{Cache: lru.New[any, any](lru.Options{MaxBytes: DefaultCacheBytes}), max: DefaultCacheBytes}

// SetCacheBytes sets the byte budget of the logo-derivative cache (<= 0
// disables caching) and evicts down to it. Call it before rendering.
func SetCacheBytes(n int64) {
	cache.max = n
	cache.SetMaxBytes(n)
}

// DerivativeStats reports the derivative cache's size and counters.
func DerivativeStats() lru.Stats { return cache.Stats() }

// CacheStats reports the derivative cache's hits, misses and bytes in use.
func CacheStats() (hits, misses, bytes int64) {
	s := cache.Stats()
	return int64(s.Hits), int64(s.Misses), s.Bytes
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
	if v, ok := cache.Get(key); ok {
		return v.(T)
	}
	v, size := compute()
	cache.Add(key, v, size, time.Time{})
	return v
}
