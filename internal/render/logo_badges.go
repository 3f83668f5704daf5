package render

import (
	"image"
	"math"

	"gamethumbs/internal/colorx"
	"gamethumbs/internal/raster"
)

// badgeRadius is the corner radius of square badges over their side.
const badgeRadius = 0.08

// logoBadges draws matchup logo styles 3 (circles) and 4 (squares) on the
// transparent canvas: badges in the team colours with the
// shadowLogoStrong shadow, the logos (0.8 bs, no shadow) inside, and the
// league logo (0.2 m) overlaid at the bottom centre. The design is centred
// vertically as a whole, league logo included.
//
// Style 3: bs = 0.35 m, circles of radius 0.6 bs centred 0.05 W + bs/2
// either side of the middle; the league logo's top is 0.05 m above the
// bottom of the badge box. Style 4: bs = 0.4 m, two squares meeting in the
// middle with rounded outer corners; the league logo straddles their
// bottom edge (the reference put it higher, over the team logos), and the
// team logos move up and shrink to 0.72 bs to leave it room.
func (p *painter) logoBadges(sd [2]*side, square bool) error {
	W, H, m := p.W, p.H, p.m
	league := 0.2 * m
	bs, r := 0.35*m, 0.21*m
	off := 0.05*W + bs/2
	leagueDY := bs/2 - 0.05*m + league/2 // league centre below the badge centre
	if square {
		bs = math.Round(0.4 * m)
		r, off, leagueDY = bs/2, bs/2, bs/2
	}
	cy := H / 2
	logo, logoDY := 0.8*bs, 0.0
	if p.o.LeagueLogo {
		below := max(r, leagueDY+league/2)
		cy = math.Round(H/2 - (below-r)/2)
		if square {
			logo, logoDY = 0.72*bs, -0.04*bs
		}
	}
	centres := [2]float64{W/2 - off, W/2 + off}
	steps := []func(){}
	if square {
		x0, y0 := W/2-bs, cy-bs/2
		steps = append(steps, func() {
			p.shapeShadow(x0, y0, 2*bs, bs, badgeRadius*bs, shadowLogoStrong)
			var pb raster.Path
			pb.RoundRect(x0, y0, x0+2*bs, y0+bs, badgeRadius*bs)
			p.fillBands(&pb, []int{int(W / 2)}, sd[0].color, sd[1].color)
		})
	} else {
		for i, s := range sd {
			steps = append(steps, func() {
				p.shapeShadow(centres[i]-r, cy-r, 2*r, 2*r, r, shadowLogoStrong)
				var pb raster.Path
				pb.Circle(centres[i], cy, r)
				p.fillPath(&pb, p.dst, p.full, rgba(s.color))
			})
		}
	}
	for i, s := range sd {
		steps = append(steps, func() {
			if !square && p.sideBust(s) {
				p.drawBustInCircle(s.logo, s.logoDark, s.color, s.grey, centres[i], cy, r)
				return
			}
			p.logoSide(i, s, s.color, centres[i], cy+logoDY, logo, nil, false)
		})
	}
	steps = append(steps, func() {
		if !p.o.LeagueLogo {
			return
		}
		lg := p.s.League
		bg := colorx.Mix(sd[0].color, sd[1].color, 0.5)
		p.drawPicked(p.dst, lg.Logo, lg.LogoDark, bg, false, W/2, cy+leagueDY, league, shadowLogoStrong)
	})
	return p.steps(steps...)
}

// fillBands fills path pb in vertical bands: colours[0] left of column
// xs[0], colours[i] from xs[i-1] to xs[i], the last colour from the last
// column on. Band edges are whole columns, so neighbours meet without a
// seam.
func (p *painter) fillBands(pb *raster.Path, xs []int, colours ...colorx.RGB) {
	m := pb.Mask(p.full)
	if m == nil {
		return
	}
	lo := m.Rect.Min.X
	for i, c := range colours {
		hi := m.Rect.Max.X
		if i < len(xs) {
			hi = xs[i]
		}
		band := image.Rect(lo, m.Rect.Min.Y, hi, m.Rect.Max.Y)
		if b, ok := m.SubImage(band).(*image.Alpha); ok && !b.Rect.Empty() {
			raster.FillMask(p.dst, b, rgba(c))
		}
		lo = max(lo, hi)
	}
	raster.PutAlpha(m)
}

