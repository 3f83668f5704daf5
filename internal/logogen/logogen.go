// Package logogen draws deterministic test logos with the statistics of
// real team logos: thousands of colours, gradients, anti-aliased edges,
// bevelled rings, fine text and, on some, photographic texture. Real
// logos carry 79 to 22,000 colours and 0.6 to 10.8 bits per visible pixel
// once PNG-compressed; flat fakes (a handful of colours) compress to a
// tenth of that, so benchmarks and size tests drawn from them flatter the
// encoder and the caches. The same Spec always draws the same pixels.
package logogen

import (
	"hash/fnv"
	"image"
	"image/color"
	"math"
)

// DefaultSize is the side of a logo when Spec.Size is 0: ESPN's 500 px.
const DefaultSize = 500

// Spec describes a logo. Everything not given here (shape, emblem, how
// photographic it is) follows from a hash of the fields, so teams differ
// and a team always looks the same.
type Spec struct {
	Label              string      // drawn large across the badge (the abbreviation)
	Name               string      // fine text along the ring or on a banner (may be empty)
	Primary, Secondary color.NRGBA // badge fill and ring; alpha ignored
	Size               int         // side in pixels; 0 means DefaultSize
	Square             bool        // a rounded-square badge (scoreboard variants)
	// Detail forces the level of detail, 1 (clean vector art: gradients,
	// anti-aliased edges, text) to 4 (mostly photographic); 0 picks one
	// from the hash.
	Detail int
}

// Levels of detail (see Spec.Detail).
const (
	Vector       = 1 // gradients, bevel, text: the cheapest real logos
	Detailed     = 2 // plus an emblem, lettering along the ring, a fine grain
	Photo        = 3 // plus a photographic medallion
	Photographic = 4 // a textured photo filling the badge
)

// seed hashes the spec's identity.
func (s Spec) seed() uint64 {
	h := fnv.New64a()
	h.Write([]byte(s.Label))
	h.Write([]byte{0})
	h.Write([]byte(s.Name))
	h.Write([]byte{s.Primary.R, s.Primary.G, s.Primary.B, s.Secondary.R, s.Secondary.G, s.Secondary.B})
	if s.Square {
		h.Write([]byte{1})
	}
	return h.Sum64()
}

// level is the detail drawn: Spec.Detail, or one picked by the hash so a
// league spreads over every level as real ones do, most of it vector art
// (5 in 12 vector, 3 detailed, 3 photo, 1 photographic).
func (s Spec) level(seed uint64) int {
	if s.Detail >= Vector && s.Detail <= Photographic {
		return s.Detail
	}
	switch r := seed >> 32 % 12; {
	case r < 5:
		return Vector
	case r < 8:
		return Detailed
	case r < 11:
		return Photo
	}
	return Photographic
}

// Draw draws the logo described by s: a transparent square image with the
// badge, non-premultiplied.
func Draw(s Spec) *image.NRGBA {
	n := s.Size
	if n <= 0 {
		n = DefaultSize
	}
	seed := s.seed()
	d := newDrawing(n, seed, s)
	d.draw(s.level(seed))
	return d.c.image()
}

// rgb is a colour with channels in 0..1.
type rgb struct{ r, g, b float64 }

func fromNRGBA(c color.NRGBA) rgb {
	return rgb{float64(c.R) / 255, float64(c.G) / 255, float64(c.B) / 255}
}

// mix is a + (b-a)*t.
func mix(a, b rgb, t float64) rgb {
	return rgb{a.r + (b.r-a.r)*t, a.g + (b.g-a.g)*t, a.b + (b.b-a.b)*t}
}

func (c rgb) scale(k float64) rgb { return rgb{c.r * k, c.g * k, c.b * k} }

func (c rgb) lighten(t float64) rgb { return mix(c, rgb{1, 1, 1}, t) }

func (c rgb) darken(t float64) rgb { return mix(c, rgb{}, t) }

// luma is the colour's brightness, 0..1.
func (c rgb) luma() float64 { return 0.299*c.r + 0.587*c.g + 0.114*c.b }

// distance between two colours (Euclidean in RGB, 0..√3).
func (c rgb) distance(o rgb) float64 {
	return math.Sqrt((c.r-o.r)*(c.r-o.r) + (c.g-o.g)*(c.g-o.g) + (c.b-o.b)*(c.b-o.b))
}

func clamp01(v float64) float64 { return min(1, max(0, v)) }

// smoothstep is 0 below e0, 1 above e1 and smooth between.
func smoothstep(e0, e1, x float64) float64 {
	t := clamp01((x - e0) / (e1 - e0))
	return t * t * (3 - 2*t)
}
