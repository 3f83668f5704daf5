package render

import "image"

// boxBlur blurs the alpha mask a in place with three passes of a box filter
// of radius r in each direction, a close approximation of a Gaussian with
// sigma ≈ r. tmp is scratch space of at least len(a.Pix) bytes.
func boxBlur(a *image.Alpha, r int) {
	if r < 1 {
		return
	}
	w, h := a.Rect.Dx(), a.Rect.Dy()
	n := max(w, h)
	line := make([]uint8, n)
	for range 3 {
		for y := range h {
			row := a.Pix[y*a.Stride : y*a.Stride+w]
			copy(line, row)
			blurLine(row, line[:w], 1, r)
		}
		for x := range w {
			for y := range h {
				line[y] = a.Pix[y*a.Stride+x]
			}
			col := a.Pix[x:]
			blurLine(col, line[:h], a.Stride, r)
		}
	}
}

// blurLine writes the box average (radius r, zero outside) of src into dst
// at positions 0, step, 2*step, …
func blurLine(dst, src []uint8, step, r int) {
	n := len(src)
	div := uint32(2*r + 1)
	var sum uint32
	for i := 0; i <= r && i < n; i++ {
		sum += uint32(src[i])
	}
	for i := range n {
		dst[i*step] = uint8((sum + div/2) / div)
		if j := i + r + 1; j < n {
			sum += uint32(src[j])
		}
		if j := i - r; j >= 0 {
			sum -= uint32(src[j])
		}
	}
}
