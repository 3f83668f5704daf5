package hardcase

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"testing"

	"gamethumbs/internal/colorx"
	"gamethumbs/internal/espntest"
	"gamethumbs/internal/render"
)

// The colour identity rule (render's contrast.go) on the teams of the
// test provider: every side, badge, panel or grid line a style paints in
// a team's colour keeps that team's hue.

// espnTeams returns the test provider's teams of a league as render
// teams, with their colours and logos (both variants).
func espnTeams(sport, slug string) []render.Team {
	var out []render.Team
	for _, t := range espntest.Teams(sport, slug) {
		c, ok := colorx.ParseHex(t.Color)
		if !ok {
			continue
		}
		a, okA := colorx.ParseHex(t.AlternateColor)
		light, dark := espntest.LogoImages(t)
		out = append(out, render.Team{Name: t.DisplayName, Short: t.ShortDisplayName, Abbr: t.Abbreviation,
			Color: c, AltColor: a, HasAlt: okA, Logo: light, LogoDark: dark})
	}
	return out
}

// probe is where a style paints a side's colour, as fractions of the
// canvas: a point clear of logos, league logo and VS badge, or (grid) a
// region whose most colourful pixel is a grid line.
type probe struct {
	kind     render.Kind
	w, h     int
	style    int
	at       func(w, h float64) [2][2]float64 // side A and B points
	region   bool                             // at gives the regions' top-left corners; size regionW x rh
	rh       float64
	noLeague bool
}

const regionW = 0.12

// maxIllegible is the share of team logos of the test provider that may
// score below render.LegibleScore (see TestTeamsKeepTheirColour).
const maxIllegible = 0.03

func probes() []probe {
	corners := func(w, h float64) [2][2]float64 { return [2][2]float64{{0.04 * w, 0.05 * h}, {0.96 * w, 0.95 * h}} }
	return []probe{
		{kind: render.KindThumb, w: 360, h: 270, style: 1, at: corners},
		{kind: render.KindCover, w: 270, h: 360, style: 1, at: corners},
		{kind: render.KindThumb, w: 360, h: 270, style: 2, at: func(w, h float64) [2][2]float64 { return [2][2]float64{{0.04 * w, 0.05 * h}, {0.96 * w, 0.05 * h}} }},
		{kind: render.KindCover, w: 270, h: 360, style: 2, at: corners},
		{kind: render.KindThumb, w: 360, h: 270, style: 6, region: true, rh: 0.2, at: func(w, h float64) [2][2]float64 { return [2][2]float64{{0, 0}, {(1 - regionW) * w, 0}} }},
		{kind: render.KindCover, w: 270, h: 360, style: 6, region: true, rh: 0.3, at: func(w, h float64) [2][2]float64 { return [2][2]float64{{0, 0}, {(1 - regionW) * w, 0}} }},
		{kind: render.KindThumb, w: 360, h: 270, style: 98, at: func(w, h float64) [2][2]float64 { return [2][2]float64{{0.25 * w, 0.1 * h}, {0.75 * w, 0.1 * h}} }},
		{kind: render.KindThumb, w: 360, h: 270, style: 99, at: func(w, h float64) [2][2]float64 { return [2][2]float64{{0.25 * w, 0.1 * h}, {0.75 * w, 0.9 * h}} }},
		{kind: render.KindCover, w: 270, h: 360, style: 98, at: func(w, h float64) [2][2]float64 { return [2][2]float64{{0.07 * w, 0.25 * h}, {0.93 * w, 0.75 * h}} }},
		{kind: render.KindCover, w: 270, h: 360, style: 99, at: func(w, h float64) [2][2]float64 { return [2][2]float64{{0.07 * w, 0.25 * h}, {0.93 * w, 0.75 * h}} }},
		// Badges: the top of each circle of thumbnail styles 3 and 4
		// (no league logo: the circles are centred), and of the badges
		// of logo styles 3 to 6.
		{kind: render.KindThumb, w: 360, h: 270, style: 3, noLeague: true, at: badgeTop},
		{kind: render.KindThumb, w: 360, h: 270, style: 4, noLeague: true, at: badgeTop},
		{kind: render.KindLogo, w: 256, h: 256, style: 3, noLeague: true, at: func(w, h float64) [2][2]float64 {
			off := 0.05*w + 0.175*w
			return [2][2]float64{{w/2 - off, h/2 - 0.18*w}, {w/2 + off, h/2 - 0.18*w}}
		}},
		{kind: render.KindLogo, w: 256, h: 256, style: 4, noLeague: true, at: func(w, h float64) [2][2]float64 {
			bs := math.Round(0.4 * w)
			return [2][2]float64{{w/2 - bs/2, h/2 - 0.46*bs}, {w/2 + bs/2, h/2 - 0.46*bs}}
		}},
		{kind: render.KindLogo, w: 256, h: 256, style: 5, at: func(w, h float64) [2][2]float64 {
			d := 0.9 * w / 2.8
			return [2][2]float64{{w / 2, h/2 - 0.42*d}, {w/2 + 0.9*d, h/2 - 0.42*d}}
		}},
		{kind: render.KindLogo, w: 256, h: 256, style: 6, at: func(w, h float64) [2][2]float64 {
			bs := math.Round(0.3 * w)
			x0 := math.Round(w/2 - 1.5*bs)
			return [2][2]float64{{x0 + 1.5*bs, h/2 - 0.45*bs}, {x0 + 2.5*bs, h/2 - 0.45*bs}}
		}},
	}
}

