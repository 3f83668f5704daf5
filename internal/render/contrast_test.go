package render

import (
	"image"
	"testing"

	"gamethumbs/internal/colorx"
	"gamethumbs/internal/render/rendertest"
)

func TestPickLogo(t *testing.T) {
	black := rendertest.Logo(rendertest.Circle, 64, nrgba("#101010"), nrgba("#202020"))
	white := rendertest.Logo(rendertest.Circle, 64, nrgba("#f8f8f8"), nrgba("#e0e0e0"))
	gold := rendertest.Logo(rendertest.Circle, 64, nrgba("#fdb927"), nrgba("#ffffff"))
	dark, light := hexRGB("#0a0a0a"), hexRGB("#f0f0f0")
	tests := []struct {
		name           string
		def, alt, want any
		bg             colorx.RGB
	}{
		{"black logo on dark bg: dark variant", black, white, white, dark},
		{"black logo on light bg: keep default", black, white, black, light},
		{"white default on light bg: switch", white, black, black, light},
		{"both fine: keep default", gold, white, gold, dark},
		{"no dark variant", black, nil, black, dark},
		{"no default", nil, white, white, light},
	}
	for _, tt := range tests {
		d, a := imgOrNil(tt.def), imgOrNil(tt.alt)
		got := pickLogo(testRenderer.cache, d, a, tt.bg)
		if got != imgOrNil(tt.want) {
			t.Errorf("%s: pickLogo picked the wrong variant", tt.name)
		}
	}
}

// TestSeparate checks the clash half of the colour identity rule: two
// sides too close to tell apart stay apart by a shade of one side's own
// hue, never its alternate or a grey, and a greyed side is the one that
// moves.
func TestSeparate(t *testing.T) {
	red, red2, navy, pink := hexRGB("#c8102e"), hexRGB("#ce1126"), hexRGB("#002d62"), hexRGB("#f7a1de")
	black, grey := hexRGB("#000000"), greyPrimary
	tests := []struct {
		name         string
		a, b         colorx.RGB
		greyA, greyB bool
		keepA, keepB bool
	}{
		{"distinct: unchanged", red, navy, false, false, true, true},
		{"same reds: both shaded", red, red2, false, false, false, false},
		{"two blacks: one lighter", black, black, false, false, false, false},
		{"winner next to a grey loser keeps its colour", pink, grey, false, true, true, false},
		{"grey loser first: the loser moves", grey, pink, true, false, false, true},
	}
	for _, tt := range tests {
		a, b := separate(tt.a, tt.b, false, false, tt.greyA, tt.greyB, nil, nil)
		if d := colorx.DeltaE(a, b); d < clashDE {
			t.Errorf("%s: separate = %s, %s (ΔE %.3f), want >= %.2f", tt.name, a.Hex(), b.Hex(), d, clashDE)
		}
		if tt.keepA && a != tt.a || tt.keepB && b != tt.b {
			t.Errorf("%s: separate = %s, %s, want the kept side unchanged (%s, %s)", tt.name, a.Hex(), b.Hex(), tt.a.Hex(), tt.b.Hex())
		}
		for _, c := range [][2]colorx.RGB{{tt.a, a}, {tt.b, b}} {
			if !colorx.SameHue(c[0], c[1], 10, 0.5) {
				t.Errorf("%s: %s became %s, another hue", tt.name, c[0].Hex(), c[1].Hex())
			}
		}
	}
}

// imgOrNil turns a table value (an image or nil) into an image.Image.
func imgOrNil(v any) image.Image {
	if img, ok := v.(image.Image); ok {
		return img
	}
	return nil
}
