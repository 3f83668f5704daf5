package render

import (
	"context"
	"image"
	"strings"
	"testing"

	"gamethumbs/internal/colorx"
	"gamethumbs/internal/raster"
	"gamethumbs/internal/render/rendertest"
)

// tracedRender renders s with o and returns the picture and the logos it
// drew.
func tracedRender(t *testing.T, s Scene, o Options) (image.Image, []LogoDraw) {
	t.Helper()
	var draws []LogoDraw
	ctx := WithLogoTrace(context.Background(), func(d LogoDraw) { draws = append(draws, d) })
	img, err := testRenderer.Render(ctx, s, o)
	if err != nil {
		t.Fatalf("Render: %v", err)
	}
	t.Cleanup(func() { raster.Release(img) })
	return img, draws
}

// drawsOf returns the draws of logo img.
func drawsOf(draws []LogoDraw, img image.Image) []LogoDraw {
	var out []LogoDraw
	for _, d := range draws {
		if d.Logo == img {
			out = append(out, d)
		}
	}
	return out
}

func TestStyle98LeagueLogoFollowsOption(t *testing.T) {
	s := matchupScene(teamPurple, teamGreen)
	for _, on := range []bool{false, true} {
		o := Options{Kind: KindThumb, Width: 480, Height: 360, Style: 98, LeagueLogo: on}
		_, draws := tracedRender(t, s, o)
		if got := len(drawsOf(draws, testLeague.Logo)) + len(drawsOf(draws, testLeague.LogoDark)); (got > 0) != on {
			t.Errorf("style 98 with LeagueLogo=%v drew the league logo %d times", on, got)
		}
	}
}

func TestStyle98CoverHeroesEqual(t *testing.T) {
	// Two square logos: the hero logos of both panels are the same size.
	a, b := teamPurple, teamGreen
	b.Logo = rendertest.Logo(rendertest.Diamond, 420, nrgba("#ffffff"), nrgba("#007a33"))
	for _, sz := range []image.Point{{360, 480}, {360, 640}, {360, 360}} {
		_, draws := tracedRender(t, matchupScene(a, b), Options{Kind: KindCover, Width: sz.X, Height: sz.Y, Style: 98, LeagueLogo: true})
		da, db := drawsOf(draws, a.Logo), drawsOf(draws, b.Logo)
		if len(da) != 1 || len(db) != 1 {
			t.Fatalf("%v: %d and %d hero draws, want 1 each", sz, len(da), len(db))
		}
		if ra, rb := da[0].Rect.Size(), db[0].Rect.Size(); ra != rb {
			t.Errorf("%v cover: hero logos %v and %v, want the same size", sz, ra, rb)
		}
	}
}

func TestUntrimmedLogoCentred(t *testing.T) {
	for _, st := range []int{1, 2, 3, 4} {
		img := render(t, matchupScene(teamPurple, teamGreen), logoOpts(st, 512, false))
		c := raster.TrimBounds(img.(*image.RGBA))
		left, right := c.Min.X, 512-c.Max.X
		top, bottom := c.Min.Y, 512-c.Max.Y
		if d := left - right; d < -1 || d > 1 {
			t.Errorf("style %d untrimmed: %d px left, %d px right of the design, want centred", st, left, right)
		}
		if d := top - bottom; d < -1 || d > 1 {
			t.Errorf("style %d untrimmed: %d px above, %d px below the design, want centred", st, top, bottom)
		}
	}
}

func TestUpscaleCapped(t *testing.T) {
	tiny := teamGreen
	tiny.Logo = rendertest.Logo(rendertest.Hexagon, 24, nrgba("#ffffff"), nrgba("#f26522"))
	// A 256-px logo: the tiny logo is drawn, at most 3x its size.
	_, draws := tracedRender(t, matchupScene(teamPurple, tiny), logoOpts(1, 256, true))
	d := drawsOf(draws, tiny.Logo)
	if len(d) != 1 {
		t.Fatalf("tiny logo drawn %d times on a 256-px logo, want 1", len(d))
	}
	if sz := d[0].Rect.Size(); sz.X > 3*24 || sz.Y > 3*24 {
		t.Errorf("tiny logo drawn %v, want at most 3x its 24 px", sz)
	}
	// A 720-px thumbnail: the team's name stands in for it.
	_, draws = tracedRender(t, matchupScene(teamPurple, tiny), Options{Kind: KindThumb, Width: 720, Height: 540, Style: 1})
	if d := drawsOf(draws, tiny.Logo); len(d) != 0 {
		t.Errorf("tiny logo drawn %v on a 720-px thumbnail, want its name instead", d[0].Rect)
	}
}

