package render

import (
	"encoding/binary"
	"image"
	"math"
	"sync"

	"gamethumbs/internal/colorx"
)

// A style-98/99 panel is the team colour under a radial overlay, lit by
// the emboss texture of the team's logo. Nothing per team is stored: the
// overlay's per-pixel lookup index depends only on the panel size (one
// shared table per canvas size), the texture only on the logo and panel
// size and is kept as short runs of lighting (tens of kilobytes), and the
// team colour is composed in while the panel's rows are painted.

// radialKey identifies the shared overlay index table of a panel size.
type radialKey struct {
	w, h   int
	r0, r1 float64
}

// radialIndex holds, for one quadrant of a w x h panel, the lookup index
// (0-lutSize-1) of the radial overlay at each pixel; the other quadrants
// mirror it.
type radialIndex struct {
	qw, qh int
	idx    []uint16
}

func panelRadial(w, h int, r0, r1 float64) *radialIndex {
	key := radialKey{w, h, r0, r1}
	return memo(nil, key, func() (*radialIndex, int64) {
		qw, qh := (w+1)/2, (h+1)/2
		t := &radialIndex{qw: qw, qh: qh, idx: make([]uint16, qw*qh)}
		cx, cy := float64(w)/2, float64(h)/2
		inv := (lutSize - 1) / max(1e-9, r1-r0)
		for y := range qh {
			dy := float64(y) + 0.5 - cy
			for x := range qw {
				dx := float64(x) + 0.5 - cx
				d := math.Sqrt(dx*dx + dy*dy)
				k := int(min(lutSize-1, max(0, (d-r0)*inv)) + 0.5)
				t.idx[y*qw+x] = uint16(min(k, lutSize-1))
			}
		}
		return t, int64(2 * len(t.idx))
	})
}

// row returns the indices of panel row y for columns 0-qw-1; column x >= qw
// reads column w-1-x.
func (t *radialIndex) row(y, h int) []uint16 {
	if y >= t.qh {
		y = h - 1 - y
	}
	return t.idx[y*t.qw : (y+1)*t.qw]
}

