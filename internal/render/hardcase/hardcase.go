// Package hardcase holds the hard cases of the renderer's legibility and
// layout rules as synthetic scenes (generated logos, no files): white,
// black and yellow logos (a yellow one on a white team), a dark purple
// one on a purple team, logos whose body is the team colour with a
// bright detail, two teams of the same colour, tiny, very wide and very
// tall logos, long names and doubles. cmd/gallery renders them for every
// style and kind, and the render package's tests check that every team
// logo in them stays legible (render.Legibility) and compare a few with
// goldens.
package hardcase

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"

	"gamethumbs/internal/colorx"
	"gamethumbs/internal/render"
	"gamethumbs/internal/render/rendertest"
)

// brightPhoto is the hardest venue photo: an overcast white sky over pale
// concrete stands, with a dark band of seats, so white and black logos
// both meet their own colour somewhere behind them.
var brightPhoto = func() *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, 320, 180))
	for y := range 180 {
		c := color.RGBA{246, 246, 240, 255}
		switch {
		case y >= 70 && y < 95:
			c = color.RGBA{24, 24, 28, 255}
		case y >= 95:
			c = color.RGBA{205, 205, 200, 255}
		}
		for x := range 320 {
			img.SetRGBA(x, y, c)
		}
	}
	return img
}()

// atVenue gives a scene the home venue of styles 10-13: the second team's,
// with brightPhoto when photo is set (else the home colour stands in),
// and records under the logos.
func atVenue(s render.Scene, photo bool) render.Scene {
	if len(s.Teams) != 2 {
		return s
	}
	s.Teams = append([]render.Team(nil), s.Teams...)
	s.Teams[0].Record, s.Teams[1].Record = "41-23", "10-7"
	s.Venue = render.Venue{Name: "Hard Case Arena", Place: "Springfield, IL", Home: 1}
	if photo {
		s.Venue.Photo = brightPhoto
	}
	return s
}

// Case is one hard-case scene and the options it needs (name mode).
type Case struct {
	Name     string
	Scene    render.Scene
	NameMode bool
}

func nrgba(hex string) color.NRGBA {
	c, _ := colorx.ParseHex(hex)
	return color.NRGBA{c.R, c.G, c.B, 255}
}

func rgb(hex string) colorx.RGB { c, _ := colorx.ParseHex(hex); return c }

// League is the league of every case.
var League = render.League{Code: "hard", Name: "Hard Case League",
	Logo: rendertest.Logo(rendertest.Shield, 360, nrgba("#f0f0f0"), nrgba("#1d428a"))}

