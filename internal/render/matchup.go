package render

import (
	"image"
	"strings"
	"unicode"
	"unicode/utf8"

	"gamethumbs/internal/colorx"
)

// Grey colours of a losing team or a missing-team stand-in, as the reference renderer draws them.
var (
	greyPrimary   = colorx.RGB{R: 0xd3, G: 0xd3, B: 0xd3}
	greyAlternate = colorx.RGB{R: 0xb8, G: 0xb8, B: 0xb8}
	standInGrey   = colorx.RGB{R: 0x99, G: 0x99, B: 0x99}
)

// side is one team of a matchup after the winner, fallback, skipLogos,
// name-mode and colour-clash rules have been applied.
type side struct {
	color, alt     colorx.RGB
	logo, logoDark image.Image // candidates, picked per background by pickLogo
	grey           bool        // loser or stand-in: greyscale at 35 %
	name           string      // name mode (or a team without any logo): text instead of a logo
	initial        string      // missing team and no league logo: grey initial letter
}

// Upscaling rule: logos are drawn at most maxUpscale times their
// (trimmed) source size, never blown up into a blur. A team logo whose
// capped size stays below tinyShare of the canvas's short side is shown
// as the team's name instead.
const (
	maxUpscale = 3.0
	tinyShare  = 0.2
)

// tinyLogo reports whether the larger of a team's logo variants is too
// small to show (see the upscaling rule).
func (p *painter) tinyLogo(logos ...image.Image) bool {
	best := 0
	for _, img := range logos {
		if img == nil {
			continue
		}
		if trim, ok := logoTrim(p.cache, img); ok {
			best = max(best, trim.Dx(), trim.Dy())
		}
	}
	return best > 0 && maxUpscale*float64(best) < tinyShare*p.m
}

// displayName is the text of a team's name card.
func displayName(t Team) string {
	for _, s := range []string{t.Name, t.Short, t.Abbr} {
		if s = strings.TrimSpace(s); s != "" {
			return s
		}
	}
	return ""
}

// initialOf is the upper-cased first letter of a team's name, or "?".
func initialOf(t Team) string {
	for _, r := range displayName(t) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return string(unicode.ToUpper(r))
		}
	}
	return "?"
}

// sides prepares both teams of a matchup, once per render (a banded
// render paints the matchup once per band).
func (p *painter) sides() [2]*side {
	if p.prepared != nil {
		return *p.prepared
	}
	sd := p.prepareSides()
	p.prepared = &sd
	return sd
}

func (p *painter) prepareSides() [2]*side {
	lg := p.s.League
	var out [2]*side
	for i := range 2 {
		t := p.s.Teams[i]
		// The team's own colour (the colour identity rule, contrast.go).
		sd := &side{color: t.Color, alt: t.AltColor}
		hasAlt := t.HasAlt
		switch {
		case t.Missing:
			sd.color, sd.alt, hasAlt, sd.grey = greyPrimary, greyAlternate, true, true
			sd.logo, sd.logoDark = lg.Logo, lg.LogoDark
			if sd.logo == nil && sd.logoDark == nil {
				sd.initial = initialOf(t)
			}
		case t.Loser:
			sd.color, sd.alt, hasAlt, sd.grey = greyPrimary, greyAlternate, true, true
			sd.logo, sd.logoDark = t.Logo, t.LogoDark
		default:
			sd.logo, sd.logoDark = t.Logo, t.LogoDark
		}
		if !t.Missing {
			if lg.SkipLogos {
				sd.logo, sd.logoDark = nil, nil
				if p.o.NameMode {
					sd.name = displayName(t)
				}
			} else if p.o.NameMode || (sd.logo == nil && sd.logoDark == nil) {
				// Name mode, or a team with no logo at all: its name rather
				// than an empty side.
				sd.logo, sd.logoDark = nil, nil
				sd.name = displayName(t)
			}
		}
		if sd.name == "" && !sd.grey && p.tinyLogo(sd.logo, sd.logoDark) {
			// Blown up to its box it would be a blur: the name reads better.
			sd.logo, sd.logoDark = nil, nil
			sd.name = displayName(t)
		}
		if !hasAlt {
			sd.alt = sd.color
		}
		out[i] = sd
	}
	a, b := out[0], out[1]
	a.color, b.color = separate(a.color, b.color, false, false, a.grey, b.grey, p.scoreOn(a), p.scoreOn(b))
	for _, sd := range out {
		if !sd.grey {
			sd.color = p.legibleShade(sd, sd.color)
		}
	}
	return out
}

// scoreOn returns the legibility of side sd's logo (the variant that
// reads best) on a colour, or nil for a side without a logo.
func (p *painter) scoreOn(sd *side) func(colorx.RGB) float64 {
	if sd.logo == nil && sd.logoDark == nil {
		return nil
	}
	return func(c colorx.RGB) float64 { return p.legible(p.pickLogo(sd.logo, sd.logoDark, c), c) }
}

// legibleShade is step 3 of the colour identity rule (contrast.go) for
// side sd painted in colour c: a shade of c when neither the logo
// variant nor the halo makes the logo read on c.
func (p *painter) legibleShade(sd *side, c colorx.RGB) colorx.RGB {
	read := p.scoreOn(sd)
	if read == nil || read(c) >= rescueScore {
		return c
	}
	logo := p.pickLogo(sd.logo, sd.logoDark, c)
	return legibleShade(c, read, p.haloScore(logo, c))
}

