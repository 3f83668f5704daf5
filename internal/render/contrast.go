package render

import (
	"image"

	"gamethumbs/internal/colorx"
)

// Logo variant rule (documented contract):
//
// A logo's visibility on a background colour bg is the alpha-weighted mean,
// over the logo's visible pixels, of the WCAG contrast ratio between the
// pixel and bg, each capped at contrastCap (beyond that more contrast adds
// nothing to legibility). The default logo (Logo, meant for light
// backgrounds) is kept when its visibility is already goodVisibility (the
// WCAG AA text ratio) or more, or unless the other variant's visibility is
// at least switchRatio times higher and higher by switchMargin: a dark logo
// on a dark side is replaced by its light-on-dark variant, while two
// variants that both read well keep the default.
const (
	contrastCap    = 7.0
	goodVisibility = 4.5
	switchRatio    = 1.25
	switchMargin   = 0.5
)

// visibility scores how well img stands out on bg (1 = invisible, up to
// contrastCap). A logo without visible pixels scores 0.
func visibility(img image.Image, bg colorx.RGB) float64 {
	s := statsOf(img)
	if s.total == 0 {
		return 0
	}
	lb := bg.Luminance()
	var sum float64
	for i, w := range s.lum {
		if w == 0 {
			continue
		}
		c := (float64(i) + 0.5) / 32
		sum += w * min(contrastCap, colorx.ContrastL(c*c, lb))
	}
	return sum / s.total
}

// pickLogo chooses between the default logo and the dark-background variant
// for background bg by the rule above. Either may be nil.
func pickLogo(def, dark image.Image, bg colorx.RGB) image.Image {
	switch {
	case dark == nil:
		return def
	case def == nil:
		return dark
	}
	vd := visibility(def, bg)
	if vd >= goodVisibility {
		return def
	}
	vk := visibility(dark, bg)
	if vk >= vd*switchRatio && vk-vd >= switchMargin {
		return dark
	}
	return def
}

// Colour clash rule (an improved adjustColors of behavior-notes §5.1):
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
	for _, c := range cands {
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
