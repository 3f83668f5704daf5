package render

import (
	"image"
	"math"

	"gamethumbs/internal/colorx"
)

// Base colours of the dark league and team backgrounds (§5.6).
var (
	darkCentre = colorx.RGB{R: 0x1a, G: 0x1d, B: 0x2e}
	darkEdge   = colorx.RGB{R: 0x0f, G: 0x14, B: 0x19}
)

// radialBackground fills the canvas with the dark radial gradient of league
// and team images: g0 in the centre to g1 at 0.8 max(W, H).
// The layer is cached per colours and size.
func (p *painter) radialBackground(g0, g1 colorx.RGB) {
	key := layerKey{kind: "radial", params: [6]uint32{rgbKey(g0), rgbKey(g1)}}
	drawLayer(p.dst, p.full, key, func(l *image.RGBA) {
		fillRadial(l, p.W/2, p.H/2, 0.8*max(p.W, p.H),
			opaqueStops([]float64{0, 0.3, 0.6, 0.85, 1}, g0, g0, colorx.Mix(g0, g1, 0.5), g1, g1))
	})
}

// league draws the league image (§5.6): a dark radial gradient tinted by the
// league logo's accent colour with the logo centred, and the optional
// Title/Subtitle/Icon overlays.
func (p *painter) league() error {
	lg := p.s.League
	g0, g1 := darkCentre, darkEdge
	src := lg.Logo
	if src == nil {
		src = lg.LogoDark
	}
	if v, ok := colorx.Accent(src); ok {
		g0, g1 = colorx.Mix(darkCentre, v, 0.15), colorx.Mix(darkEdge, v, 0.10)
	}
	bg := colorx.Mix(g0, g1, 0.5)
	logo := pickLogo(lg.Logo, lg.LogoDark, bg)
	W, H, m := p.W, p.H, p.m
	if p.o.Title == "" && p.o.Subtitle == "" && p.o.Icon == nil {
		return p.steps(
			func() { p.radialBackground(g0, g1) },
			func() { p.drawLogo(p.dst, logo, false, W/2, H/2, 0.5*m, shadowLogo) })
	}
	// Overlay layouts 2 (title) and 3 (icon): the text block is centred at
	// H/2, or at H/4 when there is an icon; the logo fills the space above
	// it and the icon the space below the subtitle.
	white := colorx.RGB{R: 255, G: 255, B: 255}
	textY := H / 2
	if p.o.Icon != nil {
		textY = H / 4
	}
	maxW := 0.9 * W
	title := fitText(fontBold, p.o.Title, maxW, 0.3*H, 100*p.k, 2, 1.15)
	tSize := title.size
	if len(title.lines) == 0 {
		tSize = 100 * p.k
	}
	sub := fitText(fontBold, p.o.Subtitle, maxW, 0.2*H, 0.75*tSize, 2, 1.15)
	gap := 10 * p.k
	titleH := title.height()
	subH := sub.height()
	if len(sub.lines) == 0 {
		gap = 0
	}
	blockTop := textY - titleH/2
	subCY := textY + titleH/2 + gap + subH/2
	if len(title.lines) == 0 {
		blockTop, subCY = textY-subH/2, textY
	}
	logoSpace := blockTop
	L := min(0.85*logoSpace, 0.5*m) // margin above and below, never larger than layout 1
	return p.steps(
		func() { p.radialBackground(g0, g1) },
		func() { p.drawLogo(p.dst, logo, false, W/2, logoSpace/2, L, shadowLogo) },
		func() { p.drawText(p.dst, title, W/2, textY, white, 1, false, nil) },
		func() { p.drawText(p.dst, sub, W/2, subCY, white, 0.85, false, nil) },
		func() {
			if p.o.Icon == nil {
				return
			}
			top := subCY + subH/2
			if len(sub.lines) == 0 {
				top = textY + titleH/2
			}
			R := H - top
			box := 0.95 * math.Min(W, R)
			p.drawLogo(p.dst, p.o.Icon, false, W/2, top+R/2, box, shadowLogo)
		})
}
