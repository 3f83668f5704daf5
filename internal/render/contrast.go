package render

import "gamethumbs/internal/colorx"

// Colour clash rule (an improved form of the reference renderer's
// adjustColors):
// two sides clash when their colours are closer than clashDistance
// (colorx.Distance, redmean units; black-white ≈ 765; the reference's 100
// in plain RGB units corresponds to about 170 here). Then the first of
// (A, B.alt), (A.alt, B), (A.alt, B.alt) that no longer clashes is used;
// failing that, the candidate pair with the greatest distance if it beats
// the original. If the sides still clash, side B's colour is shifted in
// lightness away from A's (darkened when A is light, lightened when A is
// dark) so the two halves of the picture stay distinct even for two teams
// that both wear the same red and have no alternates. fixedA/fixedB mark
// sides whose colours must not change (greyed losers and stand-ins).
const clashDistance = 150

func adjustColors(a, aAlt, b, bAlt colorx.RGB, aHasAlt, bHasAlt, fixedA, fixedB bool) (colorx.RGB, colorx.RGB) {
	return adjustColorsFor(a, aAlt, b, bAlt, aHasAlt, bHasAlt, fixedA, fixedB, nil, nil)
}

// adjustColorsFor is adjustColors that also keeps each side's logo
// legible (the legibility rule): a candidate pair that moves side A to a
// colour on which readA reports its logo illegible is skipped, and the
// same for B (nil accepts every colour).
func adjustColorsFor(a, aAlt, b, bAlt colorx.RGB, aHasAlt, bHasAlt, fixedA, fixedB bool, readA, readB func(colorx.RGB) bool) (colorx.RGB, colorx.RGB) {
	d := colorx.Distance(a, b)
	if d >= clashDistance || (fixedA && fixedB) {
		return a, b
	}
	type pair struct{ a, b colorx.RGB }
	var cands []pair
	if bHasAlt && !fixedB {
		cands = append(cands, pair{a, bAlt})
	}
	if aHasAlt && !fixedA {
		cands = append(cands, pair{aAlt, b})
	}
	if aHasAlt && bHasAlt && !fixedA && !fixedB {
		cands = append(cands, pair{aAlt, bAlt})
	}
	best, bestD := pair{a, b}, d
	reads := func(read func(colorx.RGB) bool, from, to colorx.RGB) bool {
		return read == nil || from == to || read(to)
	}
	for _, c := range cands {
		if !reads(readA, a, c.a) || !reads(readB, b, c.b) {
			continue
		}
		cd := colorx.Distance(c.a, c.b)
		if cd >= clashDistance {
			return c.a, c.b
		}
		if cd > bestD {
			best, bestD = c, cd
		}
	}
	a, b = best.a, best.b
	// Still clashing: move the adjustable side in lightness.
	shift := func(c, other colorx.RGB) colorx.RGB {
		for _, t := range []float64{0.35, 0.5, 0.65, 0.8} {
			var n colorx.RGB
			if other.IsDark() {
				n = colorx.Lighten(c, t)
			} else {
				n = colorx.Darken(c, t)
			}
			if colorx.Distance(n, other) >= clashDistance {
				return n
			}
		}
		if other.IsDark() {
			return colorx.Lighten(c, 0.8)
		}
		return colorx.Darken(c, 0.8)
	}
	if !fixedB {
		b = shift(b, a)
	} else if !fixedA {
		a = shift(a, b)
	}
	return a, b
}
