package render

import (
	"encoding/binary"
	"image"
	"math"
	"sync"

	xdraw "golang.org/x/image/draw"
)

// A fixed-point separable Catmull-Rom scaler. It samples like
// x/image/draw's CatmullRom kernel (pixel centres, kernel widened by the
// ratio when shrinking, taps outside the source dropped and the rest
// renormalised, the same 16-bit rounding on output) but in integers:
// samples are premultiplied 8-bit channels with scaleFBits fractional bits,
// weights have scaleWBits, and two channels share one uint64 (R|B
// and G|A, 32-bit two's-complement lanes) so one multiply serves both. The
// horizontal pass fills a ring of just the rows the vertical kernel needs;
// the vertical pass reads the ring and writes dst. scaleFits proves the
// lanes cannot overflow before any of this runs.

const (
	scaleFBits = 6  // fractional bits of samples (8.6 fixed point)
	scaleWBits = 16 // fractional bits of the tap weights
	// scaleVOne is the vertical weights' sum: it folds in x/image/draw's
	// 8 to 16 bit factor 257/256.
	scaleVOne    = 257 << (scaleWBits - 8)
	scaleOutBits = scaleFBits + scaleWBits // fractional bits of a vertical sum
	scaleRingMax = 1 << 20                 // ring bytes beyond which dst is cut into column strips
	scalePoolMax = 16 << 20                // scratch larger than this is not pooled
)

// scaleCatmullRom scales the sr part of src into the whole of dst
// (premultiplied), like xdraw.CatmullRom.Scale(dst, dst.Rect, src, sr,
// xdraw.Src, nil) followed by clamping every colour channel to at most alpha.
// src is read fast as *image.RGBA or *image.NRGBA; other types go through
// x/image/draw.
func scaleCatmullRom(dst *image.RGBA, src image.Image, sr image.Rectangle) {
	dr := dst.Rect
	if dr.Empty() || sr.Empty() {
		return
	}
	var pix []uint8
	var stride, off int
	_, nrgba := src.(*image.NRGBA)
	switch s := src.(type) {
	case *image.RGBA:
		pix, stride, off = s.Pix, s.Stride, s.PixOffset(sr.Min.X, sr.Min.Y)
	case *image.NRGBA:
		pix, stride, off = s.Pix, s.Stride, s.PixOffset(sr.Min.X, sr.Min.Y)
	}
	if pix != nil && sr.In(src.Bounds()) {
		hx := newScaleAxis(dr.Dx(), sr.Dx(), 1<<scaleWBits, 2)
		vy := newScaleAxis(dr.Dy(), sr.Dy(), scaleVOne, 1)
		if scaleFits(&hx, &vy) {
			scaleFixed(dst, pix[off:], stride, nrgba, &hx, &vy)
			return
		}
	}
	xdraw.CatmullRom.Scale(dst, dr, src, sr, xdraw.Src, nil)
	clampToAlpha(dst)
}

// clampToAlpha keeps every colour channel of m's pixels (within m.Rect) at
// or below alpha.
func clampToAlpha(m *image.RGBA) {
	w := 4 * m.Rect.Dx()
	for y := m.Rect.Min.Y; y < m.Rect.Max.Y; y++ {
		i := m.PixOffset(m.Rect.Min.X, y)
		row := m.Pix[i : i+w : i+w]
		for x := 0; x+3 < len(row); x += 4 {
			a := row[x+3]
			row[x] = min(row[x], a)
			row[x+1] = min(row[x+1], a)
			row[x+2] = min(row[x+2], a)
		}
	}
}

// catmullRom is the cubic BC-spline with B=0, C=0.5, for t >= 0.
func catmullRom(t float64) float64 {
	switch {
	case t < 1:
		return 1 + t*t*(1.5*t-2.5)
	case t < 2:
		return 2 + t*(-4+t*(2.5-0.5*t))
	}
	return 0
}

