package demo

import (
	"bytes"
	"hash/fnv"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"math"

	"gamethumbs/internal/colorx"
)

// VenuePhoto draws a made-up stadium photo of w x h pixels (the demo
// league's venues, the test fakes' venue images) and encodes it as "jpg"
// or "png": a dusk sky,
// floodlights, stands full of a crowd in the home colours (hex, no "#")
// and a striped pitch with white lines. seed varies the crowd and the sky,
// so photos of different venues differ. Nothing is copied from a real
// photo.
func VenuePhoto(seed, home, away string, w, h int, format string) []byte {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	hs := fnv.New32a()
	hs.Write([]byte(seed))
	rnd := hs.Sum32() | 1
	next := func() uint32 { // xorshift: deterministic per seed
		rnd ^= rnd << 13
		rnd ^= rnd >> 17
		rnd ^= rnd << 5
		return rnd
	}
	c1, c2 := hexRGB(home, 0x30, 0x50, 0x90), hexRGB(away, 0xd0, 0xd0, 0xd0)
	horizon, pitch := 0.30*float64(h), 0.62*float64(h)
	skyTop := [3]float64{20, 30, 70 + float64(next()%60)}
	skyLow := [3]float64{230, 150 + float64(next()%40), 90}
	for y := range h {
		fy := float64(y)
		for x := range w {
			var r, g, b float64
			switch {
			case fy < horizon: // sky
				t := fy / horizon
				r, g, b = lerp(skyTop[0], skyLow[0], t*t), lerp(skyTop[1], skyLow[1], t*t), lerp(skyTop[2], skyLow[2], t*t)
			case fy < pitch: // stands: tiers of seats, a crowd in the home colours
				t := (fy - horizon) / (pitch - horizon)
				tier := int(t * 9)
				shade := 0.55 + 0.45*t
				base := c1
				if tier%3 == 1 {
					base = c2
				}
				n := next() % 100
				switch {
				case n < 45: // people
					r, g, b = float64(base[0])*shade, float64(base[1])*shade, float64(base[2])*shade
				case n < 70:
					v := 40 + float64(next()%120)
					r, g, b = v*shade, v*shade*0.9, v*shade*0.8
				default:
					r, g, b = 35*shade, 38*shade, 45*shade
				}
				if int(t*90)%10 == 0 { // the rails between tiers
					r, g, b = 90, 90, 95
				}
			default: // pitch: mowed stripes, lit from above
				t := (fy - pitch) / (float64(h) - pitch)
				g = 120 + 40*t
				if (x*7/w+int(t*6))%2 == 0 {
					g += 18
				}
				r, b = 30+10*t, 35
			}
			img.Pix[img.PixOffset(x, y)+0] = colorx.Clamp8(r)
			img.Pix[img.PixOffset(x, y)+1] = colorx.Clamp8(g)
			img.Pix[img.PixOffset(x, y)+2] = colorx.Clamp8(b)
			img.Pix[img.PixOffset(x, y)+3] = 255
		}
	}
	// White lines: a halfway line and a centre circle in perspective.
	cx, cy := float64(w)/2, pitch+0.55*(float64(h)-pitch)
	for y := int(pitch); y < h; y++ {
		for x := range w {
			dx, dy := (float64(x)-cx)/(0.22*float64(w)), (float64(y)-cy)/(0.12*float64(h))
			ring := math.Abs(math.Hypot(dx, dy)-1) < 0.025
			if ring || math.Abs(float64(x)-cx) < float64(w)/400+1 {
				img.Set(x, y, color.RGBA{235, 240, 235, 255})
			}
		}
	}
	// Floodlights: four bright glows above the stands.
	for i := range 4 {
		lx := (0.15 + 0.7*float64(i)/3) * float64(w)
		ly := horizon * 0.55
		glow(img, lx, ly, 0.05*float64(w))
	}
	var buf bytes.Buffer
	if format == "png" {
		_ = png.Encode(&buf, img)
	} else {
		_ = jpeg.Encode(&buf, img, &jpeg.Options{Quality: 80})
	}
	return buf.Bytes()
}

func glow(img *image.RGBA, cx, cy, r float64) {
	b := img.Bounds()
	for y := max(b.Min.Y, int(cy-r)); y < min(b.Max.Y, int(cy+r)+1); y++ {
		for x := max(b.Min.X, int(cx-r)); x < min(b.Max.X, int(cx+r)+1); x++ {
			d := math.Hypot(float64(x)-cx, float64(y)-cy) / r
			if d >= 1 {
				continue
			}
			a := (1 - d) * (1 - d)
			i := img.PixOffset(x, y)
			for c := range 3 {
				img.Pix[i+c] = colorx.Clamp8(float64(img.Pix[i+c])*(1-a) + 255*a)
			}
		}
	}
}

func lerp(a, b, t float64) float64 { return a + (b-a)*t }

// hexRGB parses six hex digits, or gives the default.
func hexRGB(s string, r, g, b uint8) [3]uint8 {
	if len(s) == 7 && s[0] == '#' {
		s = s[1:]
	}
	if len(s) != 6 {
		return [3]uint8{r, g, b}
	}
	var out [3]uint8
	for i := range 3 {
		var v uint8
		for _, c := range s[2*i : 2*i+2] {
			v <<= 4
			switch {
			case c >= '0' && c <= '9':
				v |= uint8(c - '0')
			case c >= 'a' && c <= 'f':
				v |= uint8(c - 'a' + 10)
			case c >= 'A' && c <= 'F':
				v |= uint8(c - 'A' + 10)
			default:
				return [3]uint8{r, g, b}
			}
		}
		out[i] = v
	}
	return out
}
