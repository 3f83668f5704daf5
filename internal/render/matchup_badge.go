package render

import (
	"math"

	"gamethumbs/internal/colorx"
	"gamethumbs/internal/raster"
)

// Styles 3 (light) and 4 (dark): minimalist team circles with "VS" between
// them.
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
	if p.portrait {
		badge = 0.35 * m
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
	// The league logo sits below the circles on thumbnails and above
	// them on covers (where the bottom circle reaches the canvas edge),
	// clear of them; the group (circles, VS and league logo) is centred
	// on the canvas, so neither the top nor the bottom is left empty.
	league, gap := 0.0, 0.0
	if p.o.LeagueLogo {
		league, gap = 0.2*m, 0.04*m
		if p.portrait {
			league, gap = 0.16*m, 0.03*m
		}
	}
	var centres [2][2]float64
	var leagueAt [2]float64
	if p.portrait {
		// The group (league logo, circle, VS, circle) fits 94 % of the
		// height: VS gets vsRoom between the circles, which shrink if
		// need be.
		vsRoom := 0.16 * H
		r = min(r, (0.94*H-league-gap-vsRoom)/4)
		span := 2*r + vsRoom // between the circle centres
		top := (H - (span + 2*r + league + gap)) / 2
		y0 := top + league + gap + r
		centres = [2][2]float64{{W / 2, y0}, {W / 2, y0 + span}}
		leagueAt = [2]float64{W / 2, top + league/2}
	} else {
		top := (H - (2*r + league + gap)) / 2
		cy := top + r
		centres = [2][2]float64{{W / 5, cy}, {4 * W / 5, cy}}
		leagueAt = [2]float64{W / 2, top + 2*r + gap + league/2}
	}
	// "VS" fits the gap between the circles.
	vsSize := 0.75 * 0.18 * H
	gapVS := 0.6*W - 2*r
	if p.portrait {
		vsSize = 0.75 * 0.22 * W
		gapVS = centres[1][1] - centres[0][1] - 2*r
	}
	vsSize = min(vsSize, 0.6*gapVS)
	vsX, vsY := (centres[0][0]+centres[1][0])/2, (centres[0][1]+centres[1][1])/2
	box := r * math.Sqrt2 * 0.95 // square inscribed in the circle, 5 % margin
	steps := []func(){
		func() { raster.FillLinear(p.dst, p.full, true, raster.OpaqueStops([]float64{0, 1}, bg[0], bg[1])) },
	}
	for i, s := range sd {
		c := centres[i]
		// A badge the colour of the page (a black team on the dark
		// style) takes a shade of its own colour that stands off it.
		s.color = offPage(s.color, s.alt, bg[0], false)
		steps = append(steps,
			func() {
				// A soft shadow lifts the circle off the flat background.
				var sh raster.Path
				sh.Circle(c[0], c[1]+float64(p.px(8)), r)
				p.softFill(&sh, shadowMinimal)
				var pb raster.Path
				pb.Circle(c[0], c[1], r)
				p.fillPath(&pb, p.dst, p.full, rgba(s.color))
			},
			func() {
				if p.sideBust(s) {
					p.drawBustInCircle(s.logo, s.logoDark, s.color, s.grey, c[0], c[1], r)
					return
				}
				p.drawSide(s, s.color, c[0], c[1], box, nil)
			})
	}
	steps = append(steps,
		func() {
			tb := fitText(fontBlack, "VS", 0.9*W, vsSize*1.2, vsSize, 1, 1.15)
			p.drawText(p.dst, tb, vsX, vsY, vsColor, 1, true, nil)
		},
		func() {
			if !p.o.LeagueLogo {
				return
			}
			lg := p.s.League
			p.drawPicked(p.dst, lg.Logo, lg.LogoDark, bg[1], false, leagueAt[0], leagueAt[1], league, nil)
		})
	return p.steps(steps...)
}
