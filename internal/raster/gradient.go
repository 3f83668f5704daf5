package raster

import (
	"image"
	"image/color"
	"math"

	"gamethumbs/internal/colorx"
)

// stop is one colour stop of a gradient: offset t in [0,1], colour, opacity.
type Stop struct {
	T float64
	C colorx.RGB
	A float64
}

func OpaqueStops(ts []float64, cs ...colorx.RGB) []Stop {
	s := make([]Stop, len(cs))
	for i := range cs {
		s[i] = Stop{ts[i], cs[i], 1}
	}
	return s
}

// LUTSize is the number of samples of a gradient lookup table.
const LUTSize = 1024

// GradLUT samples stops at LUTSize points as premultiplied colours.
type GradLUT struct {
	c [LUTSize]color.RGBA
}

func NewLUT(stops []Stop) *GradLUT {
	g := &GradLUT{}
	for i := range LUTSize {
		t := float64(i) / (LUTSize - 1)
		j := 0
		for j < len(stops)-1 && stops[j+1].T < t {
			j++
		}
		a, b := stops[j], stops[min(j+1, len(stops)-1)]
		u := 0.0
		if b.T > a.T {
			u = min(1, max(0, (t-a.T)/(b.T-a.T)))
		}
		if t <= stops[0].T {
			b, u = a, 0
		}
		r := float64(a.C.R) + (float64(b.C.R)-float64(a.C.R))*u
		gg := float64(a.C.G) + (float64(b.C.G)-float64(a.C.G))*u
		bb := float64(a.C.B) + (float64(b.C.B)-float64(a.C.B))*u
		al := a.A + (b.A-a.A)*u
		g.c[i] = color.RGBA{uint8(r*al + 0.5), uint8(gg*al + 0.5), uint8(bb*al + 0.5), uint8(al*255 + 0.5)}
	}
	return g
}

func lutIndex(t float64) int {
	return int(min(1, max(0, t))*(LUTSize-1) + 0.5)
}

// paint gives a premultiplied colour per canvas pixel.
type Paint interface{ At(x, y int) color.RGBA }

// LinearPaint is a linear gradient from (x0,y0) to (x1,y1).
type LinearPaint struct {
	x0, y0, dx, dy, inv float64
	lut                 *GradLUT
}

func NewLinear(x0, y0, x1, y1 float64, stops []Stop) *LinearPaint {
	return LinearWith(NewLUT(stops), x0, y0, x1, y1)
}

// LinearWith is NewLinear(x0, y0, x1, y1, stops) for the stops whose
// table is lut.
func LinearWith(lut *GradLUT, x0, y0, x1, y1 float64) *LinearPaint {
	dx, dy := x1-x0, y1-y0
	l2 := dx*dx + dy*dy
	if l2 == 0 {
		l2 = 1
	}
	return &LinearPaint{x0, y0, dx, dy, 1 / l2, lut}
}

func (p *LinearPaint) At(x, y int) color.RGBA {
	t := ((float64(x)+0.5-p.x0)*p.dx + (float64(y)+0.5-p.y0)*p.dy) * p.inv
	return p.lut.c[lutIndex(t)]
}

// MaskPaint composites paint pt over dst through coverage mask a. Opaque
// colours at full coverage are stored as they are.
func MaskPaint(dst *image.RGBA, a *image.Alpha, pt Paint) {
	r := a.Rect.Intersect(dst.Rect)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		mi := a.PixOffset(r.Min.X, y)
		di := dst.PixOffset(r.Min.X, y)
		for x := r.Min.X; x < r.Max.X; x, mi, di = x+1, mi+1, di+4 {
			cov := a.Pix[mi]
			if cov == 0 {
				continue
			}
			paintPix(dst.Pix[di:], pt.At(x, y), cov)
		}
	}
}

// paintPix composites paint colour p over the pixel at the start of d at
// coverage c, as MaskPaint does: an opaque colour at full coverage is
// stored as it is.
func paintPix(d []byte, p color.RGBA, c uint8) {
	if c == 255 && p.A == 255 {
		Store32(d, Pixel32(p.R, p.G, p.B, 255))
		return
	}
	BlendPix(d, 0, p, uint32(c))
}

// FillLinear paints r of dst (opaquely) with a horizontal (vertical=false)
// or vertical gradient of opaque stops along r. Only the part of r inside
// dst is painted; the gradient spans all of r.
func FillLinear(dst *image.RGBA, r image.Rectangle, vertical bool, stops []Stop) {
	in := r.Intersect(dst.Rect)
	if in.Empty() {
		return
	}
	lut := NewLUT(stops)
	if vertical {
		for y := in.Min.Y; y < in.Max.Y; y++ {
			t := (float64(y-r.Min.Y) + 0.5) / float64(r.Dy())
			FillRect(dst, image.Rect(in.Min.X, y, in.Max.X, y+1), lut.c[lutIndex(t)])
		}
		return
	}
	i0 := dst.PixOffset(in.Min.X, in.Min.Y)
	row := dst.Pix[i0 : i0+4*in.Dx()]
	for x := range in.Dx() {
		c := lut.c[lutIndex((float64(x+in.Min.X-r.Min.X)+0.5)/float64(r.Dx()))]
		row[4*x], row[4*x+1], row[4*x+2], row[4*x+3] = c.R, c.G, c.B, 255
	}
	for y := in.Min.Y + 1; y < in.Max.Y; y++ {
		i := dst.PixOffset(in.Min.X, y)
		copy(dst.Pix[i:i+len(row)], row)
	}
}