// drawSide draws a side's logo, name card or stand-in initial in the square
// box of side s centred at (cx, cy), on background colour bg.
func (p *painter) drawSide(sd *side, bg colorx.RGB, cx, cy, s float64, sh *shadowSpec) {
	if p.warming && (sd.name != "" || sd.initial != "") {
		return // only logos have sprites to prepare
	}
	switch {
	case sd.name != "":
		// Names are wide: on covers (one side above the other) they get
		// the canvas's width rather than the square logo box.
		w := s
		if p.portrait && p.o.Style != 3 && p.o.Style != 4 {
			w = 0.9 * p.W
		}
		p.drawName(p.dst, p.sideIndex(sd), sd.grey, bg, cx, cy, w, s)
	case sd.initial != "":
		tb := fitText(fontBlack, sd.initial, 0.8*s, 0.8*s, 0.6*s, 1, 1.15)
		p.drawText(p.dst, tb, cx, cy, standInGrey, 1, true, nil)
	default:
		p.drawPicked(p.dst, sd.logo, sd.logoDark, bg, sd.grey, cx, cy, s, sh)
	}
}

// sideIndex is the index of matchup side sd.
func (p *painter) sideIndex(sd *side) int {
	if p.sides()[1] == sd {
		return 1
	}
	return 0
}

// nameCard draws a team name in weight-900 type fitted to a box of side s
// as the reference renderer does: start at 0.3 s, shrink until the wrapped lines fit 95 % of the
// box, never clipping or breaking words. Greyed sides draw at half opacity.
func (p *painter) nameCard(name string, grey bool, bg colorx.RGB, cx, cy, s float64) {
	maxLines := max(1, utf8.RuneCountInString(name))
	tb := fitText(fontBlack, name, 0.95*s, 0.95*s, 0.3*s, maxLines, 1.15)
	alpha := 1.0
	if grey {
		alpha = 0.5
	}
	tc := textColorOn(bg)
	sh := shadowText
	if tc.IsDark() { // dark text: a black shadow would only blur it
		sh = nil
	}
	p.drawText(p.dst, tb, cx, cy, tc, alpha, false, sh)
}

// logoBoxes returns the common logo box side and the two centres of styles
// 1, 2, 5 and 6.
//
// With the league logo (0.25 m) in the middle, the boxes keep margins
// that scale with the canvas: leagueGap of m clear of the league logo and
// edgeGap of m from the canvas edge, shrinking and moving outwards where
// the reference's fractions would crowd them (a square canvas put the logos
// 15 px from the league logo at 1080 px).
const (
	leagueGap = 0.05
	edgeGap   = 0.04
)

func (p *painter) logoBoxes() (s, ax, ay, bx, by float64) {
	W, H, m := p.W, p.H, p.m
	long, s := W, min(0.325*W, 0.52*H)
	if p.portrait {
		long, s = H, min(0.5*W, 0.32*H)
	}
	c := 0.2 * long // box centre from the near edge along the long side
	if p.o.LeagueLogo {
		inner := long/2 - 0.125*m - leagueGap*m // the box's inner edge at most
		s = min(s, inner-edgeGap*m)
		c = max(min(c, inner-s/2), edgeGap*m+s/2)
	}
	if p.portrait {
		return s, W / 2, c, W / 2, H - c
	}
	return s, c, H / 2, W - c, H / 2
}

// logoSteps returns the last drawing steps of styles 1, 2, 5 and 6: each
// team's side in its box (logo on background bgA or bgB) and the league
// logo in the middle (on bgMid). Their sprites are prepared first, in
// parallel (warm).
func (p *painter) logoSteps(a, b *side, bgA, bgB, bgMid colorx.RGB) []func() {
	s, ax, ay, bx, by := p.logoBoxes()
	draws := []func(q *painter){
		func(q *painter) { q.drawOpenSide(0, a, bgA, ax, ay, s) },
		func(q *painter) { q.drawOpenSide(1, b, bgB, bx, by, s) },
		func(q *painter) { q.centreLeagueLogo(bgMid) },
	}
	p.warm(draws...)
	steps := make([]func(), len(draws))
	for i, d := range draws {
		steps[i] = func() { d(p) }
	}
	return steps
}

// drawOpenSide draws side i of styles 1, 2, 5 and 6: a bust composed as
// a portrait in its half (bust.go), anything else in its box of side s
// centred at (cx, cy).
func (p *painter) drawOpenSide(i int, sd *side, bg colorx.RGB, cx, cy, s float64) {
	if p.sideBust(sd) {
		p.drawBustInSide(p.bustSide(i), sd, bg)
		return
	}
	p.drawSide(sd, bg, cx, cy, s, shadowLogo)
}

// centreLeagueLogo draws the league logo (0.25 m) in the middle of the
// canvas when Options.LeagueLogo is set, picked against bg.
func (p *painter) centreLeagueLogo(bg colorx.RGB) {
	if !p.o.LeagueLogo {
		return
	}
	lg := p.s.League
	p.drawPicked(p.dst, lg.Logo, lg.LogoDark, bg, false, p.W/2, p.H/2, 0.25*p.m, shadowLogo)
}

// matchup dispatches on the style.
func (p *painter) matchup() error {
	sd := p.sides()
	switch p.o.Style {
	case 0, 1:
		return p.split(sd)
	case 2:
		return p.blend(sd)
	case 3, 4:
		return p.minimal(sd, p.o.Style == 4)
	case 5, 6:
		return p.grid(sd, p.o.Style == 6)
	case 98, 99:
		return p.emboss(sd, p.o.Style == 98)
	case 10, 11, 12, 13:
		return p.stadium(sd)
	}
	return &OptionError{"Style", p.o.Style, "unknown style"}
}
