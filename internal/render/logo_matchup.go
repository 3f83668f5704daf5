package render

import (
	"image"
	"math"

	"gamethumbs/internal/colorx"
	"gamethumbs/internal/raster"
)

// card is the 3:1 rectangle of the compact designs (matchup logo style 1,
// the compact league and team logos and the skipLogos card): bs = 0.95 W/3
// as in the reference renderer, centred, snapped to whole pixels so its edges
// stay crisp at 256 px.
type card struct {
	x0, y0, x1, y1, bs float64
}

// Card proportions: corner radius and white divider width over bs.
const (
	cardRadius  = 0.08
	cardDivider = 0.025
)

func (p *painter) compactCard() card {
	bs := math.Round(0.95 * p.W / 3)
	x0 := math.Round((p.W - 3*bs) / 2)
	y0 := math.Round((p.H - bs) / 2)
	return card{x0, y0, x0 + 3*bs, y0 + bs, bs}
}

func (c card) cy() float64 { return (c.y0 + c.y1) / 2 }

// at returns the x coordinate at fraction f of the card's width.
func (c card) at(f float64) float64 { return c.x0 + f*(c.x1-c.x0) }

// paintCard fills the card with rounded corners: colour a left and b
// right of the diagonal split (top at 0.5825, bottom at 0.4175 of the
// width), separated by a white divider when split is set.
func (p *painter) paintCard(c card, a, b colorx.RGB, split bool) {
	raster.FillRect(p.dst, image.Rect(int(c.x0), int(c.y0), int(c.x1), int(c.y1)), rgba(a))
	if split {
		top, bot := c.at(0.5825), c.at(0.4175)
		var pb raster.Path
		pb.Polygon(top, c.y0, c.x1, c.y0, c.x1, c.y1, bot, c.y1)
		p.fillPath(&pb, p.dst, p.full, rgba(b))
		// The divider's horizontal half-width for a perpendicular width w.
		w := max(1, math.Round(cardDivider*c.bs))
		slope := (bot - top) / (c.y1 - c.y0)
		hw := w * math.Sqrt(1+slope*slope) / 2
		var d raster.Path
		d.Polygon(top-hw, c.y0, top+hw, c.y0, bot+hw, c.y1, bot-hw, c.y1)
		p.fillPath(&d, p.dst, p.full, rgba(colorx.RGB{R: 255, G: 255, B: 255}))
	}
	var rr raster.Path
	rr.RoundRect(c.x0, c.y0, c.x1, c.y1, cardRadius*c.bs)
	if m := p.cachedMask(&rr, p.full); m != nil {
		raster.MaskIn(p.dst, m)
	}
}

// logoSplit is matchup logo style 1: the compact card split between
// the team colours, each logo in a 0.8 bs box at 0.2 and 0.8 of the width
// with the shadowLogo shadow, and the league logo (0.6 bs, soft shadow) on
// the divider.
func (p *painter) logoSplit(sd [2]*side) error {
	c := p.compactCard()
	box := 0.8 * c.bs
	return p.steps(
		func() { p.paintCard(c, sd[0].color, sd[1].color, true) },
		func() { p.cardSide(c, 0, sd[0], c.at(0.2), box) },
		func() { p.cardSide(c, 1, sd[1], c.at(0.8), box) },
		func() {
			if !p.o.LeagueLogo {
				return
			}
			lg := p.s.League
			bg := colorx.Mix(sd[0].color, sd[1].color, 0.5)
			p.drawPicked(p.dst, lg.Logo, lg.LogoDark, bg, false, c.at(0.5), c.cy(), 0.6*c.bs, shadowLogoSoft)
		},
	)
}

// cardSide draws side i of logoSplit's card c: a bust composed as a
// portrait of its part of the card (bust_side.go), anything else in its
// box of side s centred at (cx, c.cy()).
func (p *painter) cardSide(c card, i int, sd *side, cx, s float64) {
	if p.sideBust(sd) {
		p.drawBustInSide(p.cardBustSide(i, c), sd, sd.color)
		return
	}
	p.logoSide(i, sd, sd.color, cx, c.cy(), s, shadowLogo, false)
}

// logoPair is matchup logo style 2: the two logos side by side on the
// transparent canvas with the panel shadow, each in a 0.44 m box with a
// 0.05 W gap (the reference's 0.5 m boxes overflowed the canvas). With the
// league logo, it sits between them (0.15 m, 0.025 m clear of each box)
// and the team boxes shrink to 0.37 m; the reference put it in a corner of
// empty canvas below, which trimming turned into a tall, mostly empty
// picture. Name cards become tiles in the team colour, since there is no
// background to write on.
func (p *painter) logoPair(sd [2]*side) error {
	W, H, m := p.W, p.H, p.m
	box, off := 0.44*m, 0.025*W+0.22*m // off: box centre from the middle
	league := 0.15 * m
	if p.o.LeagueLogo {
		box = 0.37 * m
		off = league/2 + 0.025*m + box/2
	}
	cy := H / 2
	return p.steps(
		func() { p.logoSide(0, sd[0], darkPage, W/2-off, cy, box, shadowPanel, true) },
		func() { p.logoSide(1, sd[1], darkPage, W/2+off, cy, box, shadowPanel, true) },
		func() {
			if !p.o.LeagueLogo {
				return
			}
			lg := p.s.League
			p.drawPicked(p.dst, lg.Logo, lg.LogoDark, darkPage, false, W/2, cy, league, shadowLogoStrong)
		},
	)
}

// logoSide draws side i's logo, name card or stand-in initial in the square
// box of side s centred at (cx, cy), on background colour bg. tile puts a
// name on a rounded tile in the side's colour (designs without a
// background of their own).
func (p *painter) logoSide(i int, sd *side, bg colorx.RGB, cx, cy, s float64, sh *shadowSpec, tile bool) {
	switch {
	case sd.name != "" && tile:
		p.nameTile(i, sd.color, sd.grey, cx, cy, s, s)
	case sd.name != "":
		p.drawName(p.dst, i, sd.grey, bg, cx, cy, s, s)
	case sd.initial != "":
		tb := fitText(fontBlack, sd.initial, 0.8*s, 0.8*s, 0.6*s, 1, 1.15)
		p.drawText(p.dst, tb, cx, cy, standInGrey, 1, true, nil)
	default:
		p.drawPicked(p.dst, sd.logo, sd.logoDark, bg, sd.grey, cx, cy, s, sh)
	}
}
