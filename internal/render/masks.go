package render

import (
	"image"
	"image/color"

	"gamethumbs/internal/raster"
)

// fillPath paints p onto dst in colour c (premultiplied) with source-over.
// The shape is rasterised within canvas, the whole picture, whatever part
// of it dst is: coverage then never depends on the band being painted.
func (p *painter) fillPath(pb *raster.Path, dst *image.RGBA, canvas image.Rectangle, c color.RGBA) {
	if a := p.cachedMask(pb, canvas); a != nil {
		raster.FillMask(dst, a, c)
	}
}

// fillPathPaint paints p onto dst with a per-pixel colour source; canvas as
// for fill.
func (p *painter) fillPathPaint(pb *raster.Path, dst *image.RGBA, canvas image.Rectangle, pt raster.Paint) {
	if a := p.cachedMask(pb, canvas); a != nil {
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

// cachedMask is pb.Mask, cached in the Renderer by the path's outline and clip for masks of
// up to maxCachedMask pixels: the shapes of a style (badges, cards,
// dividers) are the same in every render of a canvas size, and a warm
// render then rasterises none of them. The mask is shared: do not modify
// it or hand it to raster.PutAlpha.
func (p *painter) cachedMask(pb *raster.Path, clip image.Rectangle) *image.Alpha {
	if pb.Empty() {
		return nil
	}
	if pb.Area() > maxCachedMask {
		m := pb.Mask(clip)
		if m == nil {
			return nil
		}
		// Not pooled back: the caller does not know it came from the pool.
		return m
	}
	key := pb.Key()
	return memo(p.cache, nil, pathKey{key, clip}, func() (*image.Alpha, int64) {
		m := pb.Mask(clip)
		if m == nil {
			return nil, 64
		}
		own := image.NewAlpha(m.Rect)
		copy(own.Pix, m.Pix)
		raster.PutAlpha(m)
		return own, int64(len(own.Pix)) + int64(len(key)) + 64
	})
}
