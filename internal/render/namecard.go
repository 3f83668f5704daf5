package render

import (
	"image"
	"strings"
	"unicode/utf8"

	"gamethumbs/internal/colorx"
	"gamethumbs/internal/raster"
)

// Name cards on logos (name mode): a team's name instead of its
// logo, in weight-900 type measured and fitted to the box: wrapped at
// spaces, shrunk in 5 % steps, never clipped and never broken inside a
// word. Logo boxes are small (65 px on a 256-px style-1 logo), so the full
// name is used only while it stays readable, at least readableName of the
// box's short side and minNamePx; otherwise the short name ("Lakers"),
// then the abbreviation, whichever first reaches that size, or failing
// all, the one that fits largest.
const (
	readableName = 0.16
	minNamePx    = 10
	nameStart    = 0.3  // starting size over the box's short side
	wideStart    = 0.45 // the same for boxes wider than 2:1 (single-line cards)
)

// teamNames lists a team's names from the longest form, without blanks or
// repeats.
func teamNames(t Team) []string {
	var out []string
	for _, s := range []string{t.Name, t.Short, t.Abbr} {
		s = strings.Join(strings.Fields(s), " ")
		if s != "" && (len(out) == 0 || out[len(out)-1] != s) {
			out = append(out, s)
		}
	}
	return out
}

// fitName lays out the most complete of names that reads well in a w x h
// box (see above). It returns an empty block when names is empty.
func fitName(names []string, w, h float64) textBlock {
	short := min(w, h)
	least := max(minNamePx, readableName*short)
	start := nameStart * short
	if w > 2*h {
		start = wideStart * h
	}
	var best textBlock
	for _, n := range names {
		tb := fitOneLine(n, w, h, start)
		if tb.size >= least {
			return tb
		}
		if tb.size > best.size {
			best = tb
		}
	}
	return best
}

// fitOneLine fits name n in a w x h box from size start, on one line
// when that costs at most a quarter of the size wrapping would give:
// "Formula 1" reads as one name, "Formula / 1" does not.
func fitOneLine(n string, w, h, start float64) textBlock {
	tb := fitText(fontBlack, n, w, h, start, max(1, utf8.RuneCountInString(n)), 1.15)
	if len(tb.lines) > 1 {
		if one := fitText(fontBlack, n, w, h, start, 1, 1.15); len(one.lines) == 1 && one.size >= 0.75*tb.size {
			return one
		}
	}
	return tb
}

// nameText draws the fitted name in 95 % of a w x h box centred at
// (cx, cy), in white or near-black, whichever reads on bg (white text gets
// the soft text shadow). Greyed sides (losers) draw at half opacity.
func (p *painter) nameText(names []string, grey bool, bg colorx.RGB, cx, cy, w, h float64) {
	tb := fitName(names, 0.95*w, 0.95*h)
	alpha := 1.0
	if grey {
		alpha = 0.5
	}
	tc := textColorOn(bg)
	sh := shadowText
	if tc.IsDark() {
		sh = nil
	}
	p.drawText(p.dst, tb, cx, cy, tc, alpha, false, sh)
}

// shadowTile lifts name tiles off the page.
var shadowTile = &shadowSpec{0.3, 15, 0, 6}

// nameTile draws a rounded tile in colour c (90 % of the w x h box) with
// the name fitted inside it, for designs on a transparent background.
func (p *painter) nameTile(i int, c colorx.RGB, grey bool, cx, cy, w, h float64) {
	tw, th := 0.9*w, 0.9*h
	p.shapeShadow(cx-tw/2, cy-th/2, tw, th, 0.12*min(tw, th), shadowTile)
	var tile raster.Path
	tile.RoundRect(cx-tw/2, cy-th/2, cx+tw/2, cy+th/2, 0.12*min(tw, th))
	p.fillPath(&tile, p.dst, p.full, rgba(c))
	p.drawName(p.dst, i, grey, c, cx, cy, 0.86*tw, 0.86*th)
}

