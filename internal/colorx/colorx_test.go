package colorx

import (
	"image"
	"image/color"
	"math"
	"testing"
)

func TestParseHexAndHex(t *testing.T) {
	tests := []struct {
		in   string
		want RGB
		ok   bool
	}{
		{"#ff0000", RGB{255, 0, 0}, true},
		{"FFFFFF", RGB{255, 255, 255}, true},
		{"#abc", RGB{0xaa, 0xbb, 0xcc}, true},
		{" 0a0B0c ", RGB{10, 11, 12}, true},
		{"#12345", RGB{}, false},
		{"#gg0000", RGB{}, false},
		{"", RGB{}, false},
	}
	for _, tt := range tests {
		got, ok := ParseHex(tt.in)
		if got != tt.want || ok != tt.ok {
			t.Errorf("ParseHex(%q) = %v, %v, want %v, %v", tt.in, got, ok, tt.want, tt.ok)
		}
		if ok {
			if back, _ := ParseHex(got.Hex()); back != got {
				t.Errorf("ParseHex(%q.Hex()) = %v, want %v", got.Hex(), back, got)
			}
		}
	}
}

func TestLuminanceContrast(t *testing.T) {
	black, white := RGB{}, RGB{255, 255, 255}
	tests := []struct {
		name      string
		got, want float64
	}{
		{"L(black)", Luminance(black), 0},
		{"L(white)", Luminance(white), 1},
		{"L(#ff0000)", Luminance(RGB{255, 0, 0}), 0.2126},
		{"Contrast(black, white)", Contrast(black, white), 21},
		{"Contrast(white, black)", Contrast(white, black), 21},
		{"Contrast(x, x)", Contrast(RGB{40, 90, 200}, RGB{40, 90, 200}), 1},
		// WCAG example: #777777 on white is about 4.48.
		{"Contrast(#777777, white)", Contrast(RGB{0x77, 0x77, 0x77}, white), 4.478},
	}
	for _, tt := range tests {
		if math.Abs(tt.got-tt.want) > 0.005 {
			t.Errorf("%s = %.4f, want %.4f", tt.name, tt.got, tt.want)
		}
	}
}

func TestDistanceMixDarken(t *testing.T) {
	if d := Distance(RGB{}, RGB{255, 255, 255}); d < 760 || d > 770 {
		t.Errorf("Distance(black, white) = %.1f, want about 765", d)
	}
	if d := Distance(RGB{1, 2, 3}, RGB{1, 2, 3}); d != 0 {
		t.Errorf("Distance(x, x) = %v, want 0", d)
	}
	tests := []struct {
		name      string
		got, want RGB
	}{
		{"Mix(black, white, .5)", Mix(RGB{}, RGB{255, 255, 255}, 0.5), RGB{128, 128, 128}},
		{"Mix(a, b, 0)", Mix(RGB{1, 2, 3}, RGB{9, 9, 9}, 0), RGB{1, 2, 3}},
		{"Mix(a, b, 1)", Mix(RGB{1, 2, 3}, RGB{9, 9, 9}, 1), RGB{9, 9, 9}},
		{"Darken(#c8643c, .5)", Darken(RGB{200, 100, 60}, 0.5), RGB{100, 50, 30}},
		{"Lighten(black, 1)", Lighten(RGB{}, 1), RGB{255, 255, 255}},
		{"Greyscale(#ff0000)", Greyscale(RGB{255, 0, 0}), RGB{76, 76, 76}},
		{"Greyscale(white)", Greyscale(RGB{255, 255, 255}), RGB{255, 255, 255}},
		{"Desaturate(#ff0000, 0)", Desaturate(RGB{255, 0, 0}, 0), RGB{128, 128, 128}},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("%s = %v, want %v", tt.name, tt.got, tt.want)
		}
	}
	if s := Saturation(RGB{255, 0, 0}); s != 1 {
		t.Errorf("Saturation(red) = %v, want 1", s)
	}
	if s := Saturation(RGB{90, 90, 90}); s != 0 {
		t.Errorf("Saturation(grey) = %v, want 0", s)
	}
	if !(RGB{20, 20, 40}).IsDark() || (RGB{240, 240, 200}).IsDark() {
		t.Error("IsDark: navy should be dark and cream light")
	}
}

// solid returns a w x h NRGBA image filled with c.
func solid(w, h int, c color.NRGBA) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for i := 0; i < len(img.Pix); i += 4 {
		img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = c.R, c.G, c.B, c.A
	}
	return img
}

func TestDominantExact(t *testing.T) {
	tests := []struct {
		name string
		img  image.Image
		want []RGB
	}{
		{"pure red", solid(100, 80, color.NRGBA{255, 0, 0, 255}), []RGB{{255, 0, 0}}},
		{"pure white", solid(40, 40, color.NRGBA{255, 255, 255, 255}), []RGB{{255, 255, 255}}},
		{"pure black", solid(300, 10, color.NRGBA{0, 0, 0, 255}), []RGB{{0, 0, 0}}},
		{"pure blue RGBA", func() image.Image {
			m := image.NewRGBA(image.Rect(0, 0, 9, 9))
			for i := 0; i < len(m.Pix); i += 4 {
				m.Pix[i+2], m.Pix[i+3] = 255, 255
			}
			return m
		}(), []RGB{{0, 0, 255}}},
		{"transparent", solid(50, 50, color.NRGBA{255, 0, 0, 0}), nil},
		{"nil", nil, nil},
		{"empty", image.NewNRGBA(image.Rect(0, 0, 0, 0)), nil},
	}
	for _, tt := range tests {
		got := Dominant(tt.img, 3)
		if len(got) != len(tt.want) {
			t.Errorf("Dominant(%s) = %v, want %v", tt.name, got, tt.want)
			continue
		}
		for i := range got {
			if got[i] != tt.want[i] {
				t.Errorf("Dominant(%s)[%d] = %s, want %s", tt.name, i, got[i].Hex(), tt.want[i].Hex())
			}
		}
	}
}

