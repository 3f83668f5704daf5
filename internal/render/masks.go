package render

import (
	"image"
	"image/color"

	"gamethumbs/internal/raster"
)

// fillPath paints p onto dst in colour c (premultiplied) with source-over.
// The shape is rasterised within canvas, the whole picture, whatever part
// of it dst is: coverage then never depends on the band being painted.
func fillPath(p *raster.Path, dst *image.RGBA, canvas image.Rectangle, c color.RGBA) {
	if a := cachedMask(p, canvas); a != nil {
		raster.FillMask(dst, a, c)
	}
}

// fillPathPaint paints p onto dst with a per-pixel colour source; canvas as
// for fill.
func fillPathPaint(p *raster.Path, dst *image.RGBA, canvas image.Rectangle, pt raster.Paint) {
	if a := cachedMask(p, canvas); a != nil {
		raster.MaskPaint(dst, a, pt)
	}
}

// maxCachedMask is the largest mask (in pixels) cachedMask keeps.
const maxCachedMask = 1 << 20

// pathKey identifies a rasterised path: its commands and clip.
type pathKey struct {
	cmds string
	clip image.Rectangle
}

// cachedMask is p.mask, cached by the path's outline and clip for masks of
// up to maxCachedMask pixels: the shapes of a style (badges, cards,
// dividers) are the same in every render of a canvas size, and a warm
// render then rasterises none of them. The mask is shared: do not modify
// it or hand it to putAlpha.
func cachedMask(p *raster.Path, clip image.Rectangle) *image.Alpha {
	if p.Empty() {
		return nil
	}
	if p.Area() > maxCachedMask {
		m := p.Mask(clip)
		if m == nil {
			return nil
		}
		// Not pooled back: the caller does not know it came from the pool.
		return m
	}
	key := p.Key()
	return memo(nil, pathKey{key, clip}, func() (*image.Alpha, int64) {
		m := p.Mask(clip)
		if m == nil {
			return nil, 64
		}
		own := image.NewAlpha(m.Rect)
		copy(own.Pix, m.Pix)
		raster.PutAlpha(m)
		return own, int64(len(own.Pix)) + int64(len(key)) + 64
	})
}
