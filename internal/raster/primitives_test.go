package raster

import (
	"bytes"
	"image"
	"image/color"
	"math"
	"math/rand/v2"
	"testing"
)

func TestDiv255(t *testing.T) {
	for x := uint32(0); x <= 255*255+255; x++ {
		want := uint32(math.Round(float64(x) / 255))
		if got := Div255(x); got != want {
			t.Fatalf("div255(%d) = %d, want %d", x, got, want)
		}
	}
}

func TestTrimBounds(t *testing.T) {
	img := image.NewNRGBA(image.Rect(10, 20, 60, 80))
	tests := []struct {
		name string
		set  []image.Point
		a    uint8
		want image.Rectangle
	}{
		{"empty", nil, 255, image.Rectangle{}},
		{"faint pixels ignored", []image.Point{{15, 25}}, TrimAlpha, image.Rectangle{}},
		{"one pixel", []image.Point{{15, 25}}, 255, image.Rect(15, 25, 16, 26)},
		{"two corners", []image.Point{{12, 30}, {40, 70}}, 200, image.Rect(12, 30, 41, 71)},
	}
	for _, tt := range tests {
		clear(img.Pix)
		for _, p := range tt.set {
			img.SetNRGBA(p.X, p.Y, color.NRGBA{1, 2, 3, tt.a})
		}
		if got := TrimBounds(img); got != tt.want {
			t.Errorf("trimBounds(%s) = %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestBoxBlurKeepsMassAndSpreads(t *testing.T) {
	m := image.NewAlpha(image.Rect(0, 0, 41, 41))
	for y := 15; y < 26; y++ {
		for x := 15; x < 26; x++ {
			m.Pix[y*41+x] = 255
		}
	}
	var before int
	for _, v := range m.Pix {
		before += int(v)
	}
	BoxBlur(m, 3)
	var after int
	for _, v := range m.Pix {
		after += int(v)
	}
	if d := math.Abs(float64(after-before)) / float64(before); d > 0.03 {
		t.Errorf("boxBlur mass %d -> %d (%.1f%%), want within 3%%", before, after, 100*d)
	}
	if c, edge := m.Pix[20*41+20], m.Pix[20*41+12]; c < 150 || edge == 0 || edge >= c {
		t.Errorf("boxBlur centre %d, outside edge %d: want a soft falloff", c, edge)
	}
}

func TestSlantedBandCoverage(t *testing.T) {
	dst := image.NewRGBA(image.Rect(0, 0, 100, 50))
	// Vertical band from x=20.5 to 30.5: pixels 21..29 full, 20 and 30 half.
	slantedBand(dst, 20.5, 0, 10, color.RGBA{255, 255, 255, 255})
	for _, tt := range []struct {
		x    int
		want uint8
	}{{19, 0}, {20, 128}, {21, 255}, {29, 255}, {30, 128}, {31, 0}} {
		if got := dst.RGBAAt(tt.x, 10).A; int(got)-int(tt.want) > 1 || int(tt.want)-int(got) > 1 {
			t.Errorf("slantedBand pixel x=%d alpha = %d, want %d", tt.x, got, tt.want)
		}
	}
}

func TestBlitOverAndGreyscale(t *testing.T) {
	dst := image.NewRGBA(image.Rect(0, 0, 4, 1))
	FillRect(dst, dst.Rect, color.RGBA{0, 0, 200, 255})
	src := image.NewRGBA(image.Rect(0, 0, 3, 1))
	src.SetRGBA(0, 0, color.RGBA{255, 0, 0, 255}) // opaque red
	src.SetRGBA(1, 0, color.RGBA{0, 64, 0, 128})  // half green (premultiplied)
	BlitOver(dst, src, image.Pt(1, 0))
	want := []color.RGBA{{0, 0, 200, 255}, {255, 0, 0, 255}, {0, 64, 100, 255}, {0, 0, 200, 255}}
	for x, w := range want {
		if got := dst.RGBAAt(x, 0); got != w {
			t.Errorf("blitOver pixel %d = %v, want %v", x, got, w)
		}
	}
	g := image.NewRGBA(src.Rect)
	copy(g.Pix, src.Pix)
	GreyscaleInPlace(g, 0.35)
	for x := range 3 {
		c := g.RGBAAt(x, 0)
		if c.R != c.G || c.G != c.B || c.R > c.A {
			t.Errorf("greyscaleInPlace pixel %d = %v, want grey with R<=A", x, c)
		}
	}
	if a := g.RGBAAt(0, 0).A; a < 89 || a > 90 { // 255 * 0.35 = 89.25
		t.Errorf("greyscaleInPlace opaque alpha = %d, want 89 or 90 (35 %%)", a)
	}
}

func TestPathCircleArea(t *testing.T) {
	var p Path
	p.Circle(50, 50, 30)
	m := p.Mask(image.Rect(0, 0, 100, 100))
	var sum float64
	for _, v := range m.Pix {
		sum += float64(v) / 255
	}
	if want := math.Pi * 900; math.Abs(sum-want)/want > 0.01 {
		t.Errorf("circle r=30 coverage = %.0f, want %.0f (±1%%)", sum, want)
	}
}

// Drawing a split's halves and its divider in one pass (SlantedBands
// skips what the divider's interior covers) gives the pixels of drawing
// one band after the other over the whole canvas.
func TestSlantedBandsLikeOneAfterTheOther(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for range 40 {
		w, h := 20+rng.IntN(120), 10+rng.IntN(80)
		slope := (rng.Float64() - 0.5) * 2
		x0 := rng.Float64() * float64(w)
		hw := 0.3 + rng.Float64()*20
		a := color.RGBA{uint8(rng.IntN(256)), uint8(rng.IntN(256)), uint8(rng.IntN(256)), 255}
		b := color.RGBA{uint8(rng.IntN(256)), uint8(rng.IntN(256)), uint8(rng.IntN(256)), 255}
		white := color.RGBA{255, 255, 255, 255}
		halves := Band{x0, slope, math.Inf(1), b, &a}
		divider := Band{x0 - hw/2 + (rng.Float64()-0.5)*4, slope, hw, white, nil}
		want := image.NewRGBA(image.Rect(0, 0, w, h))
		SlantedBands(want, halves)
		SlantedBands(want, divider)
		got := image.NewRGBA(want.Rect)
		SlantedBands(got, halves, divider)
		if !bytes.Equal(got.Pix, want.Pix) {
			t.Fatalf("%dx%d slope %.3f x0 %.2f divider %.2f: one pass differs from two", w, h, slope, x0, hw)
		}
	}
}
