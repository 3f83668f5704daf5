package render

import (
	"math"

	"gamethumbs/internal/colorx"
	"gamethumbs/internal/raster"
)

// Styles 5 (grey grid) and 6 (team-colour grid): a near-black background
// with diagonal grid lines rotated 15°, fading to black towards the
// bottom.
var gridBackground = colorx.RGB{R: 0x0a, G: 0x0a, B: 0x0a}

// gridTeamAlpha is the opacity of style 6's team-colour lines.
const gridTeamAlpha = 0.6

// gridTint lifts a team colour to at least OKLCH lightness 0.6 for the
// style-6 grid lines, at its own hue (a colour sRGB cannot hold at that
// lightness loses chroma, not hue: the colour identity rule).
func gridTint(c colorx.RGB) colorx.RGB {
	l := c.OKLCh()
	if l.L >= 0.6 {
		return c
	}
	return colorx.LCh{L: 0.6, C: l.C, H: l.H}.RGB()
}

func (p *painter) grid(sd [2]*side, teamColours bool) error {
	a, b := sd[0], sd[1]
	W, H := p.W, p.H
	logos := p.logoSteps(a, b, gridBackground, gridBackground, gridBackground)
	return p.steps(append([]func(){
		func() { raster.FillRect(p.dst, p.dst.Rect, rgba(gridBackground)) },
		func() {
			pb := p.gridPath()
			if !teamColours {
				p.fillPath(pb, p.dst, p.full, raster.Premul(120, 120, 120, 0.25))
				return
			}
			// Style 6's lines are the team colours, lifted towards white
			// so dark colours still show on the near-black ground, and
			// stronger than style 5's grey: at 300 px wide the two styles
			// must be told apart.
			ca, cb := gridTint(a.color), gridTint(b.color)
			p.fillPathPaint(pb, p.dst, p.full, raster.NewLinear(0, 0, W, 0, []raster.Stop{
				{T: 0, C: ca, A: gridTeamAlpha}, {T: 0.5, C: colorx.MixOK(ca, cb, 0.5), A: gridTeamAlpha}, {T: 1, C: cb, A: gridTeamAlpha}}))
		},
		func() {
			fade := []raster.Stop{{T: 0, C: gridBackground, A: 0}, {T: 0.3, C: gridBackground, A: 0.3},
				{T: 0.6, C: gridBackground, A: 0.7}, {T: 1, C: gridBackground, A: 0.95}}
			raster.OverlayRows(p.dst, gridBackground, func(y int) float64 {
				return raster.StopAlphaAt(fade, (float64(y)+0.5)/H)
			})
		},
	}, logos...)...)
}

// gridPath builds the grid: lines every 0.22 m in both directions of a
// square as wide as the canvas diagonal, shifted up half a cell and rotated
// by 15° about the canvas centre.
func (p *painter) gridPath() *raster.Path {
	W, H := p.W, p.H
	cell := 0.22 * p.m
	lw := 7 * p.k
	if p.o.Style == 6 {
		lw = 9 * p.k
	}
	d := math.Hypot(W, H)
	cx, cy := W/2, H/2
	sin, cos := math.Sincos(math.Pi / 12)
	rot := func(x, y float64) (float64, float64) {
		x, y = x-cx, y-cy
		return cx + x*cos - y*sin, cy + x*sin + y*cos
	}
	x0, y0 := cx-d/2, cy-d/2-cell/2
	n := int(d/cell) + 2
	pb := &raster.Path{}
	for i := 0; i < n; i++ {
		o := float64(i) * cell
		// vertical line at x0+o, horizontal line at y0+o (pre-rotation)
		ax, ay := rot(x0+o, y0)
		bx, by := rot(x0+o, y0+d)
		pb.Line(ax, ay, bx, by, lw)
		ax, ay = rot(x0, y0+o)
		bx, by = rot(x0+d, y0+o)
		pb.Line(ax, ay, bx, by, lw)
	}
	return pb
}
