package raster

import (
	"image/color"
	"math/rand/v2"
	"testing"
)

// TestPixelWordsMatchChannels checks the whole-pixel arithmetic against
// the per-channel formulas it replaces, on every coverage and random
// pixels.
func TestPixelWordsMatchChannels(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for n := 0; n < 200000; n++ {
		a := uint8(rng.IntN(256))
		c := color.RGBA{uint8(rng.IntN(int(a) + 1)), uint8(rng.IntN(int(a) + 1)), uint8(rng.IntN(int(a) + 1)), a}
		d := []byte{uint8(rng.IntN(256)), uint8(rng.IntN(256)), uint8(rng.IntN(256)), uint8(rng.IntN(256))}
		cov := uint32(rng.IntN(256))
		want := append([]byte(nil), d...)
		blendPixRef(want, 0, c, cov)
		got := append([]byte(nil), d...)
		blendCovWord(got, Pixel32(c.R, c.G, c.B, c.A), cov)
		if string(got) != string(want) {
			t.Fatalf("blend %v cov %d over %v: got %v, want %v", c, cov, d, got, want)
		}
		// Source-over of the colour itself (cov 255).
		want = append(want[:0], d...)
		blendPixRef(want, 0, c, 255)
		got = append(got[:0], d...)
		blendPixWord(got, Pixel32(c.R, c.G, c.B, c.A))
		if string(got) != string(want) {
			t.Fatalf("over %v on %v: got %v, want %v", c, d, got, want)
		}
		// An opaque black shadow of coverage cov.
		want = append(want[:0], d...)
		blendPixRef(want, 0, color.RGBA{A: 255}, cov)
		got = append(got[:0], d...)
		if cov != 0 {
			Store32(got, shadePix(Load32(got), cov))
		}
		if string(got) != string(want) {
			t.Fatalf("shade %d on %v: got %v, want %v", cov, d, got, want)
		}
	}
}

// blendPixRef is source-over of c at coverage cov, channel by channel.
func blendPixRef(pix []byte, i int, c color.RGBA, cov uint32) {
	sa := Div255(uint32(c.A) * cov)
	if sa == 0 {
		return
	}
	ia := 255 - sa
	p := pix[i : i+4 : i+4]
	p[0] = uint8(Div255(uint32(c.R)*cov) + Div255(uint32(p[0])*ia))
	p[1] = uint8(Div255(uint32(c.G)*cov) + Div255(uint32(p[1])*ia))
	p[2] = uint8(Div255(uint32(c.B)*cov) + Div255(uint32(p[2])*ia))
	p[3] = uint8(sa + Div255(uint32(p[3])*ia))
}
