package render

import (
	"image"
	"math"

	"gamethumbs/internal/colorx"
	"gamethumbs/internal/raster"
)

// On the open backgrounds of styles 1, 2, 5 and 6 a bust is composed as
// a portrait of its side (its half of the picture): scaled to most of the
// side's height, its head in the upper-middle with head room above it
// (and below the league logo where that logo sits over the side's top),
// its shoulders running off the bottom edge as a portrait crop does,
// centred in the part of the side the league logo leaves open, and
// clipped to its side (clear of style 1's divider).
const (
	bustRoom  = 0.12 // head room over the side's height
	bustMinH  = 0.72 // shortest bust over the side's height below the head room
	bustMaxH  = 0.86 // tallest bust over the side's height
	bustOpenW = 1.15 // widest bust over the open area's width, before bustMinH wins
	// A pair (two busts, wider than high) is centred in its whole side,
	// bustPairW of its width (both heads in), standing on the
	// bottom edge; the canvas edge cuts the outer shoulders and the
	// league logo may cover an inner one.
	bustPairW = 1.15
)

// bustArea is where a bust is composed: the side's region as a polygon
// (clip, in canvas coordinates), optionally further clipped to the
// rounded card of the compact logo (round), its open area across
// (x0..x1, clear of the league logo), its whole width (sx0..sx1), its
// height (y0..y1) and the top its head room is measured from (below the
// league logo on a cover's lower side).
type bustArea struct {
	clip             []float64
	round            *raster.Path
	x0, x1, sx0, sx1 float64
	y0, top, y1      float64
}

// bustSide returns side i's bustArea on styles 1, 2, 5 and 6.
func (p *painter) bustSide(i int) bustArea {
	W, H, m := p.W, p.H, p.m
	var gap float64 // half the divider, which stays visible over the busts
	if p.o.Style == 0 || p.o.Style == 1 {
		gap = float64(p.px(dividerWidth)) / 2
	}
	logo := 0.0 // the league logo's half size and its clearance
	if p.o.LeagueLogo {
		logo = 0.125*m + leagueGap*m
	}
	if p.portrait {
		if i == 0 {
			y1 := H/2 - gap
			return bustArea{clip: []float64{0, 0, W, 0, W, y1, 0, y1}, x1: W, sx1: W, y1: y1}
		}
		y0 := H/2 + gap
		// The league logo sits over the top of B's side: B's head room
		// starts below it.
		return bustArea{clip: []float64{0, y0, W, y0, W, H, 0, H}, x1: W, sx1: W,
			y0: y0, top: max(y0, H/2+logo-bustRoom*(H-y0)), y1: H}
	}
	ar := bustArea{y1: H}
	if gap > 0 { // style 1's diagonal from (0.66 W, 0) to (0.33 W, H)
		hw := gap * math.Hypot(1, 0.33*W/H)
		if i == 0 {
			ar.clip = []float64{0, 0, 0.66*W - hw, 0, 0.33*W - hw, H, 0, H}
		} else {
			ar.clip = []float64{0.66*W + hw, 0, W, 0, W, H, 0.33*W + hw, H}
		}
	} else if i == 0 {
		ar.clip = []float64{0, 0, W / 2, 0, W / 2, H, 0, H}
	} else {
		ar.clip = []float64{W / 2, 0, W, 0, W, H, W / 2, H}
	}
	if i == 0 {
		ar.x0, ar.x1, ar.sx0, ar.sx1 = 0, W/2-logo, 0, W/2
	} else {
		ar.x0, ar.x1, ar.sx0, ar.sx1 = W/2+logo, W, W/2, W
	}
	return ar
}