func TestNamePairSharesSize(t *testing.T) {
	p := testRenderer.painterFor(context.Background(), Scene{}, Options{Width: 1440, Height: 1080})
	for _, tt := range []struct{ a, b []string }{
		{teamNames(teamPurple), []string{"Ajax"}},
		{[]string{"Club Atlético Internacional de Deportes Unidos", "Internacional", "CAI"}, []string{"Ajax"}},
		{teamNames(teamPurple), teamNames(teamGreen)},
	} {
		ta, tb := p.fitNamePair(tt.a, tt.b, 400, 400)
		if ta.size != tb.size || ta.size < readableText*1440 {
			t.Errorf("names %q / %q: sizes %.1f and %.1f, want one shared size >= %.1f", tt.a[0], tt.b[0], ta.size, tb.size, readableText*1440)
		}
	}
}

func TestBlendIsPerceptual(t *testing.T) {
	red := Team{Name: "Red", Color: hexRGB("#dc141e")}
	green := Team{Name: "Green", Color: hexRGB("#14a028")}
	img := render(t, Scene{League: testLeague, Teams: []Team{red, green}}, Options{Kind: KindThumb, Width: 480, Height: 360, Style: 2, NameMode: true})
	mid := px(img, 240, 8).OKLab().L
	if lo := min(red.Color.OKLab().L, green.Color.OKLab().L); mid < lo-0.01 {
		t.Errorf("style-2 blend of red and green: middle lightness %.3f, below both ends (%.3f): muddy", mid, lo)
	}
}

func TestLogoRowSeparatesSameColours(t *testing.T) {
	a := Team{Name: "Pinks", Color: hexRGB("#ffb0b0"), Logo: teamGreen.Logo}
	b := Team{Name: "Roses", Color: hexRGB("#ffb4b4"), Logo: teamPurple.Logo}
	for _, st := range []int{5, 6} {
		img := render(t, matchupScene(a, b), logoOpts(st, 512, false))
		// Sample the top of each team badge, away from the logos.
		var ca, cb colorx.RGB
		if st == 6 {
			bs := 0.3 * 512
			x0 := 256 - 1.5*bs
			ca, cb = px(img, int(x0+1.5*bs), int(256-0.45*bs)), px(img, int(x0+2.5*bs), int(256-0.45*bs))
		} else {
			d := 0.9 * 512 / 2.8
			ca, cb = px(img, 256, int(256-0.45*d)), px(img, int(256+0.9*d), int(256-0.45*d))
		}
		if dist := colorx.DeltaE(ca, cb); dist < clashDE-0.01 {
			t.Errorf("logo style %d: team badges %s and %s (ΔE %.3f), want them apart", st, ca.Hex(), cb.Hex(), dist)
		}
	}
}

