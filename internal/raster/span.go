package raster

import (
	"encoding/binary"
	"image"
)

// SpanImage is a premultiplied image stored compactly for drawing: each
// row is a list of segments over its visible pixels, so transparent
// stretches are neither stored nor read. Most logos are flat colours, so
// a segment is usually a run of one repeated pixel (filled or blended
// with a single value); busy stretches keep their pixels, as 4 bytes each
// or, for the translucent black of drop shadows, as 1 byte of alpha.
// A logo sprite takes a small part of its RGBA size, and drawing writes
// fills instead of per-pixel copies (TestThumbSpritesAreSmall in render
// holds the figures).
// The result is pixel for pixel that of compositing the RGBA image it was
// made from over dst (opaque pixels copied, the others blended).
type SpanImage struct {
	Rect  image.Rectangle
	rows  []int32  // segments of row y (from rect.Min.Y): segs[rows[y]:rows[y+1]]
	segs  []pixSeg // in column order
	pix   []uint32 // pixels of segRaw segments
	alpha []uint8  // alphas of segShadow segments
	size  int64    // memory held, for the cache's charge
}

// pixSeg is the columns [x0, x0+n) of a row (relative to rect.Min.X),
// n and the kind packed in nk (n<<2 | kind): kind says how its pixels are
// stored, v is the repeated pixel of a run or the offset of the first
// pixel in pix or alpha. 8 bytes: a segment costs as much as two pixels.
type pixSeg struct {
	x0 uint16
	nk uint16
	v  uint32
}

func (s pixSeg) n() int32    { return int32(s.nk >> 2) }
func (s pixSeg) kind() uint8 { return uint8(s.nk & 3) }

// Segment kinds.
const (
	segOpaque = iota // n copies of the opaque pixel v
	segBlend         // n copies of the translucent pixel v, blended
	segRaw           // pix[v:v+n], opaque or not
	segShadow        // alpha[v:v+n]: premultiplied black at those alphas
	minRun    = 4    // shorter runs of one pixel (or of black) stay in raw segments
	maxSegLen = 1<<14 - 1
	// maxSpanWidth bounds the columns a row can address: sprites are at
	// most a canvas (MaxSide) plus their shadow and halo.
	maxSpanWidth = 1<<16 - 1
)

// NewSpanImage stores img compactly. Columns past maxSpanWidth (never
// reached: see there) are left out.
func NewSpanImage(img *image.RGBA) *SpanImage {
	w, h := min(img.Rect.Dx(), maxSpanWidth), img.Rect.Dy()
	s := &SpanImage{Rect: img.Rect, rows: make([]int32, h+1)}
	seg := func(x, n int, kind uint8, v uint32) {
		s.segs = append(s.segs, pixSeg{uint16(x), uint16(n)<<2 | uint16(kind), v})
	}
	for y := range h {
		s.rows[y] = int32(len(s.segs))
		row := img.Pix[y*img.Stride:][:4*w]
		px := func(x int) uint32 { return Load32(row[4*x:]) }
		// stop reports whether a busy stretch ends at x: a transparent
		// pixel or the start of a run.
		stop := func(x int) bool { v := px(x); return v>>24 == 0 || x+minRun <= w && runAt(row, x, v) }
		// black is the length of the stretch of translucent or opaque
		// black (shadow) pixels from x, up to where a busy stretch stops.
		black := func(x int) int {
			n := 0
			for x+n < w && n < maxSegLen && px(x+n)&0xffffff == 0 && (n == 0 || !stop(x+n)) {
				n++
			}
			return n
		}
		for x := 0; x < w; {
			v := px(x)
			if v>>24 == 0 {
				x++
				continue
			}
			// A run of one pixel.
			end := x + 1
			for end < w && end-x < maxSegLen && px(end) == v {
				end++
			}
			if end-x >= minRun {
				k := uint8(segBlend)
				if v>>24 == 255 {
					k = segOpaque
				}
				seg(x, end-x, k, v)
				x = end
				continue
			}
			// Shadow: alphas only.
			if n := black(x); n >= minRun {
				seg(x, n, segShadow, uint32(len(s.alpha)))
				for i := x; i < x+n; i++ {
					s.alpha = append(s.alpha, uint8(px(i)>>24))
				}
				x += n
				continue
			}
			// A busy stretch, up to where it stops or shadow starts.
			end = x + 1
			for end < w && end-x < maxSegLen && !stop(end) {
				if px(end)&0xffffff == 0 && black(end) >= minRun {
					break
				}
				end++
			}
			seg(x, end-x, segRaw, uint32(len(s.pix)))
			for i := x; i < end; i++ {
				s.pix = append(s.pix, px(i))
			}
			x = end
		}
	}
	s.rows[h] = int32(len(s.segs))
	// Keep exactly what is used.
	s.segs = append([]pixSeg(nil), s.segs...)
	s.pix = append([]uint32(nil), s.pix...)
	s.alpha = append([]uint8(nil), s.alpha...)
	s.size = 128 + 4*int64(len(s.rows)) + 8*int64(len(s.segs)) + 4*int64(len(s.pix)) + int64(len(s.alpha))
	return s
}

