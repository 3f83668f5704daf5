package render

import (
	"encoding/binary"
	"image"
	"math"
	"slices"
	"sort"
	"sync"

	"gamethumbs/internal/colorx"
	"gamethumbs/internal/raster"
)

// Styles 99 (3D embossed panels, reflections, metallic VS badge) and 98
// (the same plus the league logo at the top).
//
// Thumbnails and square covers use two side-by-side panels as the
// reference does. Taller covers stack them (team A on top), like style 1's horizontal split: the
// reference's narrow side-by-side portrait panels left the logos at a
// quarter of the width. On a style-98 cover the top team's logo moves into
// the space below the league logo.
func (p *painter) emboss(sd [2]*side, style98 bool) error {
	W, H := p.W, p.H
	// Style 98 is 99 with the league logo: without it (logo=false) the
	// two are the same picture.
	withLeague := style98 && p.o.LeagueLogo
	// Covers stack the panels; a square cover keeps them side by side,
	// where each hero logo gets half the width instead of a quarter of
	// the height.
	stack := p.portrait && H > 1.15*W
	leagueSize := 0.2 * p.m
	if stack {
		leagueSize = 0.14 * p.m // it takes height from both hero logos
	}
	leagueTop := max(float64(p.px(12)), math.Round(0.03*H))
	var panels [2]image.Rectangle
	if stack {
		half := int(math.Round(H / 2))
		panels = [2]image.Rectangle{image.Rect(0, 0, p.o.Width, half), image.Rect(0, half, p.o.Width, p.o.Height)}
	} else {
		half := int(math.Round(W / 2))
		panels = [2]image.Rectangle{image.Rect(0, 0, half, p.o.Height), image.Rect(half, 0, p.o.Width, p.o.Height)}
	}
	var steps []func()
	badge := 0.076 * p.m
	for i, s := range sd {
		dst := p.dst.SubImage(panels[i]).(*image.RGBA)
		var inset [2]float64
		if stack {
			// Keep clear of the league logo above the top panel (or of
			// a margin without it) and of the VS badge between the
			// panels, whose clearance also ends the top panel's
			// reflection; the bottom panel mirrors the top one, so both
			// hero logos get the same size and both reflections show
			// whole.
			edge := math.Round(0.04 * H)
			if withLeague {
				edge = leagueTop + leagueSize
			}
			inset = [2]float64{edge, 1.4 * badge}
			if i == 1 {
				inset = [2]float64{1.4 * badge, edge}
			}
		}
		// The reflection stays clear of the VS badge on the shared edge.
		refl := panels[i]
		if stack && i == 0 {
			refl.Max.Y -= int(1.4 * badge)
		}
		steps = append(steps, func() { p.embossPanel(dst, panels[i], s, inset, refl) })
	}
	steps = append(steps,
		func() { // divider: dark-light-dark across its width
			w := float64(max(2, p.px(6)))
			var pb raster.Path
			if stack {
				y0 := H/2 - w/2
				if !p.dst.Rect.Overlaps(image.Rect(0, int(y0)-1, p.o.Width, int(y0+w)+2)) {
					return // not in this band
				}
				pb.Rect(0, y0, W, y0+w)
				p.fillPathPaint(&pb, p.dst, p.full, raster.LinearWith(dividerLUT(), 0, y0, 0, y0+w))
				return
			}
			x0 := W/2 - w/2
			pb.Rect(x0, 0, x0+w, H)
			if a := p.cachedMask(&pb, p.full); a != nil {
				raster.MaskPaintDown(p.dst, a, raster.LinearWith(dividerLUT(), x0, 0, x0+w, 0))
			}
		},
		func() { p.vsBadge(W/2, H/2, badge) },
		func() {
			if !withLeague {
				return
			}
			lg := p.s.League
			logo := p.pickLogo(lg.Logo, lg.LogoDark, colorx.Mix(sd[0].color, sd[1].color, 0.5))
			p.drawLogo(p.dst, logo, false, W/2, leagueTop+leagueSize/2, leagueSize, shadowLogoStrong)
		})
	return p.steps(steps...)
}

