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

// Name pairs (name mode on matchups): each side fits its own name, from
// its longest form: the full name in smaller type and on up to two
// lines (three in a square box, where a word a line is larger type than
// two), then the short name, and only then the abbreviation, the first
// form that reads (at least the readable minimum, see readableText). One
// side's long name never costs the other its full name ("MIN vs NO",
// which reads as the word "no", when "Pelicans" fits). Both are then
// drawn at one size, the smaller of the two, so neither looks twice as
// important as the other (unless one side reads at no size: the other
// keeps its own).
const (
	readableText = 0.035 // minimum type size over the canvas width (10.5 px at 300 px wide)
	readablePair = 0.12  // and over the name box's short side
	nameLines    = 2     // a full name wraps onto at most this many lines...
	squareLines  = 3     // ...or this many in a box about as high as wide
)

// fitNamePair lays out the names of both sides (nil for a side without a
// name) in a w x h box each.
func (p *painter) fitNamePair(a, b []string, w, h float64) (textBlock, textBlock) {
	least := max(minNamePx, readablePair*min(w, h), readableText*p.W)
	start := nameStart * min(w, h)
	if w > 2*h {
		start = wideStart * h
	}
	lines := nameLines
	if h >= 0.8*w {
		lines = squareLines
	}
	// form is the chosen name of a side, and fit lays it out.
	fit := func(n string, start float64) textBlock {
		return fitLines(n, w, h, start, lines)
	}
	form := func(names []string) string {
		var best textBlock
		bestName := ""
		for _, n := range names {
			tb := fit(n, start)
			if tb.size >= least {
				return n
			}
			if tb.size > best.size {
				best, bestName = tb, n
			}
		}
		return bestName
	}
	var na, nb string
	var ta, tb textBlock
	if len(a) > 0 {
		na = form(a)
		ta = fit(na, start)
	}
	if len(b) > 0 {
		nb = form(b)
		tb = fit(nb, start)
	}
	if len(a) > 0 && len(b) > 0 {
		if sz := min(ta.size, tb.size); sz >= least {
			// Each at the shared size with no more lines than it had.
			ta = fitText(fontBlack, na, w, h, sz, max(1, len(ta.lines)), 1.15)
			tb = fitText(fontBlack, nb, w, h, sz, max(1, len(tb.lines)), 1.15)
		}
	}
	return ta, tb
}

// fitLines is fitOneLine with at most lines lines.
func fitLines(n string, w, h, start float64, lines int) textBlock {
	tb := fitText(fontBlack, n, w, h, start, lines, 1.15)
	if len(tb.lines) > 1 {
		if one := fitText(fontBlack, n, w, h, start, 1, 1.15); len(one.lines) == 1 && one.size >= 0.75*tb.size {
			return one
		}
	}
	return tb
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
// name).
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
