package render

import (
	"image"

	"gamethumbs/internal/colorx"
	"gamethumbs/internal/raster"
)

// Base colours of the dark league and team backgrounds.
var (
	darkCentre = colorx.RGB{R: 0x1a, G: 0x1d, B: 0x2e}
	darkEdge   = colorx.RGB{R: 0x0f, G: 0x14, B: 0x19}
)

// radialBackground fills the canvas with the dark radial gradient of league
// and team images: g0 in the centre to g1 at 0.8 max(W, H).
// The layer is cached per colours and size.
func (p *painter) radialBackground(g0, g1 colorx.RGB) {
	key := layerKey{kind: "radial", params: [6]uint32{rgbKey(g0), rgbKey(g1)}}
	drawLayer(p.cache, p.dst, p.full, key, func(l *image.RGBA) {
		raster.FillRadial(l, p.W/2, p.H/2, 0.8*max(p.W, p.H),
			raster.OpaqueStops([]float64{0, 0.3, 0.6, 0.85, 1}, g0, g0, colorx.Mix(g0, g1, 0.5), g1, g1))
	})
}

// league draws the league image: a dark radial gradient tinted by the
// league logo's accent colour with the logo centred, and the optional
// Title/Subtitle/Icon overlays.
func (p *painter) league() error {
	lg := p.s.League
	g0, g1 := darkCentre, darkEdge
	src := lg.Logo
	if src == nil {
		src = lg.LogoDark
	}
	if v, ok := colorx.Accent(pixelsOf(src)); ok {
		g0, g1 = colorx.Mix(darkCentre, v, 0.15), colorx.Mix(darkEdge, v, 0.10)
	}
	bg := colorx.Mix(g0, g1, 0.5)
	logo := p.pickLogo(lg.Logo, lg.LogoDark, bg)
	W, H, m := p.W, p.H, p.m
	if p.o.Title == "" && p.o.Subtitle == "" && p.o.Icon == nil {
		return p.steps(
			func() { p.radialBackground(g0, g1) },
			func() { p.drawLogoHalo(p.dst, logo, false, W/2, H/2, 0.5*m, shadowLogo, p.haloFor(logo, bg)) })
	}
	// Overlay layouts 2 (title) and 3 (icon): the league logo, the title,
	// the subtitle and the icon stacked in that order, the group centred
	// on the canvas. The title starts large (short titles are headlines)
	// and shrinks to fit 90 % of the width in at most two lines; the
	// logo and icon shrink when the group would be taller than 90 % of
	// the canvas.
	white := colorx.RGB{R: 255, G: 255, B: 255}
	maxW := 0.9 * W
	title := fitText(fontBold, p.o.Title, maxW, 0.3*H, 150*p.k, 3, 1.15)
	tSize := title.size
	if len(title.lines) == 0 {
		tSize = 120 * p.k
	}
	// The subtitle is 60 % of the title, but never below the readable
	// minimum (readableText) however long the title.
	sub := fitText(fontBold, p.o.Subtitle, maxW, 0.16*H, max(0.6*tSize, readableText*W), 2, 1.15)
	titleH, subH := title.height(), sub.height()
	gapLogo, gapSub, gapIcon := 0.05*H, 0.02*H, 0.05*H
	if len(sub.lines) == 0 || len(title.lines) == 0 {
		gapSub = 0
	}
	L, I := 0.4*m, 0.0
	if p.o.Icon != nil {
		L, I = 0.28*m, 0.28*m
	} else {
		gapIcon = 0
	}
	text := titleH + gapSub + subH
	if over := L + gapLogo + text + gapIcon + I - 0.9*H; over > 0 {
		k := max(0.2, 1-over/(L+I))
		L, I = L*k, I*k
	}
	top := (H - (L + gapLogo + text + gapIcon + I)) / 2
	logoCY := top + L/2
	titleCY := top + L + gapLogo + titleH/2
	subCY := top + L + gapLogo + titleH + gapSub + subH/2
	iconCY := top + L + gapLogo + text + gapIcon + I/2
	return p.steps(
		func() { p.radialBackground(g0, g1) },
		func() { p.drawLogoHalo(p.dst, logo, false, W/2, logoCY, L, shadowLogo, p.haloFor(logo, bg)) },
		func() { p.drawText(p.dst, title, W/2, titleCY, white, 1, false, nil) },
		func() { p.drawText(p.dst, sub, W/2, subCY, white, 0.85, false, nil) },
		func() {
			if p.o.Icon != nil {
				p.drawLogo(p.dst, p.o.Icon, false, W/2, iconCY, I, shadowLogo)
			}
		})
}
