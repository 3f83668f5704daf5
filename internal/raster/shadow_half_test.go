package raster

import (
	"image"
	"image/color"
	"image/draw"
	"testing"

	"gamethumbs/internal/render/rendertest"
)

// A half-resolution shadow looks like the full-resolution one: same
// bounds, no level more than a few steps off, the same total darkness.
func TestHalfResShadowMatchesFullRes(t *testing.T) {
	for _, shape := range []rendertest.Shape{rendertest.Diamond, rendertest.Shield, rendertest.RoundSquare} {
		for _, size := range []int{120, 301} {
			logo := rendertest.Logo(shape, size, color.NRGBA{0xfd, 0xb9, 0x27, 255}, color.NRGBA{0x55, 0x25, 0x83, 255})
			src := image.NewRGBA(logo.Bounds())
			draw.Draw(src, src.Rect, logo, image.Point{}, draw.Src)
			for _, r := range []int{halfResBlur, 10, 13, 20} {
				got, want := shadowOfHalf(src, r), shadowOfFull(src, r)
				if got.Rect != want.Rect {
					t.Fatalf("shape %d size %d r %d: bounds %v, want %v", shape, size, r, got.Rect, want.Rect)
				}
				maxd, sumGot, sumWant := 0, 0, 0
				for i := range got.Pix {
					d := int(got.Pix[i]) - int(want.Pix[i])
					maxd = max(maxd, d, -d)
					sumGot += int(got.Pix[i])
					sumWant += int(want.Pix[i])
				}
				if maxd > 8 {
					t.Errorf("shape %d size %d r %d: largest difference %d levels, want at most 8", shape, size, r, maxd)
				}
				if diff := float64(sumGot-sumWant) / float64(sumWant); diff > 0.02 || diff < -0.02 {
					t.Errorf("shape %d size %d r %d: total darkness off by %.1f%%, want within 2%%", shape, size, r, 100*diff)
				}
			}
		}
	}
}

func BenchmarkShadowOf(b *testing.B) {
	logo := rendertest.Logo(rendertest.Diamond, 562, color.NRGBA{0xfd, 0xb9, 0x27, 255}, color.NRGBA{0x55, 0x25, 0x83, 255})
	src := image.NewRGBA(logo.Bounds())
	draw.Draw(src, src.Rect, logo, image.Point{}, draw.Src)
	b.Run("half", func(b *testing.B) {
		for b.Loop() {
			shadowOfHalf(src, 10)
		}
	})
	b.Run("full", func(b *testing.B) {
		for b.Loop() {
			shadowOfFull(src, 10)
		}
	})
}
