package render

import (
	"image"

	"gamethumbs/internal/colorx"
)

// League card colours (compact league logo and skipLogos matchups): two tones of the dark base colorx.DefaultPrimary tinted by the
// league logo's dominant colour (colorx.Dominant of the real logo, light
// variant first), 20 % (colorx's Mood strength) left of the split and 60 %
// right of it. The reference darkened the dominant colour by 92 %, which
// is nearly black whatever the league. When the league logo (the variant
// that reads best on the card) would not stand out on the dark tones, the
// card uses light tones instead: near-white tinted by 12 % and 25 %.
// Without a league logo the card is the default dark pair. When the
// dominant colour is close to the base (a navy or black logo), the right
// tone is the left one lightened by 12 %, so the split stays visible.
const (
	minToneGap             = 40
	toneDark1, toneDark2   = 0.2, 0.6
	toneLight1, toneLight2 = 0.12, 0.25
)

var (
	lightBase1 = colorx.RGB{R: 0xf8, G: 0xf9, B: 0xfa}
	lightBase2 = colorx.RGB{R: 0xe9, G: 0xec, B: 0xef}
)

type toneKey struct{ img, dark image.Image }

// leagueCard returns the two card tones for league lg and the league logo
// variant to draw on them (nil when the league has no logo).
func leagueCard(c *derivatives, lg League) (a, b colorx.RGB, logo image.Image) {
	src := lg.Logo
	if src == nil {
		src = lg.LogoDark
	}
	if src == nil {
		return colorx.DefaultPrimary, colorx.DefaultAlternate, nil
	}
	type tones struct {
		a, b colorx.RGB
		logo image.Image
	}
	compute := func() (tones, int64) {
		dom := colorx.DefaultPrimary
		if d := colorx.Dominant(pixelsOf(src), 1); len(d) > 0 {
			dom = d[0]
		}
		a := colorx.Mix(colorx.DefaultPrimary, dom, toneDark1)
		b := colorx.Mix(colorx.DefaultPrimary, dom, toneDark2)
		if colorx.Distance(a, b) < minToneGap { // a dominant colour near the base
			b = colorx.Lighten(a, 0.12)
		}
		mid := colorx.Mix(a, b, 0.5)
		logo := pickLogo(c, lg.Logo, lg.LogoDark, mid)
		if legibility(c, logo, mid) < rescueScore {
			la := colorx.Mix(lightBase1, dom, toneLight1)
			lb := colorx.Mix(lightBase2, dom, toneLight2)
			lmid := colorx.Mix(la, lb, 0.5)
			if l := pickLogo(c, lg.Logo, lg.LogoDark, lmid); legibility(c, l, lmid) > legibility(c, logo, mid) {
				a, b, logo = la, lb, l
			}
		}
		return tones{a, b, logo}, 256
	}
	var t tones
	if lg.LogoDark != nil && !cacheable(lg.LogoDark) { // cannot be part of a key
		t, _ = compute()
	} else {
		t = memo(c, src, toneKey{src, lg.LogoDark}, compute)
	}
	return t.a, t.b, t.logo
}

// compactLeague is the league logo with style=1: the compact card split
// between the league tones with the league logo centred (up to 0.8 bs
// high and 1.6 bs wide, shadowLogo shadow), or the league's name when it
// has no logo.
func (p *painter) compactLeague() error {
	c := p.compactCard()
	a, b, logo := leagueCard(p.cache, p.s.League)
	// Without a logo the league's name takes the middle: a plain card,
	// so the divider does not run through it.
	maxW := 1.6 * c.bs
	if logo == nil {
		b, maxW = a, 2.7*c.bs
	}
	return p.steps(
		func() { p.paintCard(c, a, b, logo != nil) },
		func() { p.cardCentre(c, logo, colorx.Mix(a, b, 0.5), maxW) },
	)
}

// cardCentre draws the league logo in the middle of card c, contain-fit to
// 0.8 bs high and maxW wide, or the league's name on bg without a logo.
func (p *painter) cardCentre(c card, logo image.Image, bg colorx.RGB, maxW float64) {
	if logo != nil {
		p.drawLogo(p.dst, logo, false, c.at(0.5), c.cy(), logoBox(p.cache, logo, maxW, 0.8*c.bs), shadowLogo)
		return
	}
	lg := p.s.League
	p.nameText(teamNames(Team{Name: lg.Name, Short: lg.Code}), false, bg, c.at(0.5), c.cy(), maxW, 0.8*c.bs)
}

// skipLogosCard is the matchup logo of a skipLogos league (Olympics, F1,
// NASCAR, IndyCar: athletes without logos), whatever the style: the league
// card (as the compact league logo) with the league logo centred. In name
// mode the two names sit either side of it (missing teams stay blank,
// losers at half opacity).
func (p *painter) skipLogosCard() error {
	c := p.compactCard()
	a, b, logo := leagueCard(p.cache, p.s.League)
	maxW := 1.6 * c.bs
	if p.o.NameMode {
		maxW = 0.9 * c.bs
	}
	if logo == nil {
		maxW = 2.7 * c.bs
		if p.o.NameMode {
			maxW = 0.9 * c.bs
		}
		b = a // a plain card: no divider through the league's name
	}
	steps := []func(){
		func() { p.paintCard(c, a, b, logo != nil) },
		func() { p.cardCentre(c, logo, colorx.Mix(a, b, 0.5), maxW) },
	}
	if p.o.NameMode {
		for i, t := range p.s.Teams {
			if t.Missing {
				continue
			}
			bg, x := a, c.at(1.0/6)
			if i == 1 {
				bg, x = b, c.at(5.0/6)
			}
			steps = append(steps, func() { p.nameText(teamNames(t), t.Loser, bg, x, c.cy(), 0.9*c.bs, 0.8*c.bs) })
		}
	}
	return p.steps(steps...)
}
