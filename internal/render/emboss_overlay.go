package render

import (
	"math"
	"slices"

	"gamethumbs/internal/colorx"
	"gamethumbs/internal/raster"
)

// The radial overlay of a style-98/99 panel (see emboss_texture.go): its
// per-pixel lookup index and the lookup tables of a team colour.

// radialIndex holds, for one quadrant of a w x h panel, the lookup index
// (0-raster.LUTSize-1) of the radial overlay per row (the other quadrants
// mirror it; row 0 is the one next to the panel's middle). Each column's
// rows are grouped into blocks (see radialBlocks) and every row of a
// block takes the index of the block's middle, which keeps every pixel
// within a third of an 8-bit level of its exact overlay. A contour line
// (where the overlay steps from one level to the next) becomes a
// staircase of one-level steps no eye separates from the exact circle,
// while the rows inside a block repeat the row above outside the logo
// (the PNG filter turns them into zeros).
type radialIndex struct {
	qw, qh int
	// idx holds the distinct rows (qw indices each) in order: the rows
	// of a block are one; rowOf[b] is table row b's.
	idx   []uint16
	rowOf []int32
}

// block returns the table row of panel row y (rows mirror about the
// middle).
func (t *radialIndex) block(y, h int) int {
	if y >= t.qh {
		y = h - 1 - y
	}
	return t.qh - 1 - y
}

// row returns the indices of table row b for columns 0-qw-1; column
// x >= qw reads column w-1-x.
func (t *radialIndex) row(b int) []uint16 {
	k := int(t.rowOf[b])
	return t.idx[k*t.qw : (k+1)*t.qw]
}

// repeats reports whether table rows a and b (-1 for none) are one
// stored row, so a painter going from one to the other keeps its pixels.
func (t *radialIndex) repeats(a, b int) bool {
	return a >= 0 && b >= 0 && t.rowOf[a] == t.rowOf[b]
}

// radialKey identifies the overlay index table of a panel size, overlay
// (up to four stops) and brightness class of team colours.
type radialKey struct {
	w, h   int
	r0, r1 float64
	n      int
	stops  [4]raster.Stop
	top    uint8
}

// overlayTop is the brightness class of team colour c: its brightest
// channel rounded up to the next multiple of 64, less one. The overlay
// changes faster over brighter colours (the white it fades from covers
// more of a dark one), so panels of darker colours may take taller
// blocks; four classes keep the tables few (one per canvas size and
// class, shared by every team in it).
func overlayTop(c colorx.RGB) uint8 {
	return max(c.R, c.G, c.B) | 63
}

// panelIndex returns the overlay index table of a w x h panel whose
// overlay stops run from radius r0 to r1, for team colours whose channels
// are all at most top: blocks of up to maxBlock rows within a third of a
// level (radialBlocks). It is worked out once per panel size, overlay and
// class (a banded render paints each panel in six bands).
func panelIndex(c *derivatives, w, h int, r0, r1 float64, stops []raster.Stop, top uint8) *radialIndex {
	build := func() (*radialIndex, int64) {
		t := radialBlocks(w, h, r0, r1, maxBlock, overlaySlopes(stops, top), 1.0/3)
		return t, int64(2*len(t.idx) + 4*len(t.rowOf))
	}
	k := radialKey{w: w, h: h, r0: r0, r1: r1, n: len(stops), top: top}
	if len(stops) > len(k.stops) {
		t, _ := build()
		return t
	}
	copy(k.stops[:], stops)
	return memo(c, nil, k, build)
}

// maxBlock is the tallest block of rows radialBlocks makes. Tall blocks
// near the panel's middle row (where the contours run nearly upright and
// cross every row) are where the style-98/99 pictures shrink most, since
// every row of a block repeats the one above; taller than this they gain
// next to nothing, and a contour held upright that long turns into
// streaks at raised contrast (BenchmarkThumbStyle99 reports the bytes).
const maxBlock = 16