// FillRadial paints all of dst opaquely with a radial gradient centred at
// (cx, cy) reaching t=1 at radius rad. It is not dithered: ordered dither
// hid the faint rings of the slow dark gradients but made the PNGs
// several times larger and slower to encode.
func FillRadial(dst *image.RGBA, cx, cy, rad float64, stops []Stop) {
	lut := NewLUT(stops)
	r := dst.Rect
	inv := float32((LUTSize - 1) / rad)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		dy := float32(float64(y) + 0.5 - cy)
		dy2 := dy * dy
		i := dst.PixOffset(r.Min.X, y)
		for x := r.Min.X; x < r.Max.X; x, i = x+1, i+4 {
			dx := float32(float64(x) + 0.5 - cx)
			k := int(float32(math.Sqrt(float64(dx*dx+dy2)))*inv + 0.5)
			if k >= LUTSize {
				k = LUTSize - 1
			}
			c := lut.c[k]
			p := dst.Pix[i : i+4 : i+4]
			p[0], p[1], p[2], p[3] = c.R, c.G, c.B, 255
		}
	}
}

// OverlayRows blends colour c with a per-row opacity alpha(y) over dst.
func OverlayRows(dst *image.RGBA, c colorx.RGB, alpha func(y int) float64) {
	r := dst.Rect
	for y := r.Min.Y; y < r.Max.Y; y++ {
		a := alpha(y)
		if a <= 0 {
			continue
		}
		pc := Premul(c.R, c.G, c.B, a)
		i := dst.PixOffset(r.Min.X, y)
		for x := r.Min.X; x < r.Max.X; x, i = x+1, i+4 {
			BlendPix(dst.Pix, i, pc, 255)
		}
	}
}

// StopAlphaAt interpolates the stops' opacity at t (per-row overlays).
func StopAlphaAt(stops []Stop, t float64) float64 {
	if t <= stops[0].T {
		return stops[0].A
	}
	for j := 0; j+1 < len(stops); j++ {
		a, b := stops[j], stops[j+1]
		if t <= b.T {
			if b.T == a.T {
				return b.A
			}
			return a.A + (b.A-a.A)*(t-a.T)/(b.T-a.T)
		}
	}
	return stops[len(stops)-1].A
}

// OverlayRadial blends a radial gradient of (possibly translucent) stops
// over dst, from radius r0 (t=0) to r1 (t=1) about (cx, cy). It works in
// float per pixel: an 8-bit premultiplied lookup table quantised the
// colour and the alpha separately and drew visible rings in slow overlays.
func OverlayRadial(dst *image.RGBA, cx, cy, r0, r1 float64, stops []Stop) {
	type fc struct{ r, g, b, a float32 }
	var lut [LUTSize]fc
	for i := range lut {
		t := float64(i) / (LUTSize - 1)
		a := StopAlphaAt(stops, t)
		c := StopColorAt(stops, t)
		lut[i] = fc{float32(c[0] * a), float32(c[1] * a), float32(c[2] * a), float32(a)}
	}
	inv := (LUTSize - 1) / max(1e-9, r1-r0)
	r := dst.Rect
	for y := r.Min.Y; y < r.Max.Y; y++ {
		dy := float64(y) + 0.5 - cy
		i := dst.PixOffset(r.Min.X, y)
		for x := r.Min.X; x < r.Max.X; x, i = x+1, i+4 {
			d := math.Sqrt((float64(x)+0.5-cx)*(float64(x)+0.5-cx) + dy*dy)
			k := int(min(LUTSize-1, max(0, (d-r0)*inv)) + 0.5)
			c := lut[min(k, LUTSize-1)]
			ia := 1 - c.a
			p := dst.Pix[i : i+4 : i+4]
			p[0] = uint8(c.r + float32(p[0])*ia + 0.5)
			p[1] = uint8(c.g + float32(p[1])*ia + 0.5)
			p[2] = uint8(c.b + float32(p[2])*ia + 0.5)
			p[3] = uint8(255*c.a + float32(p[3])*ia + 0.5)
		}
	}
}

// StopColorAt interpolates the stops' colours at t.
func StopColorAt(stops []Stop, t float64) [3]float64 {
	at := func(s Stop) [3]float64 { return [3]float64{float64(s.C.R), float64(s.C.G), float64(s.C.B)} }
	if t <= stops[0].T {
		return at(stops[0])
	}
	for j := 0; j+1 < len(stops); j++ {
		a, b := stops[j], stops[j+1]
		if t <= b.T {
			u := 0.0
			if b.T > a.T {
				u = (t - a.T) / (b.T - a.T)
			}
			ca, cb := at(a), at(b)
			return [3]float64{ca[0] + (cb[0]-ca[0])*u, ca[1] + (cb[1]-ca[1])*u, ca[2] + (cb[2]-ca[2])*u}
		}
	}
	return at(stops[len(stops)-1])
}