// scaleAxis holds, for each of dn outputs along one axis, the first of n
// consecutive source indices inside [0, sn) and their weights (summing to
// one), zero-padded to stride per output. pos and neg bound the sum of the
// positive and of the negative weights of any one output.
type scaleAxis struct {
	n, stride int
	start     []int32
	w         []int32
	pos, neg  int64
}

// newScaleAxis maps sn source pixels onto dn outputs (both > 0), with a
// weight stride rounded up to a multiple of align.
func newScaleAxis(dn, sn int, one int32, align int) scaleAxis {
	ratio := float64(sn) / float64(dn)
	half, argScale := 2.0, 1.0
	if ratio > 1 {
		half, argScale = 2*ratio, 1/ratio
	}
	// window returns the range of source indices with a nonzero weight
	// for output i, and the centre of output i in source coordinates.
	window := func(i int) (lo, hi int, c float64) {
		c = (float64(i)+0.5)*ratio - 0.5
		lo = max(0, int(math.Floor(c-half)))
		hi = min(sn, int(math.Ceil(c+half)))
		for lo < hi && catmullRom(math.Abs(c-float64(lo))*argScale) == 0 {
			lo++
		}
		for hi > lo && catmullRom(math.Abs(c-float64(hi-1))*argScale) == 0 {
			hi--
		}
		return lo, hi, c
	}
	n := 1
	for i := range dn {
		lo, hi, _ := window(i)
		n = max(n, hi-lo)
	}
	stride := (n + align - 1) / align * align
	ax := scaleAxis{n: n, stride: stride, start: make([]int32, dn), w: make([]int32, dn*stride)}
	fw := make([]float64, n)
	for i := range dn {
		lo, hi, c := window(i)
		s := min(lo, sn-n)
		ax.start[i] = int32(s)
		clear(fw)
		total := 0.0
		for j := lo; j < hi; j++ {
			fw[j-s] = catmullRom(math.Abs(c-float64(j)) * argScale)
			total += fw[j-s]
		}
		w := ax.w[i*stride : i*stride+n]
		if total <= 0 || hi <= lo { // unreachable for sane inputs: nearest tap
			j := min(sn-1, max(0, int(math.Round(c))))
			w[j-s] = one
			continue
		}
		sum, big := int32(0), 0
		for k, f := range fw {
			w[k] = int32(math.Round(f / total * float64(one)))
			sum += w[k]
			if w[k] > w[big] {
				big = k
			}
		}
		w[big] += one - sum
		var pos, neg int64
		for _, v := range w {
			if v > 0 {
				pos += int64(v)
			} else {
				neg -= int64(v)
			}
		}
		ax.pos, ax.neg = max(ax.pos, pos), max(ax.neg, neg)
	}
	return ax
}

// scaleFits reports whether every lane sum of both passes stays inside
// int32 for any samples (at most 255<<scaleFBits) under these weights.
func scaleFits(hx, vy *scaleAxis) bool {
	const vmax, lim = 255 << scaleFBits, 1<<31 - 1<<24 // margin for rounding terms
	hi := vmax*hx.pos>>scaleWBits + 1                  // bounds of a horizontal result
	lo := vmax*hx.neg>>scaleWBits + 1
	return vmax*max(hx.pos, hx.neg) < lim &&
		vy.pos*hi+vy.neg*lo < lim && vy.pos*lo+vy.neg*hi < lim
}

// lanes holds one pixel or one sum: R in the low and B in the high 32 bits
// of [0], G and A likewise in [1], each a two's-complement lane.
type lanes = [2]uint64

// scaleScratch is the pooled working memory of one scale.
type scaleScratch struct {
	ring []lanes // horizontally scaled source rows, ring of vy.n rows
	acc  []lanes // vertical sums of one output row
	src  []lanes // one source row, premultiplied 8.6
}

var scalePool sync.Pool

// growScratch returns s with length n, reusing its storage when it is big
// enough.
func growScratch[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}

