package render

import (
	"image"
	"image/color"
	"testing"

	"gamethumbs/internal/colorx"
	"gamethumbs/internal/raster"
	"gamethumbs/internal/render/rendertest"
)

// onFlat draws logo (scaled to 200 px) on a flat canvas of colour bg and
// returns the picture and its trace entry, to measure Legibility.
func onFlat(logo image.Image, bg colorx.RGB) (*image.RGBA, LogoDraw) {
	canvas := image.NewRGBA(image.Rect(0, 0, 300, 300))
	raster.FillRect(canvas, canvas.Rect, rgba(bg))
	li, _ := normalised(testRenderer.cache, logo)
	w, h := fitSize(li.trim.Dx(), li.trim.Dy(), 200)
	sc := scaleLogo(li, false, w, h)
	at := image.Pt(50, 50)
	raster.BlitOver(canvas, sc, at)
	var draws []LogoDraw
	p := &painter{trace: &draws}
	p.record(logo, sc, at, false)
	return canvas, draws[0]
}

func TestLegibilityMeasure(t *testing.T) {
	// A green logo with a white detail, and one whose body is gold.
	green := rendertest.Logo(rendertest.RoundSquare, 300, nrgba("#007a33"), nrgba("#ffffff"))
	gold := rendertest.Logo(rendertest.Diamond, 300, nrgba("#fdb927"), nrgba("#552583"))
	for _, tt := range []struct {
		name   string
		logo   image.Image
		bg     string
		lo, hi float64
	}{
		{"green body on its green", green, "#007a33", 0, 0.35},
		{"green body on white", green, "#ffffff", 0.8, 1},
		{"green body on near-black", green, "#111111", 0.6, 1},
		{"green body on purple (same lightness, other hue)", green, "#552583", 0.6, 1},
		{"gold body on purple", gold, "#552583", 0.8, 1},
		{"gold body on gold", gold, "#fdb927", 0, 0.35},
	} {
		bg := hexRGB(tt.bg)
		flat := legibility(testRenderer.cache, tt.logo, bg)
		img, d := onFlat(tt.logo, bg)
		measured := Legibility(img, d)
		for _, v := range []struct {
			how string
			v   float64
		}{{"legibility on a flat colour", flat}, {"Legibility of the picture", measured}} {
			if v.v < tt.lo || v.v > tt.hi {
				t.Errorf("%s: %s = %.2f, want %.2f-%.2f", tt.name, v.how, v.v, tt.lo, tt.hi)
			}
		}
	}
}

func TestPickLogoByLegibility(t *testing.T) {
	// The Lakers case: the default logo's body is the team's purple with
	// a gold detail, the other variant gold with purple. On purple the
	// gold variant reads, whatever the detail's brightness.
	purpleBody := rendertest.Logo(rendertest.Diamond, 200, nrgba("#552583"), nrgba("#fdb927"))
	goldBody := rendertest.Logo(rendertest.Diamond, 200, nrgba("#fdb927"), nrgba("#552583"))
	if got := pickLogo(testRenderer.cache, purpleBody, goldBody, hexRGB("#552583")); got != goldBody {
		t.Error("purple-bodied logo on purple: pickLogo kept it, want the gold variant")
	}
	if got := pickLogo(testRenderer.cache, purpleBody, goldBody, hexRGB("#ffffff")); got != purpleBody {
		t.Error("purple-bodied logo on white: pickLogo switched, want the default")
	}
}

func TestHaloRescuesIllegibleLogo(t *testing.T) {
	black := rendertest.Logo(rendertest.Shield, 300, nrgba("#0b0b0b"), nrgba("#2a2a2a"))
	team := Team{Name: "Knights", Color: hexRGB("#111111"), Logo: black}
	for _, o := range []Options{
		{Kind: KindThumb, Width: 480, Height: 360, Style: 4},
		{Kind: KindThumb, Width: 480, Height: 360, Style: 5},
		{Kind: KindLogo, Width: 256, Height: 256, Style: 2, Trim: true},
	} {
		img, draws := tracedRender(t, matchupScene(team, teamGreen), o)
		d := drawsOf(draws, black)
		if len(d) != 1 {
			t.Fatalf("style %d: black logo drawn %d times", o.Style, len(d))
		}
		if s := Legibility(img, d[0]); s < LegibleScore {
			t.Errorf("style %d: black logo on black scores %.2f, want a halo to lift it to %.2f", o.Style, s, LegibleScore)
		}
	}
}

// TestPixelReaderConvertsAsNRGBAModel: legibility samples a working copy
// through pixelReader; it must read every premultiplied pixel exactly as
// color.NRGBAModel converts it, or the variant and halo choices (and so
// the pictures) would move.
func TestPixelReaderConvertsAsNRGBAModel(t *testing.T) {
	m := image.NewRGBA(image.Rect(3, 5, 4, 6))
	for a := 0; a < 256; a++ {
		for v := 0; v <= a; v++ {
			m.Pix[0], m.Pix[1], m.Pix[2], m.Pix[3] = uint8(v), uint8(v/2), uint8(a-v), uint8(a)
			want := color.NRGBAModel.Convert(m.At(3, 5)).(color.NRGBA)
			if got := workingPixels(m).nrgba(3, 5); got != want {
				t.Fatalf("pixel %v reads %v, NRGBAModel says %v", m.Pix, got, want)
			}
		}
	}
	n := image.NewNRGBA(image.Rect(0, 0, 1, 1))
	n.Pix[0], n.Pix[1], n.Pix[2], n.Pix[3] = 200, 100, 50, 7
	if got := workingPixels(n).nrgba(0, 0); got != (color.NRGBA{200, 100, 50, 7}) {
		t.Fatalf("NRGBA pixel reads %v", got)
	}
}