// embossPanel paints one team's panel, the canvas rectangle panel, into
// dst (the sub-image of the canvas, or of the band being painted, that
// panel covers).
// inset reserves space at the top and bottom of the panel (style 98
// covers): the hero logo is centred in what remains. The reflection is
// clipped to refl.
func (p *painter) embossPanel(dst *image.RGBA, panel image.Rectangle, s *side, inset [2]float64, refl image.Rectangle) {
	r := panel
	pw, ph := float64(r.Dx()), float64(r.Dy())
	cx, cy := float64(r.Min.X)+pw/2, float64(r.Min.Y)+ph/2
	short := min(pw, ph)
	hero := 0.5 * short
	if inset[0] > 0 || inset[1] > 0 {
		// The hero, its gap and its whole reflection (reflShow of its
		// height shows; the rest has faded out) are centred in what
		// the insets leave, so the reflection is never cut off by the
		// panel's edge into a flat-bottomed shape.
		avail := ph - inset[0] - inset[1]
		group := 1 + reflGap + reflShow
		hero = min(hero, avail/group)
		cy = float64(r.Min.Y) + inset[0] + (avail-group*hero)/2 + hero/2
	}
	var logo image.Image
	var li logoInfo
	if s.name == "" && s.initial == "" {
		if logo = p.pickLogo(s.logo, s.logoDark, s.color); logo != nil {
			var ok bool
			if li, ok = normalised(p.cache, logo); !ok {
				logo = nil
			}
		}
	}
	e := max(1, p.px(2.2))
	var tex *embossTex
	if logo != nil {
		k := embossKey{logo, r.Dx(), r.Dy(), e}
		tex, _ = held(p, k, func() (*embossTex, bool) { return panelEmboss(p.cache, li, k), true })
	}
	luts, _ := held(p, panelLUTKey{s.color}, func() (panelLUTs, bool) { return newPanelLUTs(p.cache, s.color, panelStops), true })
	// The overlay reaches its darkest at 0.8 of the panel's short side,
	// as the reference's does (0.8 of the panel width): the corners get
	// its full vignette.
	paintPanel(p.cache, p.dst, r, luts, 10*p.k, 0.8*short, panelStops, tex)
	switch {
	case s.name != "":
		p.nameCardOn(dst, s, s.color, cx, cy, hero)
		return
	case s.initial != "":
		tb := fitText(fontBlack, s.initial, hero, hero, 0.6*hero, 1, 1.15)
		p.drawText(dst, tb, cx, cy, standInGrey, 1, true, nil)
		return
	case logo == nil:
		return
	}
	// Hero logo with its shadow, then a fading reflection below it.
	var hl halo
	if !s.grey {
		hl = p.haloFor(logo, s.color)
	}
	if p.sideBust(s) {
		// A headshot stands on the panel's bottom edge (the photo's cut
		// on the edge), about as large as a style-1 bust, clear of what
		// the insets reserve at the top; it has no reflection.
		// A pair (wider than high) keeps that height and may take most
		// of the panel's width.
		box := min(bustPanel*short, ph-inset[0]-0.05*ph)
		box = min(box*max(1, float64(li.trim.Dx())/float64(li.trim.Dy())), max(box, 0.85*pw))
		p.drawLogoHalo(dst, logo, s.grey, cx, p.bustCentre(logo, box, float64(r.Max.Y)), box, shadowHero, hl)
		return
	}
	rect := p.drawLogoHalo(dst, logo, s.grey, cx, cy, hero, shadowHero, hl)
	hw, hh := rect.Dx(), rect.Dy()
	if rd, ok := dst.SubImage(refl).(*image.RGBA); ok && !rd.Rect.Empty() {
		k := reflKey{scaledKey{logo, s.grey, hw, hh}}
		refl, _ := held(p, k, func() (*raster.SpanImage, bool) { return reflectionOf(p.cache, li, k), true })
		// With the render's shadow memos: a fresh set would be cleared
		// for every draw (every band).
		if p.shadows == nil {
			p.shadows = new(raster.ShadowMemos)
		}
		refl.DrawMemo(rd, image.Pt(rect.Min.X, rect.Max.Y+int(math.Round(reflGap*float64(hh)))), p.shadows)
	}
}