// radialBlocks builds the index table of a w x h panel whose overlay runs
// from radius r0 to r1 and changes as fast as sl says (for the team
// colours of one class). In each column, the rows are cut from the
// middle row outwards into groups of most rows (a power of two, aligned
// from the middle row): a group is one block where every row of it stays
// within bound levels of the overlay at the group's middle radius, else
// it is halved, down to single rows. Tall blocks hold where the radius
// hardly changes from row to row (near the middle row) and where the
// overlay changes slowly; where it is steep (towards a deep vignette's
// corners) the blocks are a row or two, so the contours step every row
// or two as they cross it and a row's residuals repeat the row above's,
// shifted by a pixel, which deflate copies.
func radialBlocks(w, h int, r0, r1 float64, most int, sl *overlaySlope, bound float64) *radialIndex {
	qw, qh := (w+1)/2, (h+1)/2
	idx := make([]uint16, qw*qh)
	cx, cy := float64(w)/2, float64(h)/2
	span := max(1e-9, r1-r0)
	// The radius is monotonic down a quadrant's column: a block's end
	// rows hold its smallest and largest t, and the middle of those is
	// the closest to every row's.
	tAt := func(dx float64, b int) float64 {
		dy := float64(qh-1-b) + 0.5 - cy
		return min(1, max(0, (math.Sqrt(dx*dx+dy*dy)-r0)/span))
	}
	var group func(x int, dx float64, b, k int)
	group = func(x int, dx float64, b, k int) {
		k = min(k, qh-b)
		tn, tf := tAt(dx, b), tAt(dx, b+k-1)
		lo, hi := min(tn, tf), max(tn, tf)
		if k > 1 && sl.over(lo, hi)*(hi-lo)/2 > bound {
			group(x, dx, b, k/2)
			group(x, dx, b+k/2, k-k/2)
			return
		}
		v := uint16(min(raster.LUTSize-1, int((tn+tf)/2*(raster.LUTSize-1)+0.5)))
		for i := b; i < b+k; i++ {
			idx[i*qw+x] = v
		}
	}
	for b := 0; b < qh; b += most {
		for x := range qw {
			group(x, float64(x)+0.5-cx, b, most)
		}
	}
	// Keep each run of equal rows once.
	t := &radialIndex{qw: qw, qh: qh, rowOf: make([]int32, qh)}
	for b := range qh {
		r := idx[b*qw : (b+1)*qw]
		if n := len(t.idx); b == 0 || !slices.Equal(r, t.idx[n-qw:]) {
			t.idx = append(t.idx, r...)
		}
		t.rowOf[b] = int32(len(t.idx)/qw - 1)
	}
	t.idx = slices.Clip(t.idx)
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
func overlaySlopes(stops []raster.Stop, top uint8) *overlaySlope {
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

// overlayChords calls f with the slope (levels per unit of t) of every
// chord j (0 to steps-1) of the overlay stops between t = 0 and tMax cut
// into steps, for each channel, over team colours 0 and top. The overlay
// over team colour c at t is a(t)*s(t) + (1-a(t))*c per channel, so its
// change between two t is linear in c: steepest at c = 0 or c = top.
func overlayChords(stops []raster.Stop, tMax float64, steps int, top float64, f func(j int, slope float64)) {
	for _, c := range []float64{0, top} {
		var prev [3]float64
		for i := 0; i <= steps; i++ {
			t := tMax * float64(i) / float64(steps)
			a, sc := raster.StopAlphaAt(stops, t), raster.StopColorAt(stops, t)
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
// little-endian words (raster.Pixel32).
func overlayLUT(cache *derivatives, c colorx.RGB, stops []raster.Stop) *[raster.LUTSize]uint32 {
	var lut [raster.LUTSize]uint32
	tm := overlayTermsOf(cache, stops)
	for i := range lut {
		r, g, b, al := tm.r[i], tm.g[i], tm.b[i], tm.al[i]
		ia := 1 - al
		lut[i] = raster.Pixel32(uint8(r+float32(c.R)*ia+0.5), uint8(g+float32(c.G)*ia+0.5),
			uint8(b+float32(c.B)*ia+0.5), uint8(255*al+float32(255)*ia+0.5))
	}
	return &lut
}

// overlayTerms are the terms of overlayLUT that do not depend on the
// colour: the stops' premultiplied colour and alpha at every index.
type overlayTerms struct {
	r, g, b, al [raster.LUTSize]float32
}

// overlayTermsKey identifies the overlay terms of up to four stops.
type overlayTermsKey struct {
	n     int
	stops [4]raster.Stop
}

// overlayTermsOf returns the overlay terms of stops, worked out once per
// overlay (every team colour's tables share them).
func overlayTermsOf(c *derivatives, stops []raster.Stop) *overlayTerms {
	build := func() *overlayTerms {
		tm := new(overlayTerms)
		for i := range raster.LUTSize {
			t := float64(i) / (raster.LUTSize - 1)
			a := raster.StopAlphaAt(stops, t)
			sc := raster.StopColorAt(stops, t)
			tm.r[i], tm.g[i], tm.b[i], tm.al[i] = float32(sc[0]*a), float32(sc[1]*a), float32(sc[2]*a), float32(a)
		}
		return tm
	}
	k := overlayTermsKey{n: len(stops)}
	if len(stops) > len(k.stops) {
		return build()
	}
	copy(k.stops[:], stops)
	return memo(c, nil, k, func() (*overlayTerms, int64) { return build(), 16 * raster.LUTSize })
}
