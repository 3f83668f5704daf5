package render

import (
	"image"
	"image/color"
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

// newCanvas returns a w x h RGBA canvas, recycled when possible. Its pixels
// are undefined.
func newCanvas(w, h int) *image.RGBA {
	if c, ok := poolFor(image.Pt(w, h)).Get().(*image.RGBA); ok {
		return c
	}
	return image.NewRGBA(image.Rect(0, 0, w, h))
}

// Release hands an image returned by Render back for reuse by later renders.
// Call it only when nothing reads the image any more (after EncodePNG). It
// is optional; images that are not released are garbage collected.
func Release(img image.Image) {
	c, ok := img.(*image.RGBA)
	if !ok || c.Rect.Min != (image.Point{}) || c.Stride != 4*c.Rect.Dx() {
		return
	}
	poolFor(c.Rect.Size()).Put(c)
}

// premul converts an sRGB colour with opacity a (0-1) to premultiplied RGBA.
func premul(r, g, b uint8, a float64) color.RGBA {
	a = min(1, max(0, a))
	return color.RGBA{
		uint8(float64(r)*a + 0.5), uint8(float64(g)*a + 0.5),
		uint8(float64(b)*a + 0.5), uint8(255*a + 0.5),
	}
}

// fillRect paints r of dst with the opaque colour c (no blending).
func fillRect(dst *image.RGBA, r image.Rectangle, c color.RGBA) {
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

// blendRow composites colour c (premultiplied) over n pixels of pix
// starting at byte i, scaled by coverage cov (0-255).
func blendPix(pix []byte, i int, c color.RGBA, cov uint32) {
	sa := uint32(c.A) * cov
	if sa == 0 {
		return
	}
	ia := 255*255 - sa
	p := pix[i : i+4 : i+4]
	p[0] = uint8((uint32(c.R)*cov*255 + uint32(p[0])*ia + 255*255/2) / (255 * 255))
	p[1] = uint8((uint32(c.G)*cov*255 + uint32(p[1])*ia + 255*255/2) / (255 * 255))
	p[2] = uint8((uint32(c.B)*cov*255 + uint32(p[2])*ia + 255*255/2) / (255 * 255))
	p[3] = uint8((sa*255 + uint32(p[3])*ia + 255*255/2) / (255 * 255))
}

// colorRGBA reads a premultiplied 4-byte pixel.
func colorRGBA(s []byte) color.RGBA { return color.RGBA{s[0], s[1], s[2], s[3]} }
