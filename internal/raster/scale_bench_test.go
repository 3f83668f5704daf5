package raster

import (
	"image"
	"testing"

	xdraw "golang.org/x/image/draw"
)

// scaleBenchCases are NRGBA sources scaled to sprite sizes: a logo-like
// disc on transparency, and opaque noise (no transparent spans for
// scaleCatmullRom to skip: its base speed).
var scaleBenchCases = []struct {
	name   string
	sn, dn int
	src    scaleSrc
}{
	{"500to562", 500, 562, discNRGBA},
	{"500to468", 500, 468, discNRGBA},
	{"500to351", 500, 351, discNRGBA},
	{"2048to562", 2048, 562, discNRGBA},
	{"opaque500to562", 500, 562, randNRGBA(true)},
	{"opaque500to351", 500, 351, randNRGBA(true)},
	{"opaque2048to562", 2048, 562, randNRGBA(true)},
}

func benchScale(b *testing.B, scale func(dst *image.RGBA, src image.Image, sr image.Rectangle)) {
	for _, c := range scaleBenchCases {
		b.Run(c.name, func(b *testing.B) {
			src := c.src(image.Rect(0, 0, c.sn, c.sn))
			dst := image.NewRGBA(image.Rect(0, 0, c.dn, c.dn))
			b.ReportAllocs()
			for b.Loop() {
				scale(dst, src, src.Bounds())
			}
		})
	}
}

func BenchmarkScaleCatmullRom(b *testing.B) { benchScale(b, scaleCatmullRom) }

func BenchmarkScaleXDraw(b *testing.B) {
	benchScale(b, func(dst *image.RGBA, src image.Image, sr image.Rectangle) {
		xdraw.CatmullRom.Scale(dst, dst.Rect, src, sr, xdraw.Src, nil)
		clampToAlpha(dst)
	})
}
