package fetch

import (
	"image"
	"image/color"
	"image/draw"
	"math"

	"github.com/srwiley/rasterx"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"
)

// Work bounds for one SVG rasterisation, in units of the canvas area, so
// that hostile documents (thousands of full-canvas layers, huge strokes,
// microscopic dash patterns, gradient floods) cost at most about a second
// of CPU and a few MiB at SVGSide. Exceeding one aborts the drawing with a
// *TooLargeError.
const (
	// svgPaintLayers bounds the summed area of the clipped bounding boxes
	// of all drawn paths, in full canvases. Gradient pixels count
	// svgGradientCost times.
	svgPaintLayers  = 24
	svgGradientCost = 4
	// svgAccumLayers bounds the rasteriser buffers filled for all paths
	// (cheap SIMD work, but each path costs at least vectorFloatWidth
	// columns), in canvases at least vectorFloatWidth wide.
	svgAccumLayers = 96
	// svgEdgeLayers bounds the summed number of pixel rows that path edges
	// cross inside their boxes (the rasteriser's cost) plus one per edge,
	// in canvas areas.
	svgEdgeLayers = 16
	svgMinEdges   = 1 << 20 // floor for small canvases
	// svgPathPoints bounds the points of one path (12 bytes each).
	svgPathPoints = 512 << 10

	// vectorFloatWidth is the narrowest x/image/vector rasteriser that
	// uses floating-point math.
	vectorFloatWidth = 513
)

// svgWorkExceeded is panicked by boundedScanner and recovered in
// rasteriseSVG: the SVG library offers no other way to stop mid-drawing.
type svgWorkExceeded struct {
	what  string
	limit int64
}

// budget is an amount of work that may be spent once.
type budget struct {
	what        string
	left, limit int64
}

func newBudget(what string, limit int64) budget {
	return budget{what: what, left: limit, limit: limit}
}

// take spends n, aborting the drawing when the budget runs out.
func (b *budget) take(n int64) {
	b.left -= n
	if b.left < 0 {
		panic(svgWorkExceeded{b.what, b.limit})
	}
}

// boundedScanner implements rasterx.Scanner. Unlike rasterx.ScannerGV,
// which composites over the whole canvas for every path, it rasterises
// only the bounding box of the current path, and it enforces the work
// budgets above.
type boundedScanner struct {
	dest    *image.RGBA
	ras     vector.Rasterizer
	maskPix []byte // coverage scratch for gradient fills
	pts     []scanPoint
	min     fixed.Point26_6
	max     fixed.Point26_6
	uniform image.Uniform
	fn      rasterx.ColorFunc // non-nil for gradients
	clip    image.Rectangle   // empty = no clip
	paint   budget
	accum   budget
	edges   budget
}

type scanPoint struct {
	x, y  float32
	start bool
}

func newBoundedScanner(dest *image.RGBA) *boundedScanner {
	w, h := int64(dest.Rect.Dx()), int64(dest.Rect.Dy())
	s := &boundedScanner{
		dest:  dest,
		paint: newBudget("painted area", svgPaintLayers*w*h),
		accum: newBudget("accumulated area", svgAccumLayers*max(w, vectorFloatWidth)*h),
		edges: newBudget("edge work", max(svgEdgeLayers*w*h, svgMinEdges)),
	}
	s.uniform.C = color.Transparent
	s.Clear()
	return s
}

func (s *boundedScanner) add(p fixed.Point26_6, start bool) {
	if len(s.pts) >= svgPathPoints {
		panic(svgWorkExceeded{"path points", svgPathPoints})
	}
	s.min.X, s.min.Y = min(s.min.X, p.X), min(s.min.Y, p.Y)
	s.max.X, s.max.Y = max(s.max.X, p.X), max(s.max.Y, p.Y)
	s.pts = append(s.pts, scanPoint{float32(p.X) / 64, float32(p.Y) / 64, start})
}

// Start begins a subpath at a.
func (s *boundedScanner) Start(a fixed.Point26_6) { s.add(a, true) }

// Line extends the current subpath to b.
func (s *boundedScanner) Line(b fixed.Point26_6) { s.add(b, false) }

// GetPathExtent returns the bounds of the points since the last Clear.
func (s *boundedScanner) GetPathExtent() fixed.Rectangle26_6 {
	return fixed.Rectangle26_6{Min: s.min, Max: s.max}
}

// SetBounds is a no-op: the canvas is fixed at construction.
func (s *boundedScanner) SetBounds(int, int) {}

// SetWinding is a no-op, as in rasterx.ScannerGV: x/image/vector fills
// with the non-zero rule.
func (s *boundedScanner) SetWinding(bool) {}

