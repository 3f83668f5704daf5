package render

import (
	"context"
	"image"
	"strings"
	"unicode/utf8"

	"gamethumbs/internal/colorx"
	"gamethumbs/internal/raster"
)

// wordmarkHues are the card colours of league wordmarks: deep, saturated
// tones that carry white type (contrast above 7:1) and sit well on the
// dark league backgrounds. A league always gets the same one.
var wordmarkHues = []colorx.RGB{
	{R: 0x1f, G: 0x3a, B: 0x68}, // navy
	{R: 0x8c, G: 0x1c, B: 0x2b}, // crimson
	{R: 0x1d, G: 0x5c, B: 0x3a}, // forest
	{R: 0x4b, G: 0x2a, B: 0x7a}, // violet
	{R: 0x0f, G: 0x55, B: 0x5e}, // teal
	{R: 0x8a, G: 0x3b, B: 0x0c}, // rust
	{R: 0x2e, G: 0x3b, B: 0x46}, // slate
	{R: 0x6b, G: 0x1f, B: 0x4a}, // plum
}

// Wordmark draws the card that stands in for a league logo no source has:
// a side x side rounded card in a colour chosen by the league code, with
// the short name ("PWHL") set large in weight-900 type and the full name
// ("Professional Women's Hockey League") below a thin rule. The corners
// are transparent. short defaults to the upper-cased code; a short name
// that reads as a code (dots, more than ten letters) gives way to the full
// name alone, as does a full name that only repeats the short name.
func (rd *Renderer) Wordmark(code, name, short string, side int) *image.RGBA {
	side = max(32, min(side, 2048))
	short = strings.Join(strings.Fields(short), " ")
	name = strings.Join(strings.Fields(name), " ")
	if short == "" {
		short = strings.ToUpper(code)
	}
	// A short name that is really a code ("UEFA.WCHAMPIONS") or too long
	// to read as a mark gives way to the full name, set alone.
	if name != "" && (strings.ContainsAny(short, "._") || utf8.RuneCountInString(short) > 10) {
		short = name
	}
	if strings.EqualFold(name, short) {
		name = ""
	}
	var h uint32 = 2166136261
	for i := 0; i < len(code); i++ {
		h = (h ^ uint32(code[i])) * 16777619
	}
	base := wordmarkHues[h%uint32(len(wordmarkHues))]
	top := colorx.Mix(base, colorx.RGB{R: 255, G: 255, B: 255}, 0.14)
	white := colorx.RGB{R: 255, G: 255, B: 255}

	s := float64(side)
	p := rd.painterFor(context.Background(), Scene{}, Options{Width: side, Height: side})
	p.dst = image.NewRGBA(image.Rect(0, 0, side, side))
	inset, r := 0.02*s, 0.16*s
	var card raster.Path
	card.RoundRect(inset, inset, s-inset, s-inset, r)
	p.fillPathPaint(&card, p.dst, p.full, raster.NewLinear(0, inset, 0, s-inset, raster.OpaqueStops([]float64{0, 1}, top, base)))
	// A fine inner line gives the card an edge on dark backgrounds.
	var rim raster.Path
	rim.RoundRect(2.5*inset, 2.5*inset, s-2.5*inset, s-2.5*inset, r-1.5*inset)
	ring := rim.Mask(p.full)
	var inner raster.Path
	inner.RoundRect(2.5*inset+0.006*s, 2.5*inset+0.006*s, s-2.5*inset-0.006*s, s-2.5*inset-0.006*s, r-1.5*inset-0.006*s)
	if ring != nil {
		if hole := inner.Mask(p.full); hole != nil {
			for y := ring.Rect.Min.Y; y < ring.Rect.Max.Y; y++ {
				for x := ring.Rect.Min.X; x < ring.Rect.Max.X; x++ {
					i := ring.PixOffset(x, y)
					ring.Pix[i] = uint8(max(0, int(ring.Pix[i])-int(hole.AlphaAt(x, y).A)))
				}
			}
			raster.PutAlpha(hole)
		}
		raster.FillMask(p.dst, ring, raster.Premul(255, 255, 255, 0.22))
		raster.PutAlpha(ring)
	}

	textW := 0.78 * s
	// The short name: one line when it is a code ("NCAA"), up to two
	// when it is words ("Super Rugby").
	lines := 1
	if strings.Contains(short, " ") && utf8.RuneCountInString(short) > 8 {
		lines = 2
		if name == "" {
			lines = 3
		}
	}
	shortH := 0.40 * s
	if name == "" {
		shortH = 0.6 * s
	}
	st := fitText(fontBlack, short, textW, shortH, 0.34*s, lines, 1.05)
	if name == "" {
		p.drawText(p.dst, st, s/2, s/2, white, 1, lines == 1, nil)
		return p.dst
	}
	nt := fitText(fontBold, name, textW, 0.19*s, 0.075*s, 3, 1.2)
	gap := 0.05 * s
	ruleH := max(2, 0.012*s)
	stH := st.height()
	if lines == 1 {
		stH = st.size * 0.78 // cap height of a one-line code
	}
	total := stH + gap + ruleH + gap + nt.height()
	y := (s - total) / 2
	p.drawText(p.dst, st, s/2, y+stH/2, white, 1, lines == 1, nil)
	y += stH + gap
	var rule raster.Path
	ruleW := 0.18 * s
	rule.RoundRect(s/2-ruleW/2, y, s/2+ruleW/2, y+ruleH, ruleH/2)
	p.fillPath(&rule, p.dst, p.full, rgba(colorx.Mix(base, white, 0.55)))
	y += ruleH + gap
	p.drawText(p.dst, nt, s/2, y+nt.height()/2, colorx.Mix(base, white, 0.85), 1, false, nil)
	return p.dst
}
