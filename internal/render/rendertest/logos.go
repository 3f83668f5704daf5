// Package rendertest holds test helpers for the render package and tools
// around it: deterministic synthetic logos (no files, no network) and a
// tolerant golden-image comparison.
package rendertest

import (
	"image"
	"image/color"
	"image/draw"
	"math"

	"golang.org/x/image/vector"
)

// Shape names the outline of a synthetic logo.
type Shape int

const (
	Circle Shape = iota
	Shield
	Diamond
	Star
	RoundSquare
	Hexagon
)

// Logo draws a deterministic size x size NRGBA logo: the shape in fg, an
// inner emblem in accent, and a transparent margin of size/10 around it (so
// trimming has work to do). The result is identical on every run.
func Logo(s Shape, size int, fg, accent color.NRGBA) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, size, size))
	f := float32(size)
	m := f / 10
	outer := shapePath(s, m, m, f-2*m)
	fill(img, outer, fg)
	inner := shapePath(Circle, f*0.35, f*0.35, f*0.3)
	switch s {
	case Circle, RoundSquare:
		inner = shapePath(Star, f*0.3, f*0.3, f*0.4)
	case Star:
		inner = shapePath(Circle, f*0.4, f*0.42, f*0.2)
	}
	fill(img, inner, accent)
	// A diagonal stripe exposes resampling quality.
	fill(img, func(z *vector.Rasterizer) {
		z.MoveTo(f*0.3, f*0.72)
		z.LineTo(f*0.72, f*0.3)
		z.LineTo(f*0.75, f*0.33)
		z.LineTo(f*0.33, f*0.75)
		z.ClosePath()
	}, accent)
	return img
}

func fill(dst *image.NRGBA, p func(*vector.Rasterizer), c color.NRGBA) {
	b := dst.Bounds()
	z := vector.NewRasterizer(b.Dx(), b.Dy())
	p(z)
	mask := image.NewAlpha(b)
	z.Draw(mask, b, image.Opaque, image.Point{})
	draw.DrawMask(dst, b, image.NewUniform(c), image.Point{}, mask, image.Point{}, draw.Over)
}

// shapePath returns a path drawing shape s in the square (x, y, side).
func shapePath(s Shape, x, y, side float32) func(*vector.Rasterizer) {
	cx, cy, r := x+side/2, y+side/2, side/2
	poly := func(n int, rot float64, radius func(i int) float32) func(*vector.Rasterizer) {
		return func(z *vector.Rasterizer) {
			for i := range n {
				a := rot + 2*math.Pi*float64(i)/float64(n)
				px := cx + radius(i)*float32(math.Cos(a))
				py := cy + radius(i)*float32(math.Sin(a))
				if i == 0 {
					z.MoveTo(px, py)
				} else {
					z.LineTo(px, py)
				}
			}
			z.ClosePath()
		}
	}
	switch s {
	case Shield:
		return func(z *vector.Rasterizer) {
			z.MoveTo(x+side*0.1, y)
			z.LineTo(x+side*0.9, y)
			z.LineTo(x+side*0.9, y+side*0.55)
			z.QuadTo(x+side*0.85, y+side*0.85, cx, y+side)
			z.QuadTo(x+side*0.15, y+side*0.85, x+side*0.1, y+side*0.55)
			z.ClosePath()
		}
	case Diamond:
		return poly(4, -math.Pi/2, func(int) float32 { return r })
	case Star:
		return poly(10, -math.Pi/2, func(i int) float32 {
			if i%2 == 0 {
				return r
			}
			return r * 0.45
		})
	case Hexagon:
		return poly(6, 0, func(int) float32 { return r })
	case RoundSquare:
		return func(z *vector.Rasterizer) {
			k := side * 0.18
			z.MoveTo(x+k, y)
			z.LineTo(x+side-k, y)
			z.QuadTo(x+side, y, x+side, y+k)
			z.LineTo(x+side, y+side-k)
			z.QuadTo(x+side, y+side, x+side-k, y+side)
			z.LineTo(x+k, y+side)
			z.QuadTo(x, y+side, x, y+side-k)
			z.LineTo(x, y+k)
			z.QuadTo(x, y, x+k, y)
			z.ClosePath()
		}
	}
	return poly(96, 0, func(int) float32 { return r })
}
