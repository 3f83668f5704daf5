package raster

import (
	"encoding/binary"
	"image"
)

// TrimAlpha is the alpha level above which a pixel counts as visible when
// trimming transparent margins.
const TrimAlpha = 10

// TrimBounds returns the bounding box of img's pixels with alpha above
// TrimAlpha, or an empty rectangle when none is visible. img is one of the
// normalised types (*image.RGBA or *image.NRGBA).
func TrimBounds(img image.Image) image.Rectangle {
	var pix []byte
	var stride int
	b := img.Bounds()
	switch m := img.(type) {
	case *image.RGBA:
		pix, stride = m.Pix[m.PixOffset(b.Min.X, b.Min.Y):], m.Stride
	case *image.NRGBA:
		pix, stride = m.Pix[m.PixOffset(b.Min.X, b.Min.Y):], m.Stride
	default:
		return b
	}
	w, h := b.Dx(), b.Dy()
	visible := func(y int) (lo, hi int, ok bool) {
		row := pix[y*stride : y*stride+4*w]
		lo = -1
		// Transparent pixels (most of a logo canvas) eight at a time.
		x0 := 0
		for x0+8 <= w && clearPixels(row[4*x0:4*x0+32]) {
			x0 += 8
		}
		for x := x0; x < w; x++ {
			if row[4*x+3] > TrimAlpha {
				lo = x
				break
			}
		}
		if lo < 0 {
			return 0, 0, false
		}
		x1 := w
		for x1-8 >= lo && clearPixels(row[4*(x1-8):4*x1]) {
			x1 -= 8
		}
		for x := x1 - 1; x >= lo; x-- {
			if row[4*x+3] > TrimAlpha {
				return lo, x + 1, true
			}
		}
		return lo, lo + 1, true
	}
	r := image.Rectangle{}
	found := false
	for y := range h {
		lo, hi, ok := visible(y)
		if !ok {
			continue
		}
		if !found {
			r = image.Rect(lo, y, hi, y+1)
			found = true
			continue
		}
		r.Min.X, r.Max.X, r.Max.Y = min(r.Min.X, lo), max(r.Max.X, hi), y+1
	}
	if !found {
		return image.Rectangle{}
	}
	return r.Add(b.Min)
}

// clearPixels reports whether the eight pixels of p (32 bytes) all have
// alpha 0.
func clearPixels(p []byte) bool {
	const alpha = 0xff000000ff000000
	return (binary.LittleEndian.Uint64(p)|binary.LittleEndian.Uint64(p[8:])|
		binary.LittleEndian.Uint64(p[16:])|binary.LittleEndian.Uint64(p[24:]))&alpha == 0
}
