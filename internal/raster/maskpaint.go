package raster

import (
	"bytes"
	"encoding/binary"
	"image"
	"image/color"
)

// MaskPaintDown is MaskPaint for a horizontal gradient pt (the same
// colour all down a column, as across a vertical divider): a row whose
// coverage and background are those of the row above gets that row's
// result. The emboss panels a divider is drawn over repeat most rows
// (their radial overlay holds one index per band of rows), so most of
// the divider's rows are copies.
func MaskPaintDown(dst *image.RGBA, a *image.Alpha, pt *LinearPaint) {
	r := a.Rect.Intersect(dst.Rect)
	if r.Empty() {
		return
	}
	if pt.dy != 0 {
		MaskPaint(dst, a, pt)
		return
	}
	n := 4 * r.Dx()
	bg := make([]byte, n) // the last painted row's background
	var cov []byte        // and coverage
	// The paint of every column, the same down the rows.
	cols := make([]color.RGBA, r.Dx())
	for i := range cols {
		cols[i] = pt.At(r.Min.X+i, r.Min.Y)
	}
	for y := r.Min.Y; y < r.Max.Y; y++ {
		row := dst.Pix[dst.PixOffset(r.Min.X, y):][:n]
		m := a.Pix[a.PixOffset(r.Min.X, y):][:r.Dx()]
		if y > r.Min.Y && bytes.Equal(m, cov) && bytes.Equal(row, bg) {
			copy(row, dst.Pix[dst.PixOffset(r.Min.X, y-1):][:n])
			continue
		}
		copy(bg, row)
		cov = m
		for i, c := range m {
			if c != 0 {
				paintPix(row[4*i:], cols[i], c)
			}
		}
	}
}

// MaskPaintOutside is MaskPaint leaving out the first stretch of each row
// that mask skip (nil for none) covers fully: a disc's inside, which an
// opaque fill through skip paints over next. Zero coverage is skipped
// eight mask bytes at a time.
func MaskPaintOutside(dst *image.RGBA, a, skip *image.Alpha, pt *LinearPaint) {
	r := a.Rect.Intersect(dst.Rect)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		m := a.Pix[a.PixOffset(r.Min.X, y):][:r.Dx()]
		d := dst.Pix[dst.PixOffset(r.Min.X, y):][:4*r.Dx()]
		f0, f1 := fullStretch(skip, y, r.Min.X, r.Max.X)
		for x := 0; x < len(m); x++ {
			if x == f0 {
				x = f1 - 1
				continue
			}
			if x+8 <= len(m) && binary.LittleEndian.Uint64(m[x:]) == 0 && (x+8 <= f0 || x >= f1) {
				x += 7
				continue
			}
			if c := m[x]; c != 0 {
				paintPix(d[4*x:], pt.At(r.Min.X+x, y), c)
			}
		}
	}
}

// fullStretch returns the first stretch of row y of mask skip (nil for
// none) that is fully covered within columns [x0, x1), as columns from
// x0: [f0, f1), f0 = f1 = -1 when there is none.
func fullStretch(skip *image.Alpha, y, x0, x1 int) (f0, f1 int) {
	if skip == nil || y < skip.Rect.Min.Y || y >= skip.Rect.Max.Y {
		return -1, -1
	}
	s0, s1 := max(x0, skip.Rect.Min.X), min(x1, skip.Rect.Max.X)
	if s0 >= s1 {
		return -1, -1
	}
	srow := skip.Pix[skip.PixOffset(s0, y):][:s1-s0]
	i := bytes.IndexByte(srow, 255)
	if i < 0 {
		return -1, -1
	}
	j := i + 1
	for j < len(srow) && srow[j] == 255 {
		j++
	}
	return s0 - x0 + i, s0 - x0 + j
}

// ShadeMaskOutside is shadeMask (opaque black through m) leaving out the
// first stretch of each row that mask skip covers fully: a disc's inside,
// which an opaque paint through skip covers next. Further stretches (a
// mask with holes) are shaded anyway.
func ShadeMaskOutside(dst *image.RGBA, m, skip *image.Alpha) {
	r := m.Rect.Intersect(dst.Rect)
	if r.Empty() {
		return
	}
	for y := r.Min.Y; y < r.Max.Y; y++ {
		mrow := m.Pix[m.PixOffset(r.Min.X, y):][:r.Dx()]
		drow := dst.Pix[dst.PixOffset(r.Min.X, y):][:4*r.Dx()]
		f0, f1 := fullStretch(skip, y, r.Min.X, r.Max.X)
		f0, f1 = max(f0, 0), max(f1, 0)
		shadeRow(drow[:4*f0], mrow[:f0])
		shadeRow(drow[4*f1:], mrow[f1:])
	}
}