// cardBustSide returns side i's bustArea on the compact card c of
// matchup logo style 1 (its diagonal split and divider as paintCard
// draws them, the league logo 0.6 bs on the divider).
func (p *painter) cardBustSide(i int, c card) bustArea {
	top, bot := c.at(0.5825), c.at(0.4175)
	hw := max(1, math.Round(cardDivider*c.bs)) * math.Hypot(1, (bot-top)/(c.y1-c.y0)) / 2
	logo := 0.0
	if p.o.LeagueLogo {
		logo = 0.3*c.bs + leagueGap*c.bs
	}
	var rr raster.Path
	rr.RoundRect(c.x0, c.y0, c.x1, c.y1, cardRadius*c.bs)
	ar := bustArea{round: &rr, y0: c.y0, top: c.y0, y1: c.y1}
	mid := c.at(0.5)
	if i == 0 {
		ar.clip = []float64{c.x0, c.y0, top - hw, c.y0, bot - hw, c.y1, c.x0, c.y1}
		ar.x0, ar.x1 = c.x0, mid-logo
	} else {
		ar.clip = []float64{top + hw, c.y0, c.x1, c.y0, c.x1, c.y1, bot + hw, c.y1}
		ar.x0, ar.x1 = mid+logo, c.x1
	}
	// The card is wide enough for a pair beside the league logo, which
	// would otherwise hide an inner head.
	ar.sx0, ar.sx1 = ar.x0, ar.x1
	return ar
}

// bustRect returns where a bust whose trimmed image is aspect wide over
// high is drawn in area ar (it may reach past the canvas at the bottom
// and sides: the clip cuts it there).
func bustRect(ar bustArea, aspect float64) (x, y, w, h float64) {
	sideH := ar.y1 - ar.y0 // both sides' busts the same size
	room := bustRoom * sideH
	if aspect > 1.6 {
		h = min(bustPairW*(ar.sx1-ar.sx0)/aspect, bustMaxH*sideH)
		w = h * aspect
		return (ar.sx0+ar.sx1)/2 - w/2, max(ar.top+room, ar.y1-h), w, h
	}
	h = min(max(bustOpenW*(ar.x1-ar.x0)/aspect, bustMinH*(sideH-room)), bustMaxH*sideH)
	w = h * aspect
	// Head room kept, shoulders run off the bottom; a short bust stands
	// on the bottom edge instead of floating.
	y = max(ar.top+room, ar.y1-0.9*h)
	return (ar.x0+ar.x1)/2 - w/2, y, w, h
}

// drawBustInSide draws side sd's bust composed in area ar (see above),
// in the variant that reads on bg, with its halo and shadow, clipped to
// the area.
func (p *painter) drawBustInSide(ar bustArea, sd *side, bg colorx.RGB) {
	img := p.pickLogo(sd.logo, sd.logoDark, bg)
	trim, ok := p.logoTrim(img)
	if !ok {
		return
	}
	var hl halo
	if !sd.grey {
		hl = p.haloFor(img, bg)
	}
	x, y, w, h := bustRect(ar, float64(trim.Dx())/float64(trim.Dy()))
	iw, ih := max(1, int(math.Round(w))), max(1, int(math.Round(h)))
	at := image.Pt(int(math.Round(x)), int(math.Round(y)))
	sh := shadowLogo
	k := spriteKey{img: img, grey: sd.grey, w: iw, h: ih, halo: hl.key()}
	k.r, k.dx, k.dy, k.alpha = p.px(sh.blur/2), p.px(sh.dx), p.px(sh.dy), uint8(sh.alpha*255+0.5)
	sp, _ := held(p, k, func() (*raster.SpanImage, bool) {
		return logoSprite(p.cache, func() logoInfo { li, _ := p.normalised(img); return li }, k), true
	})
	if p.warming {
		return
	}
	var pb raster.Path
	pb.Polygon(ar.clip...)
	m := pb.Mask(p.full)
	if m == nil {
		return
	}
	defer raster.PutAlpha(m)
	r := m.Rect.Intersect(p.dst.Rect)
	if r.Empty() {
		return
	}
	layer := image.NewRGBA(r)
	if p.shadows == nil {
		p.shadows = new(raster.ShadowMemos)
	}
	sp.DrawMemo(layer, at, p.shadows)
	if ar.round != nil {
		if rm := p.cachedMask(ar.round, p.full); rm != nil {
			raster.MaskIn(layer, rm)
		}
	}
	raster.BlitClipped(p.dst, layer, r.Min, m)
	if p.trace != nil {
		li, _ := p.normalised(img)
		p.record(img, scaledLogo(p.cache, li, scaledKey{img, sd.grey, iw, ih}), at, sd.grey)
	}
}
