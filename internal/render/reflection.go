package render

import (
	"bytes"
	"image"
	"sync"

	"gamethumbs/internal/colorx"
)

// A hero logo's reflection on a style-98/99 panel is the logo flipped
// upside down and faded out downwards. The fade changes a little on every
// row (about half an 8-bit level of opacity), so drawn exactly, every row
// of the reflection differs from the one above, while the panel's light
// under it changes only on the first row of each band of rows (see
// radialIndex) and PNG's filter turns the other rows into zeros. The fade
// is therefore held over each of the light's bands: the reflection's rows
// change where the light's do, and every pixel stays within one 8-bit
// level of the exact fade.

// reflKey identifies the reflection of a scaled logo drawn with its top
// row at row top of a panel ph rows high whose light changes in bands of
// n rows (the bands decide where the fade steps).
type reflKey struct {
	scaledKey
	top, ph, n int
}

// reflFadeStops is the reflection's opacity from its top (t = 0) to its
// bottom (t = 1), times reflOpacity.
var reflFadeStops = []stop{{0, colorx.RGB{}, 0}, {0.25, colorx.RGB{}, 0.4}, {0.6, colorx.RGB{}, 0.8}, {1, colorx.RGB{}, 1}}

const reflOpacity = 0.25

// reflFadeAt returns the exact opacity (0-255, not rounded) of row
// position y (in rows from the top, y = i+0.5 at the middle of row i) of
// a reflection h rows high.
func reflFadeAt(y float64, h int) float64 {
	return 255 * reflOpacity * (1 - stopAlphaAt(reflFadeStops, y/float64(h)))
}

// reflFades returns the 8-bit opacity of each of the h rows of a
// reflection: rows of the same band (band(i) == band(j), consecutive)
// share one value, the band's middle one, where that is within one level
// of every row's exact opacity rounded (so the picture stays within one
// level of the exact fade, see reflHoldBound); a band over which the
// fade changes faster keeps its rows' own.
func reflFades(h int, band func(i int) int) []uint8 {
	f := make([]uint8, h)
	for i := range f {
		f[i] = uint8(reflFadeAt(float64(i)+0.5, h) + 0.5)
	}
	for i := 0; i < h; {
		j := i + 1
		for j < h && band(j) == band(i) {
			j++
		}
		lo, hi := int(f[i]), int(f[i])
		for _, v := range f[i:j] {
			lo, hi = min(lo, int(v)), max(hi, int(v))
		}
		if hi-lo <= 2 {
			// The middle of the band, moved within one level of both
			// ends of the range.
			m := int(reflFadeAt(float64(i+j)/2, h) + 0.5)
			m = min(max(m, hi-1), lo+1)
			for k := i; k < j; k++ {
				f[k] = uint8(m)
			}
		}
		i = j
	}
	return f
}

// reflFadesOf is reflFades (tests compare it with the exact fade).
var reflFadesOf = reflFades

// reflBands returns the light's band of each row of the reflection of k
// (see reflKey): the block of its panel row, as paintPanel reads it (the
// middle band, mirrored about the middle row, spans both halves); rows
// past the panel's bottom (clipped when drawn) are bands of their own.
func reflBands(k reflKey) func(i int) int {
	ri := radialIndex{qh: (k.ph + 1) / 2, n: max(1, k.n)}
	return func(i int) int {
		y := k.top + i
		if y < 0 || y >= k.ph {
			return -1 - i
		}
		return ri.block(y, k.ph)
	}
}

// reflection is a reflection's sprite and, per row, whether the row
// draws what the row above does (the same segments and pixels): over a
// background that repeats too, the result is the row above's.
type reflection struct {
	sp     *spanImage
	repeat []bool
}

// reflectionOf returns the logo of k (whose information is li) at k's size
// flipped upside down and fading from 25 % opacity at its top to nothing
// (mask stops 0, 0.4, 0.8, 1 at 0, 0.25, 0.6, 1; held over the light's
// bands, see reflFades), its pixel (0, 0) at the top-left, cached like a
// sprite: drawing it blends each visible pixel once.
func reflectionOf(li logoInfo, k reflKey) *reflection {
	return memo(k.img, k, func() (*reflection, int64) {
		src := scaleLogo(li, k.grey, k.w, k.h)
		h := k.h
		out := image.NewRGBA(src.Rect)
		fades := reflFadesOf(h, reflBands(k))
		for i, f := range fades {
			if f == 0 {
				continue
			}
			srow := src.Pix[(h-1-i)*src.Stride:][:4*k.w]
			orow := out.Pix[i*out.Stride:][:4*k.w]
			for j := 0; j < len(srow); j += 4 {
				if v := load32(srow[j:]); v>>24 != 0 {
					store32(orow[j:], scalePix(v, uint32(f)))
				}
			}
		}
		rf := &reflection{sp: newSpanImage(out), repeat: make([]bool, h)}
		for i := 1; i < h; i++ {
			rf.repeat[i] = bytes.Equal(out.Pix[i*out.Stride:][:4*k.w], out.Pix[(i-1)*out.Stride:][:4*k.w])
		}
		return rf, rf.sp.bytes() + int64(h)
	})
}

// draw composites the reflection over dst with its pixel (0, 0) at at,
// as its sprite's drawMemo does, row by row: a row that repeats the row
// above over the same background (the panel's light repeats within its
// bands, and the fade is held over them) copies that row's result.
func (rf *reflection) draw(dst *image.RGBA, at image.Point, sh *shadowMemos) {
	b := rf.sp.rect.Add(at)
	r := b.Intersect(dst.Rect)
	if r.Empty() {
		return
	}
	n := 4 * r.Dx()
	bg := reflScratch.Get().(*[]byte)
	defer reflScratch.Put(bg)
	if cap(*bg) < n {
		*bg = make([]byte, n)
	}
	prev := (*bg)[:n] // the background of the last row drawn
	one := *dst
	for y := r.Min.Y; y < r.Max.Y; y++ {
		row := dst.Pix[dst.PixOffset(r.Min.X, y):][:n]
		if y > r.Min.Y && rf.repeat[y-b.Min.Y] && bytes.Equal(row, prev) {
			copy(row, dst.Pix[dst.PixOffset(r.Min.X, y-1):][:n])
			continue
		}
		copy(prev, row)
		one.Pix, one.Rect = row, image.Rect(r.Min.X, y, r.Max.X, y+1)
		rf.sp.drawMemo(&one, at, sh)
	}
}

// reflScratch holds reflection.draw's background rows.
var reflScratch = sync.Pool{New: func() any { return new([]byte) }}
