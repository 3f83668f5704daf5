package raster

import (
	"encoding/binary"
	"image"
	"image/color"
	"math/bits"
	"sync"
)

// canvasPools recycles full-size canvases by size. A pooled canvas is not
// cleared: every render paints its whole background first.
var canvasPools sync.Map // image.Point -> *sync.Pool

func poolFor(size image.Point) *sync.Pool {
	if p, ok := canvasPools.Load(size); ok {
		return p.(*sync.Pool)
	}
	p, _ := canvasPools.LoadOrStore(size, &sync.Pool{})
	return p.(*sync.Pool)
}

// NewCanvas returns a w x h RGBA canvas, recycled when possible. Its pixels
// are undefined.
func NewCanvas(w, h int) *image.RGBA {
	if c, ok := poolFor(image.Pt(w, h)).Get().(*image.RGBA); ok {
		return c
	}
	return image.NewRGBA(image.Rect(0, 0, w, h))
}

// Release hands a canvas from NewCanvas (or a buffer from GetPix in an
// RGBA at the origin) back for reuse. Call it only when nothing reads the
// image any more (after encoding). It is optional; images that are not
// released are garbage collected. Only sizes NewCanvas was asked for are
// pooled as canvases: an image of any other size (a logo trimmed to its
// content) gives its buffer to the size-class pools of GetPix, so no pool
// is created for every size ever trimmed.
func Release(img image.Image) {
	c, ok := img.(*image.RGBA)
	if !ok || c.Rect.Min != (image.Point{}) || c.Stride != 4*c.Rect.Dx() {
		return
	}
	if p, ok := canvasPools.Load(c.Rect.Size()); ok {
		p.(*sync.Pool).Put(c)
		return
	}
	putPix(c.Pix)
}

// Pixel buffers of other sizes (trimmed logos) are recycled by size
// class: eight classes an octave, so a buffer wastes at most an eighth of
// itself and a logo of a slightly different size still finds one.
var pixPools sync.Map // class size -> *sync.Pool of *[]byte

// minPooledPix is the smallest buffer worth recycling.
const minPooledPix = 64 << 10

// pixClass rounds n up to its size class.
func pixClass(n int) int {
	e := max(0, bits.Len(uint(n-1))-3)
	return ((n-1)>>e + 1) << e
}

// GetPix returns a buffer of n bytes whose contents are undefined.
func GetPix(n int) []byte {
	if n < minPooledPix {
		return make([]byte, n)
	}
	c := pixClass(n)
	if p, ok := pixPools.Load(c); ok {
		if b, ok := p.(*sync.Pool).Get().(*[]byte); ok {
			return (*b)[:n]
		}
	}
	return make([]byte, n, c)
}

// putPix hands a buffer from GetPix back for reuse.
func putPix(b []byte) {
	c := cap(b)
	if c < minPooledPix || pixClass(c) != c {
		return
	}
	p, ok := pixPools.Load(c)
	if !ok {
		p, _ = pixPools.LoadOrStore(c, &sync.Pool{})
	}
	b = b[:c]
	p.(*sync.Pool).Put(&b)
}

// Premul converts an sRGB colour with opacity a (0-1) to premultiplied RGBA.
func Premul(r, g, b uint8, a float64) color.RGBA {
	a = min(1, max(0, a))
	return color.RGBA{
		uint8(float64(r)*a + 0.5), uint8(float64(g)*a + 0.5),
		uint8(float64(b)*a + 0.5), uint8(255*a + 0.5),
	}
}

// FillRect paints r of dst with the opaque colour c (no blending).
func FillRect(dst *image.RGBA, r image.Rectangle, c color.RGBA) {
	r = r.Intersect(dst.Rect)
	if r.Empty() {
		return
	}
	i0 := dst.PixOffset(r.Min.X, r.Min.Y)
	row := dst.Pix[i0 : i0+4*r.Dx()]
	row[0], row[1], row[2], row[3] = c.R, c.G, c.B, c.A
	for n := 4; n < len(row); n *= 2 {
		copy(row[n:], row[:n])
	}
	for y := r.Min.Y + 1; y < r.Max.Y; y++ {
		i := dst.PixOffset(r.Min.X, y)
		copy(dst.Pix[i:i+len(row)], row)
	}
}

// Div255 divides x (at most 255*255+255) by 255 with rounding, exactly.
func Div255(x uint32) uint32 {
	x += 128
	return (x + x>>8) >> 8
}

// BlendPix composites colour c (premultiplied) scaled by coverage cov
// (0-255) over the pixel at byte offset i of pix (source-over).
func BlendPix(pix []byte, i int, c color.RGBA, cov uint32) {
	blendCovWord(pix[i:i+4], Pixel32(c.R, c.G, c.B, c.A), cov)
}

