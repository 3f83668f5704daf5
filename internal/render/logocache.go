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
// identity cannot be reused while cached. When it is full, a new entry
// takes the place of others only if it has been asked for more often
// lately (freq): a day's sprites that do not all fit then stay in part,
// each used until the day ends, instead of every one being evicted just
// before its team's next matchup needs it.
//
// Beside it, pins holds the decoded pixels of logos whose sprites are
// not built yet at every size in use, within a sixteenth of the budget.
type derivatives struct {
	*lru.Cache[any, any]
	freq *frequency
	pins *pins
}

// newDerivatives returns a derivative cache bounded by maxBytes (<= 0
// caches nothing), of which a sixteenth holds decoded logos (pins).
func newDerivatives(maxBytes int64) *derivatives {
	d := &derivatives{Cache: lru.New[any, any](lru.Options{MaxBytes: maxBytes - maxBytes/16}),
		freq: newFrequency(), pins: newPins(maxBytes / 16)}
	d.SetAdmit(d.freq.admit)
	return d
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
	c.freq.touch(key)
	if v, ok := c.Get(key); ok {
		return v.(T)
	}
	v, size := compute()
	c.Add(key, v, size, time.Time{})
	return v
}
