package raster

import (
	"bytes"
	"image"
	"image/color"
	"math/rand/v2"
	"testing"
)

// A sprite's shadow (translucent black, one alpha a pixel) and its busy
// stretches draw the pixels of the RGBA over any background: with the
// render's shadow memos free, and with all of them taken by other
// backgrounds (as in a panel's radial light, where most shadows blend
// pixel by pixel).
func TestSpriteShadowOverBackgrounds(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	img := image.NewRGBA(image.Rect(0, 0, 70, 40))
	for y := range 40 {
		for x := range 70 {
			var c color.RGBA
			switch {
			case x < 30: // shadow: a ramp of alphas, some repeated
				c = color.RGBA{A: uint8(1 + (x*7+y*3)%250)}
				if x%9 > 5 {
					c.A = 90
				}
			case x < 50: // busy: opaque, translucent and clear pixels
				switch rng.IntN(3) {
				case 0:
					c = color.RGBA{uint8(rng.IntN(256)), uint8(rng.IntN(256)), uint8(rng.IntN(256)), 255}
				case 1:
					a := uint8(rng.IntN(256))
					c = color.RGBA{uint8(rng.IntN(int(a) + 1)), 0, uint8(rng.IntN(int(a) + 1)), a}
				}
			}
			img.SetRGBA(x, y, c)
		}
	}
	sp := NewSpanImage(img)
	for _, taken := range []bool{false, true} {
		bg := image.NewRGBA(image.Rect(0, 0, 90, 60))
		for i := range bg.Pix {
			bg.Pix[i] = uint8(rng.IntN(256))
			if i%4 == 3 {
				bg.Pix[i] = 255
			}
		}
		// Rows repeating in blocks of four, like a panel's.
		for y := 1; y < 60; y++ {
			if y%4 != 0 {
				copy(bg.Pix[y*bg.Stride:][:bg.Stride], bg.Pix[(y-1)*bg.Stride:])
			}
		}
		at := image.Pt(7, 9)
		want := image.NewRGBA(bg.Rect)
		copy(want.Pix, bg.Pix)
		BlitOver(want, img, at)
		var sh ShadowMemos
		if taken {
			for k := range 4 {
				sh.slot(0xff000000 | uint32(k)<<8)
			}
		}
		sp.DrawMemo(bg, at, &sh)
		if !bytes.Equal(bg.Pix, want.Pix) {
			t.Errorf("memos taken %v: the sprite differs from its RGBA composited over the background", taken)
		}
	}
}