// twoColour is mostly white with a red band taking a quarter of the height.
func twoColour() *image.NRGBA {
	img := solid(64, 64, color.NRGBA{255, 255, 255, 255})
	for y := 24; y < 40; y++ {
		for x := range 64 {
			img.SetNRGBA(x, y, color.NRGBA{200, 16, 46, 255})
		}
	}
	return img
}

func TestDominantPrefersSaturated(t *testing.T) {
	got := Dominant(twoColour(), 2)
	want := []RGB{{200, 16, 46}, {255, 255, 255}}
	if len(got) != 2 || got[0] != want[0] || got[1] != want[1] {
		t.Errorf("Dominant(white with red band) = %v, want %v", got, want)
	}
	p, a := TeamColors(twoColour())
	if p != want[0] || a != want[1] {
		t.Errorf("TeamColors(white with red band) = %s, %s, want %s, %s", p.Hex(), a.Hex(), want[0].Hex(), want[1].Hex())
	}
	if acc, ok := Accent(twoColour()); !ok || acc != want[0] {
		t.Errorf("Accent(white with red band) = %s, %v, want %s, true", acc.Hex(), ok, want[0].Hex())
	}
}

func TestDominantMergesAntialiasedEdges(t *testing.T) {
	// A red field with a 1-px ramp of near-red edge pixels must stay one colour.
	img := solid(64, 64, color.NRGBA{230, 20, 20, 255})
	for y := range 64 {
		img.SetNRGBA(0, y, color.NRGBA{210, 30, 30, 255})
		img.SetNRGBA(1, y, color.NRGBA{220, 26, 24, 255})
	}
	if got := Dominant(img, 3); len(got) != 1 {
		t.Errorf("Dominant(red with AA edge) = %v, want one colour", got)
	}
}

func TestTeamColorsFallbacks(t *testing.T) {
	tests := []struct {
		name         string
		img          image.Image
		wantP, wantA RGB
	}{
		{"nil", nil, DefaultPrimary, DefaultAlternate},
		{"transparent", solid(8, 8, color.NRGBA{}), DefaultPrimary, DefaultAlternate},
		{"black", solid(8, 8, color.NRGBA{0, 0, 0, 255}), RGB{}, Lighten(RGB{}, 0.35)},
		{"white", solid(8, 8, color.NRGBA{255, 255, 255, 255}), RGB{255, 255, 255}, Darken(RGB{255, 255, 255}, 0.35)},
	}
	for _, tt := range tests {
		p, a := TeamColors(tt.img)
		if p != tt.wantP || a != tt.wantA {
			t.Errorf("TeamColors(%s) = %s, %s, want %s, %s", tt.name, p.Hex(), a.Hex(), tt.wantP.Hex(), tt.wantA.Hex())
		}
	}
}

func TestMood(t *testing.T) {
	if got := Mood(solid(8, 8, color.NRGBA{255, 255, 255, 255})); got != DefaultPrimary {
		t.Errorf("Mood(white) = %s, want %s", got.Hex(), DefaultPrimary.Hex())
	}
	got := Mood(solid(8, 8, color.NRGBA{0, 80, 255, 255}))
	if got == DefaultPrimary || !got.IsDark() || got.B <= got.R {
		t.Errorf("Mood(blue) = %s, want a dark blue-tinted colour", got.Hex())
	}
}

func BenchmarkDominant(b *testing.B) {
	img := twoColour()
	for b.Loop() {
		Dominant(img, 2)
	}
}

func TestOKLab(t *testing.T) {
	for _, c := range []RGB{{}, {255, 255, 255}, {255, 0, 0}, {0x55, 0x25, 0x83}, {0xfd, 0xb9, 0x27}, {1, 2, 3}} {
		if back := c.OKLab().RGB(); back != c {
			t.Errorf("OKLab round trip of %s = %s", c.Hex(), back.Hex())
		}
	}
	if w := (RGB{255, 255, 255}).OKLab(); math.Abs(w.L-1) > 1e-3 || math.Abs(w.A) > 1e-3 || math.Abs(w.B) > 1e-3 {
		t.Errorf("OKLab(white) = %+v, want L=1, a=b=0", w)
	}
	if d := DeltaE(RGB{}, RGB{255, 255, 255}); math.Abs(d-1) > 1e-3 {
		t.Errorf("DeltaE(black, white) = %.4f, want 1", d)
	}
	// The perceptual midpoint of red and green is not darker than both
	// ends, as the sRGB one is.
	red, green := RGB{220, 20, 30}, RGB{20, 160, 40}
	mid := MixOK(red, green, 0.5).OKLab().L
	if lo := min(red.OKLab().L, green.OKLab().L); mid < lo {
		t.Errorf("MixOK(red, green) lightness %.3f below both ends (%.3f)", mid, lo)
	}
	if srgb := Mix(red, green, 0.5).OKLab().L; srgb >= mid {
		t.Errorf("sRGB mid lightness %.3f not below OKLab mid %.3f", srgb, mid)
	}
	if MixOK(red, green, 0) != red || MixOK(red, green, 1) != green {
		t.Error("MixOK ends are not the inputs")
	}
}
