package render

import (
	"context"
	"image"
	"image/color"
	"testing"

	"gamethumbs/internal/colorx"
	"gamethumbs/internal/render/rendertest"
)

// Colours of the league-derived and team cards.

func TestSkipLogosCardFollowsLeagueColour(t *testing.T) {
	red := League{Code: "f1", Name: "Formula 1", SkipLogos: true,
		Logo: rendertest.Logo(rendertest.Shield, 200, nrgba("#e10600"), nrgba("#ffffff"))}
	blue := League{Code: "nascar", Name: "NASCAR", SkipLogos: true,
		Logo: rendertest.Logo(rendertest.Shield, 200, nrgba("#1d4ed8"), nrgba("#ffffff"))}
	const size = 256
	c := (&painter{W: size, H: size}).compactCard()
	probe := image.Pt(int(c.at(0.95)), int(c.y0+0.15*c.bs))
	var first image.Image
	for _, st := range []int{1, 3, 5} {
		for _, lg := range []League{red, blue} {
			sc := Scene{League: lg, Teams: []Team{teamPurple, teamGreen}}
			img := render(t, sc, logoOpts(st, size, false))
			p := nrgbaPx(img, probe.X, probe.Y)
			if lg.Code == "f1" && !(int(p.R) > int(p.B)+20) || lg.Code == "nascar" && !(int(p.B) > int(p.R)+20) {
				t.Errorf("skipLogos %s style %d: card colour %v, want it tinted by the league's colour", lg.Code, st, p)
			}
			if lg.Code == "f1" {
				if first == nil {
					first = img
				} else if d, _, _ := rendertest.Compare(img, first); d.Count > 0 {
					t.Errorf("skipLogos style %d differs from style 1 (%v), want one design for every style", st, d)
				}
			}
		}
	}
}

// TestCompactTeamKeepsItsColour: the compact team card is the team's
// primary colour (the colour identity rule), and a logo that vanishes on
// it (a red logo on red) reads by its halo instead of a swapped card.
func TestCompactTeamKeepsItsColour(t *testing.T) {
	redLogo := rendertest.Logo(rendertest.Circle, 200, nrgba("#c8102e"), nrgba("#c8102e"))
	tests := []struct {
		name string
		team Team
		mode bool
		want colorx.RGB
	}{
		{"logo reads on primary", teamPurple, false, teamPurple.Color},
		{"red logo on red: primary", Team{Name: "Reds", Color: hexRGB("#c8102e"), AltColor: hexRGB("#000000"), HasAlt: true, Logo: redLogo}, false, hexRGB("#c8102e")},
		{"name mode: primary", Team{Name: "Reds", Color: hexRGB("#c8102e"), AltColor: hexRGB("#000000"), HasAlt: true, Logo: redLogo}, true, hexRGB("#c8102e")},
	}
	const size = 256
	c := (&painter{W: size, H: size}).compactCard()
	for _, tt := range tests {
		o := logoOpts(1, size, false)
		o.NameMode = tt.mode
		var draws []LogoDraw
		ctx := WithLogoTrace(context.Background(), func(d LogoDraw) { draws = append(draws, d) })
		img, err := testRenderer.Render(ctx, Scene{League: testLeague, Teams: []Team{tt.team}}, o)
		if err != nil {
			t.Fatal(err)
		}
		p := nrgbaPx(img, int(c.at(0.97)), int(c.y0+0.12*c.bs)) // a corner clear of logo and name
		if got := (colorx.RGB{R: p.R, G: p.G, B: p.B}); got != tt.want || p.A != 255 {
			t.Errorf("%s: card colour %s (alpha %d), want %s", tt.name, got.Hex(), p.A, tt.want.Hex())
		}
		for _, d := range draws {
			if s := Legibility(img, d); s < LegibleScore {
				t.Errorf("%s: logo legibility %.2f on its card, want >= %.2f", tt.name, s, LegibleScore)
			}
		}
	}
}

func TestCompactLeagueTones(t *testing.T) {
	const size = 512
	c := (&painter{W: size, H: size}).compactCard()
	img := render(t, Scene{League: testLeague}, logoOpts(1, size, false))
	left := nrgbaPx(img, int(c.at(0.05)), int(c.cy()))
	right := nrgbaPx(img, int(c.at(0.95)), int(c.cy()))
	if left == right {
		t.Errorf("compact league: both sides %v, want a diagonal split in two tones", left)
	}
	// The test league's logo is blue (#1d428a) on white: blue tones.
	for _, p := range []color.NRGBA{left, right} {
		if p.B <= p.R || p.A != 255 {
			t.Errorf("compact league tone %v, want an opaque blue-tinted colour", p)
		}
	}
	if lum := colorx.Luminance(colorx.RGB{R: right.R, G: right.G, B: right.B}); lum > 0.2 {
		t.Errorf("compact league tone luminance %.2f, want a dark card for the light logo", lum)
	}
	// A navy logo (dominant colour near the dark base) keeps a visible split.
	navy := League{Code: "nv", Name: "Navy League",
		Logo: rendertest.Logo(rendertest.Circle, 200, nrgba("#1b2040"), nrgba("#ffffff"))}
	img = render(t, Scene{League: navy}, logoOpts(1, size, false))
	l, r := nrgbaPx(img, int(c.at(0.05)), int(c.cy())), nrgbaPx(img, int(c.at(0.95)), int(c.cy()))
	if d := colorx.Distance(colorx.RGB{R: l.R, G: l.G, B: l.B}, colorx.RGB{R: r.R, G: r.G, B: r.B}); d < minToneGap {
		t.Errorf("navy league: tones %v and %v are %.0f apart, want >= %d", l, r, d, minToneGap)
	}
}
