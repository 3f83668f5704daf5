package logogen

import (
	"image"
	"math"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"

	"gamethumbs/internal/fonts"
)

var (
	fontsOnce   sync.Once
	black, bold *opentype.Font
)

// typeface returns the embedded Roboto Black (heavy) or Bold.
func typeface(heavy bool) *opentype.Font {
	fontsOnce.Do(func() {
		var err error
		if black, err = opentype.Parse(fonts.Black); err != nil {
			panic("logogen: embedded font: " + err.Error())
		}
		if bold, err = opentype.Parse(fonts.Bold); err != nil {
			panic("logogen: embedded font: " + err.Error())
		}
	})
	if heavy {
		return black
	}
	return bold
}

// mask is a coverage map (0..1) of w x h pixels placed with its top-left
// corner at (x0, y0) on the canvas.
type mask struct {
	x0, y0, w, h int
	a            []float64
}

func newMask(x0, y0, w, h int) *mask {
	return &mask{x0: x0, y0: y0, w: w, h: h, a: make([]float64, w*h)}
}

// at is the coverage at canvas pixel (x, y), 0 outside the mask.
func (m *mask) at(x, y int) float64 {
	x, y = x-m.x0, y-m.y0
	if x < 0 || y < 0 || x >= m.w || y >= m.h {
		return 0
	}
	return m.a[y*m.w+x]
}

// sample is the coverage at mask coordinates (u, v), bilinear.
func (m *mask) sample(u, v float64) float64 {
	u, v = u-0.5, v-0.5
	fu, fv := math.Floor(u), math.Floor(v)
	iu, iv := int(fu), int(fv)
	tu, tv := u-fu, v-fv
	get := func(x, y int) float64 {
		if x < 0 || y < 0 || x >= m.w || y >= m.h {
			return 0
		}
		return m.a[y*m.w+x]
	}
	a := get(iu, iv) + (get(iu+1, iv)-get(iu, iv))*tu
	b := get(iu, iv+1) + (get(iu+1, iv+1)-get(iu, iv+1))*tu
	return a + (b-a)*tv
}

// bounds is the mask's rectangle on the canvas.
func (m *mask) bounds() image.Rectangle { return image.Rect(m.x0, m.y0, m.x0+m.w, m.y0+m.h) }

// textMask renders s in the given font at size px (anti-aliased, no
// hinting) with a margin of pad pixels on every side. Its baseline runs
// at row pad+ascent; its width is the text's advance plus the margins.
func textMask(s string, heavy bool, size float64, pad int) (*mask, int) {
	face, err := opentype.NewFace(typeface(heavy), &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		panic("logogen: face: " + err.Error())
	}
	defer face.Close()
	m := face.Metrics()
	asc, desc := m.Ascent.Ceil(), m.Descent.Ceil()
	w := font.MeasureString(face, s).Ceil() + 2*pad
	h := asc + desc + 2*pad
	dst := image.NewAlpha(image.Rect(0, 0, w, h))
	d := font.Drawer{Dst: dst, Src: image.Opaque, Face: face, Dot: fixed.P(pad, pad+asc)}
	d.DrawString(s)
	out := newMask(0, 0, w, h)
	for i, v := range dst.Pix {
		out.a[i] = float64(v) / 255
	}
	return out, pad + asc
}

// fitText sizes s to at most maxW x maxH pixels.
func fitText(s string, heavy bool, maxW, maxH float64) float64 {
	const probe = 100
	face, err := opentype.NewFace(typeface(heavy), &opentype.FaceOptions{Size: probe, DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		panic("logogen: face: " + err.Error())
	}
	defer face.Close()
	w := float64(font.MeasureString(face, s)) / 64
	h := float64(face.Metrics().CapHeight) / 64
	if w <= 0 || h <= 0 {
		return probe
	}
	return probe * min(maxW/w, maxH/h)
}

// dilate is m grown by r pixels (the largest coverage within a disc of
// radius r), for outlines.
func (m *mask) dilate(r int) *mask {
	out := newMask(m.x0-r, m.y0-r, m.w+2*r, m.h+2*r)
	type off struct{ dx, dy int }
	var disc []off
	for dy := -r; dy <= r; dy++ {
		for dx := -r; dx <= r; dx++ {
			if dx*dx+dy*dy <= r*r+r {
				disc = append(disc, off{dx, dy})
			}
		}
	}
	for y := 0; y < out.h; y++ {
		for x := 0; x < out.w; x++ {
			best := 0.0
			for _, o := range disc {
				if v := m.at(out.x0+x+o.dx, out.y0+y+o.dy); v > best {
					best = v
					if best >= 1 {
						break
					}
				}
			}
			out.a[y*out.w+x] = best
		}
	}
	return out
}

// blur is m box-blurred three times with radius r (about a Gaussian of
// deviation r), grown by 3r on every side.
func (m *mask) blur(r int) *mask {
	g := 3 * r
	out := newMask(m.x0-g, m.y0-g, m.w+2*g, m.h+2*g)
	for y := 0; y < m.h; y++ {
		copy(out.a[(y+g)*out.w+g:], m.a[y*m.w:(y+1)*m.w])
	}
	tmp := make([]float64, len(out.a))
	k := float64(2*r + 1)
	for range 3 {
		for y := 0; y < out.h; y++ { // horizontal
			row := out.a[y*out.w : (y+1)*out.w]
			s := 0.0
			for x := -r; x <= r; x++ {
				if x >= 0 && x < out.w {
					s += row[x]
				}
			}
			for x := 0; x < out.w; x++ {
				tmp[y*out.w+x] = s / k
				if x+r+1 < out.w {
					s += row[x+r+1]
				}
				if x-r >= 0 {
					s -= row[x-r]
				}
			}
		}
		for x := 0; x < out.w; x++ { // vertical
			s := 0.0
			for y := -r; y <= r; y++ {
				if y >= 0 && y < out.h {
					s += tmp[y*out.w+x]
				}
			}
			for y := 0; y < out.h; y++ {
				out.a[y*out.w+x] = s / k
				if y+r+1 < out.h {
					s += tmp[(y+r+1)*out.w+x]
				}
				if y-r >= 0 {
					s -= tmp[(y-r)*out.w+x]
				}
			}
		}
	}
	return out
}

// moved is m shifted by (dx, dy) on the canvas.
func (m *mask) moved(dx, dy int) *mask {
	c := *m
	c.x0 += dx
	c.y0 += dy
	return &c
}
