package athletetest

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"strconv"
)

// Headshot draws a 350×254 transparent PNG, ESPN's headshot size: a head
// and shoulders silhouette in the athlete's colour.
func Headshot(a Athlete) []byte {
	const w, h = 350, 254
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	v, _ := strconv.ParseUint(a.Color, 16, 32)
	c := color.NRGBA{uint8(v >> 16), uint8(v >> 8), uint8(v), 255}
	skin := color.NRGBA{0xe0, 0xb0, 0x90, 255}
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			dx, dy := float64(x-w/2), float64(y-95)
			switch {
			case dx*dx/(52*52)+dy*dy/(66*66) <= 1: // head
				img.SetNRGBA(x, y, skin)
			case y > 165 && dx*dx/(150*150)+float64((y-260)*(y-260))/(100*100) <= 1: // shoulders
				img.SetNRGBA(x, y, c)
			}
		}
	}
	var buf bytes.Buffer
	_ = (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&buf, img)
	return buf.Bytes()
}
