package render

import (
	"encoding/binary"
	"image"
	"math"
	"slices"
	"sync"

	"gamethumbs/internal/colorx"
)

// A style-98/99 panel is the team colour under a radial overlay, lit by
// the emboss texture of the team's logo. Nothing per team is stored: the
// overlay's per-pixel lookup index depends only on the panel size (one
// shared table per canvas size), the texture only on the logo and panel
// size and is kept as short runs of lighting (tens of kilobytes), and the
// team colour is composed in while the panel's rows are painted.

// radialIndex holds, for one quadrant of a w x h panel, the lookup index
// (0-lutSize-1) of the radial overlay per band of n rows (the other
// quadrants mirror it; band 0 ends at the panel's middle row). Each
// column's bands are grouped into blocks (see radialBlocks) and every row
// of a block takes the index of the block's middle, which keeps every
// pixel within a third of an 8-bit level of its exact overlay. A contour
// line (where the overlay steps from one level to the next) becomes a
// staircase of one-level steps no eye separates from the exact circle,
// while n-1 of every n rows repeat the row above outside the logo (the
// PNG filter turns them into zeros), and where a column's block is taller
// than a band, the row that starts the band repeats that column too.
type radialIndex struct {
	qw, qh int
	n      int
	idx    []uint16
}

// block returns the band of panel row y (rows mirror about the middle).
func (t *radialIndex) block(y, h int) int {
	if y >= t.qh {
		y = h - 1 - y
	}
	return (t.qh - 1 - y) / t.n
}

// row returns the indices of band b for columns 0-qw-1; column x >= qw
// reads column w-1-x.
func (t *radialIndex) row(b int) []uint16 {
	return t.idx[b*t.qw : (b+1)*t.qw]
}

// radialKey identifies the overlay index table of a panel size, overlay
// (up to four stops) and brightness class of team colours.
type radialKey struct {
	w, h   int
	r0, r1 float64
	n      int
	stops  [4]stop
	top    uint8
}

// overlayTop is the brightness class of team colour c: its brightest
// channel rounded up to the next multiple of 64, less one. The overlay
// changes faster over brighter colours (the white it fades from covers
// more of a dark one), so panels of darker colours may pair more bands;
// four classes keep the tables few (one per canvas size and class,
// shared by every team in it).
func overlayTop(c colorx.RGB) uint8 {
	return max(c.R, c.G, c.B) | 63
}

// panelIndex returns the overlay index table of a w x h panel whose
// overlay stops run from radius r0 to r1, for team colours whose channels
// are all at most top: bands of overlayBlock rows (the same for every
// class), blocks of up to a third of a level (radialBlocks). It is worked
// out once per panel size, overlay and class (a banded render paints each
// panel in six bands).
func panelIndex(w, h int, r0, r1 float64, stops []stop, top uint8) *radialIndex {
	build := func() (*radialIndex, int64) {
		t := radialBlocks(w, h, r0, r1, overlayBlock(w, h, r0, r1, stops), overlaySlopes(stops, top), 1.0/3)
		return t, int64(2 * len(t.idx))
	}
	k := radialKey{w: w, h: h, r0: r0, r1: r1, n: len(stops), top: top}
	if len(stops) > len(k.stops) {
		t, _ := build()
		return t
	}
	copy(k.stops[:], stops)
	return memo(nil, k, build)
}

