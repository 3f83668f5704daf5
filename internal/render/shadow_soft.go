package render

import (
	"image"
	"image/color"

	"gamethumbs/internal/raster"
)

// shadowSpec is a drop shadow: opacity, blur (the canvas shadowBlur value,
// in px at a 1080-px reference canvas) and offset (same unit).
type shadowSpec struct {
	alpha        float64
	blur, dx, dy float64
}

// Shadow profiles of the reference renderer (its canvas shadowColor
// opacity, shadowBlur and offsets), one per element kind.
var (
	shadowLogo       = &shadowSpec{0.5, 20, 5, 5}
	shadowLogoStrong = &shadowSpec{0.4, 15, 3, 3}
	shadowHero       = &shadowSpec{0.6, 25, 0, 15}
	shadowBadge      = &shadowSpec{0.3, 4, 1, 1}
	shadowMinimal    = &shadowSpec{0.15, 20, 0, 10}
	shadowText       = &shadowSpec{0.4, 6, 0, 1}
	shadowVS         = &shadowSpec{0.8, 4, 0, 2}
)

// softKey identifies a cached soft shadow: the path's outline and clip,
// the blur radius and the opacity.
type softKey struct {
	path  pathKey
	r     int
	alpha uint8
}

// softFill draws a blurred black copy of path pb as a shadow (sh.dx/dy are
// ignored: the caller offsets the path). Small shadows (badges) are cached
// with their opacity applied, so a warm render blurs nothing.
func (p *painter) softFill(pb *raster.Path, sh *shadowSpec) { p.softFillOutside(pb, sh, nil) }

// softFillOutside is softFill leaving out of a cached shadow the pixels
// that mask skip (nil for none) covers fully: those an opaque paint
// through skip covers next.
func (p *painter) softFillOutside(pb *raster.Path, sh *shadowSpec, skip *image.Alpha) {
	r := p.px(sh.blur / 2)
	pad := 3 * r
	clip := p.full.Inset(-pad)
	build := func() *image.Alpha {
		m := pb.Mask(clip)
		if m == nil {
			return nil
		}
		big := image.NewAlpha(m.Rect.Inset(-3 * r))
		raster.CopyAlpha(big, m)
		raster.PutAlpha(m)
		raster.BoxBlur(big, r)
		return big
	}
	alpha := raster.Premul(0, 0, 0, sh.alpha).A
	if pb.Area() > maxCachedMask || pb.Empty() {
		if big := build(); big != nil {
			raster.DrawShadowMask(p.dst, big, 0, 0, sh.alpha)
		}
		return
	}
	m := memo(p.cache, nil, softKey{pathKey{pb.Key(), clip}, r, alpha}, func() (*image.Alpha, int64) {
		big := build()
		if big == nil {
			return nil, 64
		}
		raster.BakeOpacity(big, alpha)
		return big, int64(len(big.Pix)) + 64
	})
	switch {
	case m == nil:
	case skip != nil:
		raster.ShadeMaskOutside(p.dst, m, skip)
	default:
		raster.FillMask(p.dst, m, color.RGBA{A: 255})
	}
}
