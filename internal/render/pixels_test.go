package render

import (
	"context"
	"image"
	"testing"

	"gamethumbs/internal/colorx"
	"gamethumbs/internal/render/rendertest"
)

// render is a test helper that fails the test on error.
func render(t *testing.T, s Scene, o Options) image.Image {
	t.Helper()
	img, err := testRenderer.Render(context.Background(), s, o)
	if err != nil {
		t.Fatalf("testRenderer.Render(%+v) error: %v", o, err)
	}
	return img
}

// boxB is the interior of team B's logo box on a thumbnail of size w x h.
func boxB(w, h int) image.Rectangle {
	s := min(0.325*float64(w), 0.52*float64(h))
	cx, cy := 0.8*float64(w), float64(h)/2
	return image.Rect(int(cx-s/2), int(cy-s/2), int(cx+s/2), int(cy+s/2))
}

func TestLoserIsGreyscaleAndFaint(t *testing.T) {
	const w, h = 480, 360
	lost := matchupScene(teamPurple, teamGreen)
	lost.Teams[1].Loser = true
	for _, st := range []int{1, 2, 5} {
		o := Options{Kind: KindThumb, Width: w, Height: h, Style: st}
		img := render(t, lost, o)
		full := render(t, matchupScene(teamPurple, teamGreen), o)
		r := boxB(w, h)
		var greyMismatch, fullColour, logoPixels int
		bg := px(img, r.Max.X-2, r.Min.Y+2) // corner of the box: background
		for y := r.Min.Y; y < r.Max.Y; y++ {
			for x := r.Min.X; x < r.Max.X; x++ {
				c := px(img, x, y)
				if st != 2 && (c.R != c.G || c.G != c.B) {
					greyMismatch++
				}
				if c != bg {
					logoPixels++
				}
				if colorx.Saturation(px(full, x, y)) > 0.5 {
					fullColour++
				}
			}
		}
		if greyMismatch > 0 {
			t.Errorf("style %d: %d loser pixels with R≠G≠B, want 0 (greyscale)", st, greyMismatch)
		}
		if logoPixels < r.Dx()*r.Dy()/10 || fullColour < r.Dx()*r.Dy()/50 {
			t.Errorf("style %d: loser logo pixels %d, winner-colour pixels %d: the logo box looks empty", st, logoPixels, fullColour)
		}
		// 35 % opacity: the loser's logo stays close to its background.
		c := px(img, (r.Min.X+r.Max.X)/2, (r.Min.Y+r.Max.Y)/2)
		if d := colorx.Distance(c, bg); st == 1 && d > 0.5*colorx.Distance(colorx.RGB{}, colorx.RGB{R: 255, G: 255, B: 255}) {
			t.Errorf("style %d: loser logo centre %s is %f from its background %s, want a faint logo", st, c.Hex(), d, bg.Hex())
		}
	}
}

func TestLeagueBackgroundIsDark(t *testing.T) {
	for _, o := range []Options{small(KindThumb, 1), small(KindCover, 1)} {
		img := render(t, Scene{League: testLeague}, o)
		b := img.Bounds()
		for _, p := range []image.Point{{1, 1}, {b.Max.X - 2, 1}, {1, b.Max.Y - 2}, {b.Max.X - 2, b.Max.Y - 2}, {b.Max.X / 2, 3}} {
			if l := px(img, p.X, p.Y).Luminance(); l > 0.03 {
				t.Errorf("league %dx%d at %v: luminance %.3f, want a dark background (<= 0.03)", b.Dx(), b.Dy(), p, l)
			}
		}
		// The logo is in the middle: something bright there.
		if l := px(img, b.Dx()/2, b.Dy()/2-b.Dy()/8).Luminance(); l < 0.3 {
			t.Errorf("league %dx%d: centre luminance %.3f, want the light league logo", b.Dx(), b.Dy(), l)
		}
	}
}

func TestBadgeTopRight(t *testing.T) {
	white := colorx.RGB{R: 255, G: 255, B: 255}
	countWhite := func(img image.Image) int {
		b := img.Bounds()
		n := 0
		for y := 0; y < b.Dy()/6; y++ {
			for x := b.Dx() * 3 / 4; x < b.Dx(); x++ {
				if px(img, x, y) == white {
					n++
				}
			}
		}
		return n
	}
	for _, o := range []Options{small(KindThumb, 1), small(KindCover, 3), small(KindThumb, 99)} {
		plain := render(t, matchupScene(teamPurple, teamGreen), o)
		o.Badge = "4k"
		badged := render(t, matchupScene(teamPurple, teamGreen), o)
		if n0, n1 := countWhite(plain), countWhite(badged); n1 < n0+100 {
			t.Errorf("style %d badge: %d white pixels top-right, without badge %d, want a white pill", o.Style, n1, n0)
		}
	}
}

