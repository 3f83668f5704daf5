package render

import (
	"encoding/binary"
	"image"
	"math"
	"slices"
	"sync"

	"gamethumbs/internal/raster"
)

// A style-98/99 panel is the team colour under a radial overlay, lit by
// the emboss texture of the team's logo. Nothing per team is stored: the
// overlay's per-pixel lookup index depends only on the panel size (one
// shared table per canvas size), the texture only on the logo and panel
// size and is kept as short runs of lighting, and the
// team colour is composed in while the panel's rows are painted
// (emboss_paint.go). The overlay is emboss_overlay.go's; this file makes
// the texture: runs of lighting per row.

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
func panelEmboss(c *derivatives, li logoInfo, key embossKey) *embossTex {
	w, h, e := key.w, key.h, key.e
	return memo(c, key.img, key, func() (*embossTex, int64) {
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
		ring := raster.GetAlpha(image.Rect(0, 0, sw2, k))
		defer raster.PutAlpha(ring)
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
