package render

import (
	"image"
	"image/color"
	"image/draw"
	"math"
	"sync/atomic"

	"gamethumbs/internal/colorx"
	"gamethumbs/internal/raster"
)

// loserOpacity is the opacity of a greyscale stand-in or losing team's logo.
const loserOpacity = 0.35

// maxLogoSide bounds the working copy of a logo: larger inputs are scaled
// down once (cached), so one huge logo cannot make every render slow.
const maxLogoSide = 2048

// Cache key types; each includes the source image for identity. For a
// logo handle (pixelSource) that is the handle, which holds only the
// logo's encoded bytes: the decoded pixels are not pinned by any key.
type (
	normKey   struct{ img image.Image } // held only: a render's logoInfo
	trimKey   struct{ img image.Image } // a logo's trimmed bounds
	workKey   struct{ img image.Image } // a converted working copy
	scaledKey struct {
		img  image.Image
		grey bool
		w, h int
	}
	spriteKey struct {
		img             image.Image
		grey            bool
		w, h, r, dx, dy int
		alpha           uint8
		halo            uint32 // halo.key(): 0 for none
	}
)

// pixelSource is a logo that can drop its decoded pixels and decode them
// again (the fetcher's logo handles): its identity is the handle, its
// pixels come from Pixels, and what it keeps alive is HeldBytes.
type pixelSource interface {
	image.Image
	Pixels() *image.RGBA
	HeldBytes() int64
}

// pixelsOf returns the pixels of img: decoded again if img is a
// pixelSource whose pixels were collected, img itself otherwise.
func pixelsOf(img image.Image) image.Image {
	if ps, ok := img.(pixelSource); ok {
		return ps.Pixels()
	}
	return img
}

// pinnedBytes is what a cache key holding img keeps alive: the handle's
// bytes for a pixelSource, the pixels of any other image.
func pinnedBytes(img image.Image) int64 {
	if ps, ok := img.(pixelSource); ok {
		return ps.HeldBytes()
	}
	return pixelBytes(img)
}

// logoInfo is what a render needs to know about a source logo: a fast-path
// working copy and its visible (trimmed) bounds.
type logoInfo struct {
	img  image.Image // *image.RGBA or *image.NRGBA
	trim image.Rectangle
}

// logoTrim returns img's visible (trimmed) bounds in its working copy,
// cached; ok is false for a logo without visible pixels. It reads the
// pixels only the first time.
func logoTrim(c *derivatives, img image.Image) (image.Rectangle, bool) {
	t := memo(c, img, trimKey{img}, func() (image.Rectangle, int64) {
		li := normalise(img)
		// The entry keeps img alive through its key: charge what that
		// pins (a working copy made by conversion has its own entry).
		return li.trim, 256 + pinnedBytes(img)
	})
	return t, !t.Empty()
}

// normalised returns img as an *image.RGBA or *image.NRGBA of at most
// maxLogoSide per side (the working copy), with its trimmed bounds. ok is
// false for a logo without visible pixels. The bounds are cached; the
// working copy is the logo's pixels, or a converted copy cached on its own.
func normalised(c *derivatives, img image.Image) (logoInfo, bool) {
	trim, ok := logoTrim(c, img)
	if !ok {
		return logoInfo{trim: trim}, false
	}
	return logoInfo{img: workingCopy(c, img), trim: trim}, true
}

// workingCopy is the working copy of normalise, the conversion cached.
func workingCopy(c *derivatives, img image.Image) image.Image {
	src := pixelsOf(img)
	if isWorkingCopy(src) {
		return src
	}
	return memo(c, img, workKey{img}, func() (image.Image, int64) {
		li := normalise(src)
		return li.img, 256 + pixelBytes(li.img)
	})
}

// isWorkingCopy reports whether img can serve as its own working copy.
func isWorkingCopy(img image.Image) bool {
	b := img.Bounds()
	switch img.(type) {
	case *image.RGBA, *image.NRGBA:
		return b.Dx() <= maxLogoSide && b.Dy() <= maxLogoSide
	}
	return false
}

// normalise is normalised without the cache: the working copy (img's
// pixels, or a converted copy) and its trimmed bounds.
func normalise(img image.Image) logoInfo {
	img = pixelsOf(img)
	src := img
	b := img.Bounds()
	if !isWorkingCopy(img) {
		w, h := b.Dx(), b.Dy()
		if w > maxLogoSide || h > maxLogoSide {
			w, h = fitSize(w, h, maxLogoSide)
		}
		dst := image.NewRGBA(image.Rect(0, 0, w, h))
		if w == b.Dx() && h == b.Dy() {
			draw.Draw(dst, dst.Rect, img, b.Min, draw.Src)
		} else {
			raster.CatmullRom.Scale(dst, dst.Rect, img, b, draw.Src, nil)
		}
		src = dst
	}
	return logoInfo{img: src, trim: raster.TrimBounds(src)}
}

