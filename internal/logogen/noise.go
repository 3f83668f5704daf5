package logogen

import "math"

// noise is deterministic value noise keyed by a seed: smooth random
// fields for photographic texture and a per-pixel grain.
type noise struct{ seed uint64 }

// hash mixes a lattice point with the seed (SplitMix64's finaliser).
func (n noise) hash(x, y int64, salt uint64) uint64 {
	h := n.seed ^ uint64(x)*0x9e3779b97f4a7c15 ^ uint64(y)*0xc2b2ae3d27d4eb4f ^ salt*0x165667b19e3779f9
	h ^= h >> 30
	h *= 0xbf58476d1ce4e5b9
	h ^= h >> 27
	h *= 0x94d049bb133111eb
	h ^= h >> 31
	return h
}

// unit is the lattice value at (x, y) in 0..1.
func (n noise) unit(x, y int64, salt uint64) float64 {
	return float64(n.hash(x, y, salt)>>11) / (1 << 53)
}

// value is smoothly interpolated lattice noise at (x, y), 0..1.
func (n noise) value(x, y float64, salt uint64) float64 {
	fx, fy := math.Floor(x), math.Floor(y)
	ix, iy := int64(fx), int64(fy)
	tx, ty := x-fx, y-fy
	tx, ty = tx*tx*(3-2*tx), ty*ty*(3-2*ty)
	a := n.unit(ix, iy, salt) + (n.unit(ix+1, iy, salt)-n.unit(ix, iy, salt))*tx
	b := n.unit(ix, iy+1, salt) + (n.unit(ix+1, iy+1, salt)-n.unit(ix, iy+1, salt))*tx
	return a + (b-a)*ty
}

// fbm sums octaves of value noise at (x, y) with feature size scale
// pixels, each octave half the size and weight of the one before: 0..1.
func (n noise) fbm(x, y, scale float64, octaves int, salt uint64) float64 {
	sum, w, total := 0.0, 1.0, 0.0
	for o := range octaves {
		sum += w * n.value(x/scale, y/scale, salt+uint64(o))
		total += w
		w *= 0.5
		scale *= 0.5
	}
	return sum / total
}

// grain is per-pixel noise of about unit deviation and zero mean (the sum
// of three uniforms, roughly Gaussian).
func (n noise) grain(x, y int64, salt uint64) float64 {
	h := n.hash(x, y, salt)
	a, b, c := float64(h&0xfffff), float64(h>>20&0xfffff), float64(h>>40&0xfffff)
	return ((a+b+c)/(1<<20) - 1.5) * 2
}
