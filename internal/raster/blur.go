package raster

import "image"

// BoxBlur blurs the alpha mask a in place with three passes of a box filter
// of radius r in each direction (horizontal then vertical, three times), a
// close approximation of a Gaussian with sigma ≈ r. Values outside the mask
// count as zero.
//
// Both directions walk memory row by row: the vertical pass keeps one
// running sum per column, so it streams through the mask instead of
// striding down columns, and divisions are multiplications by a
// reciprocal. Shadows of logos are rebuilt whenever the sprite cache
// misses, which makes this one of the hot loops of a cold render.
func BoxBlur(a *image.Alpha, r int) {
	w, h := a.Rect.Dx(), a.Rect.Dy()
	if r < 1 || w == 0 || h == 0 {
		return
	}
	d := newBoxDivider(r)
	tmp := getAlphaDirty(image.Rect(0, 0, w, h))
	line := make([]uint8, w)
	sums := make([]uint32, w)
	src, dst := a, tmp
	for range 3 {
		for y := range h {
			row := src.Pix[y*src.Stride:][:w]
			copy(line, row)
			blurRow(row, line, r, d)
		}
		blurColumns(dst, src, r, d, sums)
		src, dst = dst, src
	}
	// Three vertical passes alternate a→tmp→a→tmp: the result is in tmp.
	for y := range h {
		copy(a.Pix[y*a.Stride:][:w], tmp.Pix[y*tmp.Stride:][:w])
	}
	PutAlpha(tmp)
}

// boxDivider divides a box sum by the box width 2r+1, rounding to nearest,
// with a multiplication: (sum + half) * mul >> 40 equals (sum + half) /
// (2r+1) exactly for every sum a box of bytes can reach (sum < 2^24, width
// < 2^16; see the test).
type boxDivider struct {
	half uint64
	mul  uint64
}

func newBoxDivider(r int) boxDivider {
	div := uint64(2*r + 1)
	return boxDivider{half: div / 2, mul: (1<<40 + div - 1) / div}
}

func (d boxDivider) of(sum uint32) uint8 {
	return uint8((uint64(sum) + d.half) * d.mul >> 40)
}

// blurRow writes the box average (radius r, zero outside) of src into dst;
// both have the same length.
func blurRow(dst, src []uint8, r int, d boxDivider) {
	n := len(src)
	dst = dst[:n]
	var sum uint32
	for i := 0; i <= r && i < n; i++ {
		sum += uint32(src[i])
	}
	for i := range n {
		dst[i] = d.of(sum)
		if j := i + r + 1; j < n {
			sum += uint32(src[j])
		}
		if j := i - r; j >= 0 {
			sum -= uint32(src[j])
		}
	}
}

// blurColumns writes the vertical box average (radius r, zero outside) of
// src into dst (same size), one row at a time with a running sum per
// column in sums (at least as long as a row).
func blurColumns(dst, src *image.Alpha, r int, d boxDivider, sums []uint32) {
	w, h := src.Rect.Dx(), src.Rect.Dy()
	sums = sums[:w]
	clear(sums)
	row := func(m *image.Alpha, y int) []uint8 { return m.Pix[y*m.Stride:][:w] }
	for y := 0; y <= r && y < h; y++ {
		for x, v := range row(src, y) {
			sums[x] += uint32(v)
		}
	}
	for y := range h {
		out := row(dst, y)
		for x, s := range sums {
			out[x] = d.of(s)
		}
		if j := y + r + 1; j < h {
			for x, v := range row(src, j) {
				sums[x] += uint32(v)
			}
		}
		if j := y - r; j >= 0 {
			for x, v := range row(src, j) {
				sums[x] -= uint32(v)
			}
		}
	}
}
