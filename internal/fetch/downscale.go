package fetch

import (
	"image"
	"image/draw"
)

// boxScaler shrinks an image fed to it row by row (premultiplied RGBA)
// into dst by averaging the block of source pixels behind each destination
// pixel: the right filter for large reductions, and it needs only one row
// of sums whatever the source size.
type boxScaler struct {
	sw, sh int
	dst    *image.RGBA
	xmap   []int32  // source column → destination column
	colN   []uint64 // source columns per destination column
	acc    []uint64 // sums of the destination row being filled, 4 per pixel
	rows   uint64   // source rows in acc
	dy     int      // destination row being filled
}

func newBoxScaler(sw, sh, dw, dh int) *boxScaler {
	b := &boxScaler{sw: sw, sh: sh, dst: image.NewRGBA(image.Rect(0, 0, dw, dh)),
		xmap: make([]int32, sw), colN: make([]uint64, dw), acc: make([]uint64, 4*dw)}
	for x := range sw {
		dx := x * dw / sw
		b.xmap[x] = int32(dx)
		b.colN[dx]++
	}
	return b
}

// add takes source row y (rows come in order, each once).
func (b *boxScaler) add(y int, rgba []byte) {
	if dy := y * b.dst.Rect.Dy() / b.sh; dy != b.dy {
		b.flush()
		b.dy = dy
	}
	acc := b.acc
	for x, dx := range b.xmap {
		s, a := rgba[4*x:4*x+4], acc[4*dx:4*dx+4]
		a[0] += uint64(s[0])
		a[1] += uint64(s[1])
		a[2] += uint64(s[2])
		a[3] += uint64(s[3])
	}
	b.rows++
}

// flush writes the averages of the filled row and clears the sums.
func (b *boxScaler) flush() {
	if b.rows == 0 {
		return
	}
	row := b.dst.Pix[b.dy*b.dst.Stride:]
	for dx, cn := range b.colN {
		n := cn * b.rows
		for c := range 4 {
			row[4*dx+c] = byte((b.acc[4*dx+c] + n/2) / n)
			b.acc[4*dx+c] = 0
		}
	}
	b.rows = 0
}

// result flushes the last row and returns the scaled image.
func (b *boxScaler) result() *image.RGBA {
	b.flush()
	return b.dst
}

// downscaleImage shrinks an already decoded src to dw×dh, converting it
// to RGBA a strip of rows at a time so no full-size RGBA copy is made.
func downscaleImage(src image.Image, dw, dh int) *image.RGBA {
	sb := src.Bounds()
	b := newBoxScaler(sb.Dx(), sb.Dy(), dw, dh)
	const stripRows = 16
	strip := image.NewRGBA(image.Rect(0, 0, sb.Dx(), stripRows))
	for y0 := 0; y0 < sb.Dy(); y0 += stripRows {
		n := min(stripRows, sb.Dy()-y0)
		draw.Draw(strip, image.Rect(0, 0, sb.Dx(), n), src, image.Pt(sb.Min.X, sb.Min.Y+y0), draw.Src)
		for i := range n {
			b.add(y0+i, strip.Pix[i*strip.Stride:])
		}
	}
	return b.result()
}

// fitSide returns w×h scaled down so its longest side is at most side
// (unchanged when it already fits), each side at least 1.
func fitSide(w, h, side int) (int, int) {
	if w <= side && h <= side {
		return w, h
	}
	if w >= h {
		return side, max(1, (h*side+w/2)/w)
	}
	return max(1, (w*side+h/2)/h), side
}
