package render

import (
	"math"

	"gamethumbs/internal/colorx"
)

// Styles 3 (light) and 4 (dark): minimalist team circles with "VS" between
// them (§5.3).
var (
	minimalLight = [2]colorx.RGB{{R: 0xf8, G: 0xf9, B: 0xfa}, {R: 0xe9, G: 0xec, B: 0xef}}
	minimalDark  = [2]colorx.RGB{{R: 0x1a, G: 0x1d, B: 0x23}, {R: 0x0f, G: 0x11, B: 0x14}}
	vsLight      = colorx.RGB{R: 0x49, G: 0x50, B: 0x57}
	vsDark       = colorx.RGB{R: 0xe9, G: 0xec, B: 0xef}
)

func (p *painter) minimal(sd [2]*side, dark bool) error {
	W, H, m := p.W, p.H, p.m
	bg, vsColor := minimalLight, vsLight
	if dark {
		bg, vsColor = minimalDark, vsDark
	}
	badge := 0.3 * m
	centres := [2][2]float64{{W / 5, H / 2}, {4 * W / 5, H / 2}}
	vsSize := 0.75 * 0.18 * H
	if p.portrait {
		badge = 0.35 * m
		centres = [2][2]float64{{W / 2, H / 5}, {W / 2, 4 * H / 5}}
		vsSize = 0.75 * 0.22 * W
	}
	// The reference's radius 0.6·badge overflows the canvas on square
	// covers (circles at H/5 with r = 0.21 H); keep a 3 % margin: the
	// centres sit 0.2 of the canvas from the edge, so r <= 0.17 of it.
	r := 0.6 * badge
	if p.portrait {
		r = min(r, 0.17*H, 0.45*W)
	} else {
		r = min(r, 0.17*W, 0.45*H)
	}
	// "VS" fits the gap between the circles.
	gap := 0.6*W - 2*r
	if p.portrait {
		gap = 0.6*H - 2*r
	}
	vsSize = min(vsSize, 0.6*gap)
	box := r * math.Sqrt2 * 0.95 // square inscribed in the circle, 5 % margin
	steps := []func(){
		func() { fillLinear(p.dst, p.full, true, opaqueStops([]float64{0, 1}, bg[0], bg[1])) },
	}
	for i, s := range sd {
		c := centres[i]
		steps = append(steps,
			func() {
				// A soft shadow lifts the circle off the flat background.
				var sh path
				sh.circle(c[0], c[1]+float64(p.px(8)), r)
				p.softFill(&sh, shadowMinimal)
				var pb path
				pb.circle(c[0], c[1], r)
				pb.fill(p.dst, p.full, rgba(s.color))
			},
			func() { p.drawSide(s, s.color, c[0], c[1], box, nil) })
	}
	steps = append(steps,
		func() {
			tb := fitText(fontBlack, "VS", 0.9*W, vsSize*1.2, vsSize, 1, 1.15)
			p.drawText(p.dst, tb, W/2, H/2, vsColor, 1, true, nil)
		},
		func() {
			if !p.o.LeagueLogo {
				return
			}
			lg := p.s.League
			logo := pickLogo(lg.Logo, lg.LogoDark, bg[1])
			if p.portrait {
				size := 0.15 * m
				p.drawLogo(p.dst, logo, false, W-size/2-0.08*W, H-size/2-0.02*H, size, nil)
				return
			}
			size := 0.25 * m
			p.drawLogo(p.dst, logo, false, W/2, H-size/2-0.08*H, size, nil)
		})
	return p.steps(steps...)
}
