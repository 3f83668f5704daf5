package logogen

import (
	"image"
	"math"
)

// canvas is a square of premultiplied RGBA pixels in 0..1, painted layer
// over layer.
type canvas struct {
	n  int
	px []float64
}

func newCanvas(n int) *canvas { return &canvas{n: n, px: make([]float64, 4*n*n)} }

// over composites colour c at opacity a (0..1) over pixel (x, y).
func (cv *canvas) over(x, y int, c rgb, a float64) {
	if a <= 0 {
		return
	}
	a = min(a, 1)
	p := cv.px[4*(y*cv.n+x):]
	k := 1 - a
	p[0] = c.r*a + p[0]*k
	p[1] = c.g*a + p[1]*k
	p[2] = c.b*a + p[2]*k
	p[3] = a + p[3]*k
}

// paint composites f over every pixel of r (clipped to the canvas); f
// gives the colour and opacity at the pixel's centre.
func (cv *canvas) paint(r image.Rectangle, f func(x, y float64) (rgb, float64)) {
	r = r.Intersect(image.Rect(0, 0, cv.n, cv.n))
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			c, a := f(float64(x)+0.5, float64(y)+0.5)
			cv.over(x, y, c, a)
		}
	}
}

// all is the canvas's rectangle.
func (cv *canvas) all() image.Rectangle { return image.Rect(0, 0, cv.n, cv.n) }

// image converts the canvas to 8-bit non-premultiplied pixels (rounded;
// fully transparent pixels are zero).
func (cv *canvas) image() *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, cv.n, cv.n))
	for i := 0; i < cv.n*cv.n; i++ {
		p := cv.px[4*i : 4*i+4]
		a := math.Round(clamp01(p[3]) * 255)
		if a == 0 {
			continue
		}
		af := a / 255
		q := img.Pix[4*i : 4*i+4]
		q[0] = to8(p[0] / af)
		q[1] = to8(p[1] / af)
		q[2] = to8(p[2] / af)
		q[3] = uint8(a)
	}
	return img
}

// to8 rounds a 0..1 channel to 8 bits.
func to8(v float64) uint8 { return uint8(math.Round(clamp01(v) * 255)) }