// radialBlocks builds the index table of a w x h panel whose overlay runs
// from radius r0 to r1 and changes as fast as sl says (for the team
// colours of one class), in bands of n rows. In each column, the bands
// pair up from the middle row (1 and 2, 3 and 4, ...) into one block
// where every row of the pair stays within bound levels of the overlay at
// the pair's middle radius; elsewhere each band is a block of its own (n
// rows keep within a third of a level everywhere, see overlayBlock).
// Pairs hold where the radius hardly changes from row to row (near the
// middle row) and where the overlay changes slowly. Blocks of up to 4 or
// 8 bands (or the whole quadrant) saved under 2 % more bytes and, looked
// at with the contrast raised, turned the light's rings near the middle
// row into straight vertical streaks.
func radialBlocks(w, h int, r0, r1 float64, n int, sl *overlaySlope, bound float64) *radialIndex {
	qw, qh := (w+1)/2, (h+1)/2
	nb := (qh + n - 1) / n
	t := &radialIndex{qw: qw, qh: qh, n: n, idx: make([]uint16, qw*nb)}
	cx, cy := float64(w)/2, float64(h)/2
	span := max(1e-9, r1-r0)
	// The radius is monotonic down a quadrant's column: a block's end
	// rows hold its smallest and largest t, and the middle of those is
	// the closest to every row's.
	put := func(x, b, bands int, ta, tb float64) {
		k := uint16(min(lutSize-1, int((ta+tb)/2*(lutSize-1)+0.5)))
		for ; bands > 0 && b < nb; b, bands = b+1, bands-1 {
			t.idx[b*qw+x] = k
		}
	}
	tAt := func(dx float64, y int) float64 {
		dy := float64(y) + 0.5 - cy
		return min(1, max(0, (math.Sqrt(dx*dx+dy*dy)-r0)/span))
	}
	for b := 0; b < nb; b += 2 {
		// Band b's rows run from near (next to the middle row) to mid,
		// band b+1's from mid2 to far.
		near, mid := qh-1-b*n, max(0, qh-(b+1)*n)
		mid2, far := qh-1-(b+1)*n, max(0, qh-(b+2)*n)
		for x := range qw {
			dx := float64(x) + 0.5 - cx
			tn, tm := tAt(dx, near), tAt(dx, mid)
			if b+1 == nb {
				put(x, b, 1, tn, tm)
				continue
			}
			tm2, tf := tAt(dx, mid2), tAt(dx, far)
			if lo, hi := min(tn, tf), max(tn, tf); sl.over(lo, hi)*(hi-lo)/2 <= bound {
				put(x, b, 2, tn, tf)
				continue
			}
			put(x, b, 1, tn, tm)
			put(x, b+1, 1, tm2, tf)
		}
	}
	return t
}

// slopeSteps is how finely overlaySlope tabulates the overlay's slope.
const slopeSteps = 256

// overlaySlope holds, per step of t (0-1 in slopeSteps steps), how many
// 8-bit levels per unit of t the overlay changes by at most over that
// step and its neighbours, in any channel, over the team colours of a
// brightness class.
type overlaySlope [slopeSteps]float64

// overlaySlopes tabulates the slope of the overlay stops over team
// colours whose channels are at most top. The overlay over team colour c
// is a(t)*s(t) + (1-a(t))*c per channel, so its change between two t is
// linear in c: largest at c = 0 or c = top.
func overlaySlopes(stops []stop, top uint8) *overlaySlope {
	var raw [slopeSteps]float64
	overlayChords(stops, 1, slopeSteps, float64(top), func(j int, slope float64) {
		raw[j] = max(raw[j], slope)
	})
	// A step's chord understates a curved overlay's steepest slope in
	// it: take its neighbours' too.
	s := new(overlaySlope)
	for i := range s {
		s[i] = max(raw[max(0, i-1)], raw[i], raw[min(slopeSteps-1, i+1)])
	}
	return s
}

// over returns the overlay's largest slope between ta and tb (ta <= tb).
func (s *overlaySlope) over(ta, tb float64) float64 {
	m := 0.0
	for _, v := range s[int(ta*slopeSteps) : min(slopeSteps-1, int(tb*slopeSteps))+1] {
		if v > m {
			m = v
		}
	}
	return m
}

// overlayBlock returns how many rows make one band of the overlay index
// table of a w x h panel whose overlay (stops) runs from radius r0 to r1:
// as many as keep every row within a third of an 8-bit level of its
// exact overlay, anywhere in the panel, for any team colour. A row reads
// the overlay at most n/2 px of radius from its own, so n/2 may be a
// third of the distance over which the steepest channel changes by one
// level: 4 rows on a 1440x1080 thumbnail's panels. The contour lines
// (where a channel steps by one level) then become staircases with steps
// of n rows; twice that everywhere left faint vertical streaks where the
// contours run nearly level (the top and bottom of a panel), so only
// radialBlocks pairs bands, where the bound still holds.
func overlayBlock(w, h int, r0, r1 float64, stops []stop) int {
	// Sampled at 64 steps of t up to the panel's corner.
	tMax := min(1, max(0, (math.Hypot(float64(w), float64(h))/2-r0)/max(1e-9, r1-r0)))
	slope := 0.0 // levels per unit of t
	overlayChords(stops, tMax, 64, 255, func(_ int, s float64) { slope = max(slope, s) })
	perLevel := (r1 - r0) / max(1, slope) // px of radius per level
	return max(1, int(2*perLevel/3))
}