// The reflection starts reflGap of the hero's height below it; the first
// reflShow of its height is what shows (the rest has faded to nothing).
const (
	reflGap  = 0.05
	reflShow = 0.55
)

// The divider's gradient (dark-light-dark across its width) and the VS
// badge ring's (grey-white-grey corner to corner) are the same in every
// render: their lookup tables are made once, not per render and band.
var (
	dividerStops = []raster.Stop{{T: 0, C: colorx.RGB{}, A: 0.8}, {T: 0.5, C: colorx.RGB{R: 255, G: 255, B: 255}, A: 0.8}, {T: 1, C: colorx.RGB{}, A: 0.8}}
	dividerLUT   = sync.OnceValue(func() *raster.GradLUT { return raster.NewLUT(dividerStops) })
	badgeGrey    = colorx.RGB{R: 0x44, G: 0x44, B: 0x44}
	badgeStops   = raster.OpaqueStops([]float64{0, 0.5, 1}, badgeGrey, colorx.RGB{R: 255, G: 255, B: 255}, badgeGrey)
	badgeRingLUT = sync.OnceValue(func() *raster.GradLUT { return raster.NewLUT(badgeStops) })
)

// panelStops is the radial overlay of a panel: white at 20 % in the
// middle to black at 40 % at the radius of 0.8 times the panel's long side.
var panelStops = []raster.Stop{{T: 0, C: colorx.RGB{R: 255, G: 255, B: 255}, A: 0.2}, {T: 1, C: colorx.RGB{}, A: 0.4}}

// panelLUTKey holds a render's overlay lookup tables of one team colour.
type panelLUTKey struct{ c colorx.RGB }

// deepenYellow redoes the darker entries of a panel's overlay table lut
// for a yellow or gold team colour c: the overlay's black, mixed in sRGB,
// turns a yellow olive towards the panel's edges; each entry darker than
// c becomes c deepened to that entry's lightness (colorx.Deepen: towards
// amber, keeping its colour), so the vignette is a deeper gold. The
// deepened shades are worked out at yellowSteps lightnesses (once per
// colour, in the derivative cache) and blended between.
func deepenYellow(cache *derivatives, lut *[raster.LUTSize]uint32, c colorx.RGB) {
	l0 := c.OKLCh().L
	shades := memo(cache, nil, yellowKey{c}, func() (*[yellowSteps + 1]colorx.RGB, int64) {
		var t [yellowSteps + 1]colorx.RGB
		for i := range t {
			t[i] = colorx.Deepen(c, float64(i)/yellowSteps)
		}
		return &t, 3 * (yellowSteps + 1)
	})
	for i, v := range lut {
		e := colorx.RGB{R: uint8(v), G: uint8(v >> 8), B: uint8(v >> 16)}
		l := e.OKLab().L
		if l >= l0 {
			continue
		}
		f := l / l0 * yellowSteps
		k := min(int(f), yellowSteps-1)
		d := colorx.Mix(shades[k], shades[k+1], f-float64(k))
		lut[i] = raster.Pixel32(d.R, d.G, d.B, uint8(v>>24))
	}
}

// yellowSteps is the number of lightness steps deepenYellow works out.
const yellowSteps = 32

// yellowKey names the deepened shades of a yellow team colour.
type yellowKey struct{ c colorx.RGB }

// nameCardOn is nameCard drawing into a panel.
func (p *painter) nameCardOn(dst *image.RGBA, s *side, bg colorx.RGB, cx, cy, box float64) {
	p.drawName(dst, p.sideIndex(s), s.grey, bg, cx, cy, box, box)
}

// silRows describes a silhouette's rows: the nonzero pixels of row y lie
// in columns ext[y][0] to ext[y][1] (none when they are equal), and the
// column spans full[at[y]:at[y+1]] of it are 255.
type silRows struct {
	ext  [][2]int32
	at   []int32
	full [][2]int32
}

