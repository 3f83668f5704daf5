package render

import (
	"math"

	"gamethumbs/internal/colorx"
	"gamethumbs/internal/raster"
)

// The radial overlay of a style-98/99 panel (see emboss_texture.go): its
// per-pixel lookup index and the lookup tables of a team colour.

// radialIndex holds, for one quadrant of a w x h panel, the lookup index
// (0-raster.LUTSize-1) of the radial overlay per band of n rows (the other
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
	stops  [4]raster.Stop
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
func panelIndex(c *derivatives, w, h int, r0, r1 float64, stops []raster.Stop, top uint8) *radialIndex {
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
	return memo(c, nil, k, build)
}

// radialBlocks builds the index table of a w x h panel whose overlay runs
// from radius r0 to r1 and changes as fast as sl says (for the team
// colours of one class), in bands of n rows. In each column, the bands
// pair up from the middle row (1 and 2, 3 and 4, ...) into one block
// where every row of the pair stays within bound levels of the overlay at
// the pair's middle radius; elsewhere each band is a block of its own (n
// rows keep within a third of a level everywhere, see overlayBlock).
// Pairs hold where the radius hardly changes from row to row (near the
// middle row) and where the overlay changes slowly. Larger blocks (of 4
// or 8 bands, or the whole quadrant) hardly shrank the PNGs and, looked
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
		k := uint16(min(raster.LUTSize-1, int((ta+tb)/2*(raster.LUTSize-1)+0.5)))
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
func overlayBlock(w, h int, r0, r1 float64, stops []raster.Stop) int {
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