// Teams of the hard cases.
var (
	// White: a white logo, and a white team colour.
	White = render.Team{Name: "Whitecaps", Short: "Whitecaps", Abbr: "WHC",
		Color: rgb("#ffffff"), AltColor: rgb("#9ea2a2"), HasAlt: true,
		Logo: rendertest.Logo(rendertest.Circle, 400, nrgba("#ffffff"), nrgba("#e6e6e6"))}
	// Black: a black logo on a black team colour, no light variant.
	Black = render.Team{Name: "Black Knights", Short: "Knights", Abbr: "BLK",
		Color: rgb("#111111"), AltColor: rgb("#1c1c1c"), HasAlt: true,
		Logo: rendertest.Logo(rendertest.Shield, 400, nrgba("#0b0b0b"), nrgba("#2a2a2a"))}
	// Yellow: a yellow logo with a white detail on a yellow team colour.
	Yellow = render.Team{Name: "Sunrays", Short: "Sunrays", Abbr: "SUN",
		Color: rgb("#ffd100"), AltColor: rgb("#ffffff"), HasAlt: true,
		Logo: rendertest.Logo(rendertest.Star, 400, nrgba("#ffd100"), nrgba("#ffffff"))}
	// Purple: the body is the team colour with a bright gold detail; the
	// dark-background variant is gold with a purple detail.
	Purple = render.Team{Name: "Los Angeles Lakers", Short: "Lakers", Abbr: "LAL",
		Color: rgb("#552583"), AltColor: rgb("#fdb927"), HasAlt: true,
		Logo:     rendertest.Logo(rendertest.Diamond, 420, nrgba("#552583"), nrgba("#fdb927")),
		LogoDark: rendertest.Logo(rendertest.Diamond, 420, nrgba("#fdb927"), nrgba("#552583"))}
	// Green: the body is the team colour with a white detail, no variant.
	Green = render.Team{Name: "Boston Celtics", Short: "Celtics", Abbr: "BOS",
		Color: rgb("#007a33"), AltColor: rgb("#ba9653"), HasAlt: true,
		Logo: rendertest.Logo(rendertest.RoundSquare, 420, nrgba("#007a33"), nrgba("#ffffff"))}
	// RedA and RedB wear the same red, with red logos.
	RedA = render.Team{Name: "Chicago Bulls", Short: "Bulls", Abbr: "CHI",
		Color: rgb("#ce1141"), AltColor: rgb("#000000"), HasAlt: true,
		Logo: rendertest.Logo(rendertest.Hexagon, 400, nrgba("#ce1141"), nrgba("#000000"))}
	RedB = render.Team{Name: "Houston Rockets", Short: "Rockets", Abbr: "HOU",
		Color: rgb("#c8102e"), AltColor: rgb("#c4ced4"), HasAlt: true,
		Logo: rendertest.Logo(rendertest.Circle, 400, nrgba("#c8102e"), nrgba("#ffffff"))}
	// Tiny: a 24-px logo.
	Tiny = render.Team{Name: "Tiny Town", Short: "Tiny", Abbr: "TNY",
		Color: rgb("#0b6e99"), AltColor: rgb("#ffffff"), HasAlt: true,
		Logo: rendertest.Logo(rendertest.Hexagon, 24, nrgba("#ffffff"), nrgba("#f26522"))}
	// Wide: an 8:1 wordmark.
	Wide = render.Team{Name: "Wordmark United", Short: "United", Abbr: "WMU",
		Color: rgb("#1d428a"), AltColor: rgb("#ffc72c"), HasAlt: true,
		Logo: rendertest.Wordmark(640, 80, nrgba("#ffc72c"), nrgba("#1d428a"))}
	// Tall: a 1:4 mark.
	Tall = render.Team{Name: "Tower City", Short: "Towers", Abbr: "TWR",
		Color: rgb("#f26522"), AltColor: rgb("#1a1a1a"), HasAlt: true,
		Logo: rendertest.Wordmark(100, 400, nrgba("#1a1a1a"), nrgba("#ffffff"))}
	// Daylight: a yellow logo on a white team (on a white card it
	// vanishes), no dark variant.
	Daylight = render.Team{Name: "Daylight", Short: "Daylight", Abbr: "DAY",
		Color: rgb("#ffffff"), AltColor: rgb("#ffd100"), HasAlt: true,
		Logo: rendertest.Logo(rendertest.Star, 400, nrgba("#ffd100"), nrgba("#ffe680"))}
	// Violet: a dark purple logo on a purple team, no dark variant (on
	// the near-black grid of styles 5 and 6 it vanishes).
	Violet = render.Team{Name: "Violets", Short: "Violets", Abbr: "VIO",
		Color: rgb("#4b2a7b"), AltColor: rgb("#b4975a"), HasAlt: true,
		Logo: rendertest.Logo(rendertest.Diamond, 400, nrgba("#3a1f63"), nrgba("#2d1a4d"))}
	// LongName and ShortName: name mode with very different name lengths.
	LongName = render.Team{Name: "Club Atlético Internacional de Deportes Unidos", Short: "Internacional", Abbr: "CAI",
		Color: rgb("#00529f"), AltColor: rgb("#ffffff"), HasAlt: true}
	ShortName = render.Team{Name: "Ajax", Short: "Ajax", Abbr: "AJX",
		Color: rgb("#d2122e"), AltColor: rgb("#ffffff"), HasAlt: true}
)