// runAt reports whether the minRun pixels of row from column x are all v.
func runAt(row []byte, x int, v uint32) bool {
	for i := range minRun {
		if Load32(row[4*(x+i):]) != v {
			return false
		}
	}
	return true
}

// bytes is the memory the image holds.
func (s *SpanImage) Bytes() int64 { return s.size }

// draw composites the image over dst with its pixel (0, 0) (which may lie
// outside its bounds) at at.
func (s *SpanImage) Draw(dst *image.RGBA, at image.Point) {
	s.DrawMemo(dst, at, new(ShadowMemos))
}

// DrawMemo is Draw with the shadow memos sh, which may be shared by the
// draws of one picture (one goroutine): the backgrounds it has seen keep
// their tables.
func (s *SpanImage) DrawMemo(dst *image.RGBA, at image.Point, sh *ShadowMemos) {
	b := s.Rect.Add(at)
	r := b.Intersect(dst.Rect)
	if r.Empty() {
		return
	}
	c0, c1 := int32(r.Min.X-b.Min.X), int32(r.Max.X-b.Min.X) // visible columns
	for y := r.Min.Y; y < r.Max.Y; y++ {
		sy := y - b.Min.Y
		drow := dst.Pix[dst.PixOffset(r.Min.X, y):][:4*r.Dx()]
		for _, sg := range s.segs[s.rows[sy]:s.rows[sy+1]] {
			sx := int32(sg.x0)
			x0, x1 := max(sx, c0), min(sx+sg.n(), c1)
			if x0 >= x1 {
				continue
			}
			d := drow[4*(x0-c0) : 4*(x1-c0)]
			switch sg.kind() {
			case segOpaque:
				fillPix(d, sg.v)
			case segBlend:
				blendRun(d, sg.v)
			case segRaw:
				src := s.pix[sg.v+uint32(x0-sx):][:x1-x0]
				d = d[:4*len(src)]
				for i, sv := range src {
					p := d[4*i : 4*i+4 : 4*i+4]
					switch a := sv >> 24; a {
					case 255:
						Store32(p, sv)
					case 0:
					default:
						Store32(p, OverPix(sv, a, Load32(p)))
					}
				}
			case segShadow:
				m := sh.slot(Load32(d))
				src := s.alpha[sg.v+uint32(x0-sx):][:x1-x0]
				d = d[:4*len(src)]
				if m == nil {
					// No memo: every pixel blended.
					for i, a := range src {
						p := d[4*i : 4*i+4 : 4*i+4]
						Store32(p, shadePix(Load32(p), uint32(a)))
					}
					break
				}
				// Two pixels at a time over the memo's background.
				bg2 := uint64(m.bg) | uint64(m.bg)<<32
				i := 0
				for ; i+2 <= len(src); i += 2 {
					q := d[4*i : 4*i+8 : 4*i+8]
					if binary.LittleEndian.Uint64(q) != bg2 {
						shadowPix(q, src[i], m)
						shadowPix(q[4:], src[i+1], m)
						continue
					}
					binary.LittleEndian.PutUint64(q, uint64(m.out[src[i]])|uint64(m.out[src[i+1]])<<32)
				}
				for ; i < len(src); i++ {
					shadowPix(d[4*i:], src[i], m)
				}
			}
		}
	}
}