// TestNamePairEachSideFits: in name mode each side keeps the longest
// form of its name that reads; a long name on one side never turns the
// other into its abbreviation ("MIN vs NO").
func TestNamePairEachSideFits(t *testing.T) {
	join := func(tb textBlock) string { return strings.Join(tb.lines, " ") }
	for _, tt := range []struct {
		w, h         float64
		a, b         Team
		wantA, wantB string
	}{
		// A cover's name box (0.9 W x the logo box) and a thumbnail's.
		{0.9 * 1080, 345, Team{Name: "Minnesota Timberwolves", Short: "Timberwolves", Abbr: "MIN"},
			Team{Name: "New Orleans Pelicans", Short: "Pelicans", Abbr: "NO"}, "Minnesota Timberwolves", "New Orleans Pelicans"},
		{468, 468, Team{Name: "Minnesota Timberwolves", Short: "Timberwolves", Abbr: "MIN"},
			Team{Name: "New Orleans Pelicans", Short: "Pelicans", Abbr: "NO"}, "Minnesota Timberwolves", "New Orleans Pelicans"},
		{200, 200, Team{Name: "Club Atlético Internacional de Deportes Unidos", Short: "Internacional", Abbr: "CAI"},
			Team{Name: "Ajax", Short: "Ajax", Abbr: "AJX"}, "", "Ajax"},
	} {
		p := testRenderer.painterFor(context.Background(), Scene{}, Options{Width: 1440, Height: 1080})
		ta, tb := p.fitNamePair(nameForms(tt.a), nameForms(tt.b), tt.w, tt.h)
		if (tt.wantA != "" && join(ta) != tt.wantA) || join(ta) == "" || join(tb) != tt.wantB {
			t.Errorf("box %.0fx%.0f: %q next to %q, want %q and %q", tt.w, tt.h, join(ta), join(tb), tt.wantA, tt.wantB)
		}
		if len(ta.lines) > squareLines || len(tb.lines) > squareLines {
			t.Errorf("box %.0fx%.0f: %d and %d lines, want at most %d", tt.w, tt.h, len(ta.lines), len(tb.lines), squareLines)
		}
	}
}

// TestSquareMarginsScale: on square canvases the team logos keep a
// margin from the league logo in the middle that scales with the canvas
// (wave 2 left 15 px at 1080 px), in every style that puts it there.
func TestSquareMarginsScale(t *testing.T) {
	for _, kind := range []Kind{KindThumb, KindCover} {
		for _, st := range []int{1, 2, 5, 6} {
			o := Options{Kind: kind, Width: 540, Height: 540, Style: st, LeagueLogo: true}
			_, draws := tracedRender(t, matchupScene(teamPurple, teamGreen), o)
			league := drawsOf(draws, testLeague.Logo)
			if len(league) != 1 {
				t.Fatalf("kind %d style %d: league logo drawn %d times", kind, st, len(league))
			}
			lr := league[0].Rect
			for _, tm := range []Team{teamPurple, teamGreen} {
				for _, d := range append(drawsOf(draws, tm.Logo), drawsOf(draws, tm.LogoDark)...) {
					gap := max(lr.Min.X-d.Rect.Max.X, d.Rect.Min.X-lr.Max.X, lr.Min.Y-d.Rect.Max.Y, d.Rect.Min.Y-lr.Max.Y)
					if want := 540 / 25; gap < want {
						t.Errorf("kind %d style %d: a team logo %v is %d px from the league logo %v, want >= %d", kind, st, d.Rect, gap, lr, want)
					}
				}
			}
		}
	}
}

// TestStackedReflectionsWhole: on tall covers of styles 98 and 99 the top
// hero's reflection (the part that shows before it fades out) ends above
// the VS badge on the panels' shared edge, and the bottom one's above
// the canvas edge: no reflection is cut into a flat-bottomed shape.
func TestStackedReflectionsWhole(t *testing.T) {
	for _, st := range []int{98, 99} {
		o := Options{Kind: KindCover, Width: 540, Height: 720, Style: st, LeagueLogo: true}
		_, draws := tracedRender(t, matchupScene(teamPurple, teamGreen), o)
		badge := 0.076 * 540
		for i, tm := range []Team{teamPurple, teamGreen} {
			d := append(drawsOf(draws, tm.Logo), drawsOf(draws, tm.LogoDark)...)
			if len(d) != 1 {
				t.Fatalf("style %d: team %d drawn %d times", st, i, len(d))
			}
			r := d[0].Rect
			end := float64(r.Max.Y) + (reflGap+reflShow)*float64(r.Dy())
			limit := 720/2 - 1.4*badge
			if i == 1 {
				limit = 720
			}
			if end > limit+1 {
				t.Errorf("style %d: team %d's reflection shows down to y %.0f, past %.0f", st, i, end, limit)
			}
		}
	}
}