// extent returns the nonzero columns of row y shifted left by d and
// clipped to [0, w) (a0 >= a1 when there are none).
func (m *silRows) extent(y, d, w int) (a0, a1 int) {
	r := m.ext[y]
	return max(0, int(r[0])-d), min(w, int(r[1])-d)
}

// bothFull appends to dst the column spans within [x0, x1) where row a
// and row b shifted left by d are both 255.
func (m *silRows) bothFull(dst [][2]int32, a, b, d, x0, x1 int) [][2]int32 {
	fa, fb := m.full[m.at[a]:m.at[a+1]], m.full[m.at[b]:m.at[b+1]]
	for i, j := 0, 0; i < len(fa) && j < len(fb); {
		s0 := max(int(fa[i][0]), int(fb[j][0])-d, x0)
		s1 := min(int(fa[i][1]), int(fb[j][1])-d, x1)
		if s0 < s1 {
			dst = append(dst, [2]int32{int32(s0), int32(s1)})
		}
		if int(fa[i][1]) < int(fb[j][1])-d {
			i++
		} else {
			j++
		}
	}
	return dst
}

// opaqueRow is a row of 255s to copy from.
var opaqueRow = func() []byte {
	b := make([]byte, 1024)
	for i := range b {
		b[i] = 255
	}
	return b
}()

// silhouette returns the alpha of the trimmed logo of li scaled to sw x sh
// with its top-left corner at (ox, oy), clipped to a w x h window, and
// describes its rows in meta. It samples the source alpha bilinearly, so
// nothing larger than the window is allocated; the result is not cached
// (the emboss texture built from it is) but pooled: hand it back with
// raster.PutAlpha.
func silhouette(li logoInfo, sw, sh, ox, oy, w, h int, meta *silRows) *image.Alpha {
	m := raster.GetAlpha(image.Rect(0, 0, w, h))
	s := newSilSampler(li, sw, sh, ox, oy, w, h, meta)
	for y := range h {
		s.row(y, m.Pix[y*m.Stride:][:w])
	}
	return m
}

// silSampler gives the rows of a silhouette (see silhouette) one at a
// time, top to bottom, so a caller that needs only a few rows at once
// keeps only those.
type silSampler struct {
	pix        []uint8 // source pixels
	stride     int
	rect, tr   image.Rectangle // source bounds and trim
	oy, sh     int
	x0, y0, y1 int // window columns from x0 and rows [y0, y1) are sampled
	n          int // columns sampled
	ky         float64
	// Source alpha byte offsets of every sampled column's two taps
	// (cols[2*i], cols[2*i+1]) and its 8-bit weight.
	cols []int
	wts  []uint32
	// firstCol[x-tr.Min.X] is the first column whose first tap is
	// source column x or later (x up to tr.Max.X).
	firstCol []int32
	ring     [2]across
	meta     *silRows
}

// across is a source row interpolated across the sampled columns.
type across struct {
	sy     int
	v      []uint32 // 16-bit fixed point: alpha * 256
	lo, hi int      // extent of non-zero values
	full   [][2]int // spans of fully opaque values, in order
}

