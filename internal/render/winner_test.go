package render

import (
	"testing"

	"gamethumbs/internal/colorx"
	"gamethumbs/internal/render/rendertest"
)

// TestWinnerKeepsFullColour: with winner=, only the loser is greyed;
// the winner's side keeps its team colour exactly, also when that colour
// is close to the loser's grey (a pink next to #d3d3d3 used to be dulled
// to #a16990 by the clash rule: the greyed side is the one that moves).
func TestWinnerKeepsFullColour(t *testing.T) {
	pink := Team{Name: "Pinks", Color: hexRGB("#e0b8cc"), AltColor: hexRGB("#3a0d2d"), HasAlt: true,
		Logo: rendertest.Logo(rendertest.Circle, 200, nrgba("#3a0d2d"), nrgba("#ffffff"))}
	loser := teamGreen
	loser.Loser = true
	for _, tt := range []struct {
		style int
		x, y  func(o Options) int // a point of the winner's side or badge
	}{
		{1, func(o Options) int { return 2 }, func(o Options) int { return 2 }},
		{3, func(o Options) int { return o.Width / 5 }, func(o Options) int { return o.Height/2 - int(0.15*float64(o.Height)) }},
		{4, func(o Options) int { return o.Width / 5 }, func(o Options) int { return o.Height/2 - int(0.15*float64(o.Height)) }},
	} {
		o := small(KindThumb, tt.style)
		o.LeagueLogo = false
		img := render(t, matchupScene(pink, loser), o)
		if got := px(img, tt.x(o), tt.y(o)); got != pink.Color {
			t.Errorf("style %d: the winner's side is %s, want its own %s", tt.style, got.Hex(), pink.Color.Hex())
		}
		if d := colorx.DeltaE(pink.Color, greyPrimary); d >= clashDE {
			t.Fatalf("the winner's colour is ΔE %.3f from the loser's grey: no clash to test", d)
		}
		// The loser's side is grey.
		img2 := render(t, matchupScene(loser, pink), o)
		if c := px(img2, tt.x(o), tt.y(o)).OKLCh(); c.C >= colorx.Achromatic {
			t.Errorf("style %d: the loser's side has chroma %.3f, want a grey", tt.style, c.C)
		}
	}
}