// overlayChords calls f with the slope (levels per unit of t) of every
// chord j (0 to steps-1) of the overlay stops between t = 0 and tMax cut
// into steps, for each channel, over team colours 0 and top. The overlay
// over team colour c at t is a(t)*s(t) + (1-a(t))*c per channel, so its
// change between two t is linear in c: steepest at c = 0 or c = top.
func overlayChords(stops []stop, tMax float64, steps int, top float64, f func(j int, slope float64)) {
	for _, c := range []float64{0, top} {
		var prev [3]float64
		for i := 0; i <= steps; i++ {
			t := tMax * float64(i) / float64(steps)
			a, sc := stopAlphaAt(stops, t), stopColorAt(stops, t)
			for k := range prev {
				v := a*sc[k] + (1-a)*c
				if i > 0 {
					f(i-1, math.Abs(v-prev[k])*float64(steps)/max(1e-9, tMax))
				}
				prev[k] = v
			}
		}
	}
}

// overlayLUT composes opaque colour c under the radial overlay stops: the
// pixel at lookup index k becomes lut[k], exactly what overlaying the
// stops in float on a panel filled with c gives. Entries are pixels as
// little-endian words (pixel32).
func overlayLUT(c colorx.RGB, stops []stop) *[lutSize]uint32 {
	var lut [lutSize]uint32
	tm := overlayTermsOf(stops)
	for i := range lut {
		r, g, b, al := tm.r[i], tm.g[i], tm.b[i], tm.al[i]
		ia := 1 - al
		lut[i] = pixel32(uint8(r+float32(c.R)*ia+0.5), uint8(g+float32(c.G)*ia+0.5),
			uint8(b+float32(c.B)*ia+0.5), uint8(255*al+float32(255)*ia+0.5))
	}
	return &lut
}

// overlayTerms are the terms of overlayLUT that do not depend on the
// colour: the stops' premultiplied colour and alpha at every index.
type overlayTerms struct {
	r, g, b, al [lutSize]float32
}

// overlayTermsKey identifies the overlay terms of up to four stops.
type overlayTermsKey struct {
	n     int
	stops [4]stop
}

// overlayTermsOf returns the overlay terms of stops, worked out once per
// overlay (every team colour's tables share them).
func overlayTermsOf(stops []stop) *overlayTerms {
	build := func() *overlayTerms {
		tm := new(overlayTerms)
		for i := range lutSize {
			t := float64(i) / (lutSize - 1)
			a := stopAlphaAt(stops, t)
			sc := stopColorAt(stops, t)
			tm.r[i], tm.g[i], tm.b[i], tm.al[i] = float32(sc[0]*a), float32(sc[1]*a), float32(sc[2]*a), float32(a)
		}
		return tm
	}
	k := overlayTermsKey{n: len(stops)}
	if len(stops) > len(k.stops) {
		return build()
	}
	copy(k.stops[:], stops)
	return memo(nil, k, func() (*overlayTerms, int64) { return build(), 16 * lutSize })
}

// embossKey identifies the emboss texture of a logo in a w x h panel.
type embossKey struct {
	img  image.Image
	w, h int
	e    int
}

// embossRun is a run of pixels [x0, x1) of one row with the same lighting:
// a white sheen of coverage sheen (0-255 scale), then white (light > 0) or
// black (light < 0) of coverage |light|.
type embossRun struct {
	x0, x1 uint16
	sheen  uint8
	light  int8
}

// embossTex is a panel's emboss lighting as runs per row; rows[y] to
// rows[y+1] index runs. Pixels in no run are unlit.
type embossTex struct {
	rows []int32
	runs []embossRun
}

// runScratch holds slices for gathering a texture's runs.
var runScratch = sync.Pool{New: func() any { return new([]embossRun) }}

// Emboss strengths (coverage out of 255): the sheen inside the silhouette
// (4 %), where it rises towards the light (15 %) and where it falls (22.5 %).
const (
	embossSheen = 10
	embossRise  = 38
	embossFall  = 57
)

