package render

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/draw"
	"sync/atomic"
	"testing"

	"gamethumbs/internal/colorx"
	"gamethumbs/internal/raster"
	"gamethumbs/internal/render/rendertest"
)

// decodedLogo is a pixelSource as the fetcher's logo handles are: every
// Pixels call "decodes" a fresh copy, as after the last decode was
// collected, and the handle itself holds a few kilobytes.
type decodedLogo struct {
	src     *image.NRGBA
	decodes atomic.Int64
}

func (l *decodedLogo) ColorModel() color.Model { return color.RGBAModel }
func (l *decodedLogo) Bounds() image.Rectangle { return l.src.Rect }
func (l *decodedLogo) At(x, y int) color.Color { return l.Pixels().At(x, y) }
func (l *decodedLogo) HeldBytes() int64        { return 40 << 10 }
func (l *decodedLogo) Pixels() *image.RGBA {
	l.decodes.Add(1)
	dst := image.NewRGBA(l.src.Rect)
	draw.Draw(dst, dst.Rect, l.src, image.Point{}, draw.Src)
	return dst
}

// With the server's default logo budget (LOGO_CACHE_MB 48, seven eighths
// of it for this cache), 30 teams (8 under -race) drawn at the three
// thumbnail sizes are
// all held: a second pass over the same matchups builds no sprite and
// decodes no logo, although every decode made new pixels (the sprites are
// keyed by the logo handle, not by its pixels).
func TestLogoWorkingSetStaysCached(t *testing.T) {
	r := New(Config{CacheBytes: 48 << 20 * 7 / 8})
	shapes := []rendertest.Shape{rendertest.Circle, rendertest.Shield, rendertest.Diamond, rendertest.Star, rendertest.RoundSquare, rendertest.Hexagon}
	var teams []Team
	var logos []*decodedLogo
	n := 30
	if raceDetector {
		n = 8 // the same check, fewer teams: rendering is slow under -race
	}
	for i := range n {
		fg := color.NRGBA{uint8(40 + 7*i), uint8(200 - 5*i), uint8(90 + 3*i), 255}
		l := &decodedLogo{src: rendertest.Logo(shapes[i%len(shapes)], 500, fg, color.NRGBA{255, 255, 255, 255})}
		logos = append(logos, l)
		teams = append(teams, Team{Name: "Team", Abbr: "T", Color: colorOf(fg), AltColor: colorOf(fg), Logo: l})
	}
	pass := func() {
		for _, sz := range aspects[KindThumb] {
			for i := 0; i < len(teams); i += 2 {
				img, err := r.Render(context.Background(), matchupScene(teams[i], teams[i+1]),
					Options{Kind: KindThumb, Width: sz.X, Height: sz.Y, Style: 1})
				if err != nil {
					t.Fatal(err)
				}
				raster.Release(img)
			}
		}
	}
	pass()
	builds, decodes := spriteBuilds.Load(), int64(0)
	for _, l := range logos {
		decodes += l.decodes.Load()
	}
	if builds < int64(len(teams)*len(aspects[KindThumb])) {
		t.Fatalf("first pass built %d sprites, want at least one per team and size", builds)
	}
	pass()
	if n := spriteBuilds.Load() - builds; n != 0 {
		t.Errorf("second pass built %d sprites again, want 0 (the working set must fit the default budget)", n)
	}
	var again int64
	for _, l := range logos {
		again += l.decodes.Load()
	}
	if again != decodes {
		t.Errorf("second pass decoded logos %d times, want 0", again-decodes)
	}
	t.Logf("%d sprites built, %d decodes; cache holds %.1f MB", builds, decodes, float64(r.CacheStats().Bytes)/(1<<20))
}

func colorOf(c color.NRGBA) colorx.RGB { return colorx.RGB{R: c.R, G: c.G, B: c.B} }

// asRGBA is the RGBA copy of an NRGBA logo, as the fetcher decodes one.
func asRGBA(src *image.NRGBA) *image.RGBA {
	dst := image.NewRGBA(src.Rect)
	draw.Draw(dst, dst.Rect, src, src.Rect.Min, draw.Src)
	return dst
}

// Every kind and style draws a logo handle exactly as the decoded image
// it stands for, although each of its decodes is a new copy: nothing
// reads the handle's pixels through At (which would decode per pixel)
// or tells copies apart.
func TestLogoHandlesDrawLikeImages(t *testing.T) {
	plain := func(img image.Image) image.Image {
		if img == nil {
			return nil
		}
		return asRGBA(img.(*image.NRGBA))
	}
	handle := func(img image.Image) image.Image {
		if img == nil {
			return nil
		}
		return &decodedLogo{src: img.(*image.NRGBA)}
	}
	with := func(s Scene, f func(image.Image) image.Image) Scene {
		s.League.Logo, s.League.LogoDark = f(s.League.Logo), f(s.League.LogoDark)
		s.Teams = append([]Team(nil), s.Teams...)
		for i := range s.Teams {
			s.Teams[i].Logo, s.Teams[i].LogoDark = f(s.Teams[i].Logo), f(s.Teams[i].LogoDark)
		}
		return s
	}
	type tc struct {
		s Scene
		o Options
	}
	var cases []tc
	matchup := matchupScene(teamPurple, teamDark)
	for _, st := range allStyles {
		cases = append(cases, tc{matchup, small(KindThumb, st)}, tc{matchup, small(KindCover, st)})
	}
	for st := 1; st <= 6; st++ {
		o := logoOpts(st, 128, true)
		o.LeagueLogo = true
		cases = append(cases, tc{matchup, o})
	}
	team := Scene{League: testLeague, Teams: []Team{teamDark}}
	league := Scene{League: testLeague}
	cases = append(cases, tc{team, small(KindThumb, 1)}, tc{team, logoOpts(1, 128, true)},
		tc{league, small(KindThumb, 1)}, tc{league, logoOpts(1, 128, true)})
	for _, c := range cases {
		want := render(t, with(c.s, plain), c.o)
		got := render(t, with(c.s, handle), c.o)
		if !bytes.Equal(pixOf(want), pixOf(got)) {
			t.Errorf("kind %v style %d, %d teams: a logo handle draws differently from its image", c.o.Kind, c.o.Style, len(c.s.Teams))
		}
		raster.Release(want)
		raster.Release(got)
	}
}

// pixOf is the pixel bytes of a rendered picture.
func pixOf(img image.Image) []byte {
	switch m := img.(type) {
	case *image.RGBA:
		return m.Pix
	case *image.NRGBA:
		return m.Pix
	}
	return nil
}
