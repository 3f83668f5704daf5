package render

import (
	"context"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"math"
	"testing"

	"gamethumbs/internal/colorx"
	"gamethumbs/internal/raster"
)

// logoOpts returns logo options of one size.
func logoOpts(style, size int, trim bool) Options {
	return Options{Kind: KindLogo, Width: size, Height: size, Style: style, Trim: trim}
}

// logoCase is a logo scene and style; white marks styles 5-6.
type logoCase struct {
	name  string
	s     Scene
	style int
	white bool
}

func logoCases() []logoCase {
	skip := matchupScene(teamPurple, teamGreen)
	skip.League.SkipLogos = true
	cs := []logoCase{
		{"league", Scene{League: testLeague}, 1, false},
		{"team", Scene{League: testLeague, Teams: []Team{teamPurple}}, 1, false},
		{"skiplogos", skip, 3, false},
	}
	for st := 1; st <= 6; st++ {
		cs = append(cs, logoCase{fmt.Sprintf("style%d", st), matchupScene(teamPurple, teamGreen), st, st >= 5})
	}
	return cs
}

func rgbaOf(t *testing.T, img image.Image) *image.RGBA {
	t.Helper()
	m, ok := img.(*image.RGBA)
	if !ok {
		t.Fatalf("logo is %T, want *image.RGBA", img)
	}
	return m
}

// nrgbaPx is the non-premultiplied colour at (x, y).
func nrgbaPx(img image.Image, x, y int) color.NRGBA {
	return color.NRGBAModel.Convert(img.At(x, y)).(color.NRGBA)
}

