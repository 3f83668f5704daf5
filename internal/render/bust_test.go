package render

import (
	"testing"

	"gamethumbs/internal/render/rendertest"
)

// TestEmbossBustsStandOnPanelEdge checks that athletes' headshots on
// styles 98 and 99 stand on the bottom edge of their panel (the photo's
// cut on the edge, nothing below it) at a size that fills the panel,
// on thumbnails (side-by-side panels) and tall covers (stacked panels).
func TestEmbossBustsStandOnPanelEdge(t *testing.T) {
	a := Team{Name: "Federer", Color: hexRGB("#c8102e"), Logo: rendertest.Bust(300, nrgba("#f1c27d"), nrgba("#ffffff"))}
	b := Team{Name: "Nadal", Color: hexRGB("#0a3161"), Logo: rendertest.Bust(300, nrgba("#e0ac69"), nrgba("#f5a623"))}
	s := matchupScene(a, b)
	for _, st := range []int{98, 99} {
		for _, k := range []Kind{KindThumb, KindCover} {
			o := Options{Kind: k, Width: 480, Height: 360, Style: st, LeagueLogo: true}
			if k == KindCover {
				o.Width, o.Height = 360, 480
			}
			_, draws := tracedRender(t, s, o)
			for i, logo := range []any{a.Logo, b.Logo} {
				var ds []LogoDraw
				for _, d := range draws {
					if d.Logo == logo {
						ds = append(ds, d)
					}
				}
				if len(ds) != 1 {
					t.Fatalf("style %d kind %v: team %d drawn %d times, want once (no reflection)", st, k, i, len(ds))
				}
				r := ds[0].Rect
				bottom, panelH := o.Height, o.Height
				if k == KindCover {
					panelH = o.Height / 2
					if i == 0 {
						bottom = o.Height / 2
					}
				}
				if r.Max.Y != bottom {
					t.Errorf("style %d kind %v: team %d bust bottom at y=%d, want the panel's edge %d", st, k, i, r.Max.Y, bottom)
				}
				if r.Dy() < panelH/2 {
					t.Errorf("style %d kind %v: team %d bust %d px high in a %d px panel, want at least half", st, k, i, r.Dy(), panelH)
				}
			}
		}
	}
}
