package render

import (
	"image"
	"image/color"
)

// shadowSpec is a drop shadow: opacity, blur (the canvas shadowBlur value,
// in px at a 1080-px reference canvas) and offset (same unit).
type shadowSpec struct {
	alpha        float64
	blur, dx, dy float64
}

// Shadow profiles from the reference (behavior-notes §5.1).
var (
	shadowLogo       = &shadowSpec{0.5, 20, 5, 5}
	shadowLogoStrong = &shadowSpec{0.4, 15, 3, 3}
	shadowHero       = &shadowSpec{0.6, 25, 0, 15}
	shadowBadge      = &shadowSpec{0.3, 4, 1, 1}
	shadowMinimal    = &shadowSpec{0.15, 20, 0, 10}
	shadowText       = &shadowSpec{0.4, 6, 0, 1}
	shadowVS         = &shadowSpec{0.8, 4, 0, 2}
)

// drawShadow composites a shadow mask (whose Rect is relative to a shape
// drawn at origin) translated by (ox, oy) in colour black at opacity a.
func drawShadowMask(dst *image.RGBA, m *image.Alpha, ox, oy int, a float64) {
	moved := *m
	moved.Rect = m.Rect.Add(image.Pt(ox, oy))
	fillMask(dst, &moved, premul(0, 0, 0, a))
}

// shadowOf returns a blurred alpha mask of src's alpha channel, padded by
// 3r on every side; its Rect is in src's coordinates (so it starts at
// src.Rect.Min - 3r). Wide blurs (r >= halfResBlur) are computed on a
// half-resolution grid and scaled back up (see shadowOfHalf).
func shadowOf(src *image.RGBA, r int) *image.Alpha {
	if r >= halfResBlur {
		return shadowOfHalf(src, r)
	}
	return shadowOfFull(src, r)
}

// shadowOfFull is shadowOf blurred at full resolution.
func shadowOfFull(src *image.RGBA, r int) *image.Alpha {
	pad := 3 * r
	b := src.Rect
	m := image.NewAlpha(b.Inset(-pad))
	for y := b.Min.Y; y < b.Max.Y; y++ {
		si := src.PixOffset(b.Min.X, y)
		di := m.PixOffset(b.Min.X, y)
		for x := 0; x < b.Dx(); x++ {
			m.Pix[di+x] = src.Pix[si+4*x+3]
		}
	}
	boxBlur(m, r)
	return m
}

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
func (p *painter) softFill(pb *path, sh *shadowSpec) { p.softFillOutside(pb, sh, nil) }

// softFillOutside is softFill leaving out of a cached shadow the pixels
// that mask skip (nil for none) covers fully: those an opaque paint
// through skip covers next.
func (p *painter) softFillOutside(pb *path, sh *shadowSpec, skip *image.Alpha) {
	r := p.px(sh.blur / 2)
	pad := 3 * r
	clip := p.full.Inset(-pad)
	build := func() *image.Alpha {
		m := pb.mask(clip)
		if m == nil {
			return nil
		}
		big := image.NewAlpha(m.Rect.Inset(-3 * r))
		copy2(big, m)
		putAlpha(m)
		boxBlur(big, r)
		return big
	}
	alpha := premul(0, 0, 0, sh.alpha).A
	if w, h := float64(pb.maxX-pb.minX), float64(pb.maxY-pb.minY); w*h > maxCachedMask || len(pb.cmds) == 0 {
		if big := build(); big != nil {
			drawShadowMask(p.dst, big, 0, 0, sh.alpha)
		}
		return
	}
	m := memo(nil, softKey{pathKey{pb.key(), clip}, r, alpha}, func() (*image.Alpha, int64) {
		big := build()
		if big == nil {
			return nil, 64
		}
		bakeOpacity(big, alpha)
		return big, int64(len(big.Pix)) + 64
	})
	switch {
	case m == nil:
	case skip != nil:
		shadeMaskOutside(p.dst, m, skip)
	default:
		fillMask(p.dst, m, color.RGBA{A: 255})
	}
}

// copy2 copies alpha mask src into dst at the same coordinates.
func copy2(dst, src *image.Alpha) {
	for y := src.Rect.Min.Y; y < src.Rect.Max.Y; y++ {
		si := src.PixOffset(src.Rect.Min.X, y)
		di := dst.PixOffset(src.Rect.Min.X, y)
		copy(dst.Pix[di:di+src.Rect.Dx()], src.Pix[si:si+src.Rect.Dx()])
	}
}