// embossPlace places a logo's emboss silhouette in a w x h panel: its
// size (1.7 times the panel's short side), its top left, and the ramp
// that fades the lighting over the last 6 % of its box (256 is full
// strength at distance d from the box's edge).
func embossPlace(li logoInfo, w, h int) (sw, sh, ox, oy int, ramp func(d int) int) {
	sw, sh = fitSize(li.trim.Dx(), li.trim.Dy(), 1.7*float64(min(w, h)))
	ox = int(math.Round(float64(w)/2 - float64(sw)/2))
	oy = int(math.Round(float64(h)/2 - float64(sh)/2))
	fade := max(2, 0.06*float64(min(sw, sh)))
	ramp = func(d int) int { return int(min(1, max(0, (float64(d)+0.5)/fade)) * 256) }
	return sw, sh, ox, oy, ramp
}

// panelEmboss returns the emboss texture of key: logo li (source key.img)
// in a key.w x key.h panel: the silhouette at 1.7x the panel's short side, centred, lit
// from the top left with depth e. Its lighting fades out over the last 6 %
// of the silhouette's bounding box, so a logo whose straight edge lies on
// that box (a flat-topped shield) leaves no line across the panel where
// the box ends inside it.
func panelEmboss(li logoInfo, key embossKey) *embossTex {
	w, h, e := key.w, key.h, key.e
	return memo(key.img, key, func() (*embossTex, int64) {
		sw, sh, ox, oy, rampAt := embossPlace(li, w, h)
		// The ramp rises with the distance and is at full strength from
		// rampFull on: most rows and columns need no float division.
		rampFull := 0
		for rampAt(rampFull) < 256 {
			rampFull++
		}
		ramp := func(d int) int {
			if d >= rampFull {
				return 256
			}
			return rampAt(d)
		}
		// The silhouette is larger than the panel: only the visible part
		// (plus the emboss depth on each side) is sampled. Panel pixel
		// (x, y) reads it at (x+e, y+e) offset by ±e.
		// Only 2e+1 rows of it are needed at once: they are sampled into
		// a ring of rows as the texture's rows move down.
		meta := silRowsPool.Get().(*silRows)
		defer silRowsPool.Put(meta)
		sw2, sh2 := w+2*e, h+2*e
		sil := newSilSampler(li, sw, sh, ox+e, oy+e, sw2, sh2, meta)
		k := 2*e + 1
		ring := getAlpha(image.Rect(0, 0, sw2, k))
		defer putAlpha(ring)
		dirty := make([][2]int32, k) // the columns written in each ring row
		next := 0                    // the next silhouette row to sample
		silRow := func(y int) []byte {
			for ; next <= y; next++ {
				r := ring.Pix[next%k*sw2:][:sw2]
				clear(r[dirty[next%k][0]:dirty[next%k][1]])
				sil.row(next, r)
				dirty[next%k] = meta.ext[next]
			}
			return ring.Pix[y%k*sw2:][:sw2]
		}
		fx := make([]int, w)
		fa, fb := w, 0 // columns [fa, fb) are at full strength
		for x := range fx {
			fx[x] = ramp(min(x-ox, ox+sw-1-x))
			if fx[x] == 256 {
				fa, fb = min(fa, x), x+1
			}
		}
		t := &embossTex{rows: make([]int32, h+1)}
		// Runs are gathered in pooled scratch and copied out at the end.
		scratch := runScratch.Get().(*[]embossRun)
		rb := runBuilder{runs: (*scratch)[:0]}
		var inside [][2]int32
		for y := range h {
			t.rows[y] = int32(len(rb.runs))
			fy := ramp(min(y-oy, oy+sh-1-y))
			if fy == 0 {
				continue
			}
			// Sample lo is silhouette row y at column x, hi row y+2e at
			// column x+2e: (x-e, y-e) and (x+e, y+e) in window terms.
			hi := silRow(y + 2*e)[2*e:]
			lo := silRow(y)
			// Only columns where either sample is nonzero are lit; where
			// both are 255 at full strength the run is the plain sheen,
			// known without reading the pixels.
			u0, u1 := meta.extent(y, 0, w)
			if h0, h1 := meta.extent(y+2*e, 2*e, w); h0 < h1 {
				if u0 < u1 {
					u0, u1 = min(u0, h0), max(u1, h1)
				} else {
					u0, u1 = h0, h1
				}
			}
			inside = inside[:0]
			if fy == 256 {
				inside = meta.bothFull(inside, y, y+2*e, 2*e, max(fa, u0), min(fb, u1))
			}
			// Columns [a, b) pixel by pixel: those at full strength from
			// the tables alone.
			lit := func(a, b int) {
				if m0, m1 := max(a, fa), min(b, fb); fy == 256 && m0 < m1 {
					rb.pixels(lo, hi, a, m0, fx, fy)
					rb.fullPixels(lo, hi, m0, m1)
					a = m1
				}
				rb.pixels(lo, hi, a, b, fx, fy)
			}
			rb.cur = embossRun{}
			x := u0
			for _, sp := range inside {
				lit(x, int(sp[0]))
				rb.add(int(sp[0]), int(sp[1]), embossSheen, 0)
				x = int(sp[1])
			}
			lit(x, u1)
			rb.flush()
		}
		t.runs = rb.runs
		t.rows[h] = int32(len(t.runs))
		*scratch = t.runs
		t.runs = append([]embossRun(nil), t.runs...)
		runScratch.Put(scratch)
		return t, int64(4*len(t.rows) + 6*len(t.runs))
	})
}

