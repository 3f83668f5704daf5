package raster

import (
	"encoding/binary"
	"image"
	"sort"
)

// The row kernels of scaleCatmullRom (see scale.go): packing source rows
// into lanes, the horizontal pass into the ring, the vertical pass into
// dst. Go does not vectorise, so they are written for its compiler: short
// straight-line loops over slices it can prove in range, two channels per
// multiply.

// scaleStrip fills dst columns [x0, x1) (relative to dst.Rect.Min).
func scaleStrip(dst *image.RGBA, pix []uint8, stride int, nrgba bool, hx, vy *scaleAxis, x0, x1 int, sc *scaleScratch) {
	w, R := x1-x0, vy.n
	starts, ws := hx.start[x0:x1], hx.w[x0*hx.stride:x1*hx.stride]
	c0, c1 := int(starts[0]), int(starts[w-1])+hx.n // source columns read
	ring, acc, src, spans := sc.ring[:R*w], sc.acc[:w], sc.src, sc.spans[:R]
	have := 0 // next source row to scale horizontally
	for y, s32 := range vy.start {
		s := int(s32)
		for have = max(have, s); have < s+R; have++ {
			// Transparent pixels are zero: only output columns whose
			// taps meet the row's span of other pixels need work.
			row := pix[have*stride+4*c0 : have*stride+4*c1]
			if nrgba {
				packNRGBA(src[c0:c1], row)
			} else {
				packRGBA(src[c0:c1], row)
			}
			lo, hi := nonZero(src[c0:c1])
			xa := sort.Search(w, func(x int) bool { return int(starts[x])+hx.n > c0+lo })
			xb := sort.Search(w, func(x int) bool { return int(starts[x]) >= c0+hi })
			out := ring[have%R*w:][:w]
			if xa < xb {
				scaleRowH(out[xa:xb], src, starts[xa:xb], ws[xa*hx.stride:xb*hx.stride], hx.stride)
			}
			clear(out[:xa])
			clear(out[max(xa, xb):])
			spans[have%R] = [2]int{xa, xb}
		}
		xa, xb := w, 0 // output columns any of the rows reaches
		for _, sp := range spans {
			xa, xb = min(xa, sp[0]), max(xb, sp[1])
		}
		d := dst.PixOffset(dst.Rect.Min.X+x0, dst.Rect.Min.Y+y)
		if xa >= xb {
			clear(dst.Pix[d : d+4*w])
			continue
		}
		clear(dst.Pix[d : d+4*xa])
		clear(dst.Pix[d+4*xb : d+4*w])
		// The last four vertical taps (zero-padded) are summed and
		// stored in one pass; any before them go into acc first, four
		// or two at a time.
		wv, tail := vy.w[y*R:y*R+R], max(0, R-4)
		for k := 0; k < tail; {
			n := 4
			if tail-k <= 2 {
				n = 2
			}
			rows, wk := ringRows(ring, w, s, k, n, tail, wv, xa, xb)
			if n == 4 {
				scaleRowV(acc[xa:xb], &rows, &wk, k == 0)
			} else {
				scaleRowV2(acc[xa:xb], rows[0], rows[1], wk[0], wk[1], k == 0)
			}
			k += n
		}
		rows, wk := ringRows(ring, w, s, tail, 4, R, wv, xa, xb)
		storeRowV(dst.Pix[d+4*xa:d+4*xb], acc[xa:xb], &rows, &wk, tail > 0)
	}
}

// ringRows returns columns [xa, xb) of the ring rows (w lanes each) of
// source rows s+k up to s+k+n-1 and their weights wv[k:], weight 0 from
// index limit on.
func ringRows(ring []lanes, w, s, k, n, limit int, wv []int32, xa, xb int) (rows [4][]lanes, wk [4]uint64) {
	R := len(wv)
	for j := range rows {
		rows[j] = ring[xa:xb]
		if j < n && k+j < limit {
			rows[j] = ring[(s+k+j)%R*w:][xa:xb]
			wk[j] = uint64(int64(wv[k+j]))
		}
	}
	return rows, wk
}

// nonZero returns the span [lo, hi) of p outside which all lanes are zero
// (lo >= hi: none). It stops at once on rows without transparent ends.
func nonZero(p []lanes) (lo, hi int) {
	for hi = len(p); hi > 0 && p[hi-1] == (lanes{}); hi-- {
	}
	for lo = 0; lo < hi && p[lo] == (lanes{}); lo++ {
	}
	return lo, hi
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
