package logogen

import (
	"image"
	"image/color"
)

// Stats are the figures that tell a real logo from a flat fake: its
// colours and what its encoding costs per visible pixel.
type Stats struct {
	Colours int // distinct colours (non-premultiplied RGBA) among visible pixels
	Visible int // pixels with any opacity
	Bytes   int // size of the encoded file
}

// BitsPerPixel is the encoded size in bits per visible pixel.
func (s Stats) BitsPerPixel() float64 {
	if s.Visible == 0 {
		return 0
	}
	return float64(8*s.Bytes) / float64(s.Visible)
}

// Measure counts img's colours and visible pixels; encoded is its file.
func Measure(img image.Image, encoded []byte) Stats {
	seen := make(map[color.NRGBA]struct{})
	st := Stats{Bytes: len(encoded)}
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			c := color.NRGBAModel.Convert(img.At(x, y)).(color.NRGBA)
			if c.A == 0 {
				continue
			}
			st.Visible++
			seen[c] = struct{}{}
		}
	}
	st.Colours = len(seen)
	return st
}

// The range real team logos span, ESPN's 500 px PNGs as served
// (issue 31's sample): colours among visible pixels, and bits of the
// file per visible pixel.
const (
	RealMinColours, RealMaxColours = 79, 22_000
	RealMinBits, RealMaxBits       = 0.6, 10.8
)