// silRowsPool holds the row descriptions of silhouettes being sampled.
var silRowsPool = sync.Pool{New: func() any { return new(silRows) }}

// runBuilder gathers a texture's runs, merging neighbours of the same
// lighting.
type runBuilder struct {
	runs []embossRun
	cur  embossRun
}

// add extends the current run with pixels [x0, x1) of the given lighting
// or starts a new one.
func (b *runBuilder) add(x0, x1 int, sheen uint8, light int8) {
	if b.cur.x1 == uint16(x0) && b.cur.sheen == sheen && b.cur.light == light {
		b.cur.x1 = uint16(x1)
		return
	}
	b.flush()
	b.cur = embossRun{uint16(x0), uint16(x1), sheen, light}
}

// flush keeps the current run if it is lit.
func (b *runBuilder) flush() {
	if c := b.cur; c.x1 > c.x0 && (c.sheen != 0 || c.light != 0) {
		b.runs = append(b.runs, c)
	}
	b.cur = embossRun{}
}

// pixels adds the lighting of columns [x0, x1) from the silhouette
// samples lo and hi, at strength fx[x]*fy (256 is full).
func (b *runBuilder) pixels(lo, hi []byte, x0, x1 int, fx []int, fy int) {
	full := &fullLight
	lo, hi, fx = lo[:x1], hi[:x1], fx[:x1]
	for x := x0; x < x1; {
		h, l := hi[x], lo[x]
		// Eight unlit pixels (outside the silhouette, both samples zero)
		// at a time.
		if h|l == 0 && x+8 <= x1 && binary.LittleEndian.Uint64(hi[x:])|binary.LittleEndian.Uint64(lo[x:]) == 0 {
			x += 8
			continue
		}
		var sheen uint8
		var light int8
		switch f := fx[x] * fy >> 8; {
		case f == 256:
			sheen, light = full.sheen[min(h, l)], full.light[255+int(h)-int(l)]
		case f > 0:
			sheen, light = lightAt(int(h), int(l), f)
		}
		if c := &b.cur; c.x1 == uint16(x) && c.sheen == sheen && c.light == light {
			c.x1++
		} else {
			b.flush()
			b.cur = embossRun{uint16(x), uint16(x + 1), sheen, light}
		}
		x++
	}
}

// fullPixels is pixels for columns [x0, x1) at full strength. The edges
// of a silhouette make a run of nearly every pixel, in no pattern a
// branch predictor learns: the current run is written out at every pixel
// and kept (the count moved on) only where a lit run ends, by arithmetic
// instead of branches.
func (b *runBuilder) fullPixels(lo, hi []byte, x0, x1 int) {
	full := &fullLight
	runs := slices.Grow(b.runs, x1-x0+1)
	n := len(runs)
	runs = runs[:cap(runs)]
	// The current run: [start, end) lit by key (sheen | light<<8); the
	// empty run is unlit.
	c := b.cur
	start, end := uint32(c.x0), uint32(c.x1)
	key := uint32(c.sheen) | uint32(uint8(c.light))<<8
	if end <= start {
		key = 0
	}
	lo, hi = lo[:x1], hi[:x1]
	for x := x0; x < x1; x++ {
		h, l := hi[x], lo[x]
		if h|l == 0 && x+8 <= x1 && binary.LittleEndian.Uint64(hi[x:])|binary.LittleEndian.Uint64(lo[x:]) == 0 {
			x += 7 // unlit: the current run ends before them
			continue
		}
		k := uint32(full.sheen[min(h, l)]) | uint32(uint8(full.light[255+int(h)-int(l)]))<<8
		// brk is 1 when the current run ends at x (a gap or other
		// lighting), lit when it is lit.
		d := (k ^ key) | (end ^ uint32(x))
		brk := (d | -d) >> 31
		lit := (key | -key) >> 31
		runs[n] = embossRun{uint16(start), uint16(end), uint8(key), int8(key >> 8)}
		n += int(brk & lit)
		m := -brk
		start = start&^m | uint32(x)&m
		key, end = k, uint32(x)+1 // k whether the run goes on or starts
	}
	b.runs = runs[:n]
	b.cur = embossRun{uint16(start), uint16(end), uint8(key), int8(key >> 8)}
}

