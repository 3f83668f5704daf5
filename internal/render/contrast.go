package render

import "gamethumbs/internal/colorx"

// Colour identity rule (the same in every style): a side, badge, panel or
// grid cell of a team is painted in that team's primary colour, because
// people find their game in a guide by colour first. Legibility of what
// is drawn on it is won, in this order, by
//
//  1. the logo variant that reads best on it (pickLogo);
//  2. a halo, an outline hugging the logo in white or near-black
//     (haloFor), when no variant reads;
//  3. a lighter or darker shade of the same hue (colorx.ShadeTo, OKLCH),
//     when even the halo does not make it read (legibleShade);
//  4. the team's alternate colour, only where the primary is unusable
//     for the style (a white badge on the white page of logo styles 5
//     and 6: offPage).
//
// Two teams whose colours are too close to tell apart (closer than
// clashDE in OKLab) stay apart by shade and divider: one side takes a
// lighter or darker shade of its own hue (separate), never its
// alternate and never a grey. A greyed side (loser, stand-in) is the one
// that moves, so the winner keeps its full colour.
const (
	clashDE = 0.11 // OKLab distance under which two side colours clash
	// shadeStep is the lightness step of a shade; maxShade the furthest
	// a side moves from its team colour's lightness.
	shadeStep = 0.04
	maxShade  = 0.3
)

// Lightness range a shade stays in: darker reads as black, lighter as
// white, and neither keeps a team's colour.
const (
	shadeMinL = 0.22
	shadeMaxL = 0.92
)

// separate returns the colours of two sides, a and b, apart by at least
// clashDE: unchanged when they already are. Otherwise, when one side is
// greyed (and the other not) or fixed, the other one (never a fixed one)
// moves in lightness along its own hue, away from it (shadeAway); when
// both may move, each moves half the way, the lighter one lighter and
// the darker one darker, so neither strays far from its team's colour.
// Both fixed: unchanged. readA and readB score a side's logo on a colour
// (nil for a side without a logo).
func separate(a, b colorx.RGB, fixedA, fixedB, greyA, greyB bool, readA, readB func(colorx.RGB) float64) (colorx.RGB, colorx.RGB) {
	if colorx.DeltaE(a, b) >= clashDE || (fixedA && fixedB) {
		return a, b
	}
	switch {
	case fixedB || (greyA && !greyB):
		if fixedA {
			return a, b
		}
		return shadeAway(a, b, readA), b
	case fixedA || (greyB && !greyA):
		return a, shadeAway(b, a, readB)
	}
	la, lb := a.OKLCh().L, b.OKLCh().L
	up := 1.0 // a moves up, b down
	if la < lb || (la == lb && la > 0.6) {
		up = -1
	}
	// Both moving: no room at one end (a black next to a black) leaves
	// the other to go the whole way.
	for d := shadeStep / 2; d <= maxShade/2+1e-9; d += shadeStep / 2 {
		na, nb := shadeBy(a, up*d), shadeBy(b, -up*d)
		if colorx.DeltaE(na, nb) >= clashDE {
			return na, nb
		}
	}
	return a, shadeAway(b, a, readB)
}

// shadeBy moves c's lightness by dl along its hue, kept within the shade
// range (a colour outside it is not moved further out).
func shadeBy(c colorx.RGB, dl float64) colorx.RGB {
	nl, ok := shadeL(c.OKLCh().L, dl)
	if !ok {
		return c
	}
	return colorx.ShadeTo(c, nl)
}

// shadeL is lightness l moved by dl for a shade: false when that leaves
// the shade range; a colour outside the range moving into it lands in
// it at once (a black's first lighter shade is a visible dark grey, not
// a black a few units off, which OKLab's dark end calls distinct).
func shadeL(l, dl float64) (float64, bool) {
	nl := l + dl
	switch {
	case (dl < 0 && nl < shadeMinL) || (dl > 0 && nl > shadeMaxL):
		return l, false
	case dl > 0 && l < shadeMinL:
		nl = max(nl, shadeMinL)
	case dl < 0 && l > shadeMaxL:
		nl = min(nl, shadeMaxL)
	}
	return nl, true
}

// shadeAway returns the shade of c nearest c's own lightness that stands
// clashDE or more from other: lighter when other is darker (or when
// there is no room below), darker otherwise; with room both ways, the
// direction in which read (when given) scores c's logo higher. Failing
// every step it returns the furthest shade tried.
func shadeAway(c, other colorx.RGB, read func(colorx.RGB) float64) colorx.RGB {
	l, lo := c.OKLCh().L, other.OKLCh().L
	search := func(dir float64) (colorx.RGB, bool) {
		var last colorx.RGB
		for d := shadeStep; d <= maxShade+1e-9; d += shadeStep {
			nl, ok := shadeL(l, dir*d)
			if !ok {
				break // out of the range, moving further out
			}
			last = colorx.ShadeTo(c, nl)
			if colorx.DeltaE(last, other) >= clashDE {
				return last, true
			}
		}
		return last, false
	}
	up, okUp := search(1)
	down, okDown := search(-1)
	switch {
	case okUp && okDown:
		if read != nil && read(up) != read(down) {
			if read(up) > read(down) {
				return up
			}
			return down
		}
		if l >= lo {
			return up
		}
		return down
	case okUp:
		return up
	case okDown:
		return down
	case l >= lo && up != (colorx.RGB{}):
		return up
	case down != (colorx.RGB{}):
		return down
	}
	return c
}

// legibleShade is step 3 of the colour identity rule for a side of
// colour c whose logo reads as read reports (nil: no logo): c when its
// logo reads on it (read >= rescueScore) or when halo, the score the
// logo gets with its halo, reaches rescueScore; otherwise the nearest
// shade of c's hue on which it reads, or c when none does.
func legibleShade(c colorx.RGB, read func(colorx.RGB) float64, halo float64) colorx.RGB {
	if read == nil || read(c) >= rescueScore || halo >= rescueScore {
		return c
	}
	l := c.OKLCh().L
	for d := shadeStep; d <= maxShade+1e-9; d += shadeStep {
		for _, dl := range [2]float64{d, -d} {
			nl, ok := shadeL(l, dl)
			if !ok {
				continue
			}
			if s := colorx.ShadeTo(c, nl); read(s) >= rescueScore {
				return s
			}
		}
	}
	return c
}
