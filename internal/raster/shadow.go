package raster

import (
	"image"
)

// DrawShadowMask composites a shadow mask (whose Rect is relative to a shape
// drawn at origin) translated by (ox, oy) in colour black at opacity a.
func DrawShadowMask(dst *image.RGBA, m *image.Alpha, ox, oy int, a float64) {
	moved := *m
	moved.Rect = m.Rect.Add(image.Pt(ox, oy))
	FillMask(dst, &moved, Premul(0, 0, 0, a))
}

// ShadowOf returns a blurred alpha mask of src's alpha channel, padded by
// 3r on every side; its Rect is in src's coordinates (so it starts at
// src.Rect.Min - 3r). Wide blurs (r >= halfResBlur) are computed on a
// half-resolution grid and scaled back up (see shadowOfHalf).
func ShadowOf(src *image.RGBA, r int) *image.Alpha {
	if r >= halfResBlur {
		return shadowOfHalf(src, r)
	}
	return shadowOfFull(src, r)
}

// shadowOfFull is ShadowOf blurred at full resolution.
func shadowOfFull(src *image.RGBA, r int) *image.Alpha {
	m := PaddedAlpha(src, 3*r)
	BoxBlur(m, r)
	return m
}

// PaddedAlpha returns the alpha channel of src in a mask grown by pad
// pixels on every side (zero there): the start of a shadow or halo that
// spreads beyond the picture.
func PaddedAlpha(src *image.RGBA, pad int) *image.Alpha {
	b := src.Rect
	m := image.NewAlpha(b.Inset(-pad))
	for y := b.Min.Y; y < b.Max.Y; y++ {
		si := src.PixOffset(b.Min.X, y)
		di := m.PixOffset(b.Min.X, y)
		for x := 0; x < b.Dx(); x++ {
			m.Pix[di+x] = src.Pix[si+4*x+3]
		}
	}
	return m
}

// CopyAlpha copies alpha mask src into dst at the same coordinates.
func CopyAlpha(dst, src *image.Alpha) {
	for y := src.Rect.Min.Y; y < src.Rect.Max.Y; y++ {
		si := src.PixOffset(src.Rect.Min.X, y)
		di := dst.PixOffset(src.Rect.Min.X, y)
		copy(dst.Pix[di:di+src.Rect.Dx()], src.Pix[si:si+src.Rect.Dx()])
	}
}

// BakeOpacity scales mask m by opacity a (0-255), so drawing it as opaque
// black coverage gives the same pixels as drawing m in black at opacity a.
func BakeOpacity(m *image.Alpha, a uint8) {
	var lut [256]uint8
	for v := range lut {
		lut[v] = uint8(Div255(uint32(v) * uint32(a)))
	}
	for i, v := range m.Pix {
		m.Pix[i] = lut[v]
	}
}
