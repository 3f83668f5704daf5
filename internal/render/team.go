package render

import "gamethumbs/internal/colorx"

// team draws the team image (§5.7): a radial gradient in the team's colours
// with the team logo (or, in name mode, its name) centred.
//
// The reference mixed 70-80 % black into desaturated team colours, which
// left most teams nearly black. We keep the colour recognisable: the centre
// is the primary colour at 60 % strength over black and the edge its
// alternate (or the primary again) at 25 %; a colourless team falls back to
// the dark league pair.
func (p *painter) team() error {
	t := p.s.Teams[0]
	var g0, g1 colorx.RGB
	c, alt := t.Color, t.AltColor
	if !t.HasAlt || colorx.Distance(c, alt) < 60 || colorx.Saturation(alt) < colorx.Saturation(c)*0.5 {
		alt = c
	}
	g0 = colorx.Mix(colorx.RGB{}, c, 0.6)
	g1 = colorx.Mix(colorx.RGB{}, alt, 0.25)
	if t.Color == (colorx.RGB{}) && !t.HasAlt {
		g0, g1 = darkCentre, darkEdge
	}
	bg := colorx.Mix(g0, g1, 0.35) // what the logo mostly sits on
	box := 0.6 * p.m
	W, H := p.W, p.H
	return p.steps(
		func() { p.radialBackground(g0, g1) },
		func() {
			lg := p.s.League
			switch {
			case t.Missing:
				p.drawLogo(p.dst, pickLogo(lg.Logo, lg.LogoDark, bg), true, W/2, H/2, box, shadowLogo)
			case p.o.NameMode || lg.SkipLogos || (t.Logo == nil && t.LogoDark == nil):
				p.nameCard(displayName(t), t.Loser, bg, W/2, H/2, 0.7*p.m)
			default:
				p.drawLogo(p.dst, pickLogo(t.Logo, t.LogoDark, bg), t.Loser, W/2, H/2, box, shadowLogo)
			}
		})
}