// lightAt is the lighting of a pixel whose silhouette samples are h and
// l (see panelEmboss) at strength f (256 is full).
func lightAt(h, l, f int) (sheen uint8, light int8) {
	sheen = uint8(min(h, l) * embossSheen / 255 * f >> 8)
	switch d := h - l; {
	case d > 0:
		light = int8(d * embossRise / 255 * f >> 8)
	case d < 0:
		light = -int8(-d * embossFall / 255 * f >> 8)
	}
	return sheen, light
}

// fullLight tabulates lightAt at full strength: the sheen by the smaller
// sample, the light by 255 plus the difference h-l.
var fullLight = func() (t struct {
	sheen [256]uint8
	light [511]int8
}) {
	for v := range 256 {
		t.sheen[v], _ = lightAt(v, v, 256)
	}
	for d := -255; d <= 255; d++ {
		_, t.light[255+d] = lightAt(max(0, d), max(0, -d), 256)
	}
	return t
}()

// panelLUTs are the overlay lookup tables of one team colour: plain, and
// under the emboss texture's full sheen (the long runs inside the
// silhouette); both holds the two side by side (plain in the low word),
// so one lookup gives a pixel of each row; top is the colour's brightness
// class (overlayTop).
type panelLUTs struct {
	plain, sheen *[lutSize]uint32
	both         *[lutSize]uint64
	top          uint8
}

func newPanelLUTs(c colorx.RGB, stops []stop) panelLUTs {
	plain := overlayLUT(c, stops)
	if c.OKLCh().Yellow() {
		deepenYellow(plain, c)
	}
	sheen := new([lutSize]uint32)
	both := new([lutSize]uint64)
	// White at the sheen's coverage over each entry (blendPix's sums).
	white := premul(255, 255, 255, 1)
	sw := scalePix(pixel32(white.R, white.G, white.B, white.A), embossSheen)
	for k, v := range plain {
		sheen[k] = overPix(sw, sw>>24, v)
		both[k] = uint64(v) | uint64(sheen[k])<<32
	}
	return panelLUTs{plain, sheen, both, overlayTop(c)}
}

// The block rows paintPanel needs: the plain overlay, the overlay under
// the full sheen.
const (
	needPlain = 1 << iota
	needSheen
)