// visibleBounds is the bounding box of the pixels a viewer sees: alpha
// above 10 on transparent logos, any channel below 245 on white ones
// (written independently of contentBounds).
func visibleBounds(img image.Image, white bool) image.Rectangle {
	b := img.Bounds()
	var r image.Rectangle
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			c := nrgbaPx(img, x, y)
			seen := c.A > 10
			if white {
				seen = c.R < 245 || c.G < 245 || c.B < 245
			}
			if seen {
				r = r.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	return r
}

func TestLogoUntrimmedSizeAndBackground(t *testing.T) {
	sizes := []int{256, 512, 1024, 2048}
	if testing.Short() {
		sizes = sizes[:2]
	}
	for _, size := range sizes {
		for _, c := range logoCases() {
			t.Run(fmt.Sprintf("%s/%d", c.name, size), func(t *testing.T) {
				o := logoOpts(c.style, size, false)
				o.LeagueLogo, o.Badge = true, "HD"
				img := render(t, c.s, o)
				defer raster.Release(img)
				if got := img.Bounds(); got != image.Rect(0, 0, size, size) {
					t.Fatalf("testRenderer.Render(%s, size %d, trim=false) bounds = %v, want exactly %dx%d", c.name, size, got, size, size)
				}
				checkCorners(t, img, c.white)
			})
		}
	}
}

// checkCorners asserts the background: alpha 0 at the four corners, or
// opaque white there and everywhere opaque for the white styles.
func checkCorners(t *testing.T, img image.Image, white bool) {
	t.Helper()
	b := img.Bounds()
	for _, p := range []image.Point{b.Min, {b.Max.X - 1, b.Min.Y}, {b.Min.X, b.Max.Y - 1}, b.Max.Sub(image.Pt(1, 1))} {
		c := nrgbaPx(img, p.X, p.Y)
		switch {
		case white && c != (color.NRGBA{255, 255, 255, 255}):
			t.Errorf("white-background logo corner %v = %v, want opaque white", p, c)
		case !white && c.A != 0:
			t.Errorf("transparent logo corner %v alpha = %d, want 0", p, c.A)
		}
	}
	if white && !allOpaque(img) {
		t.Errorf("white-background logo has translucent pixels, want every pixel opaque")
	}
}

func TestLogoTrimKeepsEveryVisiblePixel(t *testing.T) {
	for _, size := range []int{256, 1024} {
		for _, c := range logoCases() {
			t.Run(fmt.Sprintf("%s/%d", c.name, size), func(t *testing.T) {
				o := logoOpts(c.style, size, false)
				o.LeagueLogo = true
				full := rgbaOf(t, render(t, c.s, o))
				defer raster.Release(full)
				o.Trim = true
				cut := rgbaOf(t, render(t, c.s, o))
				checkCorners(t, cut, c.white)
				vb := visibleBounds(full, c.white)
				pad := int(math.Round(0.02 * float64(size)))
				if want := vb.Size().Add(image.Pt(2*pad, 2*pad)); cut.Bounds().Size() != want {
					t.Fatalf("trimmed size = %v, want the visible %v plus %d px on every side = %v", cut.Bounds().Size(), vb.Size(), pad, want)
				}
				// Even margins: the visible box sits pad px from every edge.
				if got, want := visibleBounds(cut, c.white), image.Rect(pad, pad, pad+vb.Dx(), pad+vb.Dy()); got != want {
					t.Errorf("visible box of the trimmed logo = %v, want %v (%d px margins)", got, want, pad)
				}
				// Every pixel of the design is kept unchanged.
				for y := vb.Min.Y; y < vb.Max.Y; y++ {
					for x := vb.Min.X; x < vb.Max.X; x++ {
						i, j := full.PixOffset(x, y), cut.PixOffset(x-vb.Min.X+pad, y-vb.Min.Y+pad)
						if [4]uint8(full.Pix[i:i+4]) != [4]uint8(cut.Pix[j:j+4]) {
							t.Fatalf("pixel %d,%d = %v untrimmed but %v trimmed", x, y, full.Pix[i:i+4], cut.Pix[j:j+4])
						}
					}
				}
			})
		}
	}
}

// teamBox is the square (inset by 2 px) of team i's logo on an untrimmed
// logo of the given style and size without the league logo.
func teamBox(style, size, i int) image.Rectangle {
	p := &painter{W: float64(size), H: float64(size), m: float64(size)}
	W, m := p.W, p.m
	sign := float64(2*i - 1)
	var cx, half float64
	switch style {
	case 1:
		c := p.compactCard()
		cx, half = c.at(0.2+0.6*float64(i)), 0.4*c.bs
	case 2:
		cx, half = W/2+sign*(0.025*W+0.22*m), 0.22*m
	case 3:
		cx, half = W/2+sign*(0.05*W+0.175*m), 0.21*m
	case 4:
		bs := math.Round(0.4 * m)
		cx, half = W/2+sign*bs/2, bs/2
	case 5:
		d := 0.9 * W / 2.8
		cx, half = W/2+float64(i)*0.9*d, 0.35*d
	case 6:
		bs := math.Round(0.3 * W)
		cx, half = math.Round(W/2-1.5*bs)+(float64(i)+1.5)*bs, bs/2
	}
	r := image.Rect(int(cx-half), int(W/2-half), int(cx+half), int(W/2+half))
	return r.Inset(2)
}

func TestLogoLoserIsGreyscale(t *testing.T) {
	const size = 512
	for st := 1; st <= 6; st++ {
		sc := matchupScene(teamPurple, teamGreen)
		sc.Teams[1].Loser = true
		img := render(t, sc, logoOpts(st, size, false))
		loser, winner := teamBox(st, size, 1), teamBox(st, size, 0)
		var colour, drawn int
		for y := loser.Min.Y; y < loser.Max.Y; y++ {
			for x := loser.Min.X; x < loser.Max.X; x++ {
				c := nrgbaPx(img, x, y)
				if c.A > 0 && (c.R != c.G || c.G != c.B) {
					colour++
				}
				if c.A > 0 {
					drawn++
				}
			}
		}
		saturated := 0
		for y := winner.Min.Y; y < winner.Max.Y; y++ {
			for x := winner.Min.X; x < winner.Max.X; x++ {
				if c := nrgbaPx(img, x, y); c.A == 255 && colorx.Saturation(colorx.RGB{R: c.R, G: c.G, B: c.B}) > 0.5 {
					saturated++
				}
			}
		}
		if colour > 0 || drawn < loser.Dx()*loser.Dy()/10 {
			t.Errorf("style %d: loser box has %d coloured of %d drawn pixels, want a greyscale logo (R=G=B)", st, colour, drawn)
		}
		if saturated < winner.Dx()*winner.Dy()/10 {
			t.Errorf("style %d: winner box has %d saturated pixels, want the winner in colour", st, saturated)
		}
		raster.Release(img)
	}
}

func TestLogoMissingTeamIsGreyLeagueLogo(t *testing.T) {
	const size = 512
	for _, st := range []int{1, 3, 6} {
		sc := matchupScene(teamPurple, teamGreen)
		sc.Teams[0].Missing = true
		img := render(t, sc, logoOpts(st, size, false))
		r := teamBox(st, size, 0)
		bg := nrgbaPx(img, r.Min.X, (r.Min.Y+r.Max.Y)/2) // the grey badge, left of the logo
		differ := 0
		for y := r.Min.Y; y < r.Max.Y; y++ {
			for x := r.Min.X; x < r.Max.X; x++ {
				c := nrgbaPx(img, x, y)
				if c.A > 0 && (c.R != c.G || c.G != c.B) {
					t.Fatalf("style %d: missing team pixel %d,%d = %v, want grey", st, x, y, c)
				}
				if c.A == 255 && c != bg {
					differ++
				}
			}
		}
		if differ < r.Dx()*r.Dy()/10 {
			t.Errorf("style %d: only %d pixels of the stand-in differ from its background, want the league logo", st, differ)
		}
		raster.Release(img)
	}
}

func TestLogoErrors(t *testing.T) {
	ctx := context.Background()
	noLeague := matchupScene(teamPurple, teamGreen)
	noLeague.League.Logo = nil
	for _, st := range []int{5, 6} {
		_, err := testRenderer.Render(ctx, noLeague, logoOpts(st, 256, true))
		if !errors.Is(err, ErrLeagueLogoRequired) || !errors.Is(err, ErrInvalid) {
			t.Errorf("style %d without league logo: error = %v, want ErrLeagueLogoRequired and ErrInvalid", st, err)
		}
	}
	for _, tt := range []struct {
		s     Scene
		style int
	}{{matchupScene(teamPurple, teamGreen), 98}, {Scene{League: testLeague}, 2}, {Scene{League: testLeague, Teams: []Team{teamPurple}}, 3}} {
		if _, err := testRenderer.Render(ctx, tt.s, logoOpts(tt.style, 256, true)); !errors.Is(err, ErrInvalid) {
			t.Errorf("%d-team logo style %d: error = %v, want ErrInvalid", len(tt.s.Teams), tt.style, err)
		}
	}
	// The other styles need no league logo.
	if _, err := testRenderer.Render(ctx, noLeague, logoOpts(3, 256, true)); err != nil {
		t.Errorf("style 3 without league logo: error = %v, want nil", err)
	}
}

func TestLogoBadge(t *testing.T) {
	for _, c := range []logoCase{logoCases()[0], logoCases()[3], logoCases()[5], logoCases()[7]} {
		o := logoOpts(c.style, 512, true)
		o.LeagueLogo = true
		plain := render(t, c.s, o)
		o.Badge = "hd"
		badged := render(t, c.s, o)
		// The trimmed picture grows at the top by the badge's height and
		// one margin, so the badge covers none of the design.
		want := int(logoBadgeHeight(512))
		grow := want + int(math.Round(logoPad*512))
		if pb, bb := plain.Bounds(), badged.Bounds(); bb.Dx() != pb.Dx() || bb.Dy() != pb.Dy()+grow {
			t.Fatalf("%s: badge changed the size %v to %v, want %d px higher", c.name, pb, bb, grow)
		}
		// Compare the design under the new band.
		shifted := image.NewRGBA(badged.Bounds())
		draw.Draw(shifted, shifted.Rect.Add(image.Pt(0, grow)), plain, image.Point{}, draw.Src)
		plain = shifted
		pill := color.NRGBA{255, 255, 255, 255}
		if c.white {
			pill = color.NRGBA{0x11, 0x11, 0x11, 255}
		}
		b := badged.Bounds()
		var fresh image.Rectangle
		for y := 0; y < b.Dy()/2; y++ {
			for x := b.Dx() / 2; x < b.Dx(); x++ {
				if nrgbaPx(badged, x, y) == pill && nrgbaPx(plain, x, y) != pill {
					fresh = fresh.Union(image.Rect(x, y, x+1, y+1))
				}
			}
		}
		if d := fresh.Dy() - want; d < -1 || d > 1 || fresh.Dx() < want {
			t.Errorf("%s: badge pill %v (%dx%d), want a pill %d px high (0.1 of the canvas) in the top right",
				c.name, fresh, fresh.Dx(), fresh.Dy(), want)
		}
		if fresh.Max.Y > grow {
			t.Errorf("%s: badge pill %v reaches below the band above the design (%d px)", c.name, fresh, grow)
		}
		if margin := b.Max.X - fresh.Max.X; margin < 2 || margin > b.Dx()/8 {
			t.Errorf("%s: badge %d px from the right edge, want it in the top-right corner", c.name, margin)
		}
	}
}
