package render

import (
	"image"
	"image/color"

	"gamethumbs/internal/colorx"
	"gamethumbs/internal/render/rendertest"
)

// Deterministic synthetic fixtures shared by the tests and benchmarks.

func nrgba(hex string) color.NRGBA {
	c, _ := colorx.ParseHex(hex)
	return color.NRGBA{c.R, c.G, c.B, 255}
}

func hexRGB(s string) colorx.RGB { c, _ := colorx.ParseHex(s); return c }

var (
	testLeague = League{Code: "tl", Name: "Test League",
		Logo: rendertest.Logo(rendertest.Shield, 200, nrgba("#f0f0f0"), nrgba("#1d428a"))}
	teamPurple = Team{Name: "Los Angeles Lakers", Short: "Lakers", Abbr: "LAL",
		Color: hexRGB("#552583"), AltColor: hexRGB("#fdb927"), HasAlt: true,
		Logo: rendertest.Logo(rendertest.Diamond, 240, nrgba("#fdb927"), nrgba("#552583"))}
	teamGreen = Team{Name: "Boston Celtics", Short: "Celtics", Abbr: "BOS",
		Color: hexRGB("#007a33"), AltColor: hexRGB("#ba9653"), HasAlt: true,
		Logo: rendertest.Logo(rendertest.RoundSquare, 220, nrgba("#ffffff"), nrgba("#007a33"))}
	// teamDark has a black default logo and a white dark-background variant.
	teamDark = Team{Name: "Brooklyn Nets", Short: "Nets", Abbr: "BKN",
		Color: hexRGB("#000000"), AltColor: hexRGB("#000000"),
		Logo:     rendertest.Logo(rendertest.Hexagon, 200, nrgba("#111111"), nrgba("#333333")),
		LogoDark: rendertest.Logo(rendertest.Hexagon, 200, nrgba("#ffffff"), nrgba("#dddddd"))}
)

func matchupScene(a, b Team) Scene { return Scene{League: testLeague, Teams: []Team{a, b}} }

// matchupVariants returns purple v green with green losing, with purple
// missing (unknown team), and in a skipLogos league.
func matchupVariants() (loser, missing, skip Scene) {
	loser = matchupScene(teamPurple, teamGreen)
	loser.Teams[1].Loser = true
	missing = matchupScene(teamPurple, teamGreen)
	missing.Teams[0].Missing = true
	skip = matchupScene(teamPurple, teamGreen)
	skip.League.SkipLogos = true
	return loser, missing, skip
}

// aspects lists the production canvas sizes per kind.
var aspects = map[Kind][]image.Point{
	KindThumb: {{1440, 1080}, {1920, 1080}, {1080, 1080}},
	KindCover: {{1080, 1440}, {1080, 1920}, {1080, 1080}},
}

var allStyles = []int{1, 2, 3, 4, 5, 6, 98, 99}

// small returns golden-size options: thumb 320x240, cover 240x320.
func small(kind Kind, style int) Options {
	o := Options{Kind: kind, Width: 320, Height: 240, Style: style}
	if kind == KindCover {
		o.Width, o.Height = 240, 320
	}
	return o
}

// px returns the non-premultiplied colour at (x, y) of an opaque render.
func px(img image.Image, x, y int) colorx.RGB {
	c := color.NRGBAModel.Convert(img.At(x, y)).(color.NRGBA)
	return colorx.RGB{R: c.R, G: c.G, B: c.B}
}
