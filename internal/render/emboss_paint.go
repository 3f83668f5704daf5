package render

import (
	"encoding/binary"
	"image"
	"sync"

	"gamethumbs/internal/colorx"
	"gamethumbs/internal/raster"
)

// Painting a style-98/99 panel (see emboss_texture.go): the team colour
// under the overlay, lit by the texture, row by row.

// panelLUTs are the overlay lookup tables of one team colour: plain, and
// under the emboss texture's full sheen (the long runs inside the
// silhouette); both holds the two side by side (plain in the low word),
// so one lookup gives a pixel of each row; top is the colour's brightness
// class (overlayTop).
type panelLUTs struct {
	plain, sheen *[raster.LUTSize]uint32
	both         *[raster.LUTSize]uint64
	top          uint8
}

func newPanelLUTs(cache *derivatives, c colorx.RGB, stops []raster.Stop) panelLUTs {
	plain := overlayLUT(cache, c, stops)
	if c.OKLCh().Yellow() {
		deepenYellow(cache, plain, c)
	}
	sheen := new([raster.LUTSize]uint32)
	both := new([raster.LUTSize]uint64)
	// White at the sheen's coverage over each entry (raster.BlendPix's sums).
	white := raster.Premul(255, 255, 255, 1)
	sw := raster.ScalePix(raster.Pixel32(white.R, white.G, white.B, white.A), embossSheen)
	for k, v := range plain {
		sheen[k] = raster.OverPix(sw, sw>>24, v)
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
func paintPanel(c *derivatives, dst *image.RGBA, panel image.Rectangle, luts panelLUTs, r0, r1 float64, stops []raster.Stop, tex *embossTex) {
	in := panel.Intersect(dst.Rect)
	if in.Empty() {
		return
	}
	w, h := panel.Dx(), panel.Dy()
	ri := panelIndex(c, w, h, r0, r1, stops, luts.top)
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
			// The block rows stay where the table row repeats the
			// last one (the rows of one block).
			if !ri.repeats(b, block) {
				have = 0
			}
			block = b
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
				d := raster.Load32(plain[4*(a-x0):])
				if s := litWords[r.sheen]; s>>24 != 0 {
					d = raster.OverPix(s, s>>24, d)
				}
				if l := litWords[256+int(uint8(r.light))]; l>>24 != 0 {
					d = raster.OverPix(l, l>>24, d)
				}
				raster.Store32(seg, d)
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
func overlayRow(out []byte, idx []uint16, w int, lut *[raster.LUTSize]uint32) {
	const mask = raster.LUTSize - 1
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
		raster.Store32(out[4*i:], v)
		if i < m {
			raster.Store32(out[4*(w-1-i):], v)
		}
	}
}

// overlayPair is overlayRow for the plain and the sheen row at once, from
// the table of both.
func overlayPair(plain, sheen []byte, idx []uint16, w int, both *[raster.LUTSize]uint64) {
	const mask = raster.LUTSize - 1
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
		raster.Store32(plain[4*i:], uint32(v))
		raster.Store32(sheen[4*i:], uint32(v>>32))
		if i < m {
			raster.Store32(plain[4*(w-1-i):], uint32(v))
			raster.Store32(sheen[4*(w-1-i):], uint32(v>>32))
		}
	}
}

// fillOverlay writes lut colours for panel columns x0 to x1 of a row whose
// quadrant indices are idx, into row (starting at column x0): the rows of
// a panel that dst holds only part of.
func fillOverlay(row []byte, idx []uint16, w, x0, x1 int, lut *[raster.LUTSize]uint32) {
	const mask = raster.LUTSize - 1
	qw := len(idx)
	out := row[:4*(x1-x0)]
	for x := x0; x < x1; x++ {
		k := x
		if x >= qw {
			k = w - 1 - x
		}
		raster.Store32(out[4*(x-x0):], lut[idx[k]&mask])
	}
}

// litWords holds the premultiplied words of the emboss lighting at every
// coverage: white at sheen coverage s is litWords[s], the light of run
// value l (white for l > 0, black for l < 0, none for 0) is
// litWords[256+uint8(l)].
var litWords = func() *[512]uint32 {
	const white, black = 0xffffffff, 0xff000000
	var t [512]uint32
	for s := range 256 {
		t[s] = raster.ScalePix(white, uint32(s))
	}
	for l := -128; l < 128; l++ {
		switch {
		case l > 0:
			t[256+int(uint8(int8(l)))] = raster.ScalePix(white, uint32(l))
		case l < 0:
			t[256+int(uint8(int8(l)))] = raster.ScalePix(black, uint32(-l))
		}
	}
	return &t
}()

// lightRun writes the pixels of src (as many as seg holds) under run r's
// lighting into seg.
func lightRun(seg, src []byte, r embossRun) {
	src = src[:len(seg)]
	for i := 0; i+4 <= len(seg); i += 4 {
		raster.Store32(seg[i:], litPix(raster.Load32(src[i:]), r))
	}
}

// litPix is pixel d under run r's lighting: its white sheen, then its
// white or black light composited over d.
func litPix(d uint32, r embossRun) uint32 {
	sheen, light := litWords[r.sheen], litWords[256+int(uint8(r.light))]
	if a := sheen >> 24; a != 0 {
		d = raster.OverPix(sheen, a, d)
	}
	if a := light >> 24; a != 0 {
		d = raster.OverPix(light, a, d)
	}
	return d
}
