package colorx

import "math"

// linear maps an sRGB channel byte to linear light (IEC 61966-2-1), the
// first step of the WCAG 2 relative luminance.
var linear = func() (t [256]float64) {
	for i := range t {
		c := float64(i) / 255
		if c <= 0.04045 {
			t[i] = c / 12.92
		} else {
			t[i] = math.Pow((c+0.055)/1.055, 2.4)
		}
	}
	return t
}()

// Linear returns channel value v (0-255) in linear light, 0-1.
func Linear(v uint8) float64 { return linear[v] }

// Luminance is the WCAG 2 relative luminance of c, from 0 (black) to 1 (white).
func (c RGB) Luminance() float64 {
	return 0.2126*linear[c.R] + 0.7152*linear[c.G] + 0.0722*linear[c.B]
}

// Luminance is the WCAG 2 relative luminance of c.
func Luminance(c RGB) float64 { return c.Luminance() }

// ContrastL is the WCAG contrast ratio of two relative luminances, 1 to 21.
func ContrastL(l1, l2 float64) float64 {
	if l1 < l2 {
		l1, l2 = l2, l1
	}
	return (l1 + 0.05) / (l2 + 0.05)
}

// Contrast is the WCAG 2 contrast ratio between a and b: 1 (identical
// luminance) to 21 (black on white). Text wants at least 4.5, large shapes 3.
func Contrast(a, b RGB) float64 { return ContrastL(a.Luminance(), b.Luminance()) }

// IsDark reports whether white reads better on c than black does.
func (c RGB) IsDark() bool {
	l := c.Luminance()
	return ContrastL(l, 1) >= ContrastL(l, 0)
}

// Distance is the "redmean" weighted Euclidean distance between a and b, a
// cheap approximation of perceived difference that weighs green most and
// red/blue by the mean red level. Black to white is about 765; identical
// colours are 0. Unlike plain RGB distance it does not call a dark red and a
// dark blue "close" just because both are dark.
func Distance(a, b RGB) float64 {
	rm := (float64(a.R) + float64(b.R)) / 2
	dr := float64(a.R) - float64(b.R)
	dg := float64(a.G) - float64(b.G)
	db := float64(a.B) - float64(b.B)
	return math.Sqrt((2+rm/256)*dr*dr + 4*dg*dg + (2+(255-rm)/256)*db*db)
}
