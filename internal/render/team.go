package render

import "gamethumbs/internal/colorx"

// team draws the team image: a radial gradient in the team's colours
// with the team logo (or, in name mode, its name) centred.
//
// The reference mixed 70-80 % black into desaturated team colours, which
// left most teams nearly black. We keep the colour recognisable: the centre
// is the primary colour deepened in OKLCH to teamCentre of its lightness
// and the edge to teamEdge (colorx.Deepen: the same hue, most of its
// chroma; a gold deepens to amber, not to the olive and khaki a mix with
// black gave), one hue (mixing in the alternate gave muddy edges). A
// near-black or unset colour falls back to the dark league pair.
const (
	teamCentre = 0.69 // about the lightness of the former 60 % mix
	teamEdge   = 0.33 // and of its 22 % edge
)

func (p *painter) team() error {
	t := p.s.Teams[0]
	c := t.Color
	if t.Loser || t.Missing {
		c = greyAlternate
	}
	g0 := colorx.Deepen(c, teamCentre)
	g1 := colorx.Deepen(c, teamEdge)
	if c.Luminance() < 0.012 {
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
				p.drawPicked(p.dst, lg.Logo, lg.LogoDark, bg, true, W/2, H/2, box, shadowLogo)
			case p.o.NameMode || lg.SkipLogos || (t.Logo == nil && t.LogoDark == nil) || p.tinyLogo(t.Logo, t.LogoDark):
				p.nameCard(displayName(t), t.Loser, bg, W/2, H/2, 0.7*p.m)
			default:
				// A wide wordmark may use most of the width.
				lb := logoBox(p.cache, p.pickLogo(t.Logo, t.LogoDark, bg), 0.8*W, box)
				p.drawPicked(p.dst, t.Logo, t.LogoDark, bg, t.Loser, W/2, H/2, lb, shadowLogo)
			}
		})
}