// scaleFixed scales the source whose top-left pixel starts pix (straight
// alpha when nrgba) into the whole of dst, with the axes' weights.
func scaleFixed(dst *image.RGBA, pix []uint8, stride int, nrgba bool, hx, vy *scaleAxis) {
	dw := len(hx.start)
	// Source columns any output reads, plus the zero-weight padding taps
	// (which read whatever the buffer holds and multiply it by 0).
	sw := int(hx.start[dw-1]) + hx.stride
	// Cut dst into column strips when the ring rows would be large
	// (extreme vertical shrinking): work stays the same, memory bounded.
	strip := min(dw, max(1, scaleRingMax/(16*vy.n)))

	sc, _ := scalePool.Get().(*scaleScratch)
	if sc == nil {
		sc = new(scaleScratch)
	}
	sc.ring = growScratch(sc.ring, vy.n*strip)
	sc.acc = growScratch(sc.acc, strip)
	sc.src = growScratch(sc.src, sw)
	for x0 := 0; x0 < dw; x0 += strip {
		scaleStrip(dst, pix, stride, nrgba, hx, vy, x0, min(dw, x0+strip), sc)
	}
	if 16*(cap(sc.ring)+cap(sc.acc)+cap(sc.src)) <= scalePoolMax {
		scalePool.Put(sc)
	}
}

// scaleStrip fills dst columns [x0, x1) (relative to dst.Rect.Min).
func scaleStrip(dst *image.RGBA, pix []uint8, stride int, nrgba bool, hx, vy *scaleAxis, x0, x1 int, sc *scaleScratch) {
	w, R := x1-x0, vy.n
	starts, ws := hx.start[x0:x1], hx.w[x0*hx.stride:x1*hx.stride]
	c0, c1 := int(starts[0]), int(starts[w-1])+hx.n // source columns read
	ring, acc, src := sc.ring[:R*w], sc.acc[:w], sc.src
	have := 0 // next source row to scale horizontally
	for y, s32 := range vy.start {
		s := int(s32)
		for have = max(have, s); have < s+R; have++ {
			row := pix[have*stride+4*c0 : have*stride+4*c1]
			if nrgba {
				packNRGBA(src[c0:c1], row)
			} else {
				packRGBA(src[c0:c1], row)
			}
			scaleRowH(ring[have%R*w:][:w], src, starts, ws, hx.stride)
		}
		wv := vy.w[y*R : y*R+R]
		d := dst.PixOffset(dst.Rect.Min.X+x0, dst.Rect.Min.Y+y)
		// The last four vertical taps (zero-padded) are summed and
		// stored in one pass; any before them go into acc first, four
		// or two at a time.
		tail := max(0, R-4)
		for k := 0; k < tail; {
			n := 4
			if tail-k <= 2 {
				n = 2
			}
			rows, wk := ringRows(ring, w, s, k, n, tail, wv)
			if n == 4 {
				scaleRowV(acc, &rows, &wk, k == 0)
			} else {
				scaleRowV2(acc, rows[0], rows[1], wk[0], wk[1], k == 0)
			}
			k += n
		}
		rows, wk := ringRows(ring, w, s, tail, 4, R, wv)
		storeRowV(dst.Pix[d:d+4*w], acc, &rows, &wk, tail > 0)
	}
}

// ringRows returns the ring rows (w lanes each) of source rows s+k up to
// s+k+n-1 and their weights wv[k:], weight 0 from index limit on.
func ringRows(ring []lanes, w, s, k, n, limit int, wv []int32) (rows [4][]lanes, wk [4]uint64) {
	R := len(wv)
	for j := range rows {
		rows[j] = ring[:w]
		if j < n && k+j < limit {
			rows[j] = ring[(s+k+j)%R*w:][:w]
			wk[j] = uint64(int64(wv[k+j]))
		}
	}
	return rows, wk
}

// packRGBA converts premultiplied 8-bit pixels to 8.6 lanes.
func packRGBA(dst []lanes, src []uint8) {
	for i := range dst {
		v := uint64(binary.LittleEndian.Uint32(src[4*i:]))
		dst[i] = lanes{(v&0xff | v&0xff0000<<16) << scaleFBits, (v&0xff00>>8 | v&0xff000000<<8) << scaleFBits}
	}
}

