package colorx

import "math"

// Lab is a colour in Björn Ottosson's OKLab space: L is perceived
// lightness (0 black to 1 white), A green-red and B blue-yellow. Equal
// distances in it look about equally different, which sRGB distances do
// not: it is the space for colour differences and blends.
type Lab struct{ L, A, B float64 }

// OKLab converts c (sRGB) to OKLab.
func (c RGB) OKLab() Lab { return LinearOKLab(linear[c.R], linear[c.G], linear[c.B]) }

// LinearOKLab converts a linear-light RGB triple (each 0-1) to OKLab.
func LinearOKLab(r, g, b float64) Lab {
	l := math.Cbrt(0.4122214708*r + 0.5363325363*g + 0.0514459929*b)
	m := math.Cbrt(0.2119034982*r + 0.6806995451*g + 0.1073969566*b)
	s := math.Cbrt(0.0883024619*r + 0.2817188376*g + 0.6299787005*b)
	return Lab{
		0.2104542553*l + 0.7936177850*m - 0.0040720468*s,
		1.9779984951*l - 2.4285922050*m + 0.4505937099*s,
		0.0259040371*l + 0.7827717662*m - 0.8086757660*s,
	}
}

// RGB converts an OKLab colour back to sRGB, clamping colours outside
// the sRGB gamut channel by channel.
func (p Lab) RGB() RGB {
	l := p.L + 0.3963377774*p.A + 0.2158037573*p.B
	m := p.L - 0.1055613458*p.A - 0.0638541728*p.B
	s := p.L - 0.0894841775*p.A - 1.2914855480*p.B
	l, m, s = l*l*l, m*m*m, s*s*s
	r := +4.0767416621*l - 3.3077115913*m + 0.2309699292*s
	g := -1.2684380046*l + 2.6097574011*m - 0.3413193965*s
	b := -0.0041960863*l - 0.7034186147*m + 1.7076147010*s
	return RGB{encode(r), encode(g), encode(b)}
}

// encode maps linear light (0-1) to an sRGB byte.
func encode(v float64) uint8 {
	if v <= 0.0031308 {
		return Clamp8(255 * 12.92 * max(0, v))
	}
	return Clamp8(255 * (1.055*math.Pow(min(1, v), 1/2.4) - 0.055))
}

// DeltaE is the OKLab distance between two colours: 0 for equal colours,
// about 1 for black and white; 0.02 is about the smallest difference an
// eye notices side by side.
func (p Lab) DeltaE(q Lab) float64 {
	dl, da, db := p.L-q.L, p.A-q.A, p.B-q.B
	return math.Sqrt(dl*dl + da*da + db*db)
}

// DeltaE is the OKLab distance between a and b (see Lab.DeltaE).
func DeltaE(a, b RGB) float64 { return a.OKLab().DeltaE(b.OKLab()) }

// MixOK blends a with b in OKLab: t=0 gives a, t=1 gives b. Halfway
// between red and green it gives a warm yellow-olive of the same
// lightness, not the dark brown of a per-channel sRGB mix.
func MixOK(a, b RGB, t float64) RGB {
	if t <= 0 {
		return a
	}
	if t >= 1 {
		return b
	}
	p, q := a.OKLab(), b.OKLab()
	return Lab{p.L + (q.L-p.L)*t, p.A + (q.A-p.A)*t, p.B + (q.B-p.B)*t}.RGB()
}
