package rendertest

import (
	"image"
	"image/color"

	"golang.org/x/image/vector"
)

// Wordmark draws a deterministic w x h NRGBA logo for very wide or very
// tall marks: a rounded bar in fg with accent blocks along its length
// (like letters), and a transparent margin of a twentieth of the short
// side.
func Wordmark(w, h int, fg, accent color.NRGBA) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	fw, fh := float32(w), float32(h)
	m := min(fw, fh) / 20
	rr := func(x0, y0, x1, y1, k float32) func(*vector.Rasterizer) {
		return func(z *vector.Rasterizer) {
			z.MoveTo(x0+k, y0)
			z.LineTo(x1-k, y0)
			z.QuadTo(x1, y0, x1, y0+k)
			z.LineTo(x1, y1-k)
			z.QuadTo(x1, y1, x1-k, y1)
			z.LineTo(x0+k, y1)
			z.QuadTo(x0, y1, x0, y1-k)
			z.LineTo(x0, y0+k)
			z.QuadTo(x0, y0, x0+k, y0)
			z.ClosePath()
		}
	}
	short := min(fw, fh) - 2*m
	fill(img, rr(m, m, fw-m, fh-m, short/4), fg)
	// Accent blocks along the long axis.
	long := max(fw, fh) - 2*m
	n := max(1, int(long/short))
	for i := range n {
		a := m + (float32(i)+0.2)*long/float32(n)
		b := m + (float32(i)+0.8)*long/float32(n)
		lo, hi := m+short*0.25, m+short*0.75
		if fw >= fh {
			fill(img, rr(a, lo, b, hi, short/10), accent)
		} else {
			fill(img, rr(lo, a, hi, b, short/10), accent)
		}
	}
	return img
}

// Bust draws a deterministic size x size NRGBA head-and-shoulders
// picture like an athlete's headshot: a head in skin over shoulders in
// shirt, cut off by the bottom edge (as headshots are), on transparency.
func Bust(size int, skin, shirt color.NRGBA) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, size, size))
	f := float32(size)
	fill(img, func(z *vector.Rasterizer) {
		z.MoveTo(f*0.08, f)
		z.QuadTo(f*0.1, f*0.66, f*0.5, f*0.64)
		z.QuadTo(f*0.9, f*0.66, f*0.92, f)
		z.ClosePath()
	}, shirt)
	fill(img, shapePath(Circle, f*0.3, f*0.16, f*0.4), skin)
	return img
}