// packNRGBA premultiplies straight-alpha 8-bit pixels into 8.6 lanes.
func packNRGBA(dst []lanes, src []uint8) {
	for i := range dst {
		v := uint64(binary.LittleEndian.Uint32(src[4*i:]))
		switch a := v >> 24; a {
		case 0:
			dst[i] = lanes{}
		case 0xff:
			dst[i] = lanes{(v&0xff | v&0xff0000<<16) << scaleFBits, (v&0xff00>>8 | v&0xff000000<<8) << scaleFBits}
		default:
			r, g, b := (v&0xff)*a, (v>>8&0xff)*a, (v>>16&0xff)*a
			r, g, b = (r<<scaleFBits+127)/255, (g<<scaleFBits+127)/255, (b<<scaleFBits+127)/255
			dst[i] = lanes{r | b<<32, g | a<<(32+scaleFBits)}
		}
	}
}

// scaleRowH writes one horizontally scaled row: output column x sums the
// stride (a multiple of 2) pixels of src from start[x] weighted by
// w[x*stride:], back to 8.6.
func scaleRowH(out, src []lanes, start, w []int32, stride int) {
	if stride == 4 {
		scaleRowH4(out, src, start, w)
		return
	}
	out = out[:len(start)]
	for x, s := range start {
		rb, ga := dotLanes(src[s:], w[x*stride:x*stride+stride])
		out[x] = shiftLanes(rb, ga)
	}
}

// scaleRowH4 is scaleRowH for four taps (upscaling), without a loop.
func scaleRowH4(out, src []lanes, start, w []int32) {
	out = out[:len(start)]
	for x, s := range start {
		wt, p := (*[4]int32)(w[4*x:]), (*[4]lanes)(src[s:])
		m0, m1, m2, m3 := uint64(int64(wt[0])), uint64(int64(wt[1])), uint64(int64(wt[2])), uint64(int64(wt[3]))
		out[x] = shiftLanes(m0*p[0][0]+m1*p[1][0]+m2*p[2][0]+m3*p[3][0], m0*p[0][1]+m1*p[1][1]+m2*p[2][1]+m3*p[3][1])
	}
}

// dotLanes returns the sums of p's lanes weighted by wt (len a multiple of
// 2). It is not inlined so that its loop keeps its sums in registers.
//
//go:noinline
func dotLanes(p []lanes, wt []int32) (rb, ga uint64) {
	for len(wt) >= 4 {
		w4, p4 := (*[4]int32)(wt), (*[4]lanes)(p)
		m0, m1, m2, m3 := uint64(int64(w4[0])), uint64(int64(w4[1])), uint64(int64(w4[2])), uint64(int64(w4[3]))
		rb += m0*p4[0][0] + m1*p4[1][0] + m2*p4[2][0] + m3*p4[3][0]
		ga += m0*p4[0][1] + m1*p4[1][1] + m2*p4[2][1] + m3*p4[3][1]
		wt, p = wt[4:], p[4:]
	}
	if len(wt) >= 2 {
		w2, p2 := (*[2]int32)(wt), (*[2]lanes)(p)
		m0, m1 := uint64(int64(w2[0])), uint64(int64(w2[1]))
		rb += m0*p2[0][0] + m1*p2[1][0]
		ga += m0*p2[0][1] + m1*p2[1][1]
	}
	return rb, ga
}

// shiftLanes rounds horizontal sums back to 8.6 lanes.
func shiftLanes(rb, ga uint64) lanes {
	const bias = 1<<(scaleWBits-1) | 1<<(scaleWBits-1+32)
	r, b := unpackLanes(rb + bias)
	g, a := unpackLanes(ga + bias)
	return lanes{uint64(r>>scaleWBits) + uint64(b>>scaleWBits)<<32, uint64(g>>scaleWBits) + uint64(a>>scaleWBits)<<32}
}