// paintPanel paints the rows of the canvas rectangle panel that lie in
// dst: the team colour of luts under the radial overlay (stops, radius r0
// to r1 about the panel's centre), lit by tex (nil for none). The rows of
// one overlay block are the same before the lighting: each block is
// looked up once (plain, with the full sheen, or both in one pass, as its
// runs need) and copied.
func paintPanel(dst *image.RGBA, panel image.Rectangle, luts panelLUTs, r0, r1 float64, stops []stop, tex *embossTex) {
	in := panel.Intersect(dst.Rect)
	if in.Empty() {
		return
	}
	w, h := panel.Dx(), panel.Dy()
	ri := panelIndex(w, h, r0, r1, stops, luts.top)
	x0, x1 := in.Min.X-panel.Min.X, in.Max.X-panel.Min.X
	n := 4 * in.Dx()
	sc := panelScratch.Get().(*[]byte)
	defer panelScratch.Put(sc)
	if cap(*sc) < 2*n {
		*sc = make([]byte, 2*n)
	}
	plain, sheen := (*sc)[:n], (*sc)[n:2*n]
	block, have := -1, 0
	for y := in.Min.Y; y < in.Max.Y; y++ {
		py := y - panel.Min.Y
		row := dst.Pix[dst.PixOffset(in.Min.X, y):][:n]
		if b := ri.block(py, h); b != block {
			block, have = b, 0
		}
		if tex == nil {
			if have == 0 {
				blockRows(plain, sheen, ri.row(block), w, x0, x1, luts, needPlain)
				have = needPlain
			}
			copy(row, plain)
			continue
		}
		runs := tex.runs[tex.rows[py]:tex.rows[py+1]]
		// Which block rows this row reads: the sheen row under plain
		// sheen runs, the plain one everywhere else.
		covered := 0
		for _, r := range runs {
			if r.sheen == embossSheen && r.light == 0 {
				covered += max(0, min(int(r.x1), x1)-max(int(r.x0), x0))
			}
		}
		need := 0
		if covered > 0 {
			need |= needSheen
		}
		if covered < x1-x0 {
			need |= needPlain
		}
		if need&^have != 0 {
			blockRows(plain, sheen, ri.row(block), w, x0, x1, luts, need&^have)
			have |= need
		}
		// The runs in order: plain overlay between them, the sheen row
		// under plain sheen runs, lit pixels over the plain overlay.
		at := x0
		for _, r := range runs {
			a, b := max(int(r.x0), x0), min(int(r.x1), x1)
			if a >= b {
				continue
			}
			if a > at {
				copy(row[4*(at-x0):4*(a-x0)], plain[4*(at-x0):])
			}
			seg := row[4*(a-x0) : 4*(b-x0)]
			switch {
			case r.sheen == embossSheen && r.light == 0:
				copy(seg, sheen[4*(a-x0):])
			case b-a == 1: // most lit runs: the edges' lighting changes every pixel
				d := load32(plain[4*(a-x0):])
				if s := litWords[r.sheen]; s>>24 != 0 {
					d = overPix(s, s>>24, d)
				}
				if l := litWords[256+int(uint8(r.light))]; l>>24 != 0 {
					d = overPix(l, l>>24, d)
				}
				store32(seg, d)
			default:
				lightRun(seg, plain[4*(a-x0):], r)
			}
			at = b
		}
		if at < x1 {
			copy(row[4*(at-x0):], plain[4*(at-x0):])
		}
	}
}

// panelScratch holds paintPanel's block rows.
var panelScratch = sync.Pool{New: func() any { return new([]byte) }}

// blockRows fills the block rows of need (needPlain, needSheen or both)
// for panel columns x0 to x1 of a row whose quadrant indices are idx.
func blockRows(plain, sheen []byte, idx []uint16, w, x0, x1 int, luts panelLUTs, need int) {
	if x0 != 0 || x1 != w {
		if need&needPlain != 0 {
			fillOverlay(plain, idx, w, x0, x1, luts.plain)
		}
		if need&needSheen != 0 {
			fillOverlay(sheen, idx, w, x0, x1, luts.sheen)
		}
		return
	}
	switch need {
	case needPlain | needSheen:
		overlayPair(plain, sheen, idx, w, luts.both)
	case needPlain:
		overlayRow(plain, idx, w, luts.plain)
	case needSheen:
		overlayRow(sheen, idx, w, luts.sheen)
	}
}

// overlayRow writes a whole panel row (w pixels) whose quadrant indices
// are idx: pixel x is lut[idx[x]] (column x >= len(idx) reads column
// w-1-x). Four lookups at a time are stored at their columns and,
// reversed, at the mirrored ones.
func overlayRow(out []byte, idx []uint16, w int, lut *[lutSize]uint32) {
	const mask = lutSize - 1
	qw := len(idx)
	out = out[:4*w]
	m := w - qw // mirrored columns: qw or qw-1
	left, right := out[:4*m], out[4*(w-m):]
	i := 0
	for ; i+4 <= m; i += 4 {
		k := idx[i : i+4 : i+4]
		a, b, c, d := uint64(lut[k[0]&mask]), uint64(lut[k[1]&mask]), uint64(lut[k[2]&mask]), uint64(lut[k[3]&mask])
		q := left[4*i : 4*i+16 : 4*i+16]
		binary.LittleEndian.PutUint64(q, a|b<<32)
		binary.LittleEndian.PutUint64(q[8:], c|d<<32)
		j := len(right) - 4*i - 16
		q = right[j : j+16 : j+16]
		binary.LittleEndian.PutUint64(q, d|c<<32)
		binary.LittleEndian.PutUint64(q[8:], b|a<<32)
	}
	for ; i < qw; i++ {
		v := lut[idx[i]&mask]
		store32(out[4*i:], v)
		if i < m {
			store32(out[4*(w-1-i):], v)
		}
	}
}

