package webpenc

import (
	"bytes"
	"image"
	"image/color"
	"testing"

	"golang.org/x/image/webp"
)

func testPicture() *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, 64, 48))
	for y := range 48 {
		for x := range 64 {
			a := uint8(255)
			if x < 8 {
				a = 0 // a transparent band, as logos have
			}
			img.SetNRGBA(x, y, color.NRGBA{uint8(x * 4), uint8(y * 5), 90, a})
		}
	}
	return img
}

// TestLosslessRoundTrip: a lossless WebP decodes (with the Go team's
// decoder) to exactly the pixels it was made from, transparency included.
func TestLosslessRoundTrip(t *testing.T) {
	src := testPicture()
	data, err := Encode(src, Options{Lossless: true})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(data, []byte("RIFF")) || string(data[8:12]) != "WEBP" {
		t.Fatalf("not a WebP file: % x", data[:16])
	}
	got, err := webp.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	for y := range 48 {
		for x := 8; x < 64; x++ {
			r1, g1, b1, a1 := src.At(x, y).RGBA()
			r2, g2, b2, a2 := got.At(x, y).RGBA()
			if r1 != r2 || g1 != g2 || b1 != b2 || a1 != a2 {
				t.Fatalf("pixel %d,%d = %v, want %v", x, y, got.At(x, y), src.At(x, y))
			}
		}
		if _, _, _, a := got.At(0, y).RGBA(); a != 0 {
			t.Fatalf("transparent pixel lost its transparency: %v", got.At(0, y))
		}
	}
}

// TestLossyQuality: lossy output decodes, stays close to the source, and a
// lower quality gives fewer bytes.
func TestLossyQuality(t *testing.T) {
	src := image.NewRGBA(image.Rect(0, 0, 320, 240))
	for y := range 240 {
		for x := range 320 {
			src.Set(x, y, color.RGBA{uint8(x), uint8(y), uint8(x ^ y), 255})
		}
	}
	hi, err := Encode(src, Options{Quality: 90})
	if err != nil {
		t.Fatal(err)
	}
	lo, err := Encode(src, Options{Quality: 20})
	if err != nil {
		t.Fatal(err)
	}
	if len(lo) >= len(hi) {
		t.Errorf("quality 20 = %d bytes, quality 90 = %d: want fewer at 20", len(lo), len(hi))
	}
	got, err := webp.Decode(bytes.NewReader(hi))
	if err != nil {
		t.Fatal(err)
	}
	r1, g1, _, _ := src.At(200, 100).RGBA()
	r2, g2, _, _ := got.At(200, 100).RGBA()
	if diff(r1, r2) > 0x1800 || diff(g1, g2) > 0x1800 {
		t.Errorf("lossy pixel drifted: %v vs %v", got.At(200, 100), src.At(200, 100))
	}
}

func diff(a, b uint32) uint32 {
	if a > b {
		return a - b
	}
	return b - a
}
