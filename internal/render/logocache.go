package render

import (
	"image"
	"reflect"
	"time"

	"gamethumbs/internal/lru"
)

// DefaultCacheBytes is a good bound of a Renderer's derivative cache
// (Config.CacheBytes) when nothing else says.
const DefaultCacheBytes = 192 << 20

// derivatives is a Renderer's byte-bounded least-recently-used cache of
// logo derivatives (scaled logos, sprites, shadow masks, greyscale
// copies, text masks, logo statistics). Keys hold the source image.Image
// itself, so a cached entry keeps its source alive and the pointer
// identity cannot be reused while cached.
type derivatives = lru.Cache[any, any]

// newDerivatives returns a derivative cache bounded by maxBytes (<= 0
// caches nothing).
func newDerivatives(maxBytes int64) *derivatives {
	return lru.New[any, any](lru.Options{MaxBytes: maxBytes})
}

// cacheable reports whether img can key the cache by identity: only
// pointer-typed images (all decoders return those) are comparable safely.
func cacheable(img image.Image) bool {
	return img != nil && reflect.TypeOf(img).Kind() == reflect.Pointer
}

// memo returns the value cached in c for key or computes, stores and
// returns it. Concurrent misses may compute twice; both results are
// equal. img is the source image the key derives from, or nil for keys
// without one (text).
func memo[T any](c *derivatives, img image.Image, key any, compute func() (T, int64)) T {
	if img != nil && !cacheable(img) {
		v, _ := compute()
		return v
	}
	if v, ok := c.Get(key); ok {
		return v.(T)
	}
	v, size := compute()
	c.Add(key, v, size, time.Time{})
	return v
}