func newSilSampler(li logoInfo, sw, sh, ox, oy, w, h int, meta *silRows) *silSampler {
	// A reused description keeps its slices (the extents cleared: rows
	// outside the logo leave theirs unset).
	meta.ext = slices.Grow(meta.ext[:0], h)[:h]
	clear(meta.ext)
	meta.at = slices.Grow(meta.at[:0], h+1)[:h+1]
	meta.full = slices.Grow(meta.full[:0], h)
	s := &silSampler{oy: oy, sh: sh, meta: meta}
	pix, stride, rect := alphaSource(li.img)
	tr := li.trim
	if pix == nil || tr.Empty() || sw <= 0 || sh <= 0 {
		return s
	}
	x0, x1 := max(0, ox), min(w, ox+sw)
	y0, y1 := max(0, oy), min(h, oy+sh)
	if x0 >= x1 || y0 >= y1 {
		return s
	}
	s.pix, s.stride, s.rect, s.tr = pix, stride, rect, tr
	s.x0, s.y0, s.y1, s.n = x0, y0, y1, x1-x0
	s.ky = float64(tr.Dy()) / float64(sh)
	// Source column offsets and 8-bit weights for every window column.
	kx := float64(tr.Dx()) / float64(sw)
	s.cols = make([]int, 2*(x1-x0))
	s.wts = make([]uint32, x1-x0)
	for x := x0; x < x1; x++ {
		sx, wx := sample(float64(x-ox), kx, tr.Min.X, tr.Max.X)
		i := x - x0
		s.cols[2*i] = 4*(sx-rect.Min.X) + 3
		s.cols[2*i+1] = 4*(min(sx+1, tr.Max.X-1)-rect.Min.X) + 3
		s.wts[i] = wx
	}
	s.firstCol = make([]int32, tr.Dx()+1)
	for x, i := tr.Min.X, 0; x <= tr.Max.X; x++ {
		for i < s.n && s.cols[2*i] < 4*(x-rect.Min.X)+3 {
			i++
		}
		s.firstCol[x-tr.Min.X] = int32(i)
	}
	// Separable: each source row is interpolated across once (into a
	// two-row ring, as output rows move down the source monotonically),
	// then output rows blend two of those. Columns outside both rows'
	// visible extent stay zero.
	s.ring = [2]across{{sy: -1, v: make([]uint32, s.n)}, {sy: -1, v: make([]uint32, s.n)}}
	return s
}

// rowAt returns source row sy interpolated across.
func (s *silSampler) rowAt(sy int) *across {
	const opaque = 255 << 8
	ring := &s.ring
	for i := range ring {
		if ring[i].sy == sy {
			return &ring[i]
		}
	}
	// Replace the row not in use (the lower index: rows only move down).
	r := &ring[0]
	if ring[1].sy < ring[0].sy {
		r = &ring[1]
	}
	r.sy = sy
	n, cols, tr, rect := s.n, s.cols, s.tr, s.rect
	src := s.pix[(sy-rect.Min.Y)*s.stride:]
	clear(r.v)
	r.lo, r.hi = n, 0
	r.full = r.full[:0]
	// The source row's visible extent, as alpha byte offsets; only
	// columns with a tap inside it can be non-zero.
	a0, a1 := 4*(tr.Min.X-rect.Min.X)+3, 4*(tr.Max.X-rect.Min.X)+3
	for a0 < a1 && src[a0] == 0 {
		a0 += 4
	}
	for a1 > a0 && src[a1-4] == 0 {
		a1 -= 4
	}
	if a0 >= a1 {
		return r
	}
	i0 := sort.Search(n, func(i int) bool { return cols[2*i+1] >= a0 })
	i1 := sort.Search(n, func(i int) bool { return cols[2*i] >= a1 })
	start := -1 // of the current fully opaque span
	// span records columns [i, e) of value v (the full spans and extent).
	span := func(i, e int, v uint32) {
		if v != 0 {
			r.lo, r.hi = min(r.lo, i), e
		}
		switch {
		case v == opaque && start < 0:
			start = i
		case v != opaque && start >= 0:
			r.full = append(r.full, [2]int{start, i})
			start = -1
		}
	}
	fc := s.firstCol
	for i := i0; i < i1; {
		// The run of source pixels equal to column i's first tap,
		// [sx, e): every column whose taps both lie in it has that
		// value (inside or outside the logo, most of the row), so the
		// row is filled run by run.
		a := cols[2*i]
		sx := (a-3)/4 + rect.Min.X
		t := src[a]
		e := sx + 1
		// Two pixels' alphas at a time (the words' top bytes).
		const alphas = 0xff000000ff000000
		tt := uint64(t)<<24 | uint64(t)<<56
		for e+2 <= tr.Max.X && binary.LittleEndian.Uint64(src[a-3+4*(e-sx):])&alphas == tt {
			e += 2
		}
		for e < tr.Max.X && src[a+4*(e-sx)] == t {
			e++
		}
		// Columns whose first tap is before e-1; at the trim's right
		// edge, whose second tap is clamped to e-1, those before e.
		last := e - 1
		if e == tr.Max.X {
			last = e
		}
		if j := min(int(fc[last-tr.Min.X]), i1); j > i {
			v := uint32(t) << 8
			if v != 0 {
				fillWords(r.v[i:j], v)
			}
			span(i, j, v)
			i = j
		}
		if e == tr.Max.X {
			continue
		}
		// Columns reading pixels e-1 and e, which differ.
		for j := min(int(fc[e-tr.Min.X]), i1); i < j; i++ {
			wx := s.wts[i]
			v := uint32(src[cols[2*i]])*(256-wx) + uint32(src[cols[2*i+1]])*wx
			r.v[i] = v
			span(i, i+1, v)
		}
	}
	if start >= 0 {
		r.full = append(r.full, [2]int{start, i1})
	}
	return r
}

