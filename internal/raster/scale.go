package raster

import (
	"image"
	"image/draw"
	"math"
	"sync"

	xdraw "golang.org/x/image/draw"
)

// Scaler is how pictures are scaled: golang.org/x/image/draw's interface,
// so a scaler of that package serves wherever this package's does.
type Scaler = xdraw.Scaler

// CatmullRom is the service's scaler: x/image/draw's Catmull-Rom
// resampling, computed in fixed point (see scaleCatmullRom) when it
// replaces (op draw.Src, no options) a part of an *image.RGBA, else by
// x/image/draw itself. On the fixed-point path every colour channel is
// kept at or below alpha, so the premultiplied result stays valid.
var CatmullRom Scaler = catmullRomScaler{}

type catmullRomScaler struct{}

func (catmullRomScaler) Scale(dst draw.Image, dr image.Rectangle, src image.Image, sr image.Rectangle, op draw.Op, opts *xdraw.Options) {
	if d, ok := dst.(*image.RGBA); ok && op == draw.Src && opts == nil && dr.In(d.Rect) {
		if dr != d.Rect {
			d = d.SubImage(dr).(*image.RGBA)
		}
		scaleCatmullRom(d, src, sr)
		return
	}
	xdraw.CatmullRom.Scale(dst, dr, src, sr, op, opts)
}

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
// src is read fast as *image.RGBA or *image.NRGBA (sr inside its bounds),
// where channels differ from x/image/draw's by at most one level (fixed-point
// rounding); anything else goes through x/image/draw itself. Empty sr or dst
// do nothing.
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
	// spans holds, by ring slot, the output columns [xa, xb) outside
	// which that ring row is zero.
	spans [][2]int
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
	sc.spans = growScratch(sc.spans, vy.n)
	for x0 := 0; x0 < dw; x0 += strip {
		scaleStrip(dst, pix, stride, nrgba, hx, vy, x0, min(dw, x0+strip), sc)
	}
	if 16*(cap(sc.ring)+cap(sc.acc)+cap(sc.src)) <= scalePoolMax {
		scalePool.Put(sc)
	}
}
