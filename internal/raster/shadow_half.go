package raster

import (
	"image"
	"math"
)

// halfResBlur is the blur radius from which logo shadows are blurred at
// half resolution. A shadow that wide has no detail a half-size grid
// loses, and the blur, the bulk of building a logo sprite, then costs a
// quarter as much.
const halfResBlur = 8

// shadowOfHalf is ShadowOf computed on a grid of half the resolution: src's
// alpha is averaged over 2x2 blocks, blurred with the radius whose three
// box passes spread as far at half size (variance r(r+1) in full pixels),
// and scaled back up bilinearly.
func shadowOfHalf(src *image.RGBA, r int) *image.Alpha {
	pad := 3 * r
	full := src.Rect.Inset(-pad)
	fw, fh := full.Dx(), full.Dy()
	hw, hh := (fw+1)/2, (fh+1)/2
	half := GetAlpha(image.Rect(0, 0, hw, hh))
	defer PutAlpha(half)

	// 2x2 averages; the full grid's pixel (X, Y), relative to full.Min,
	// falls in half pixel (X/2, Y/2). src starts pad pixels in.
	sw, sh := src.Rect.Dx(), src.Rect.Dy()
	sums := make([]uint16, hw)
	for hy := range hh {
		clear(sums)
		for dy := range 2 {
			y := 2*hy + dy - pad
			if y < 0 || y >= sh {
				continue
			}
			row := src.Pix[src.PixOffset(src.Rect.Min.X, src.Rect.Min.Y+y):][:4*sw]
			for x := range sw {
				sums[(x+pad)/2] += uint16(row[4*x+3])
			}
		}
		out := half.Pix[hy*half.Stride:][:hw]
		for x, v := range sums {
			out[x] = uint8((v + 2) / 4)
		}
	}
	rh := int(math.Round((math.Sqrt(1+float64(r)*float64(r+1)) - 1) / 2))
	BoxBlur(half, max(1, rh))

	m := image.NewAlpha(full)
	upsample2(m, half)
	return m
}

// upsample2 scales the half-resolution mask h up to m (twice its size,
// give or take one pixel) with bilinear weights 3/4 and 1/4: full pixel 2i
// sits a quarter pixel before half pixel i, 2i+1 a quarter after. Edges
// repeat the outermost half pixel.
func upsample2(m, h *image.Alpha) {
	fw, fh := m.Rect.Dx(), m.Rect.Dy()
	hw, hh := h.Rect.Dx(), h.Rect.Dy()
	cols := make([]uint32, hw) // one vertically interpolated row, x4
	for y := range fh {
		near := min(y/2, hh-1)
		far := near + 1 - 2*(1-y%2) // the neighbour on y's side
		far = min(max(far, 0), hh-1)
		rn := h.Pix[near*h.Stride:][:hw]
		rf := h.Pix[far*h.Stride:][:hw]
		for x, v := range rn {
			cols[x] = 3*uint32(v) + uint32(rf[x])
		}
		out := m.Pix[y*m.Stride:][:fw]
		for i, c := range cols {
			left, right := cols[max(i-1, 0)], cols[min(i+1, hw-1)]
			if x := 2 * i; x < fw {
				out[x] = uint8((3*c + left + 8) / 16)
			}
			if x := 2*i + 1; x < fw {
				out[x] = uint8((3*c + right + 8) / 16)
			}
		}
	}
}