func TestStyle1WhiteDivider(t *testing.T) {
	white := colorx.RGB{R: 255, G: 255, B: 255}
	for _, o := range []Options{{Kind: KindThumb, Width: 1440, Height: 1080, Style: 1}, small(KindThumb, 1), small(KindCover, 1)} {
		img := render(t, matchupScene(teamPurple, teamGreen), o)
		W, H := float64(o.Width), float64(o.Height)
		var pts []image.Point
		if o.Kind == KindCover {
			pts = []image.Point{{2, o.Height / 2}, {o.Width / 2, o.Height / 2}, {o.Width - 3, o.Height / 2}}
		} else {
			for _, f := range []float64{0.02, 0.5, 0.98} {
				y := f * H
				pts = append(pts, image.Pt(int(0.66*W-0.33*W*f), int(y)))
			}
		}
		for _, p := range pts {
			if c := px(img, p.X, p.Y); c != white && !(o.Kind == KindThumb && p.Y == o.Height/2) {
				t.Errorf("%dx%d style 1: divider pixel %v = %s, want white", o.Width, o.Height, p, c.Hex())
			}
		}
	}
}

func TestNameModeDrawsText(t *testing.T) {
	o := small(KindThumb, 1)
	o.NameMode = true
	img := render(t, matchupScene(teamPurple, teamGreen), o)
	r := boxB(o.Width, o.Height)
	white := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if c := px(img, x, y); c.R > 240 && c.G > 240 && c.B > 240 {
				white++
			}
		}
	}
	if white < 200 {
		t.Errorf("name mode: %d white text pixels in team B's box, want the name drawn", white)
	}
	// Name mode draws no logo: the Celtics' white rounded square is gone.
	cx, cy := (r.Min.X+r.Max.X)/2, r.Min.Y+r.Dy()/6
	if c := px(img, cx, cy); c == (colorx.RGB{R: 255, G: 255, B: 255}) {
		t.Errorf("name mode: pixel %d,%d is white, want team colour (no logo)", cx, cy)
	}
}

func TestLogoPickedByContrast(t *testing.T) {
	// teamDark is black with a black default logo and a white dark variant:
	// on its black half the white variant must be drawn.
	o := small(KindThumb, 1)
	sc := matchupScene(teamGreen, teamDark)
	img := render(t, sc, o)
	r := boxB(o.Width, o.Height)
	if l := px(img, (r.Min.X+r.Max.X)/2+r.Dx()/4, (r.Min.Y+r.Max.Y)/2).Luminance(); l < 0.5 {
		t.Errorf("dark team on black: logo luminance %.2f, want the light variant (> 0.5)", l)
	}
	// On a light side the default logo stays.
	light := teamDark
	light.Color = colorx.RGB{R: 240, G: 240, B: 240}
	img = render(t, matchupScene(teamGreen, light), o)
	if l := px(img, (r.Min.X+r.Max.X)/2+r.Dx()/4, (r.Min.Y+r.Max.Y)/2).Luminance(); l > 0.1 {
		t.Errorf("dark team on white: logo luminance %.2f, want the default dark logo (< 0.1)", l)
	}
}

func TestMissingTeamStandIn(t *testing.T) {
	o := small(KindThumb, 1)
	sc := matchupScene(teamPurple, teamGreen)
	sc.Teams[1].Missing = true
	img := render(t, sc, o)
	r := boxB(o.Width, o.Height)
	for y := r.Min.Y; y < r.Max.Y; y += 3 {
		for x := r.Min.X; x < r.Max.X; x += 3 {
			if c := px(img, x, y); c.R != c.G || c.G != c.B {
				t.Fatalf("missing team: pixel %d,%d = %s, want grey stand-in", x, y, c.Hex())
			}
		}
	}
	// Without a league logo the stand-in is the team's initial in grey.
	sc.League.Logo = nil
	img = render(t, sc, o)
	grey := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if px(img, x, y) == standInGrey {
				grey++
			}
		}
	}
	if grey < 100 {
		t.Errorf("missing team without league logo: %d initial pixels, want a grey letter", grey)
	}
}

func TestSkipLogosDrawsColourBlocks(t *testing.T) {
	o := small(KindThumb, 1)
	sc := matchupScene(teamPurple, teamGreen)
	sc.League.SkipLogos = true
	img := render(t, sc, o)
	r := boxB(o.Width, o.Height)
	want := teamGreen.Color
	for y := r.Min.Y; y < r.Max.Y; y += 4 {
		for x := r.Min.X; x < r.Max.X; x += 4 {
			if c := px(img, x, y); c != want {
				t.Fatalf("skipLogos: pixel %d,%d = %s, want plain %s", x, y, c.Hex(), want.Hex())
			}
		}
	}
}

func TestSameColoursStayDistinct(t *testing.T) {
	red := Team{Name: "Reds", Color: hexRGB("#c8102e"),
		Logo: rendertest.Logo(rendertest.Circle, 100, nrgba("#ffffff"), nrgba("#c8102e"))}
	red2 := red
	red2.Name, red2.Color = "Other Reds", hexRGB("#ce1126")
	o := small(KindThumb, 1)
	img := render(t, matchupScene(red, red2), o)
	a, b := px(img, 2, 2), px(img, o.Width-3, o.Height-3)
	if d := colorx.DeltaE(a, b); d < clashDE {
		t.Errorf("two red teams: sides %s and %s are ΔE %.3f apart, want >= %.2f", a.Hex(), b.Hex(), d, clashDE)
	}
	for _, c := range []colorx.RGB{a, b} {
		if !colorx.SameHue(red.Color, c, 25, 0.5) {
			t.Errorf("two red teams: a side is %s, no longer a red", c.Hex())
		}
	}
}
