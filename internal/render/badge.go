package render

import (
	"gamethumbs/internal/colorx"

	"gamethumbs/internal/raster"
)

// badge draws a quality badge (ALT, 4K, HD, …) at the top right: a
// white rounded pill 0.10 m high with a soft shadow and black bold text.
// Long texts shrink so the pill never exceeds 90 % of the canvas width.
func (p *painter) badge(text string) {
	if text == "" {
		return
	}
	h := float64(max(8, int(0.10*p.m+0.5)))
	pad := 0.8 * h
	maxW := 0.9*p.W - pad
	tb := fitText(fontBold, text, maxW, h, 0.55*h, 1, 1.15)
	w := tb.width + pad
	margin := float64(p.px(18))
	x1, y0 := p.W-margin, margin
	x0, y1 := x1-w, y0+h
	var sh raster.Path
	sh.RoundRect(x0+float64(p.px(1)), y0+float64(p.px(2)), x1+float64(p.px(1)), y1+float64(p.px(2)), 0.3*h)
	p.softFill(&sh, shadowBadge)
	var pill raster.Path
	pill.RoundRect(x0, y0, x1, y1, 0.3*h)
	p.fillPath(&pill, p.dst, p.full, rgba(colorx.RGB{R: 255, G: 255, B: 255}))
	p.drawText(p.dst, tb, (x0+x1)/2, (y0+y1)/2, colorx.RGB{R: 0x11, G: 0x11, B: 0x11}, 1, true, nil)
}