// fitSize scales (w, h) to fit a box of side s keeping the aspect ratio
// ("contain"); both results are at least 1.
func fitSize(w, h int, s float64) (int, int) {
	if w <= 0 || h <= 0 {
		return 1, 1
	}
	if w >= h {
		return max(1, int(math.Round(s))), max(1, int(math.Round(s*float64(h)/float64(w))))
	}
	return max(1, int(math.Round(s*float64(w)/float64(h)))), max(1, int(math.Round(s)))
}

// scaleLogo returns li's trimmed content scaled to exactly w x h
// (premultiplied), greyscale at loserOpacity when grey is set. It is not
// cached: see scaledLogo and logoSprite.
func scaleLogo(li logoInfo, grey bool, w, h int) *image.RGBA {
	dst := image.NewRGBA(image.Rect(0, 0, w, h))
	if li.trim.Dx() == w && li.trim.Dy() == h {
		draw.Draw(dst, dst.Rect, li.img, li.trim.Min, draw.Src)
	} else {
		raster.CatmullRom.Scale(dst, dst.Rect, li.img, li.trim, draw.Src, nil)
	}
	if grey {
		raster.GreyscaleInPlace(dst, loserOpacity)
	}
	return dst
}

// scaledLogo is scaleLogo of k.img (whose information is li) to k's size,
// cached under k.
func scaledLogo(c *derivatives, li logoInfo, k scaledKey) *image.RGBA {
	return memo(c, k.img, k, func() (*image.RGBA, int64) {
		return scaleLogo(li, k.grey, k.w, k.h), int64(4 * k.w * k.h)
	})
}

// logoSprite returns k.img (whose information info returns, called only
// on a miss) scaled to k's size with its drop shadow (blur radius k.r,
// offset k.dx, k.dy, opacity k.alpha/255; none when k.alpha is 0) and its
// halo (k.halo) flattened under it into one premultiplied image stored
// compactly (raster.SpanImage: runs of one pixel, shadow alphas, raw edges),
// cached under k, so a warm render draws a shadowed logo in one pass
// without scaling or blurring anything. Its pixel (0, 0) is the logo's
// top-left corner. A grey (losing) logo is drawn at loserOpacity: its
// shadow and halo fade with it, as if the logo and its shadow were one
// layer drawn at that opacity.
func logoSprite(c *derivatives, info func() logoInfo, k spriteKey) *raster.SpanImage {
	return memo(c, k.img, k, func() (*raster.SpanImage, int64) {
		sp := buildSprite(info(), k)
		return sp, sp.Bytes()
	})
}

// buildSprite is logoSprite without the cache.
func buildSprite(li logoInfo, k spriteKey) *raster.SpanImage {
	spriteBuilds.Add(1)
	return raster.NewSpanImage(spriteRGBA(li, k))
}

// spriteBuilds counts sprites built (tests: a warm cache builds none).
var spriteBuilds atomic.Int64

// spriteRGBA is the picture of logoSprite as one premultiplied RGBA image.
func spriteRGBA(li logoInfo, k spriteKey) *image.RGBA {
	w, h := k.w, k.h
	logo := scaleLogo(li, false, w, h)
	fade := 1.0
	if k.grey {
		fade = loserOpacity
	}
	var shadow, hm *image.Alpha
	var haloC color.RGBA
	u := logo.Rect
	if k.halo != 0 {
		hc := colorx.RGB{R: uint8(k.halo >> 16), G: uint8(k.halo >> 8), B: uint8(k.halo)}
		hm = haloMask(logo, haloRadius(w, h))
		haloC = raster.Premul(hc.R, hc.G, hc.B, fade)
		u = u.Union(hm.Rect)
	}
	if k.alpha > 0 {
		shadow = raster.ShadowOf(logo, k.r)
		shadow.Rect = shadow.Rect.Add(image.Pt(k.dx, k.dy))
		a := uint32(float64(k.alpha)*fade + 0.5)
		var opacity [256]uint8
		for v := range opacity {
			opacity[v] = uint8(raster.Div255(uint32(v) * a))
		}
		sr := shadow.Rect
		for y := sr.Min.Y; y < sr.Max.Y; y++ {
			row := shadow.Pix[shadow.PixOffset(sr.Min.X, y):][:sr.Dx()]
			for x, v := range row {
				row[x] = opacity[v]
			}
			if y < 0 || y >= h {
				continue
			}
			// Hidden under opaque logo pixels (also once the logo
			// fades: the shadow must not show through a loser).
			lrow := logo.Pix[logo.PixOffset(0, y):]
			for x := max(0, sr.Min.X); x < min(w, sr.Max.X); x++ {
				if lrow[4*x+3] == 255 {
					row[x-sr.Min.X] = 0
				}
			}
		}
		u = u.Union(shadow.Rect)
	}
	if k.grey {
		raster.GreyscaleInPlace(logo, loserOpacity)
	}
	if u == logo.Rect {
		return logo
	}
	flat := image.NewRGBA(u)
	if shadow != nil {
		raster.FillMask(flat, shadow, color.RGBA{A: 255})
	}
	if hm != nil {
		raster.FillMask(flat, hm, haloC)
	}
	raster.BlitOver(flat, logo, image.Point{})
	return flat
}

