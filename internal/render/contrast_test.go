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

func TestAdjustColors(t *testing.T) {
	red, red2, navy, white := hexRGB("#c8102e"), hexRGB("#ce1126"), hexRGB("#002d62"), hexRGB("#ffffff")
	tests := []struct {
		name             string
		a, aAlt, b, bAlt colorx.RGB
		aHas, bHas       bool
		fixA, fixB       bool
		wantA, wantB     colorx.RGB // zero = only check distinctness
	}{
		{"distinct: unchanged", red, white, navy, white, true, true, false, false, red, navy},
		{"clash: B takes its alternate", red, white, red2, navy, true, true, false, false, red, navy},
		{"clash: A takes its alternate when B has none", red, navy, red2, red2, true, false, false, false, navy, red2},
		{"clash, no alternates: B shifted", red, red, red2, red2, false, false, false, false, red, colorx.RGB{}},
		{"clash with fixed B: A shifted", red, red, red2, red2, false, false, false, true, colorx.RGB{}, red2},
	}
	for _, tt := range tests {
		a, b := adjustColors(tt.a, tt.aAlt, tt.b, tt.bAlt, tt.aHas, tt.bHas, tt.fixA, tt.fixB)
		if d := colorx.Distance(a, b); d < clashDistance {
			t.Errorf("%s: adjustColors = %s, %s (distance %.0f), want >= %d", tt.name, a.Hex(), b.Hex(), d, clashDistance)
		}
		if (tt.wantA != colorx.RGB{} && a != tt.wantA) || (tt.wantB != colorx.RGB{} && b != tt.wantB) {
			t.Errorf("%s: adjustColors = %s, %s, want %s, %s", tt.name, a.Hex(), b.Hex(), tt.wantA.Hex(), tt.wantB.Hex())
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
