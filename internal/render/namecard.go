package render

import (
	"strings"
	"unicode/utf8"

	"gamethumbs/internal/colorx"
)

// Name cards on logos (§5.8, name mode): a team's name instead of its
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
		tb := fitText(fontBlack, n, w, h, start, max(1, utf8.RuneCountInString(n)), 1.15)
		if tb.size >= least {
			return tb
		}
		if tb.size > best.size {
			best = tb
		}
	}
	return best
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
func (p *painter) nameTile(names []string, c colorx.RGB, grey bool, cx, cy, w, h float64) {
	tw, th := 0.9*w, 0.9*h
	p.shapeShadow(cx-tw/2, cy-th/2, tw, th, 0.12*min(tw, th), shadowTile)
	var tile path
	tile.roundRect(cx-tw/2, cy-th/2, cx+tw/2, cy+th/2, 0.12*min(tw, th))
	tile.fill(p.dst, p.full, rgba(c))
	p.nameText(names, grey, c, cx, cy, 0.86*tw, 0.86*th)
}