// badgeTop is the top of each circle of thumbnail styles 3 and 4 without
// the league logo.
func badgeTop(w, h float64) [2][2]float64 {
	m := min(w, h)
	r := min(0.6*0.3*m, 0.17*w, 0.45*h)
	return [2][2]float64{{w / 5, h/2 - 0.85*r}, {4 * w / 5, h/2 - 0.85*r}}
}

// mean is the average colour of the 5x5 pixels around (x, y).
func mean(img image.Image, x, y int) colorx.RGB {
	var r, g, b, n int
	for dy := -2; dy <= 2; dy++ {
		for dx := -2; dx <= 2; dx++ {
			c := color.NRGBAModel.Convert(img.At(x+dx, y+dy)).(color.NRGBA)
			r, g, b, n = r+int(c.R), g+int(c.G), b+int(c.B), n+1
		}
	}
	return colorx.RGB{R: uint8(r / n), G: uint8(g / n), B: uint8(b / n)}
}

// mostColourful is the most chromatic pixel of a region (a grid line).
func mostColourful(img image.Image, r image.Rectangle) colorx.RGB {
	var best colorx.RGB
	bestC := -1.0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			c := color.NRGBAModel.Convert(img.At(x, y)).(color.NRGBA)
			rgb := colorx.RGB{R: c.R, G: c.G, B: c.B}
			// The lightest of the most colourful: a line's core, not
			// its anti-aliased edge on the black ground.
			if ch := rgb.OKLCh(); ch.C+0.2*ch.L > bestC {
				best, bestC = rgb, ch.C+0.2*ch.L
			}
		}
	}
	return best
}

// identityFailure is one side that lost its team's hue.
type identityFailure struct {
	what      string
	want, got colorx.RGB
}