// overlayPair is overlayRow for the plain and the sheen row at once, from
// the table of both.
func overlayPair(plain, sheen []byte, idx []uint16, w int, both *[lutSize]uint64) {
	const mask = lutSize - 1
	const lo = 0xffffffff
	qw := len(idx)
	plain, sheen = plain[:4*w], sheen[:4*w]
	m := w - qw
	pl, pr := plain[:4*m], plain[4*(w-m):]
	sl, sr := sheen[:4*m], sheen[4*(w-m):]
	i := 0
	for ; i+4 <= m; i += 4 {
		k := idx[i : i+4 : i+4]
		a, b, c, d := both[k[0]&mask], both[k[1]&mask], both[k[2]&mask], both[k[3]&mask]
		q := pl[4*i : 4*i+16 : 4*i+16]
		binary.LittleEndian.PutUint64(q, a&lo|b<<32)
		binary.LittleEndian.PutUint64(q[8:], c&lo|d<<32)
		q = sl[4*i : 4*i+16 : 4*i+16]
		binary.LittleEndian.PutUint64(q, a>>32|b&^lo)
		binary.LittleEndian.PutUint64(q[8:], c>>32|d&^lo)
		j := len(pr) - 4*i - 16
		q = pr[j : j+16 : j+16]
		binary.LittleEndian.PutUint64(q, d&lo|c<<32)
		binary.LittleEndian.PutUint64(q[8:], b&lo|a<<32)
		q = sr[j : j+16 : j+16]
		binary.LittleEndian.PutUint64(q, d>>32|c&^lo)
		binary.LittleEndian.PutUint64(q[8:], b>>32|a&^lo)
	}
	for ; i < qw; i++ {
		v := both[idx[i]&mask]
		store32(plain[4*i:], uint32(v))
		store32(sheen[4*i:], uint32(v>>32))
		if i < m {
			store32(plain[4*(w-1-i):], uint32(v))
			store32(sheen[4*(w-1-i):], uint32(v>>32))
		}
	}
}

// fillOverlay writes lut colours for panel columns x0 to x1 of a row whose
// quadrant indices are idx, into row (starting at column x0): the rows of
// a panel that dst holds only part of.
func fillOverlay(row []byte, idx []uint16, w, x0, x1 int, lut *[lutSize]uint32) {
	const mask = lutSize - 1
	qw := len(idx)
	out := row[:4*(x1-x0)]
	for x := x0; x < x1; x++ {
		k := x
		if x >= qw {
			k = w - 1 - x
		}
		store32(out[4*(x-x0):], lut[idx[k]&mask])
	}
}

// pixel32 packs a pixel's bytes as a little-endian word.
func pixel32(r, g, b, a uint8) uint32 {
	return uint32(r) | uint32(g)<<8 | uint32(b)<<16 | uint32(a)<<24
}

// litWords holds the premultiplied words of the emboss lighting at every
// coverage: white at sheen coverage s is litWords[s], the light of run
// value l (white for l > 0, black for l < 0, none for 0) is
// litWords[256+uint8(l)].
var litWords = func() *[512]uint32 {
	const white, black = 0xffffffff, 0xff000000
	var t [512]uint32
	for s := range 256 {
		t[s] = scalePix(white, uint32(s))
	}
	for l := -128; l < 128; l++ {
		switch {
		case l > 0:
			t[256+int(uint8(int8(l)))] = scalePix(white, uint32(l))
		case l < 0:
			t[256+int(uint8(int8(l)))] = scalePix(black, uint32(-l))
		}
	}
	return &t
}()

// lightRun writes the pixels of src (as many as seg holds) under run r's
// lighting into seg.
func lightRun(seg, src []byte, r embossRun) {
	src = src[:len(seg)]
	for i := 0; i+4 <= len(seg); i += 4 {
		store32(seg[i:], litPix(load32(src[i:]), r))
	}
}

// litPix is pixel d under run r's lighting: its white sheen, then its
// white or black light composited over d.
func litPix(d uint32, r embossRun) uint32 {
	sheen, light := litWords[r.sheen], litWords[256+int(uint8(r.light))]
	if a := sheen >> 24; a != 0 {
		d = overPix(sheen, a, d)
	}
	if a := light >> 24; a != 0 {
		d = overPix(light, a, d)
	}
	return d
}
