package colorx

import "testing"

func TestLChRoundTrip(t *testing.T) {
	for _, h := range []string{"#000000", "#ffffff", "#552583", "#007a33", "#ffd100", "#ce1141", "#c4ced4"} {
		c, _ := ParseHex(h)
		if got := c.OKLCh().RGB(); DeltaE(got, c) > 0.005 {
			t.Errorf("%s through OKLCH = %s", h, got.Hex())
		}
	}
}

// TestShadeKeepsHue: a shade of a colour, lighter or darker, is the same
// colour (hue within a few degrees, achromatic stays achromatic), and a
// gold made darker turns amber, never olive.
func TestShadeKeepsHue(t *testing.T) {
	for _, h := range []string{"#007a33", "#552583", "#ce1141", "#002d62", "#0076b6", "#c4ced4", "#000000"} {
		c, _ := ParseHex(h)
		for _, dl := range []float64{-0.15, -0.08, 0.08, 0.15} {
			if l := c.OKLCh().L + dl; l < 0.2 || l > 0.95 {
				continue // near black or white a hue holds little chroma
			}
			s := Shade(c, dl)
			if !SameHue(c, s, 6, 0.6) {
				t.Errorf("Shade(%s, %+.2f) = %s: another colour", h, dl, s.Hex())
			}
			if got := s.OKLCh().L - c.OKLCh().L; got-dl > 0.01 || dl-got > 0.01 {
				t.Errorf("Shade(%s, %+.2f) moved lightness by %+.3f", h, dl, got)
			}
		}
	}
	// Olive is a yellow hue (about 100-110°) at low lightness: a darker
	// gold or yellow keeps a hue below 90° (amber) and most of its chroma.
	for _, h := range []string{"#ffd100", "#fdb927", "#ffb612"} {
		c, _ := ParseHex(h)
		for _, f := range []float64{0.69, 0.5, 0.33} {
			d := Deepen(c, f).OKLCh()
			if d.H > 90 || d.C < 0.5*c.OKLCh().C*f {
				t.Errorf("Deepen(%s, %.2f) = %s (hue %.0f°, chroma %.3f): olive or faded", h, f, Deepen(c, f).Hex(), d.H, d.C)
			}
		}
	}
}

func TestSameHue(t *testing.T) {
	green, _ := ParseHex("#007a33")
	pink, _ := ParseHex("#f7a1de")
	grey, _ := ParseHex("#808080")
	if !SameHue(green, Shade(green, -0.1), 25, 0.5) || SameHue(green, pink, 25, 0.5) || SameHue(green, grey, 25, 0.5) {
		t.Error("SameHue: a green's shade must match, a pink and a grey must not")
	}
	black, _ := ParseHex("#000000")
	if !SameHue(black, grey, 25, 0.5) || SameHue(black, green, 25, 0.5) {
		t.Error("SameHue: an achromatic colour matches greys only")
	}
}
