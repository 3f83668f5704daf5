package render

import (
	"testing"

	"gamethumbs/internal/colorx"
)

// TestEmbossVignetteAsDeepAsReference: a style-99 panel's corner is as
// dark as the reference renderer's (its anchor thumbnail at 480x360 has
// #6e182a in the corner of a #b72846 panel: the overlay's full 40 %
// black); wave 2 gave #95364a.
func TestEmbossVignetteAsDeepAsReference(t *testing.T) {
	a := teamPurple
	a.Color = hexRGB("#b72846")
	img := render(t, matchupScene(a, teamGreen), Options{Kind: KindThumb, Width: 480, Height: 360, Style: 99})
	want := hexRGB("#6e182a")
	for _, p := range [][2]int{{1, 1}, {1, 358}} {
		if got := px(img, p[0], p[1]); colorx.DeltaE(got, want) > 0.02 {
			t.Errorf("panel corner %v is %s, want about %s (ΔE %.3f)", p, got.Hex(), want.Hex(), colorx.DeltaE(got, want))
		}
	}
}