// logoTrim is logoTrim(img), held for the render.
func (p *painter) logoTrim(img image.Image) (image.Rectangle, bool) {
	return held(p, trimKey{img}, func() (image.Rectangle, bool) { return logoTrim(p.cache, img) })
}

// drawPicked draws the variant of (def, dark) that reads best on bg
// (pickLogo) like drawLogo, with a halo when even that one is not legible
// there (the legibility rule). Greyed logos (losers, stand-ins) are meant
// to recede and get no halo.
func (p *painter) drawPicked(dst *image.RGBA, def, dark image.Image, bg colorx.RGB, grey bool, cx, cy, s float64, sh *shadowSpec) image.Rectangle {
	img := p.pickLogo(def, dark, bg)
	var hl halo
	if !grey {
		hl = p.haloFor(img, bg)
	}
	return p.drawLogoHalo(dst, img, grey, cx, cy, s, sh, hl)
}

// drawLogo draws img trimmed and contain-fit in the square box of side s
// centred at (cx, cy), with an optional drop shadow. It returns the drawn
// rectangle (empty when the logo has no visible pixels).
func (p *painter) drawLogo(dst *image.RGBA, img image.Image, grey bool, cx, cy, s float64, sh *shadowSpec) image.Rectangle {
	return p.drawLogoHalo(dst, img, grey, cx, cy, s, sh, halo{})
}

// drawLogoHalo is drawLogo with halo hl.
func (p *painter) drawLogoHalo(dst *image.RGBA, img image.Image, grey bool, cx, cy, s float64, sh *shadowSpec, hl halo) image.Rectangle {
	if img == nil || s < 1 {
		return image.Rectangle{}
	}
	trim, ok := p.logoTrim(img)
	if !ok {
		return image.Rectangle{}
	}
	w, h := fitSize(trim.Dx(), trim.Dy(), min(s, maxUpscale*float64(max(trim.Dx(), trim.Dy()))))
	at := image.Pt(int(math.Round(cx-float64(w)/2)), int(math.Round(cy-float64(h)/2)))
	rect := image.Rectangle{at, at.Add(image.Pt(w, h))}
	k := spriteKey{img: img, grey: grey, w: w, h: h, halo: hl.key()}
	if sh != nil {
		k.r, k.dx, k.dy, k.alpha = p.px(sh.blur/2), p.px(sh.dx), p.px(sh.dy), uint8(sh.alpha*255+0.5)
	}
	// The logo's pixels are needed only to build what is not cached; a
	// handle's stay pinned until its sprites of every size in use are.
	src, pinned := img.(pixelSource)
	class := spriteClass{side: int(math.Round(s)), r: k.r, dx: k.dx, dy: k.dy, alpha: k.alpha}
	if pinned {
		p.cache.pins.use(class)
	}
	sp, _ := held(p, k, func() (*raster.SpanImage, bool) {
		return logoSprite(p.cache, func() logoInfo {
			li, _ := p.normalised(img)
			if px, ok := li.img.(*image.RGBA); ok && pinned {
				p.cache.pins.built(src, px, class)
			}
			return li
		}, k), true
	})
	if !p.warming {
		if p.shadows == nil {
			p.shadows = new(raster.ShadowMemos)
		}
		sp.DrawMemo(dst, at, p.shadows)
		if p.trace != nil {
			li, _ := p.normalised(img)
			p.record(img, scaledLogo(p.cache, li, scaledKey{img, grey, w, h}), at, grey)
		}
	}
	return rect
}

// pixelBytes is the memory of an image's pixels, as 4 bytes a pixel.
func pixelBytes(img image.Image) int64 {
	b := img.Bounds()
	return 4 * int64(b.Dx()) * int64(b.Dy())
}
