package colorx

import "math"

// LCh is a colour in OKLCH, the polar form of OKLab: L is perceived
// lightness (0-1), C chroma (0 for greys, about 0.37 for the most vivid
// sRGB colours) and H the hue angle in degrees (0-360; red about 30,
// yellow about 100, green about 140, blue about 260). Changing L at a
// fixed H and C gives a lighter or darker shade that still looks like
// the same colour, which mixing with white or black in sRGB does not.
type LCh struct{ L, C, H float64 }

// OKLCh converts c to OKLCH.
func (c RGB) OKLCh() LCh { return c.OKLab().LCh() }

// LCh converts an OKLab colour to its polar form.
func (p Lab) LCh() LCh {
	h := math.Atan2(p.B, p.A) * 180 / math.Pi
	if h < 0 {
		h += 360
	}
	return LCh{p.L, math.Hypot(p.A, p.B), h}
}

// Lab converts an OKLCH colour back to OKLab.
func (p LCh) Lab() Lab {
	s, c := math.Sincos(p.H * math.Pi / 180)
	return Lab{p.L, p.C * c, p.C * s}
}

// RGB converts p to sRGB. A colour outside the sRGB gamut loses chroma
// (at the same lightness and hue) until it fits, so its hue survives,
// rather than being clamped channel by channel.
func (p LCh) RGB() RGB {
	p.L = min(1, max(0, p.L))
	if inGamut(p.Lab()) || p.C <= 0 {
		return p.Lab().RGB()
	}
	lo, hi := 0.0, p.C
	for range 20 {
		mid := (lo + hi) / 2
		if inGamut(LCh{p.L, mid, p.H}.Lab()) {
			lo = mid
		} else {
			hi = mid
		}
	}
	return LCh{p.L, lo, p.H}.Lab().RGB()
}

// inGamut reports whether an OKLab colour lies inside sRGB (within a
// rounding step).
func inGamut(p Lab) bool {
	l := p.L + 0.3963377774*p.A + 0.2158037573*p.B
	m := p.L - 0.1055613458*p.A - 0.0638541728*p.B
	s := p.L - 0.0894841775*p.A - 1.2914855480*p.B
	l, m, s = l*l*l, m*m*m, s*s*s
	const eps = 1e-4
	for _, v := range [3]float64{
		+4.0767416621*l - 3.3077115913*m + 0.2309699292*s,
		-1.2684380046*l + 2.6097574011*m - 0.3413193965*s,
		-0.0041960863*l - 0.7034186147*m + 1.7076147010*s,
	} {
		if v < -eps || v > 1+eps {
			return false
		}
	}
	return true
}

// HueDiff is the angle between two hues in degrees, 0-180.
func HueDiff(a, b float64) float64 {
	d := math.Mod(math.Abs(a-b), 360)
	if d > 180 {
		d = 360 - d
	}
	return d
}

// Achromatic is the chroma below which a colour reads as grey (black,
// white and the greys of team palettes): its hue means nothing.
const Achromatic = 0.03

// Yellow hues: a yellow darkened at its own hue turns olive or khaki (a
// dark yellow is olive), so a shade darker than the colour moves its hue
// towards gold (amberHue) by up to maxAmberTurn, the way a gold foil
// darkens to amber rather than to mustard.
const (
	yellowLo     = 84.0  // hues from here...
	yellowHi     = 118.0 // ...to here are yellows that go olive when dark
	amberHue     = 76.0
	maxAmberTurn = 18.0
)

// Yellow reports whether p is a yellow or gold that a darker shade at
// its own hue would turn olive (see ShadeTo).
func (p LCh) Yellow() bool {
	return p.C >= Achromatic && p.H > yellowLo-10 && p.H < yellowHi
}

// ShadeTo returns c at OKLCH lightness l: the same hue and chroma (as
// much chroma as sRGB holds at that lightness), so a team's green stays
// its green, lighter or darker. Yellows made darker turn towards gold
// instead of olive (see above) and keep their chroma.
func ShadeTo(c RGB, l float64) RGB {
	p := c.OKLCh()
	if p.C < Achromatic {
		// A grey stays a grey: no hue to keep, none to invent.
		return LCh{l, p.C, p.H}.RGB()
	}
	if l < p.L && p.Yellow() {
		// The darker, the further towards amber (a full turn by a
		// third of the lightness lost), never past it.
		f := min(1, 3*(p.L-l)/max(p.L, 1e-6))
		turn := min(maxAmberTurn, max(0, p.H-amberHue)) * f
		p.H -= turn
	}
	return LCh{l, p.C, p.H}.RGB()
}

// Shade moves c's OKLCH lightness by dl (negative darker), keeping its
// hue (see ShadeTo).
func Shade(c RGB, dl float64) RGB { return ShadeTo(c, c.OKLCh().L+dl) }

// Deepen returns c darkened to the fraction f (0-1) of its OKLCH
// lightness, its chroma scaled by √f (mixing with black in sRGB scales
// both by f, which fades a gold to mustard and brown; a dark shade that
// holds more of its colour does not), yellows turning towards gold (see
// ShadeTo).
func Deepen(c RGB, f float64) RGB {
	f = min(1, max(0, f))
	p := c.OKLCh()
	l := p.L * f
	s := ShadeTo(c, l).OKLCh()
	s.C = min(s.C, p.C*math.Sqrt(f))
	return LCh{l, s.C, s.H}.RGB()
}

// SameHue reports whether shade keeps the identity of colour c (the
// colour identity rule): for a chromatic c, a hue within maxDeg degrees
// and at least minChroma of c's chroma; for an achromatic c, an
// achromatic shade.
func SameHue(c, shade RGB, maxDeg, minChroma float64) bool {
	p, q := c.OKLCh(), shade.OKLCh()
	if p.C < Achromatic {
		return q.C < Achromatic+0.02
	}
	return HueDiff(p.H, q.H) <= maxDeg && q.C >= minChroma*p.C
}
