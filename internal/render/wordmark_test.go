package render

import (
	"image/png"
	"os"
	"path/filepath"
	"testing"
)

// A wordmark card is the league's name on an opaque card with transparent
// corners, the same for the same league and different between leagues.
func TestWordmarkCard(t *testing.T) {
	cases := []struct{ code, name, short string }{
		{"pwhl", "Professional Women's Hockey League", "PWHL"},
		{"super-rugby", "Super Rugby Pacific", "Super Rugby"},
		{"f1", "Formula 1", "F1"},
		{"cbl", "Canadian Baseball League", "CBL"},
		{"boxing", "Boxing", "BOXING"},
		{"uefa.wchampions", "UEFA Women's Champions League", "UEFA.WCHAMPIONS"},
	}
	dir := os.Getenv("GAMETHUMBS_SHOTS")
	for _, c := range cases {
		img := testRenderer.Wordmark(c.code, c.name, c.short, 512)
		if b := img.Bounds(); b.Dx() != 512 || b.Dy() != 512 {
			t.Fatalf("%s: %v, want 512x512", c.code, b)
		}
		if _, _, _, a := img.At(0, 0).RGBA(); a != 0 {
			t.Errorf("%s: corner alpha %d, want transparent", c.code, a)
		}
		if _, _, _, a := img.At(256, 40).RGBA(); a != 0xffff {
			t.Errorf("%s: card alpha %d at the top centre, want opaque", c.code, a)
		}
		// Text: a good share of near-white pixels in the middle band.
		light := 0
		for y := 150; y < 362; y++ {
			for x := 60; x < 452; x++ {
				r, g, b, _ := img.At(x, y).RGBA()
				if r>>8 > 200 && g>>8 > 200 && b>>8 > 200 {
					light++
				}
			}
		}
		if light < 2000 {
			t.Errorf("%s: %d light text pixels in the middle, want the name drawn", c.code, light)
		}
		if dir != "" {
			f, _ := os.Create(filepath.Join(dir, "wordmark_"+c.code+".png"))
			_ = png.Encode(f, img)
			f.Close()
		}
	}
	if testRenderer.Wordmark("pwhl", "x", "PWHL", 64).Pix[4*(32*64+32)] == 0 && testRenderer.Wordmark("pwhl", "x", "PWHL", 64).Pix[4*(32*64+32)+2] == 0 {
		t.Error("small card is empty in the middle")
	}
}

// BenchmarkWordmark measures drawing one 512-px card (done once per league;
// the scene package keeps the card).
func BenchmarkWordmark(b *testing.B) {
	for b.Loop() {
		testRenderer.Wordmark("pwhl", "Professional Women's Hockey League", "PWHL", 512)
	}
}