// overlayLUT composes opaque colour c under the radial overlay stops: the
// pixel at lookup index k becomes lut[k], exactly what overlaying the
// stops in float on a panel filled with c gives. Entries are pixels as
// little-endian words (pixel32).
func overlayLUT(c colorx.RGB, stops []stop) *[lutSize]uint32 {
	var lut [lutSize]uint32
	for i := range lut {
		t := float64(i) / (lutSize - 1)
		a := stopAlphaAt(stops, t)
		sc := stopColorAt(stops, t)
		r, g, b, al := float32(sc[0]*a), float32(sc[1]*a), float32(sc[2]*a), float32(a)
		ia := 1 - al
		lut[i] = pixel32(uint8(r+float32(c.R)*ia+0.5), uint8(g+float32(c.G)*ia+0.5),
			uint8(b+float32(c.B)*ia+0.5), uint8(255*al+float32(255)*ia+0.5))
	}
	return &lut
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

// panelEmboss returns the emboss texture of logo li (source img) in a w x
// h panel: the silhouette at 1.7x the panel's short side, centred, lit
// from the top left with depth e. Its lighting fades out over the last 6 %
// of the silhouette's bounding box, so a logo whose straight edge lies on
// that box (a flat-topped shield) leaves no line across the panel where
// the box ends inside it.
func panelEmboss(img image.Image, li logoInfo, w, h, e int) *embossTex {
	key := embossKey{img, w, h, e}
	return memo(img, key, func() (*embossTex, int64) {
		sw, sh := fitSize(li.trim.Dx(), li.trim.Dy(), 1.7*float64(min(w, h)))
		ox := int(math.Round(float64(w)/2 - float64(sw)/2))
		oy := int(math.Round(float64(h)/2 - float64(sh)/2))
		// The silhouette is larger than the panel: only the visible part
		// (plus the emboss depth on each side) is sampled. Panel pixel
		// (x, y) reads it at (x+e, y+e) offset by ±e.
		sil := silhouette(li, sw, sh, ox+e, oy+e, w+2*e, h+2*e)
		defer putAlpha(sil)
		fade := max(2, 0.06*float64(min(sw, sh)))
		ramp := func(d int) int { return int(min(1, max(0, (float64(d)+0.5)/fade)) * 256) }
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
		t.runs = (*scratch)[:0]
		st := sil.Stride
		for y := range h {
			t.rows[y] = int32(len(t.runs))
			fy := ramp(min(y-oy, oy+sh-1-y))
			if fy == 0 {
				continue
			}
			lo := sil.Pix[y*st:]           // (x-e, y-e) in silhouette-window terms
			hi := sil.Pix[(y+2*e)*st+2*e:] // (x+e, y+e)
			var cur embossRun
			full := fy == 256
			for x := 0; x < w; {
				// Eight unlit pixels (outside the silhouette, both samples
				// zero) at a time.
				if x+8 <= w && binary.LittleEndian.Uint64(hi[x:]) == 0 && binary.LittleEndian.Uint64(lo[x:]) == 0 {
					x += 8
					continue
				}
				// Eight pixels deep inside it at full strength: the plain
				// sheen, continuing the current run.
				if full && x >= fa && x+8 <= fb && cur.x1 == uint16(x) && cur.sheen == embossSheen && cur.light == 0 &&
					binary.LittleEndian.Uint64(hi[x:]) == ^uint64(0) && binary.LittleEndian.Uint64(lo[x:]) == ^uint64(0) {
					cur.x1 += 8
					x += 8
					continue
				}
				var sheen uint8
				var light int8
				if f := fx[x] * fy >> 8; f > 0 {
					h, l := int(hi[x]), int(lo[x])
					sheen = uint8(min(h, l) * embossSheen / 255 * f >> 8)
					switch d := h - l; {
					case d > 0:
						light = int8(d * embossRise / 255 * f >> 8)
					case d < 0:
						light = -int8(-d * embossFall / 255 * f >> 8)
					}
				}
				if cur.x1 == uint16(x) && cur.sheen == sheen && cur.light == light {
					cur.x1++
					x++
					continue
				}
				if cur.x1 > cur.x0 && (cur.sheen != 0 || cur.light != 0) {
					t.runs = append(t.runs, cur)
				}
				cur = embossRun{uint16(x), uint16(x + 1), sheen, light}
				x++
			}
			if cur.x1 > cur.x0 && (cur.sheen != 0 || cur.light != 0) {
				t.runs = append(t.runs, cur)
			}
		}
		t.rows[h] = int32(len(t.runs))
		*scratch = t.runs
		t.runs = append([]embossRun(nil), t.runs...)
		runScratch.Put(scratch)
		return t, int64(4*len(t.rows) + 6*len(t.runs))
	})
}

// paintPanel paints the rows of the canvas rectangle panel that lie in
// dst: colour c under the radial overlay (stops, radius r0 to r1 about the
// panel's centre), lit by tex (nil for none).
func paintPanel(dst *image.RGBA, panel image.Rectangle, c colorx.RGB, r0, r1 float64, stops []stop, tex *embossTex) {
	in := panel.Intersect(dst.Rect)
	if in.Empty() {
		return
	}
	w, h := panel.Dx(), panel.Dy()
	ri := panelRadial(w, h, r0, r1)
	lut := overlayLUT(c, stops)
	// The full sheen over the plain overlay, for the long runs inside the
	// silhouette.
	var lit *[lutSize]uint32
	if tex != nil {
		lit = new([lutSize]uint32)
		white := premul(255, 255, 255, 1)
		var p [4]byte
		for k, v := range lut {
			binary.LittleEndian.PutUint32(p[:], v)
			blendPix(p[:], 0, white, embossSheen)
			lit[k] = binary.LittleEndian.Uint32(p[:])
		}
	}
	x0, x1 := in.Min.X-panel.Min.X, in.Max.X-panel.Min.X
	for y := in.Min.Y; y < in.Max.Y; y++ {
		py := y - panel.Min.Y
		idx := ri.row(py, h)
		row := dst.Pix[dst.PixOffset(in.Min.X, y):][:4*in.Dx()]
		fillOverlay(row, idx, w, x0, x1, lut)
		if tex == nil {
			continue
		}
		for _, r := range tex.runs[tex.rows[py]:tex.rows[py+1]] {
			a, b := max(int(r.x0), x0), min(int(r.x1), x1)
			if a >= b {
				continue
			}
			seg := row[4*(a-x0) : 4*(b-x0)]
			if r.sheen == embossSheen && r.light == 0 {
				fillOverlay(seg, idx, w, a, b, lit)
				continue
			}
			lightRun(seg, r)
		}
	}
}

// fillOverlay writes lut colours for panel columns x0 to x1 of a row whose
// quadrant indices are idx, into row (starting at column x0). The panel
// is symmetric about its vertical centre line: a whole row looks up its
// left half and mirrors it into the right.
func fillOverlay(row []byte, idx []uint16, w, x0, x1 int, lut *[lutSize]uint32) {
	qw := len(idx)
	out := row[:4*(x1-x0)]
	if x0 == 0 && x1 == w {
		lookup(out[:4*qw], idx, lut)
		mirror(out[4*qw:], out[:4*(w-qw)])
		return
	}
	if m := min(x1, qw); m > x0 {
		lookup(out[:4*(m-x0)], idx[x0:m], lut)
		out = out[4*(m-x0):]
	}
	// Mirrored half: column x reads idx[w-1-x], so walk idx backwards.
	const mask = lutSize - 1
	if a := max(x0, qw); a < x1 {
		right := idx[w-x1 : w-a]
		for i := range len(right) {
			store32(out[4*i:], lut[right[len(right)-1-i]&mask])
		}
	}
}

// lookup writes lut[idx[i]] as pixel i of out (4*len(idx) bytes).
func lookup(out []byte, idx []uint16, lut *[lutSize]uint32) {
	const mask = lutSize - 1
	out = out[:4*len(idx)]
	i := 0
	for ; i+4 <= len(idx); i += 4 {
		k := idx[i : i+4 : i+4]
		o := out[4*i : 4*i+16 : 4*i+16]
		binary.LittleEndian.PutUint64(o, uint64(lut[k[0]&mask])|uint64(lut[k[1]&mask])<<32)
		binary.LittleEndian.PutUint64(o[8:], uint64(lut[k[2]&mask])|uint64(lut[k[3]&mask])<<32)
	}
	for ; i < len(idx); i++ {
		store32(out[4*i:], lut[idx[i]&mask])
	}
}

// mirror writes the pixels of src into dst (as many bytes) in reverse
// order: dst's first pixel is src's last.
func mirror(dst, src []byte) {
	n := len(src) / 4
	dst = dst[:4*n]
	i := 0
	for ; i+2 <= n; i += 2 {
		v := binary.LittleEndian.Uint64(src[4*(n-2-i):])
		binary.LittleEndian.PutUint64(dst[4*i:], v>>32|v<<32)
	}
	if i < n {
		store32(dst[4*i:], load32(src[0:]))
	}
}

// pixel32 packs a pixel's bytes as a little-endian word.
func pixel32(r, g, b, a uint8) uint32 {
	return uint32(r) | uint32(g)<<8 | uint32(b)<<16 | uint32(a)<<24
}

// lightRun applies run r's lighting to the pixels of seg.
func lightRun(seg []byte, r embossRun) {
	white := premul(255, 255, 255, 1)
	black := premul(0, 0, 0, 1)
	for i := 0; i < len(seg); i += 4 {
		if r.sheen > 0 {
			blendPix(seg, i, white, uint32(r.sheen))
		}
		switch {
		case r.light > 0:
			blendPix(seg, i, white, uint32(r.light))
		case r.light < 0:
			blendPix(seg, i, black, uint32(-int(r.light)))
		}
	}
}