// fillWords sets every word of vs to v: long stretches (a silhouette's
// inside) by doubling copies.
func fillWords(vs []uint32, v uint32) {
	if len(vs) < 32 {
		for k := range vs {
			vs[k] = v
		}
		return
	}
	for k := range 16 {
		vs[k] = v
	}
	for n := 16; n < len(vs); n *= 2 {
		copy(vs[n:], vs[:n])
	}
}

// row samples window row y (the rows must come in order, from 0) into
// out, writing only the columns of its extent (meta.ext[y], recorded
// with its full spans): out must be zero elsewhere.
func (s *silSampler) row(y int, out []byte) {
	meta := s.meta
	meta.at[y] = int32(len(meta.full))
	defer func() { meta.at[y+1] = int32(len(meta.full)) }()
	if y < s.y0 || y >= s.y1 {
		return
	}
	tr := s.tr
	sy, wy := sample(float64(y-s.oy), s.ky, tr.Min.Y, tr.Max.Y)
	sy1 := min(sy+1, tr.Max.Y-1)
	var top, bot *across
	if sy1 > sy {
		top = s.rowAt(sy)
		bot = s.rowAt(sy1)
	} else {
		top = s.rowAt(sy)
		bot = top
	}
	lo, hi := min(top.lo, bot.lo), max(top.hi, bot.hi)
	if lo >= hi {
		return
	}
	x0 := s.x0
	meta.ext[y] = [2]int32{int32(x0 + lo), int32(x0 + hi)}
	out = out[x0:][:s.n]
	blend := func(a, b int) {
		o := out[a:b]
		tv, bv := top.v[a:b:b], bot.v[a:b:b]
		tv, bv = tv[:len(o)], bv[:len(o)]
		for i := range o {
			o[i] = uint8((tv[i]*(256-wy) + bv[i]*wy) >> 16)
		}
	}
	// Where both rows are fully opaque the blend is 255: those
	// stretches (the inside of the silhouette) are filled.
	pos := lo
	ft, fb := top.full, bot.full
	for i, j := 0, 0; i < len(ft) && j < len(fb); {
		a, b := max(ft[i][0], fb[j][0]), min(ft[i][1], fb[j][1])
		if a < b {
			blend(pos, a)
			for o := out[a:b]; len(o) > 0; {
				o = o[copy(o, opaqueRow):]
			}
			meta.full = append(meta.full, [2]int32{int32(x0 + a), int32(x0 + b)})
			pos = b
		}
		if ft[i][1] < fb[j][1] {
			i++
		} else {
			j++
		}
	}
	blend(pos, hi)
}

// sample maps destination coordinate d (pixel index) through scale k to a
// source index in [lo, hi) and the 8-bit weight of the next one.
func sample(d, k float64, lo, hi int) (int, uint32) {
	f := (d+0.5)*k - 0.5 + float64(lo)
	if f <= float64(lo) {
		return lo, 0
	}
	if f >= float64(hi-1) {
		return hi - 1, 0
	}
	i := int(f)
	return i, uint32((f - float64(i)) * 256)
}

