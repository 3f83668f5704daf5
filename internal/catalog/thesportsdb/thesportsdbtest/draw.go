package thesportsdbtest

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"strconv"

	"golang.org/x/image/font"
	"golang.org/x/image/font/basicfont"
	"golang.org/x/image/math/fixed"
)

// Shapes of Badge.
const (
	Circle = iota
	Shield
	Square
)

// Badge draws a size×size transparent PNG: a shape in colour fg (hex
// "rrggbb") with a ring in alt and label written across it in white. The
// fakes of the provider packages use it for team, league and athlete
// images, so every picture is our own.
func Badge(label, fg, alt string, shape, size int) []byte {
	if size < 16 {
		size = 16
	}
	img := image.NewNRGBA(image.Rect(0, 0, size, size))
	c1, c2 := parseHex(fg), parseHex(alt)
	r := float64(size) / 2
	for y := 0; y < size; y++ {
		for x := 0; x < size; x++ {
			dx, dy := float64(x)+0.5-r, float64(y)+0.5-r
			var d float64 // 0 at the centre, 1 at the edge
			switch shape {
			case Square:
				d = max(abs(dx), abs(dy)) / r
			case Shield:
				if dy < 0 {
					d = max(abs(dx), abs(dy)) / r
				} else {
					d = (abs(dx) + dy*0.9) / r
				}
			default:
				d = (dx*dx + dy*dy) / (r * r)
			}
			switch {
			case d > 0.96:
			case d > 0.80:
				img.SetNRGBA(x, y, c2)
			default:
				img.SetNRGBA(x, y, c1)
			}
		}
	}
	writeLabel(img, label, size)
	var buf bytes.Buffer
	_ = (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&buf, img)
	return buf.Bytes()
}

// writeLabel draws label in white, scaled up from the 7×13 basic font so
// that it spans about 60 % of the width.
func writeLabel(dst *image.NRGBA, label string, size int) {
	if label == "" {
		return
	}
	face := basicfont.Face7x13
	w := font.MeasureString(face, label).Ceil()
	small := image.NewAlpha(image.Rect(0, 0, w, 13))
	d := font.Drawer{Dst: small, Src: image.Opaque, Face: face, Dot: fixed.P(0, 10)}
	d.DrawString(label)
	scale := max(1, size*6/10/max(w, 1))
	scale = min(scale, size/3/13+1)
	ox, oy := (size-w*scale)/2, (size-13*scale)/2
	for y := 0; y < 13*scale; y++ {
		for x := 0; x < w*scale; x++ {
			if small.AlphaAt(x/scale, y/scale).A > 127 {
				dst.SetNRGBA(ox+x, oy+y, color.NRGBA{255, 255, 255, 255})
			}
		}
	}
}

func parseHex(s string) color.NRGBA {
	v, err := strconv.ParseUint(s, 16, 32)
	if err != nil || len(s) != 6 {
		return color.NRGBA{128, 128, 128, 255}
	}
	return color.NRGBA{uint8(v >> 16), uint8(v >> 8), uint8(v), 255}
}

func abs(f float64) float64 {
	if f < 0 {
		return -f
	}
	return f
}
