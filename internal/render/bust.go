package render

import (
	"gamethumbs/internal/colorx"
	"gamethumbs/internal/raster"
	"image"
	"math"
)

// Athletes' pictures are headshots: busts whose bottom edge is cut
// straight by the photo's frame. Drawn like logos, contain-fit in the
// middle of a box, they float with a cut bottom. Busts are therefore
// anchored on an edge instead: in a circle (styles 3 and 4, logo styles
// 3 and 5) the bust fills most of the circle with its cut along the
// circle's bottom and is clipped to the circle, like an avatar; on the
// open backgrounds of styles 1, 2, 5 and 6 it is composed as a portrait
// of its side of the picture (bust_side.go); on the panels
// of styles 98 and 99 it stands on its panel's bottom edge, without the
// reflection a logo gets.
const (
	bustCut  = 0.3  // share of the bottom row that must be opaque
	bustHead = 0.6  // widest head (near the top) over the bottom row's width
	bustHigh = 0.85 // bust height over the circle's diameter
	bustWide = 1.1  // widest bust (a pair) over the circle's diameter: the circle clips the outer shoulders
	// bust box over a style-98/99 panel's short side (about the size of
	// a style-1 bust on a thumbnail)
	bustPanel = 0.75
	bustRing  = 0.9 // backdrop disc radius over the circle's
)

// isBust reports whether img looks like a headshot: its visible part
// reaches the image's bottom edge (the photo's frame cuts it), at least
// bustCut of that bottom row is opaque, and it narrows upwards (a head
// over shoulders): a tenth of the way down it covers at most bustHead of
// the bottom row's width. Flat-bottomed logos (shields, squares, hexagons)
// are wide at the top too, or have a margin below them.
func (p *painter) isBust(img image.Image) bool {
	if img == nil {
		return false
	}
	k := bustKey{img}
	v, _ := held(p, k, func() (bool, bool) {
		return memo(p.cache, img, k, func() (bool, int64) { return p.bustShape(img), 64 }), true
	})
	return v
}

type bustKey struct{ img image.Image }

// bustShape is isBust without the caches.
func (p *painter) bustShape(img image.Image) bool {
	li, ok := p.normalised(img)
	if !ok || li.trim.Max.Y != li.img.Bounds().Max.Y {
		return false
	}
	t := li.trim
	row := func(y int) int {
		n := 0
		for x := t.Min.X; x < t.Max.X; x++ {
			if _, _, _, a := li.img.At(x, y).RGBA(); a >= 0xe000 {
				n++
			}
		}
		return n
	}
	bottom := row(t.Max.Y - 1)
	top := row(t.Min.Y + t.Dy()/10)
	return float64(bottom) >= bustCut*float64(t.Dx()) && float64(top) <= bustHead*float64(bottom)
}

// sideBust reports whether side sd shows a bust.
func (p *painter) sideBust(sd *side) bool {
	return sd.name == "" && sd.initial == "" && (p.isBust(sd.logo) || (sd.logo == nil && p.isBust(sd.logoDark)))
}

// normalised is normalised(img), held for the render.
func (p *painter) normalised(img image.Image) (logoInfo, bool) {
	return held(p, normKey{img}, func() (logoInfo, bool) { return normalised(p.cache, img) })
}

// bustCentre returns the centre y at which img, contain-fit in a box of
// side s, has its bottom at y = bottom.
func (p *painter) bustCentre(img image.Image, s, bottom float64) float64 {
	trim, ok := p.logoTrim(img)
	if !ok {
		return bottom - s/2
	}
	_, h := fitSize(trim.Dx(), trim.Dy(), s)
	return bottom - float64(h)/2
}

// drawBustInCircle draws the variant of (def, dark) that reads on bg as
// a bust in the circle of radius r centred at (cx, cy) (see above). A
// bust that would vanish into the circle's colour (a navy shirt on a navy
// circle) gets an inner disc in its halo colour tinted with the circle's:
// a ring in the team colour around a backdrop the bust reads on.
func (p *painter) drawBustInCircle(def, dark image.Image, bg colorx.RGB, grey bool, cx, cy, r float64) {
	img := p.pickLogo(def, dark, bg)
	li, ok := held(p, normKey{img}, func() (logoInfo, bool) { return normalised(p.cache, img) })
	if !ok {
		return
	}
	var disc colorx.RGB
	hl := p.haloFor(img, bg)
	if hl.on && !grey {
		disc = colorx.MixOK(hl.c, bg, 0.15)
		r *= bustRing
	}
	tw, th := li.trim.Dx(), li.trim.Dy()
	// Height bustHigh of the diameter, unless that makes it wider than
	// bustWide of it (pairs): the circle clips the outer shoulders.
	aspect := float64(tw) / float64(th)
	h := min(bustHigh*2*r, bustWide*2*r/aspect)
	w := h * aspect
	if k := maxUpscale * float64(max(tw, th)); max(w, h) > k {
		w, h = w*k/max(w, h), h*k/max(w, h)
	}
	iw, ih := max(1, int(math.Round(w))), max(1, int(math.Round(h)))
	at := image.Pt(int(math.Round(cx-w/2)), int(math.Round(cy+r-h)))
	k := scaledKey{img, grey, iw, ih}
	sc, _ := held(p, k, func() (*image.RGBA, bool) { return scaledLogo(p.cache, li, k), true })
	if p.warming {
		return
	}
	var pb raster.Path
	pb.Circle(cx, cy, r)
	if hl.on && !grey {
		p.fillPath(&pb, p.dst, p.full, rgba(disc))
	}
	m := pb.Mask(p.full)
	if m == nil {
		return
	}
	defer raster.PutAlpha(m)
	raster.BlitClipped(p.dst, sc, at, m)
	if p.trace != nil {
		clipped := image.NewRGBA(sc.Rect)
		raster.BlitClipped(clipped, sc, image.Point{}, raster.MoveAlpha(m, at.Mul(-1)))
		p.record(img, clipped, at, grey)
	}
}