// alphaSource returns the pixel buffer of an *image.RGBA or *image.NRGBA
// (alpha is the fourth byte of each pixel in both).
func alphaSource(img image.Image) ([]uint8, int, image.Rectangle) {
	switch m := img.(type) {
	case *image.RGBA:
		return m.Pix, m.Stride, m.Rect
	case *image.NRGBA:
		return m.Pix, m.Stride, m.Rect
	}
	return nil, 0, image.Rectangle{}
}

// reflKey identifies the reflection of a scaled logo.
type reflKey struct{ scaledKey }

// reflectionOf returns the logo of k (whose information is li) at k's size
// flipped upside down and fading from 25 % opacity at its top to nothing
// (mask stops 0, 0.4, 0.8, 1 at 0, 0.25, 0.6, 1), its pixel (0, 0) at
// the top-left, cached like a sprite: drawing it blends each visible pixel
// once.
func reflectionOf(c *derivatives, li logoInfo, k reflKey) *raster.SpanImage {
	return memo(c, k.img, k, func() (*raster.SpanImage, int64) {
		src := scaleLogo(li, k.grey, k.w, k.h)
		h := k.h
		out := image.NewRGBA(src.Rect)
		fade := []raster.Stop{{T: 0, C: colorx.RGB{}, A: 0}, {T: 0.25, C: colorx.RGB{}, A: 0.4}, {T: 0.6, C: colorx.RGB{}, A: 0.8}, {T: 1, C: colorx.RGB{}, A: 1}}
		for i := range h {
			op := 0.25 * (1 - raster.StopAlphaAt(fade, (float64(i)+0.5)/float64(h)))
			f := uint32(op*255 + 0.5)
			if f == 0 {
				continue
			}
			srow := src.Pix[(h-1-i)*src.Stride:][:4*k.w]
			orow := out.Pix[i*out.Stride:][:4*k.w]
			for j := 0; j < len(srow); j += 4 {
				if v := raster.Load32(srow[j:]); v>>24 != 0 {
					raster.Store32(orow[j:], raster.ScalePix(v, f))
				}
			}
		}
		sp := raster.NewSpanImage(out)
		return sp, sp.Bytes()
	})
}

// vsBadge draws the metallic "VS" disc of radius r centred at (cx, cy).
func (p *painter) vsBadge(cx, cy, r float64) {
	// Nothing to paint in a band clear of the badge and its shadow.
	pad := r + float64(3*p.px(shadowLogoStrong.blur/2)+p.px(4)+2)
	if !p.dst.Rect.Overlaps(image.Rect(int(cx-pad), int(cy-pad), int(cx+pad)+1, int(cy+pad)+1)) {
		return
	}
	var ring, inner raster.Path
	ring.Circle(cx, cy, r)
	inner.Circle(cx, cy, r-float64(max(2, p.px(6))))
	a := p.cachedMask(&ring, p.full)
	// The ring's opaque gradient and the opaque inner disc cover the
	// shadow where the ring's coverage is full: it is left out there.
	var sh raster.Path
	sh.Circle(cx, cy+float64(p.px(4)), r)
	p.softFillOutside(&sh, shadowLogoStrong, a)
	// The opaque inner disc covers all but the ring's rim: the ring's
	// gradient is painted only where the disc does not cover it fully.
	if a != nil {
		raster.MaskPaintOutside(p.dst, a, p.cachedMask(&inner, p.full), raster.LinearWith(badgeRingLUT(), cx-r, cy-r, cx+r, cy+r))
	}
	p.fillPath(&inner, p.dst, p.full, rgba(colorx.RGB{R: 0x11, G: 0x11, B: 0x11}))
	size := math.Round(0.76 * r)
	tb := fitText(fontBlack, "VS", 1.4*r, 1.4*r, size, 1, 1.15)
	p.drawText(p.dst, tb, cx, cy, colorx.RGB{R: 255, G: 255, B: 255}, 1, true, shadowVS)
}
