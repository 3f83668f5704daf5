package render

import "sync"

// heldSet keeps what one render has taken from the derivative cache (logo
// information, scaled logos, sprites), shared by the painter's copies. A
// banded render draws every logo once per band: holding them means each is
// looked up or built once per render, however small the cache is and
// whatever concurrent renders evict meanwhile.
type heldSet struct {
	mu sync.Mutex
	m  map[any]heldValue
}

type heldValue struct {
	v  any
	ok bool
}

// held returns the value this render holds for key, or gets it from get
// (usually a cache lookup) and holds it. Painters without a set (nil)
// just call get.
func held[T any](p *painter, key any, get func() (T, bool)) (T, bool) {
	hs := p.held
	if hs == nil {
		return get()
	}
	hs.mu.Lock()
	hv, found := hs.m[key]
	hs.mu.Unlock()
	if found {
		return hv.v.(T), hv.ok
	}
	v, ok := get()
	hs.mu.Lock()
	if hs.m == nil {
		hs.m = map[any]heldValue{}
	}
	hs.m[key] = heldValue{v, ok}
	hs.mu.Unlock()
	return v, ok
}
