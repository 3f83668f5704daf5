package hardcase

import (
	"context"
	"flag"
	"image"
	"path/filepath"
	"testing"

	"gamethumbs/internal/render"
	"gamethumbs/internal/render/rendertest"
)

var update = flag.Bool("update", false, "rewrite the golden images in testdata/golden")

// renderer draws the hard cases with the default derivative cache.
var renderer = render.New(render.Config{CacheBytes: render.DefaultCacheBytes})

// traced renders pic and returns the picture and the team logos it drew
// (greyed logos and league logos excluded).
func traced(t *testing.T, pic Picture) (image.Image, []render.LogoDraw) {
	t.Helper()
	team := map[image.Image]bool{}
	for _, tm := range pic.Scene.Teams {
		for _, l := range []image.Image{tm.Logo, tm.LogoDark} {
			if l != nil {
				team[l] = true
			}
		}
	}
	var draws []render.LogoDraw
	ctx := render.WithLogoTrace(context.Background(), func(d render.LogoDraw) {
		if team[d.Logo] && !d.Grey {
			draws = append(draws, d)
		}
	})
	img, err := renderer.Render(ctx, pic.Scene, pic.Opts)
	if err != nil {
		t.Fatalf("%s: Render error: %v", pic.Name, err)
	}
	return img, draws
}

// TestEveryTeamLogoLegible renders every hard case in every style and
// kind and checks that each team logo drawn reads on what is behind it.
func TestEveryTeamLogoLegible(t *testing.T) {
	for _, pic := range Pictures(0.25) {
		img, draws := traced(t, pic)
		for _, d := range draws {
			if s := render.Legibility(img, d); s < render.LegibleScore {
				t.Errorf("%s: team logo at %v scores %.2f, want >= %.2f", pic.Name, d.Rect, s, render.LegibleScore)
			}
		}
		render.Release(img)
	}
}

// goldenPictures are the hard cases compared with goldens: one picture
// per case, in the style where it is hardest.
var goldenPictures = map[string]bool{
	"white_black_thumb_style3":    true,
	"white_black_thumb_style4":    true,
	"yellow_purple_thumb_style1":  true,
	"yellow_purple_cover_style98": true,
	"green_white_logo_style3":     true,
	"same_reds_logo_style5":       true,
	"tiny_wide_thumb_style2":      true,
	"tall_yellow_thumb_style6":    true,
	"long_names_thumb_style3":     true,
	"doubles_thumb_style3":        true,
	"doubles_thumb_style99":       true,
	"doubles_cover_style98":       true,
}

// TestGolden compares a few hard cases with testdata/golden/*.png (small
// renders). Refresh with go test ./internal/render/hardcase -run
// TestGolden -update, and look at the pictures before committing.
func TestGolden(t *testing.T) {
	n := 0
	for _, pic := range Pictures(0.25) {
		if !goldenPictures[pic.Name] {
			continue
		}
		n++
		img, _ := traced(t, pic)
		if err := rendertest.Golden(filepath.Join("testdata", "golden", pic.Name+".png"), img, *update); err != nil {
			t.Error(err)
		}
		render.Release(img)
	}
	if n != len(goldenPictures) {
		t.Errorf("%d golden pictures rendered, want %d", n, len(goldenPictures))
	}
}
