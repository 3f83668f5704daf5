package render

import (
	"image"
	"math"

	"gamethumbs/internal/colorx"
	"gamethumbs/internal/raster"
)

// Style 1: the two team colours split by a white divider, diagonal on
// thumbnails and horizontal on covers The spec asks for a white
// line between the halves; the reference drew it fully transparent, we draw
// it (dividerWidth at the 1080-px reference).
const dividerWidth = 12

func (p *painter) split(sd [2]*side) error {
	a, b := sd[0], sd[1]
	W, H := p.W, p.H
	mid := colorx.Mix(a.color, b.color, 0.5)
	logos := p.logoSteps(a, b, a.color, b.color, mid)
	return p.steps(append([]func(){
		func() {
			w := float64(p.px(dividerWidth))
			white := rgba(colorx.RGB{R: 255, G: 255, B: 255})
			if p.portrait {
				raster.FillRect(p.dst, image.Rect(0, 0, p.o.Width, p.o.Height/2), rgba(a.color))
				raster.FillRect(p.dst, image.Rect(0, p.o.Height/2, p.o.Width, p.o.Height), rgba(b.color))
				var pb raster.Path
				pb.Rect(-1, H/2-w/2, W+1, H/2+w/2)
				p.fillPath(&pb, p.dst, p.full, white)
				return
			}
			// A, then B right of the diagonal from (0.66W, 0) to (0.33W,
			// H), then the divider along it (its horizontal width for a
			// perpendicular width w), row by row.
			ac := rgba(a.color)
			slope := -0.33 * W / H
			hw := w * math.Sqrt(1+slope*slope)
			raster.SlantedBands(p.dst,
				raster.Band{X0: 0.66 * W, Slope: slope, Width: math.Inf(1), C: rgba(b.color), Under: &ac},
				raster.Band{X0: 0.66*W - hw/2, Slope: slope, Width: hw, C: white, Under: nil})
		},
	}, logos...)...)
}

// Style 2: a smooth gradient between the team colours, horizontal on
// thumbnails and vertical on covers: A up to 0.2, B from 0.8, and between
// them a blend in OKLab (colorx.MixOK), sampled at blendSteps stops, so
// red to green passes through a clear yellow-olive instead of the muddy
// brown of an sRGB blend.
const blendSteps = 12

func (p *painter) blend(sd [2]*side) error {
	a, b := sd[0], sd[1]
	mid := colorx.MixOK(a.color, b.color, 0.5)
	logos := p.logoSteps(a, b, a.color, b.color, mid)
	ts := []float64{0}
	cs := []colorx.RGB{a.color}
	for i := range blendSteps + 1 {
		u := float64(i) / blendSteps
		ts = append(ts, 0.2+0.6*u)
		cs = append(cs, colorx.MixOK(a.color, b.color, u))
	}
	ts, cs = append(ts, 1), append(cs, b.color)
	return p.steps(append([]func(){
		func() { raster.FillLinear(p.dst, p.full, p.portrait, raster.OpaqueStops(ts, cs...)) },
	}, logos...)...)
}