// SetColor takes a color.Color or a rasterx.ColorFunc (gradients).
func (s *boundedScanner) SetColor(c any) {
	switch c := c.(type) {
	case color.Color:
		s.uniform.C, s.fn = c, nil
	case rasterx.ColorFunc:
		s.fn = c
	}
}

// SetClip restricts drawing to rect; the zero rectangle removes the clip.
func (s *boundedScanner) SetClip(rect image.Rectangle) { s.clip = rect }

// Clear forgets the current path.
func (s *boundedScanner) Clear() {
	s.pts = s.pts[:0]
	s.min = fixed.Point26_6{X: math.MaxInt32, Y: math.MaxInt32}
	s.max = fixed.Point26_6{X: math.MinInt32, Y: math.MinInt32}
}

// Draw composites the current path over dest within its bounding box.
func (s *boundedScanner) Draw() {
	if len(s.pts) == 0 {
		return
	}
	box := image.Rect(s.min.X.Floor(), s.min.Y.Floor(), s.max.X.Ceil(), s.max.Y.Ceil())
	box = box.Intersect(s.dest.Rect)
	if !s.clip.Empty() {
		box = box.Intersect(s.clip)
	}
	if box.Empty() {
		return
	}
	area := int64(box.Dx()) * int64(box.Dy())
	if s.fn != nil {
		area *= svgGradientCost
	}
	s.paint.take(area)
	s.edges.take(s.edgeCost(box))

	// x/image/vector switches to fixed-point math for rasterisers of at
	// most 512 px a side, and that mode misplaces some anti-aliased edges
	// by a pixel (measured against supersampled coverage). Widening the
	// rasteriser keeps it in floating-point mode; the extra columns are
	// accumulated but never composited.
	rw := max(box.Dx(), vectorFloatWidth)
	s.accum.take(int64(rw) * int64(box.Dy()))
	s.ras.Reset(rw, box.Dy())
	ox, oy := float32(box.Min.X), float32(box.Min.Y)
	for _, p := range s.pts {
		if p.start {
			s.ras.MoveTo(p.x-ox, p.y-oy)
		} else {
			s.ras.LineTo(p.x-ox, p.y-oy)
		}
	}
	if s.fn == nil {
		s.ras.Draw(s.dest, box, &s.uniform, box.Min)
		return
	}
	s.drawGradient(box)
}

// edgeCost estimates the rasteriser's work for the current path: one per
// edge plus the rows each edge crosses inside box.
func (s *boundedScanner) edgeCost(box image.Rectangle) int64 {
	lo, hi := float32(box.Min.Y), float32(box.Max.Y)
	var cost int64
	for i := 1; i < len(s.pts); i++ {
		y0, y1 := s.pts[i-1].y, s.pts[i].y
		if y0 > y1 {
			y0, y1 = y1, y0
		}
		cost++
		if span := min(y1, hi) - max(y0, lo); span > 0 {
			cost += int64(span)
		}
	}
	return cost
}

// drawGradient rasterises coverage into a mask, then composites the
// gradient only where the mask is non-zero, writing dest's pixels directly.
func (s *boundedScanner) drawGradient(box image.Rectangle) {
	w, h := box.Dx(), box.Dy()
	if cap(s.maskPix) < w*h {
		s.maskPix = make([]byte, w*h, s.dest.Rect.Dx()*s.dest.Rect.Dy())
	}
	m := &image.Alpha{Pix: s.maskPix[:w*h], Stride: w, Rect: image.Rect(0, 0, w, h)}
	s.ras.DrawOp = draw.Src
	s.ras.Draw(m, m.Rect, image.Opaque, image.Point{})
	s.ras.DrawOp = draw.Over
	for y := range h {
		row := m.Pix[y*m.Stride : y*m.Stride+w]
		out := s.dest.Pix[s.dest.PixOffset(box.Min.X, box.Min.Y+y):]
		for x, cov := range row {
			if cov == 0 {
				continue
			}
			sr, sg, sb, sa := s.fn(box.Min.X+x, box.Min.Y+y).RGBA()
			ma := uint32(cov) * 0x101
			inv := 0xffff - sa*ma/0xffff
			px := out[4*x : 4*x+4 : 4*x+4]
			px[0] = uint8((uint32(px[0])*0x101*inv/0xffff + sr*ma/0xffff) >> 8)
			px[1] = uint8((uint32(px[1])*0x101*inv/0xffff + sg*ma/0xffff) >> 8)
			px[2] = uint8((uint32(px[2])*0x101*inv/0xffff + sb*ma/0xffff) >> 8)
			px[3] = uint8((uint32(px[3])*0x101*inv/0xffff + sa*ma/0xffff) >> 8)
		}
	}
}
