package render

import (
	"image"

	"gamethumbs/internal/colorx"
)

// loserOpacity is the opacity of a greyscale stand-in or losing team's logo.
const loserOpacity = 0.35

// greyscaleOf returns a copy of the premultiplied src in Rec. 601 luma grey
// with its opacity scaled by opacity. Luma is linear, so it applies to the
// premultiplied channels directly.
func greyscaleOf(src *image.RGBA, opacity float64) *image.RGBA {
	dst := image.NewRGBA(src.Rect)
	f := uint32(opacity*256 + 0.5)
	for i := 0; i+3 < len(src.Pix); i += 4 {
		y := uint32(colorx.Luma(src.Pix[i], src.Pix[i+1], src.Pix[i+2]))
		a := uint32(src.Pix[i+3])
		y, a = (y*f+128)>>8, (a*f+128)>>8
		y = min(y, a)
		dst.Pix[i], dst.Pix[i+1], dst.Pix[i+2], dst.Pix[i+3] = uint8(y), uint8(y), uint8(y), uint8(a)
	}
	return dst
}
