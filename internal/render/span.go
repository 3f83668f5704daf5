package render

import "image"

// spanImage is a premultiplied image kept with the runs of visible pixels
// of each row, so drawing it touches only those: transparent stretches
// are skipped without being read, opaque runs are copied and only the
// partly transparent pixels (edges, shadows, halos) are blended.
type spanImage struct {
	pix  *image.RGBA
	rows []int32  // runs of row y (from pix.Rect.Min.Y): runs[rows[y]:rows[y+1]]
	runs []pixRun // columns relative to pix.Rect.Min.X
}

// pixRun is the columns [x0, x1) of a row whose pixels are all opaque or
// all partly transparent.
type pixRun struct {
	x0, x1 int32
	opaque bool
}

// newSpanImage indexes the visible runs of img.
func newSpanImage(img *image.RGBA) *spanImage {
	w, h := img.Rect.Dx(), img.Rect.Dy()
	s := &spanImage{pix: img, rows: make([]int32, h+1)}
	for y := range h {
		s.rows[y] = int32(len(s.runs))
		row := img.Pix[y*img.Stride:][:4*w]
		for x := 0; x < w; {
			a := row[4*x+3]
			if a == 0 {
				x++
				continue
			}
			end := x + 1
			for end < w && (row[4*end+3] == 255) == (a == 255) && row[4*end+3] != 0 {
				end++
			}
			s.runs = append(s.runs, pixRun{int32(x), int32(end), a == 255})
			x = end
		}
	}
	s.rows[h] = int32(len(s.runs))
	return s
}

// bytes is the memory the image holds.
func (s *spanImage) bytes() int64 {
	return int64(len(s.pix.Pix)) + 12*int64(len(s.runs)) + 4*int64(len(s.rows)) + 96
}

// draw composites the image over dst with its pixel (0, 0) (which may lie
// outside its bounds) at at.
func (s *spanImage) draw(dst *image.RGBA, at image.Point) {
	b := s.pix.Rect.Add(at)
	r := b.Intersect(dst.Rect)
	if r.Empty() {
		return
	}
	c0, c1 := int32(r.Min.X-b.Min.X), int32(r.Max.X-b.Min.X) // visible columns
	for y := r.Min.Y; y < r.Max.Y; y++ {
		sy := y - b.Min.Y
		srow := s.pix.Pix[sy*s.pix.Stride:]
		drow := dst.Pix[dst.PixOffset(r.Min.X, y):][:4*r.Dx()]
		for _, run := range s.runs[s.rows[sy]:s.rows[sy+1]] {
			x0, x1 := max(run.x0, c0), min(run.x1, c1)
			if x0 >= x1 {
				continue
			}
			src := srow[4*x0 : 4*x1]
			d := drow[4*(x0-c0) : 4*(x1-c0)]
			if run.opaque {
				copy(d, src)
				continue
			}
			for i := 0; i < len(src); i += 4 {
				sv := load32(src[i:])
				store32(d[i:], overPix(sv, sv>>24, load32(d[i:])))
			}
		}
	}
}
