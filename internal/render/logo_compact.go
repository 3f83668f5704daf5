package render

import (
	"image"

	"gamethumbs/internal/colorx"
)

// compactTeam is the team logo with style=1: the compact card in
// one solid team colour with the team logo centred (up to 0.8 bs high and
// 1.6 bs wide, shadowLogo shadow). In name mode, for skipLogos leagues and
// for a team without any logo, the team's name fills the card instead.
// A loser or missing team (not normally sent: the scene serves the league
// logo) is a grey card with the greyscale team or league logo.
func (p *painter) compactTeam() error {
	t := p.s.Teams[0]
	lg := p.s.League
	c := p.compactCard()
	bg, logo := teamCardColour(p.cache, t)
	if p.o.NameMode || lg.SkipLogos {
		bg, logo = t.Color, nil // no logo to read: the primary colour
	}
	grey := t.Loser || t.Missing
	switch {
	case t.Missing:
		bg, logo = greyPrimary, pickLogo(p.cache, lg.Logo, lg.LogoDark, greyPrimary)
	case grey && logo != nil:
		bg, logo = greyPrimary, pickLogo(p.cache, t.Logo, t.LogoDark, greyPrimary)
	case grey:
		bg = greyPrimary
	}
	useName := logo == nil
	// A logo that is not wide fills a third of the card at most: it
	// stands at the left, and the team's name fills the rest (a logo
	// and name lock-up) rather than leaving two thirds of the card empty.
	lockup := !useName && !grey && len(teamNames(t)) > 0 && logoAspect(p.cache, logo) < 1.6
	return p.steps(
		func() { p.paintCard(c, bg, bg, false) },
		func() {
			if useName {
				p.nameText(teamNames(t), t.Loser, bg, c.at(0.5), c.cy(), 2.8*c.bs, 0.8*c.bs)
				return
			}
			var hl halo
			if !grey {
				hl = p.haloFor(logo, bg)
			}
			if lockup {
				p.drawLogoHalo(p.dst, logo, grey, c.x0+0.55*c.bs, c.cy(), 0.8*c.bs, shadowLogo, hl)
				x0, x1 := c.x0+1.1*c.bs, c.x1-0.1*c.bs
				p.nameText(teamNames(t), false, bg, (x0+x1)/2, c.cy(), x1-x0, 0.8*c.bs)
				return
			}
			p.drawLogoHalo(p.dst, logo, grey, c.at(0.5), c.cy(), logoBox(p.cache, logo, 1.6*c.bs, 0.8*c.bs), shadowLogo, hl)
		},
	)
}

// teamCardColour chooses the card colour and logo variant of a team:
// its primary colour (the colour identity rule, contrast.go) and the
// logo variant that reads best on it (pickLogo); a logo that reads on
// neither variant gets its halo when drawn. A team without logos gets a
// nil logo.
func teamCardColour(c *derivatives, t Team) (colorx.RGB, image.Image) {
	if t.Logo == nil && t.LogoDark == nil {
		return t.Color, nil
	}
	return t.Color, pickLogo(c, t.Logo, t.LogoDark, t.Color)
}

// logoAspect is the width over the height of img's visible part (1 when
// it has none).
func logoAspect(c *derivatives, img image.Image) float64 {
	if trim, ok := logoTrim(c, img); ok {
		return float64(trim.Dx()) / float64(trim.Dy())
	}
	return 1
}
