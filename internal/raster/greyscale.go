package raster

import (
	"image"

	"gamethumbs/internal/colorx"
)

// GreyscaleInPlace turns the premultiplied m into Rec. 601 luma grey with
// its opacity scaled by opacity. Luma is linear, so it applies to the
// premultiplied channels directly.
func GreyscaleInPlace(m *image.RGBA, opacity float64) {
	f := uint32(opacity*256 + 0.5)
	for i := 0; i+3 < len(m.Pix); i += 4 {
		p := m.Pix[i : i+4 : i+4]
		y := uint32(colorx.Luma(p[0], p[1], p[2]))
		a := uint32(p[3])
		y, a = (y*f+128)>>8, (a*f+128)>>8
		y = min(y, a)
		p[0], p[1], p[2], p[3] = uint8(y), uint8(y), uint8(y), uint8(a)
	}
}
