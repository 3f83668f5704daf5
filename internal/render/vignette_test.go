package render

import (
	"bytes"
	"context"
	"slices"
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

// The deep vignette costs a style-99 thumbnail little: its panel light
// is painted in blocks of rows (radialIndex) that PNG's filter and the
// row deflater follow, so the 1440x1080 picture stays near the shallow
// vignette's size (192,232 bytes; 326,872 when its top rows were cut into
// 2-row bands and the encoder took the picture for a busy one), for
// every brightness class of team colour. The table keeps each run of
// equal rows once.
func TestEmbossVignetteBytes(t *testing.T) {
	if testing.Short() {
		t.Skip("renders ten 1440x1080 thumbnails")
	}
	for _, col := range []string{"", "#ffc72c", "#f58426", "#0c2340", "#ffffff"} {
		a := teamPurple
		if col != "" {
			a.Color = hexRGB(col)
		}
		var buf bytes.Buffer
		if err := testRenderer.RenderPNG(context.Background(), &buf, matchupScene(a, teamGreen), Options{Kind: KindThumb, Width: 1440, Height: 1080, Style: 99}); err != nil {
			t.Fatal(err)
		}
		if buf.Len() > 260_000 {
			t.Errorf("style-99 thumbnail with %s: %d bytes, want at most 260,000", a.Color.Hex(), buf.Len())
		}
	}
	ri := panelIndex(testRenderer.cache, 720, 1080, 10, 576, panelStops, 255)
	if rows := len(ri.idx) / ri.qw; 2*rows > ri.qh {
		t.Errorf("720x1080 panel table: %d of %d rows stored, want at most half", rows, ri.qh)
	}
	for b := 0; b+1 < ri.qh; b++ {
		if ri.repeats(b, b+1) != slices.Equal(ri.row(b), ri.row(b+1)) {
			t.Fatalf("table rows %d and %d: repeats says %v", b, b+1, ri.repeats(b, b+1))
		}
	}
}