// doubles returns an athlete pair's side: two busts overlapping by a
// sixth of their height, the first in front, as the scene package
// composes them.
func doubles(name, abbr string, c colorx.RGB, skin, shirt string) render.Team {
	a := rendertest.Bust(300, nrgba(skin), nrgba(shirt))
	b := rendertest.Bust(300, nrgba("#8d5524"), nrgba(shirt))
	pair := image.NewNRGBA(image.Rect(0, 0, 550, 300))
	draw.Draw(pair, image.Rect(250, 0, 550, 300), b, image.Point{}, draw.Over)
	draw.Draw(pair, image.Rect(0, 0, 300, 300), a, image.Point{}, draw.Over)
	return render.Team{Name: name, Short: name, Abbr: abbr, Color: c, Logo: pair}
}

// Cases lists the hard-case scenes.
func Cases() []Case {
	pair := func(a, b render.Team) render.Scene { return render.Scene{League: League, Teams: []render.Team{a, b}} }
	return []Case{
		{Name: "white_black", Scene: pair(White, Black)},
		{Name: "yellow_purple", Scene: pair(Yellow, Purple)},
		{Name: "green_white", Scene: pair(Green, White)},
		{Name: "same_reds", Scene: pair(RedA, RedB)},
		{Name: "tiny_wide", Scene: pair(Tiny, Wide)},
		{Name: "tall_yellow", Scene: pair(Tall, Yellow)},
		{Name: "daylight_violet", Scene: pair(Daylight, Violet)},
		{Name: "long_names", Scene: pair(LongName, ShortName), NameMode: true},
		{Name: "doubles", Scene: pair(
			doubles("Bryan / Bryan", "BRY", rgb("#0a3161"), "#f1c27d", "#0a3161"),
			doubles("Mektic / Pavic", "MEP", rgb("#ff0000"), "#e0ac69", "#ffffff"))},
	}
}

// Teams lists every team of the cases once, for team pictures.
func Teams() []render.Team {
	return []render.Team{White, Black, Yellow, Purple, Green, RedA, RedB, Tiny, Wide, Tall, Daylight, Violet}
}

// Picture is one picture to render: a case in a style and kind.
type Picture struct {
	Name  string
	Scene render.Scene
	Opts  render.Options
}

// Sizes of the pictures (Options.Width x Height; logos are square).
var (
	ThumbSize = image.Pt(1440, 1080)
	CoverSize = image.Pt(1080, 1440)
	LogoSize  = 1024
)

// Pictures lists every case in every thumbnail and cover style (with the
// league logo) and every matchup logo style, and every team's thumbnail
// and compact logo, at the sizes above scaled by scale.
func Pictures(scale float64) []Picture {
	sz := func(p image.Point) image.Point {
		return image.Pt(int(float64(p.X)*scale), int(float64(p.Y)*scale))
	}
	th, cv, lg := sz(ThumbSize), sz(CoverSize), int(float64(LogoSize)*scale)
	var out []Picture
	for _, c := range Cases() {
		for _, st := range []int{1, 2, 3, 4, 5, 6, 10, 11, 12, 13, 98, 99} {
			for _, k := range []struct {
				name string
				kind render.Kind
				size image.Point
			}{{"thumb", render.KindThumb, th}, {"cover", render.KindCover, cv}} {
				scene := c.Scene
				if render.IsVenueStyle(st) {
					scene = atVenue(scene, st == 10 || st == 12)
				}
				out = append(out, Picture{fmt.Sprintf("%s_%s_style%d", c.Name, k.name, st), scene, render.Options{
					Kind: k.kind, Width: k.size.X, Height: k.size.Y, Style: st, LeagueLogo: true, NameMode: c.NameMode}})
			}
		}
		for st := 1; st <= 6; st++ {
			out = append(out, Picture{fmt.Sprintf("%s_logo_style%d", c.Name, st), c.Scene, render.Options{
				Kind: render.KindLogo, Width: lg, Height: lg, Style: st, LeagueLogo: true, Trim: true, NameMode: c.NameMode}})
		}
	}
	for _, t := range Teams() {
		s := render.Scene{League: League, Teams: []render.Team{t}}
		out = append(out,
			Picture{"team_" + t.Abbr + "_thumb", s, render.Options{Kind: render.KindThumb, Width: th.X, Height: th.Y}},
			Picture{"team_" + t.Abbr + "_logo", s, render.Options{Kind: render.KindLogo, Width: lg, Height: lg, Style: 1, Trim: true}})
	}
	return out
}