// Name pairs (name mode on matchups): both sides' names share one type
// size, so neither looks twice as important as the other, and the same
// form: full names, else short names, else abbreviations: the first form
// at which both read (at least the readable minimum, see readableText)
// at formShare or more of the largest size any form allows, else the
// form allowing the largest size. A 45-letter club name next to "Ajax"
// turns both into short names rather than writing "Ajax" in small type.
const (
	readableText = 0.045 // minimum type size over the canvas width (13.5 px at 300 px wide)
	formShare    = 0.6   // a longer name form is kept while it reaches this share of the largest size
)

// fitNamePair lays out the names of both sides (nil for a side without a
// name) in a w x h box each, at one shared size.
func (p *painter) fitNamePair(a, b []string, w, h float64) (textBlock, textBlock) {
	least := max(minNamePx, readableName*min(w, h), readableText*p.W)
	start := nameStart * min(w, h)
	if w > 2*h {
		start = wideStart * h
	}
	fit := func(names []string, form int, start float64) textBlock {
		if len(names) == 0 {
			return textBlock{}
		}
		return fitOneLine(names[min(form, len(names)-1)], w, h, start)
	}
	size := func(ta, tb textBlock) float64 {
		switch {
		case len(a) == 0:
			return tb.size
		case len(b) == 0:
			return ta.size
		}
		return min(ta.size, tb.size)
	}
	forms := max(len(a), len(b))
	sizes := make([]float64, forms)
	top := 0.0
	for form := range forms {
		sizes[form] = size(fit(a, form, start), fit(b, form, start))
		top = max(top, sizes[form])
	}
	// The longest form that reads and keeps formShare of the largest
	// shared size any form gets; failing that, the largest.
	best := 0
	for form, sz := range sizes {
		if sz == top {
			best = form
			break
		}
	}
	for form, sz := range sizes {
		if sz >= least && sz >= formShare*top {
			best = form
			break
		}
	}
	ta, tb := fit(a, best, start), fit(b, best, start)
	if sz := size(ta, tb); len(a) > 0 && len(b) > 0 {
		ta, tb = fit(a, best, sz), fit(b, best, sz)
	}
	return ta, tb
}

// pairNames returns the names of both matchup sides that show names (nil
// for a side with a logo).
func (p *painter) pairNames() (a, b []string) {
	if len(p.s.Teams) != 2 {
		return nil, nil
	}
	sd := p.sides()
	if sd[0].name != "" {
		a = nameForms(p.s.Teams[0])
	}
	if sd[1].name != "" {
		b = nameForms(p.s.Teams[1])
	}
	return a, b
}

// nameForms lists a team's full name, short name and abbreviation, a
// blank form taking the one before it (or after it, for a blank full
// name), so the forms of two teams line up.
func nameForms(t Team) []string {
	forms := []string{t.Name, t.Short, t.Abbr}
	for i := range forms {
		forms[i] = strings.Join(strings.Fields(forms[i]), " ")
	}
	for i := 1; i < 3; i++ {
		if forms[i] == "" {
			forms[i] = forms[i-1]
		}
	}
	for i := 1; i >= 0; i-- {
		if forms[i] == "" {
			forms[i] = forms[i+1]
		}
	}
	if forms[0] == "" {
		return nil
	}
	return forms
}

// drawName draws side i's name (fitted with the other side's, see
// fitNamePair) in a w x h box centred at (cx, cy) on dst, in the colour
// that reads on bg; greyed sides at half opacity.
func (p *painter) drawName(dst *image.RGBA, i int, grey bool, bg colorx.RGB, cx, cy, w, h float64) {
	a, b := p.pairNames()
	ta, tb := p.fitNamePair(a, b, 0.95*w, 0.95*h)
	t := ta
	if i == 1 {
		t = tb
	}
	alpha := 1.0
	if grey {
		alpha = 0.5
	}
	tc := textColorOn(bg)
	sh := shadowText
	if tc.IsDark() {
		sh = nil
	}
	p.drawText(dst, t, cx, cy, tc, alpha, false, sh)
}
