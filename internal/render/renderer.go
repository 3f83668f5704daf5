package render

import (
	"runtime"

	"gamethumbs/internal/lru"
)

// Renderer draws pictures. It holds what its renders share: the gate
// that bounds how many paint at once and the cache of logo derivatives
// (scaled logos, sprites, shadow and text masks, logo statistics). Build
// one with New and pass it to whatever renders; it is safe for concurrent
// use.
type Renderer struct {
	gate   *Gate
	cache  *derivatives
	venues *venueLayers // graded venue photos (matchup_stadium_photo.go)
}

// Config configures a Renderer.
type Config struct {
	// Gate bounds concurrent renders; nil for a gate of GOMAXPROCS
	// renders and no queue.
	Gate *Gate
	// CacheBytes bounds the derivative cache (DefaultCacheBytes is a
	// good size); <= 0 caches nothing.
	CacheBytes int64
	// VenueCacheBytes bounds the graded venue photos of styles 10-13;
	// zero means DefaultVenueCacheBytes, < 0 keeps none.
	VenueCacheBytes int64
}

// New returns a Renderer configured by c.
func New(c Config) *Renderer {
	g := c.Gate
	if g == nil {
		g = NewGate(runtime.GOMAXPROCS(0), 0)
	}
	return &Renderer{gate: g, cache: newDerivatives(c.CacheBytes), venues: newVenueLayers(c.VenueCacheBytes)}
}

// Gate is the gate the Renderer's renders wait on.
func (r *Renderer) Gate() *Gate { return r.gate }

// CacheStats reports the derivative cache's size and counters.
func (r *Renderer) CacheStats() lru.Stats { return r.cache.Stats() }
