package colorx

// Clamp8 rounds v and clamps it to a byte (0-255).
func Clamp8(v float64) uint8 {
	switch {
	case v <= 0:
		return 0
	case v >= 255:
		return 255
	}
	return uint8(v + 0.5)
}

// Mix returns a blended with b: t=0 gives a, t=1 gives b (sRGB, per channel).
func Mix(a, b RGB, t float64) RGB {
	if t <= 0 {
		return a
	}
	if t >= 1 {
		return b
	}
	return RGB{
		Clamp8(float64(a.R) + (float64(b.R)-float64(a.R))*t),
		Clamp8(float64(a.G) + (float64(b.G)-float64(a.G))*t),
		Clamp8(float64(a.B) + (float64(b.B)-float64(a.B))*t),
	}
}

// Darken moves c towards black by fraction t (0-1).
func Darken(c RGB, t float64) RGB { return Mix(c, RGB{}, t) }

// Lighten moves c towards white by fraction t (0-1).
func Lighten(c RGB, t float64) RGB { return Mix(c, RGB{255, 255, 255}, t) }

// Saturation is the HSV saturation (max-min)/max of c, 0 for greys.
func Saturation(c RGB) float64 {
	hi := max(c.R, c.G, c.B)
	lo := min(c.R, c.G, c.B)
	if hi == 0 {
		return 0
	}
	return float64(hi-lo) / float64(hi)
}

// Greyscale is the Rec. 601 luma grey of c (0.299R + 0.587G + 0.114B).
func Greyscale(c RGB) RGB {
	y := Luma(c.R, c.G, c.B)
	return RGB{y, y, y}
}

// Luma is the Rec. 601 luma of an sRGB triple, computed in fixed point
// (weights 19595, 38470, 7471 out of 65536) and rounded.
func Luma(r, g, b uint8) uint8 {
	return uint8((19595*uint32(r) + 38470*uint32(g) + 7471*uint32(b) + 1<<15) >> 16)
}

// Desaturate scales c's HSL saturation by f (0 = grey, 1 = unchanged),
// keeping its HSL lightness.
func Desaturate(c RGB, f float64) RGB {
	hi := float64(max(c.R, c.G, c.B))
	lo := float64(min(c.R, c.G, c.B))
	l := (hi + lo) / 2
	g := RGB{Clamp8(l), Clamp8(l), Clamp8(l)}
	return Mix(g, c, f)
}