// logoRow draws matchup logo styles 5 (circles) and 6 (squares) on the
// white canvas: a row of three badges, the league logo on a white badge at
// the left, then the teams in their colours, each badge lifted by the
// shadowLogoStrong shadow. The league logo is always drawn (the styles
// require it; Options.LeagueLogo is not consulted).
//
// Style 5: circles of diameter d = 0.9 W/2.8 whose centres are 0.9 d apart
// (a 10 % overlap; each badge casts its shadow on the one before), logos
// 0.66 d. Style 6: squares of bs = 0.3 W touching in a row with rounded
// outer corners over one shadow, logos 0.76 bs. Team colours too close to
// white take their alternate or are darkened, so no badge vanishes into the
// background.
func (p *painter) logoRow(sd [2]*side, square bool) error {
	W, H := p.W, p.H
	white := colorx.RGB{R: 255, G: 255, B: 255}
	for i, s := range sd {
		s.color = offPage(s.color, s.alt, white, p.s.Teams[i].HasAlt && !s.grey)
	}
	// Moving a colour off white can bring the two sides together again
	// (two light reds darkened alike): they are separated once more, so
	// the row never shows one bar of a single colour.
	a, b := sd[0], sd[1]
	a.color, b.color = separate(a.color, b.color, false, false, a.grey, b.grey, p.scoreOn(a), p.scoreOn(b))
	lg := p.s.League
	leagueLogo := p.pickLogo(lg.Logo, lg.LogoDark, white)
	cy := H / 2
	if square {
		bs := math.Round(0.3 * W)
		x0, y0 := math.Round(W/2-1.5*bs), math.Round(cy-bs/2)
		centre := func(i int) float64 { return x0 + (float64(i)+0.5)*bs }
		box := 0.76 * bs
		return p.steps(
			func() {
				p.shapeShadow(x0, y0, 3*bs, bs, badgeRadius*bs, shadowLogoStrong)
				var pb raster.Path
				pb.RoundRect(x0, y0, x0+3*bs, y0+bs, badgeRadius*bs)
				p.fillBands(&pb, []int{int(x0 + bs), int(x0 + 2*bs)}, white, sd[0].color, sd[1].color)
			},
			func() { p.drawLogo(p.dst, leagueLogo, false, centre(0), cy, box, nil) },
			func() { p.logoSide(0, sd[0], sd[0].color, centre(1), cy, box, nil, false) },
			func() { p.logoSide(1, sd[1], sd[1].color, centre(2), cy, box, nil, false) },
		)
	}
	d := 0.9 * W / 2.8
	step := 0.9 * d
	xs := [3]float64{W/2 - step, W / 2, W/2 + step}
	colours := [3]colorx.RGB{white, sd[0].color, sd[1].color}
	var steps []func()
	for i := range 3 {
		steps = append(steps, func() {
			p.shapeShadow(xs[i]-d/2, cy-d/2, d, d, d/2, shadowLogoStrong)
			var pb raster.Path
			pb.Circle(xs[i], cy, d/2)
			p.fillPath(&pb, p.dst, p.full, rgba(colours[i]))
		})
	}
	steps = append(steps,
		func() { p.drawLogo(p.dst, leagueLogo, false, xs[0], cy, 0.66*d, nil) },
		func() { p.rowSide(0, sd[0], xs[1], cy, d) },
		func() { p.rowSide(1, sd[1], xs[2], cy, d) },
	)
	return p.steps(steps...)
}

// rowSide draws side i in its style-5 circle of diameter d: a bust fills
// the circle, anything else sits in a 0.66 d box.
func (p *painter) rowSide(i int, s *side, cx, cy, d float64) {
	if p.sideBust(s) {
		p.drawBustInCircle(s.logo, s.logoDark, s.color, s.grey, cx, cy, d/2)
		return
	}
	p.logoSide(i, s, s.color, cx, cy, 0.66*d, nil, false)
}

// offPage keeps badge colour c visible on a page of colour page (the
// colour identity rule, contrast.go): c itself when it stands clashDE or
// more from the page; else, for a colourless c (a white team on a white
// page, where any shade of it is a grey) the team's alternate when it has
// one that stands off the page (the one case where the primary is
// unusable for the style); else the nearest shade of c's own hue that
// stands off the page.
func offPage(c, alt, page colorx.RGB, useAlt bool) colorx.RGB {
	if colorx.DeltaE(c, page) >= clashDE {
		return c
	}
	if useAlt && c.OKLCh().C < colorx.Achromatic && colorx.DeltaE(alt, page) >= clashDE {
		return alt
	}
	return shadeAway(c, page, nil)
}