// checkIdentity renders every team of teams against the next one in
// every probe and returns the number of sides checked and those that
// lost their hue, and the team logos drawn and those that do not read
// (render.Legibility below render.LegibleScore).
func checkIdentity(t *testing.T, league string, teams []render.Team) (int, []identityFailure, int, []string) {
	t.Helper()
	var fails []identityFailure
	var illegible []string
	n, logos := 0, 0
	for i, a := range teams {
		b := teams[(i+1)%len(teams)]
		sc := render.Scene{League: League, Teams: []render.Team{a, b}}
		for _, pr := range probes() {
			o := render.Options{Kind: pr.kind, Width: pr.w, Height: pr.h, Style: pr.style, LeagueLogo: !pr.noLeague}
			img, draws := traced(t, Picture{Name: fmt.Sprintf("%s %s vs %s %s style %d", league, a.Abbr, b.Abbr, pr.kind.String(), pr.style), Scene: sc, Opts: o})
			for _, d := range draws {
				logos++
				if s := render.Legibility(img, d); s < render.LegibleScore {
					illegible = append(illegible, fmt.Sprintf("%s %s vs %s, %s style %d: a logo at %v scores %.2f", league, a.Abbr, b.Abbr, pr.kind.String(), pr.style, d.Rect, s))
				}
			}
			pts := pr.at(float64(pr.w), float64(pr.h))
			for s, tm := range []render.Team{a, b} {
				x, y := int(pts[s][0]), int(pts[s][1])
				var got colorx.RGB
				if pr.region {
					got = mostColourful(img, image.Rect(x, y, x+int(regionW*float64(pr.w)), y+int(pr.rh*float64(pr.h))))
				} else {
					got = mean(img, x, y)
				}
				n++
				if !colorx.SameHue(tm.Color, got, 25, 0.5) {
					fails = append(fails, identityFailure{fmt.Sprintf("%s %s vs %s, %s style %d, side %s", league, a.Abbr, b.Abbr, pr.kind.String(), pr.style, tm.Abbr), tm.Color, got})
				}
			}
			render.Release(img)
		}
	}
	return n, fails, logos, illegible
}

// TestTeamsKeepTheirColour: for the 30 NBA, 32 NFL and 32 NHL teams of
// the test provider, each side's colour keeps its team's hue (within 25°
// in OKLCH and at least half its chroma; a colourless team stays
// colourless) in at least 98 % of the sides of every style that paints a
// side in team colour. -short and -race builds check the NBA only.
func TestTeamsKeepTheirColour(t *testing.T) {
	leagues := [][2]string{{"basketball", "nba"}, {"football", "nfl"}, {"hockey", "nhl"}}
	if testing.Short() || raceDetector {
		leagues = leagues[:1]
	}
	total, failed, logos, bad := 0, 0, 0, 0
	for _, l := range leagues {
		teams := espnTeams(l[0], l[1])
		n, fails, nl, illegible := checkIdentity(t, l[1], teams)
		total += n
		failed += len(fails)
		logos += nl
		for _, f := range fails {
			t.Logf("%s: %s became %s", f.what, f.want.Hex(), f.got.Hex())
		}
		for _, s := range illegible {
			t.Logf("%s", s)
		}
		bad += len(illegible)
	}
	// Keeping the colour must not cost legibility. These generated
	// badges (a disc of the team colour with a thin ring in the
	// alternate) are harder than most real logos: their body is the
	// side's colour, so they read by the ring and the halo, which the
	// measure sees poorly at the small sizes of the badge styles (a
	// 50-px logo). The wave-2 renderer left 249 of 3008 (8.3 %) below
	// render.LegibleScore by swapping colours; the hard cases
	// (TestEveryTeamLogoLegible) hold every logo above it.
	if share := float64(bad) / float64(logos); share > maxIllegible {
		t.Errorf("%d of %d team logos score below %.2f (%.1f %%), want at most %.0f %%", bad, logos, render.LegibleScore, 100*share, 100*maxIllegible)
	} else {
		t.Logf("%d of %d team logos score below %.2f (%.1f %%)", bad, logos, render.LegibleScore, 100*share)
	}
	if share := float64(total-failed) / float64(total); share < 0.98 {
		t.Errorf("%d of %d sides kept their team's hue (%.1f %%), want >= 98 %%", total-failed, total, 100*share)
	} else {
		t.Logf("%d of %d sides kept their team's hue (%.1f %%)", total-failed, total, 100*share)
	}
}