// unpackLanes splits a two-lane sum into its signed low and high lanes.
func unpackLanes(v uint64) (lo, hi int64) {
	lo = int64(int32(v))
	return lo, int64(v-uint64(lo)) >> 32
}

// scaleRowV adds to acc (or sets it, when first) the four rows weighted
// by w.
func scaleRowV(acc []lanes, rows *[4][]lanes, w *[4]uint64, first bool) {
	r0, r1, r2, r3 := rows[0][:len(acc)], rows[1][:len(acc)], rows[2][:len(acc)], rows[3][:len(acc)]
	w0, w1, w2, w3 := w[0], w[1], w[2], w[3]
	for i := range acc {
		rb := w0*r0[i][0] + w1*r1[i][0] + w2*r2[i][0] + w3*r3[i][0]
		ga := w0*r0[i][1] + w1*r1[i][1] + w2*r2[i][1] + w3*r3[i][1]
		if !first {
			rb, ga = rb+acc[i][0], ga+acc[i][1]
		}
		acc[i] = lanes{rb, ga}
	}
}

// scaleRowV2 is scaleRowV for two rows.
func scaleRowV2(acc, r0, r1 []lanes, w0, w1 uint64, first bool) {
	r0, r1 = r0[:len(acc)], r1[:len(acc)]
	for i := range acc {
		rb := w0*r0[i][0] + w1*r1[i][0]
		ga := w0*r0[i][1] + w1*r1[i][1]
		if !first {
			rb, ga = rb+acc[i][0], ga+acc[i][1]
		}
		acc[i] = lanes{rb, ga}
	}
}

// storeRowV finishes the vertical sums (acc when add, plus the four rows
// weighted by w) and stores them as bytes the way x/image/draw does: round
// to 16 bits (the weights carry its 257/256), keep the high byte, clamp to
// [0, 255] and colour to alpha.
func storeRowV(d []uint8, acc []lanes, rows *[4][]lanes, w *[4]uint64, add bool) {
	const bias = 1<<(scaleOutBits-9) | 1<<(scaleOutBits-9+32) // rounds to 16 bits
	const shift = scaleOutBits                                // a lane in [0, 1<<30) is a byte << shift
	const laneOver = 1<<32 - 1<<(shift+8)                     // lane bits that rule that out
	const over = laneOver | laneOver<<32
	n := len(d) / 4
	r0, r1, r2, r3 := rows[0][:n], rows[1][:n], rows[2][:n], rows[3][:n]
	acc = acc[:n]
	w0, w1, w2, w3 := w[0], w[1], w[2], w[3]
	for i := range r0 {
		rb := w0*r0[i][0] + w1*r1[i][0] + w2*r2[i][0] + w3*r3[i][0] + bias
		ga := w0*r0[i][1] + w1*r1[i][1] + w2*r2[i][1] + w3*r3[i][1] + bias
		if add {
			rb, ga = rb+acc[i][0], ga+acc[i][1]
		}
		px := uint32(rb>>shift&0xff | ga>>(shift-8)&0xff00 | rb>>(shift+16)&0xff0000 | ga>>(shift+8)&0xff000000)
		if (rb|ga)&over != 0 || (px|px>>8|px>>16)&0xff > px>>24 {
			px = clampPixel(rb, ga)
		}
		binary.LittleEndian.PutUint32(d[4*i:], px)
	}
}

// clampPixel is storeRowV for sums outside [0, 255] or with colour above
// alpha (kernel overshoot).
func clampPixel(rb, ga uint64) uint32 {
	const shift = scaleOutBits
	r, b := unpackLanes(rb)
	g, a := unpackLanes(ga)
	a = min(255, max(0, a>>shift))
	r, g, b = max(0, min(a, r>>shift)), max(0, min(a, g>>shift)), max(0, min(a, b>>shift))
	return uint32(r) | uint32(g)<<8 | uint32(b)<<16 | uint32(a)<<24
}
