package render

import (
	"image"
	"image/color"
	"math"

	"gamethumbs/internal/raster"
)

// shapeShadowKey identifies a cached blurred shadow of a circle or rounded
// rectangle: its size, corner radius, sub-pixel position (1/8 px), blur
// and offset.
type shapeShadowKey struct {
	w, h, rad float32
	fx, fy    uint8
	blur      int
	dx, dy    int
	alpha     uint8
}

// shapeShadow draws the soft drop shadow (black at sh.alpha, blurred by
// sh.blur and offset by sh.dx, sh.dy, scaled to the canvas) of the rounded
// rectangle with top-left (x, y), size w x h and corner radius rad (a
// circle when rad is half of a square's side). The caller then fills the
// shape itself opaque: the shadow skips the pixels the shape will cover,
// which makes the blend cheap. The blurred mask is cached by shape with
// the shadow's opacity applied (drawn as opaque black coverage), so a warm
// logo render blurs nothing.
func (p *painter) shapeShadow(x, y, w, h, rad float64, sh *shadowSpec) {
	r := p.px(sh.blur / 2)
	dx, dy := p.px(sh.dx), p.px(sh.dy)
	ix, iy := math.Floor(x), math.Floor(y)
	fx, fy := uint8(math.Round((x-ix)*8)), uint8(math.Round((y-iy)*8))
	pad := 3 * r
	alpha := raster.Premul(0, 0, 0, sh.alpha).A
	key := shapeShadowKey{float32(w), float32(h), float32(rad), fx, fy, r, dx, dy, alpha}
	m := memo(p.cache, nil, key, func() (*image.Alpha, int64) {
		ox, oy := float64(pad+dx)+float64(fx)/8, float64(pad+dy)+float64(fy)/8
		bounds := image.Rect(0, 0, int(math.Ceil(ox+w))+pad+1, int(math.Ceil(oy+h))+pad+1)
		big := image.NewAlpha(bounds)
		var pb raster.Path
		pb.RoundRect(ox, oy, ox+w, oy+h, rad)
		if shape := pb.Mask(bounds); shape != nil {
			raster.CopyAlpha(big, shape)
			raster.PutAlpha(shape)
		}
		raster.BoxBlur(big, r)
		// Hollow out what the opaque shape, drawn without the offset,
		// will cover anyway.
		var top raster.Path
		top.RoundRect(ox-float64(dx), oy-float64(dy), ox-float64(dx)+w, oy-float64(dy)+h, rad)
		if cover := top.Mask(bounds); cover != nil {
			for i, c := range cover.Pix {
				if c == 255 {
					y, x := i/cover.Stride, i%cover.Stride
					big.Pix[big.PixOffset(cover.Rect.Min.X+x, cover.Rect.Min.Y+y)] = 0
				}
			}
			raster.PutAlpha(cover)
		}
		raster.BakeOpacity(big, alpha)
		return big, int64(len(big.Pix)) + 64
	})
	raster.FillMask(p.dst, raster.MoveAlpha(m, image.Pt(int(ix)-pad, int(iy)-pad)), color.RGBA{A: 255})
}