// blendRun composites the translucent pixel v over every pixel of d.
// Runs mostly lie over stretches of one background colour (a panel's
// overlay steps every 16 px or so under a reflection): the last
// background pixel and its result are reused, and four pixels (two
// words) are compared and stored at a time while the background
// repeats, two or one where it changes.
func blendRun(d []byte, v uint32) {
	a := 255 - v>>24
	last := Load32(d)
	out := v + ScalePix(last, a)
	last2, out2 := uint64(last)|uint64(last)<<32, uint64(out)|uint64(out)<<32
	i := 0
	for ; i+8 <= len(d); i += 4 {
		// Four pixels at a time while the background repeats.
		for i+16 <= len(d) {
			q := d[i : i+16 : i+16]
			if binary.LittleEndian.Uint64(q) != last2 || binary.LittleEndian.Uint64(q[8:]) != last2 {
				break
			}
			binary.LittleEndian.PutUint64(q, out2)
			binary.LittleEndian.PutUint64(q[8:], out2)
			i += 16
		}
		if i+8 > len(d) {
			break
		}
		q := binary.LittleEndian.Uint64(d[i:])
		if q != last2 {
			if dv := uint32(q); dv != last {
				last, out = dv, v+ScalePix(dv, a)
				last2, out2 = uint64(last)|uint64(last)<<32, uint64(out)|uint64(out)<<32
			}
			if q != last2 {
				Store32(d[i:], out)
				continue
			}
		}
		binary.LittleEndian.PutUint64(d[i:], out2)
		i += 4
	}
	if i < len(d) {
		if dv := Load32(d[i:]); dv != last {
			out = v + ScalePix(dv, a)
		}
		Store32(d[i:], out)
	}
}

// shadowPix composites premultiplied black at alpha a over the pixel at
// the start of d, from memo m when it holds that background.
func shadowPix(d []byte, a uint8, m *shadowMemo) {
	dv := Load32(d)
	if m != nil && dv == m.bg {
		Store32(d, m.out[a])
		return
	}
	Store32(d, OverPix(uint32(a)<<24, uint32(a), dv))
}

// shadowMemo holds the results of shadow alphas over one destination
// pixel bg (a background shadows fall on): out[a] is the blend at alpha a.
type shadowMemo struct {
	bg  uint32
	out [256]uint32
}

// ShadowMemos are the memos of a series of sprite draws (one picture's),
// for the first four backgrounds their shadow segments start on (in a
// matchup: the two team colours, the divider, what the league logo lies
// on); later ones blend directly.
type ShadowMemos struct {
	m    [4]shadowMemo
	used int
}

// slot returns the memo for background pixel bg, nil when all are
// taken by other backgrounds.
func (ms *ShadowMemos) slot(bg uint32) *shadowMemo {
	for i := range ms.used {
		if ms.m[i].bg == bg {
			return &ms.m[i]
		}
	}
	if ms.used == len(ms.m) {
		return nil
	}
	m := &ms.m[ms.used]
	m.bg = bg
	for a := range m.out {
		m.out[a] = OverPix(uint32(a)<<24, uint32(a), bg)
	}
	ms.used++
	return m
}

// fillPix fills d (whole pixels) with the pixel v: 8-byte stores for
// the short runs sprites are made of (cheaper than a chain of small
// memmoves), doubling copies for long ones.
func fillPix(d []byte, v uint32) {
	if len(d) >= 1024 {
		Store32(d, v)
		for n := 4; n < len(d); n *= 2 {
			copy(d[n:], d[:n])
		}
		return
	}
	w := uint64(v) | uint64(v)<<32
	i := 0
	for ; i+32 <= len(d); i += 32 {
		q := d[i : i+32 : i+32]
		binary.LittleEndian.PutUint64(q[0:], w)
		binary.LittleEndian.PutUint64(q[8:], w)
		binary.LittleEndian.PutUint64(q[16:], w)
		binary.LittleEndian.PutUint64(q[24:], w)
	}
	for ; i+8 <= len(d); i += 8 {
		binary.LittleEndian.PutUint64(d[i:], w)
	}
	if i < len(d) {
		Store32(d[i:], v)
	}
}