// colorRGBA reads a premultiplied 4-byte pixel.
func colorRGBA(s []byte) color.RGBA { return color.RGBA{s[0], s[1], s[2], s[3]} }

// FillMask composites colour c (premultiplied) over dst through coverage
// mask m (in dst coordinates). Pixels with zero coverage are skipped and
// full coverage of an opaque colour is a plain store, which makes large
// flat shapes cheap.
func FillMask(dst *image.RGBA, m *image.Alpha, c color.RGBA) {
	r := m.Rect.Intersect(dst.Rect)
	if r.Empty() || c.A == 0 {
		return
	}
	if c == (color.RGBA{A: 255}) {
		shadeMask(dst, m, r)
		return
	}
	if c.A == 255 {
		fillMaskOpaque(dst, m, r, c)
		return
	}
	cw := Pixel32(c.R, c.G, c.B, c.A)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		mrow := m.Pix[m.PixOffset(r.Min.X, y):][:r.Dx()]
		drow := dst.Pix[dst.PixOffset(r.Min.X, y):][:4*r.Dx()]
		for x := 0; x < len(mrow); x++ {
			if x+8 <= len(mrow) && binary.LittleEndian.Uint64(mrow[x:]) == 0 {
				x += 7
				continue
			}
			if cov := uint32(mrow[x]); cov != 0 {
				blendCovWord(drow[4*x:], cw, cov)
			}
		}
	}
}

// shadeMask is FillMask in opaque black (drop shadows): the colour terms of
// BlendPix vanish, leaving one multiply per channel, and zero coverage is
// skipped eight mask bytes at a time.
func shadeMask(dst *image.RGBA, m *image.Alpha, r image.Rectangle) {
	for y := r.Min.Y; y < r.Max.Y; y++ {
		shadeRow(dst.Pix[dst.PixOffset(r.Min.X, y):], m.Pix[m.PixOffset(r.Min.X, y):][:r.Dx()])
	}
}

// shadeRow darkens the pixels of row by black of coverage cov (one byte
// a pixel), skipping zero coverage eight bytes at a time.
func shadeRow(row, cov []byte) {
	row = row[:4*len(cov)]
	for x := 0; x < len(cov); x++ {
		if x+8 <= len(cov) && binary.LittleEndian.Uint64(cov[x:]) == 0 {
			x += 7
			continue
		}
		if c := uint32(cov[x]); c != 0 {
			Store32(row[4*x:], shadePix(Load32(row[4*x:]), c))
		}
	}
}

// fillMaskOpaque is FillMask for an opaque colour: runs of full coverage
// are copied from a prepared row of the colour.
func fillMaskOpaque(dst *image.RGBA, m *image.Alpha, r image.Rectangle, c color.RGBA) {
	var buf [256]byte
	pattern := colourPattern(&buf, c)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		mrow := m.Pix[m.PixOffset(r.Min.X, y):][:r.Dx()]
		drow := dst.Pix[dst.PixOffset(r.Min.X, y):][:4*r.Dx()]
		for x := 0; x < len(mrow); {
			switch cov := mrow[x]; cov {
			case 0:
				x++
				for x+8 <= len(mrow) && binary.LittleEndian.Uint64(mrow[x:]) == 0 {
					x += 8
				}
			case 255:
				end := x + 1
				for end+8 <= len(mrow) && binary.LittleEndian.Uint64(mrow[end:]) == ^uint64(0) {
					end += 8
				}
				for end < len(mrow) && mrow[end] == 255 {
					end++
				}
				fillSpan(drow[4*x:4*end], pattern)
				x = end
			default:
				BlendPix(drow, 4*x, c, uint32(cov))
				x++
			}
		}
	}
}

// MaskIn keeps dst only where m covers it, inside m.Rect (Porter-Duff
// destination-in): every premultiplied pixel is scaled by the coverage.
// It rounds the corners of cards drawn with plain rectangles.
func MaskIn(dst *image.RGBA, m *image.Alpha) {
	r := m.Rect.Intersect(dst.Rect)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		mrow := m.Pix[m.PixOffset(r.Min.X, y):][:r.Dx()]
		drow := dst.Pix[dst.PixOffset(r.Min.X, y):][:4*r.Dx()]
		for x := 0; x < len(mrow); x++ {
			if x+8 <= len(mrow) && binary.LittleEndian.Uint64(mrow[x:]) == ^uint64(0) {
				x += 7 // eight pixels kept whole
				continue
			}
			cov := mrow[x]
			if cov == 255 {
				continue
			}
			if cov == 0 {
				Store32(drow[4*x:], 0)
				continue
			}
			Store32(drow[4*x:], ScalePix(Load32(drow[4*x:]), uint32(cov)))
		}
	}
}
