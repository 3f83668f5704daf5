package pngenc

import (
	"bytes"
	"encoding/binary"
	"io"
	"math/bits"
	"slices"
)

// rowDeflater is a deflate (RFC 1951) compressor made for Paeth-filtered
// PNG rows. A rendered picture's filtered rows are mostly zeros with short
// clusters of residuals at edges, shadows and gradient steps, and a
// cluster often repeats one a row above, shifted by a pixel or not at all.
//
//   - The filter tells which spans of a row may be nonzero (next to the
//     pixels that changed from the row above); the zeros between them are
//     coded as copies from distance one without being read.
//   - Inside a span the matcher tries only the distances the structure
//     predicts: one byte (runs), the last distance used, and one row minus,
//     at and plus one pixel, all XORed eight bytes at a time without
//     branching on the data; where no copy can score, the same XORs (of
//     sixteen bytes) tell how many literals follow (up to eight, and
//     eight more at a time while none can score).
//   - A busy row (see busyShare) is matched at distance one only, its
//     spans less than busyGap apart scanned as one.
//   - A long run of zeros is kept as one entry of tokens (see runs).
//   - A match is scored by the bytes it covers less its distance's extra
//     bits (a row back costs 11 raw bits) and a fixed cost, so runs take
//     the free distance one and short far copies stay literals.
//   - Tokens get Huffman codes built for each block of 8192, so flat and
//     busy parts of a picture get their own codes.
//
// The effort knob adds lazy evaluation and a hash chain; both are off
// (see pngEffort).
type rowDeflater struct {
	win      []byte // history (up to windowSize bytes) then the bytes not yet tokenized
	base     int    // stream position of win[0]
	done     int    // win[:done] has been tokenized
	stride   int    // bytes per filtered row
	bpp      int
	last     int  // distance of the last match
	lazy     int  // matches shorter than this are checked lazily (0: none)
	chainMax int  // hash chain entries tried
	runsOnly bool // the row is busy: distance one only (see busyShare)
	// worth[k]: the bytes of an XOR with the k-th predicted distance (1,
	// a row back less, at and plus a pixel) that must be zero for a match
	// there to score above zero (see predictedWorth).
	worth [4]uint64
	need  [4]uint  // how many bytes each of worth masks
	codes [4]int   // the predicted distances' codes (0 where out of reach)
	table []uint32 // hash -> last position (only with a hash chain)
	chain []uint32 // position -> previous position with the same hash

	// The pending block: its literals in order, and its matches, each
	// with how many of those literals come before it.
	lits     []byte
	seqs     []uint64    // copies-1<<56 | literals before<<32 | distance code<<24 | (length-3)<<16 | (distance-1)
	litMark  int         // len(lits) at the last match
	copies   int         // the entries' copies after their first, summed (tokens = lits + seqs + copies)
	litFreq  [286]uint32 // the length codes' counts (literals are counted when the block is written)
	distFreq [30]uint32
	bw       bitWriter
}

const (
	windowSize = 1 << 15
	hashBits   = 14
	minMatch   = 4
	chainDepth = 8
	niceLen    = 64 // a predicted match this long skips the hash chain
	// A match scores lenWeight bits per byte it covers, less its
	// distance's extra bits and matchCost (its length and distance
	// codes, against the literals it replaces).
	lenWeight = 4
	matchCost = 24
	insertLen = 16 // positions inside matches up to this long enter the hash table
	maxMatch  = 258
	// blockTokens is how many tokens a block holds before its codes are
	// built and it is written.
	blockTokens = 1 << 13
	// busyShare: a row whose nonzero spans cover more than 1/busyShare of
	// it (smooth 2-D gradients, textures) is matched at distance one only.
	// Its clusters rarely repeat a row above, and a short copy from that
	// far costs more than the literals: such rows come out smaller and
	// faster, and flat pictures have none.
	busyShare = 4
	// busyGap: in a busy row, spans less than this apart are scanned as
	// one. Such rows are often sparse dots (an embossed texture: a
	// residual or two, then a dozen zeros), and reading the zeros
	// between costs less than a span's start and end, and codes them
	// no worse.
	busyGap = 48
	// maxCopies is the most copies one entry of seqs holds (see runs).
	maxCopies = 256
)

// effort is how hard the matcher looks: lazy evaluation below a match
// length and how many hash-chain entries it tries.
type effort struct{ lazy, chain int }

// pngEffort is the effort Encode uses: none. A hash chain and lazy
// evaluation each save a few per cent of the bytes for a larger share of
// encode time, which the first response cannot spare
// (BenchmarkEncodeEffort measures each setting).
var pngEffort = effort{lazy: 0, chain: 0}

// reset starts a new stream written to w for rows of stride bytes.
func (d *rowDeflater) reset(w io.Writer, stride, bpp int) {
	d.win = grow(d.win, max(4*windowSize, windowSize+4*stride))[:0]
	d.base, d.done, d.stride, d.bpp, d.last = 0, 0, stride, bpp, 0
	d.lazy, d.chainMax = pngEffort.lazy, pngEffort.chain
	d.worth = predictedWorth(stride, bpp)
	for k, w := range d.worth {
		d.need[k] = uint(bits.OnesCount64(w)) / 8
	}
	for k, dist := range [4]int{1, stride - bpp, stride, stride + bpp} {
		d.codes[k] = 0
		if dist >= 1 && dist <= windowSize {
			d.codes[k] = distCode(dist)
		}
	}
	if d.chainMax > 0 {
		if d.table == nil {
			d.table = make([]uint32, 1<<hashBits)
			d.chain = make([]uint32, windowSize)
		}
		clear(d.table)
		clear(d.chain)
	}
	d.lits, d.seqs, d.litMark, d.copies = d.lits[:0], d.seqs[:0], 0, 0
	d.litFreq, d.distFreq = [286]uint32{}, [30]uint32{}
	d.bw.reset(w)
}

// next returns room for one filtered row (stride bytes and 8 spare) at
// the end of the window; fill it and call add.
func (d *rowDeflater) next() []byte {
	if len(d.win)+d.stride+8 > cap(d.win) {
		keep := min(windowSize, len(d.win))
		drop := len(d.win) - keep
		copy(d.win, d.win[drop:])
		d.win = d.win[:keep]
		d.base += drop
		d.done -= drop
	}
	return d.win[len(d.win) : len(d.win)+d.stride+8]
}

// lead is how many bytes of next's row, after its first, come before an
// eight-byte boundary: the window's array starts on one (as every Go
// allocation of eight bytes or more does).
func (d *rowDeflater) lead() int {
	return -(len(d.win) + 1) & 7
}

// add tokenizes the row written into next's buffer. spans, if not nil,
// are the [start, end) offsets in the row of the only bytes that may be
// nonzero, in order; the rest is zeros and is coded without being read,
// but for gaps shorter than busyGap in a busy row.
func (d *rowDeflater) add(spans []int32) error {
	d.win = d.win[:len(d.win)+d.stride]
	if cap(d.lits)-len(d.lits) < d.stride+16 {
		// A row adds at most its bytes and scanFast writes eight at a time.
		d.lits = append(make([]byte, 0, 2*cap(d.lits)+d.stride+16), d.lits...)
	}
	end := len(d.win)
	if spans == nil {
		d.done = d.scan(d.done, end, end)
	} else {
		d.runsOnly = spanBytes(spans)*busyShare > d.stride
		row := end - d.stride
		p := d.done
		for i := 0; i+1 < len(spans); i += 2 {
			s0, s1 := row+int(spans[i]), row+int(spans[i+1])
			for d.runsOnly && i+3 < len(spans) && int(spans[i+2]) < int(spans[i+1])+busyGap {
				i += 2
				s1 = row + int(spans[i+1])
			}
			if p < s0 {
				p = d.zeros(p, s0)
			}
			if p < s1 {
				p = d.scan(p, s1, end)
			}
		}
		if p < end {
			p = d.zeros(p, end)
		}
		d.done = p
	}
	if len(d.lits)+len(d.seqs)+d.copies >= blockTokens {
		d.writeBlock(false)
	}
	return d.bw.err
}

// zeros codes win[p:g], known to be zeros, as copies from distance one
// (the byte before p is read: a run needs a zero to copy).
func (d *rowDeflater) zeros(p, g int) int {
	for p < g {
		l := min(g-p, maxMatch)
		if p == 0 || d.win[p-1] != 0 || l*lenWeight-matchCost <= 0 {
			d.literal(0)
			p++
			continue
		}
		d.last = 1
		if c := min((g-p)/maxMatch, maxCopies); c > 1 {
			d.runs(c)
			p += c * maxMatch
			continue
		}
		d.copy(l, 1, 0)
		p += l
	}
	return p
}

// sync writes the pending tokens as a block, then an empty stored block
// that ends the stream so far on a byte boundary (a sync flush), so
// another compressor can continue it.
func (d *rowDeflater) sync() error {
	d.writeBlock(false)
	w := &d.bw
	w.write(0, 3) // not final, stored
	w.write(0, (8-w.nbits%8)%8)
	w.write(0xffff0000, 32) // LEN 0, NLEN 0xffff
	w.flushAll()
	return w.err
}

// history returns up to the last 32 KiB of rows added.
func (d *rowDeflater) history() []byte {
	return d.win[max(0, len(d.win)-windowSize):]
}

// finish writes the last block and flushes the stream.
func (d *rowDeflater) finish() error {
	d.writeBlock(true)
	d.bw.flushAll()
	return d.bw.err
}

func hash4(u uint32) uint32 { return (u * 0x9e3779b1) >> (32 - hashBits) }

// matchLen returns how many bytes from a and b agree, up to end (b < end).
func matchLen(win []byte, a, b, end int) int {
	n := 0
	if b+16 <= end && binary.LittleEndian.Uint64(win[a:]) == binary.LittleEndian.Uint64(win[b:]) &&
		binary.LittleEndian.Uint64(win[a+8:]) == binary.LittleEndian.Uint64(win[b+8:]) {
		// A long copy (most are a row back, over a stretch equal to the
		// row above): 64 bytes at a time with bytes.Equal's vector loop.
		n = 16
		for b+n+64 <= end && bytes.Equal(win[a+n:a+n+64], win[b+n:b+n+64]) {
			n += 64
		}
	}
	for b+n+16 <= end {
		x := binary.LittleEndian.Uint64(win[a+n:]) ^ binary.LittleEndian.Uint64(win[b+n:])
		y := binary.LittleEndian.Uint64(win[a+n+8:]) ^ binary.LittleEndian.Uint64(win[b+n+8:])
		if x|y != 0 {
			if x != 0 {
				return n + bits.TrailingZeros64(x)>>3
			}
			return n + 8 + bits.TrailingZeros64(y)>>3
		}
		n += 16
	}
	for b+n+8 <= end {
		x := binary.LittleEndian.Uint64(win[a+n:]) ^ binary.LittleEndian.Uint64(win[b+n:])
		if x != 0 {
			return n + bits.TrailingZeros64(x)>>3
		}
		n += 8
	}
	for b+n < end && win[a+n] == win[b+n] {
		n++
	}
	return n
}

// zeroLen returns how many bytes from p on are zeros, up to end (p <=
// end): the length of a run of zeros at distance one that starts before
// p, eight bytes at a time with one load each.
func zeroLen(win []byte, p, end int) int {
	q := p
	for q+8 <= end {
		if v := binary.LittleEndian.Uint64(win[q:]); v != 0 {
			return q - p + bits.TrailingZeros64(v)>>3
		}
		q += 8
	}
	for q < end && win[q] == 0 {
		q++
	}
	return q - p
}

// scan turns the bytes from p into tokens until a token ends at or past
// limit (matches run up to end) and returns where it stopped.
func (d *rowDeflater) scan(p, limit, end int) int {
	win := d.win
	fast := d.chainMax == 0 && d.lazy == 0
	if fast {
		p = d.scanFast(p, limit, end)
	}
	// scanFast stops at limit or within 16 bytes of end: the rest goes
	// through find.
	for p < limit && p+minMatch <= end {
		best, dist := d.find(p, end)
		if best < minMatch {
			k := 1
			if d.chainMax == 0 {
				k = d.skip(p, end)
			}
			for range k {
				d.literal(win[p])
				p++
			}
			continue
		}
		// Lazy evaluation: a longer match one byte on is worth a literal.
		for best < d.lazy && p+1+minMatch <= end {
			b2, d2 := d.find(p+1, end)
			if b2 <= best {
				break
			}
			d.literal(win[p])
			p++
			best, dist = b2, d2
		}
		d.last = dist
		d.match(best, dist)
		if best <= insertLen && d.chainMax > 0 {
			for q := p + 1; q < p+best && q+4 <= end; q++ {
				d.insert(q, hash4(binary.LittleEndian.Uint32(win[q:])))
			}
		}
		p += best
	}
	for ; p < limit; p++ {
		d.literal(win[p])
	}
	return p
}

// scanFast is scan for the fastest effort (no lazy evaluation, no hash
// chain) while p+16 <= end: it tries only the predicted distances (a run,
// the row above and its neighbours; the last distance used is always one
// of those), XORing the sixteen bytes at p with those at every distance,
// without branching on the data. A distance is tried at p where its XOR's
// leading bytes that a match must cover to score (see predictedWorth) are
// zero; where none is, the same XORs tell the first of the next eight
// positions where one is (see firstWorth), and the bytes before it are
// literals, stored eight at a time (while none of the next eight is, the
// XORs of the second eight bytes serve as the first of the next step).
func (d *rowDeflater) scanFast(p, limit, end int) int {
	win := d.win[:end]
	s, bpp := d.stride, d.bpp
	// From far on every distance is in reach (and the nearest, a row
	// less a pixel, is one byte or more back: rows of real pictures are).
	far := s + bpp
	if far > windowSize || s-bpp < 1 {
		far = end
	}
	w, nd := &d.worth, &d.need
	for p < limit && p+16 <= end {
		x := binary.LittleEndian.Uint64(win[p : p+8])
		if x == 0 && win[p-1] == 0 {
			// A run of zeros. The tokens of maxMatch bytes this loop
			// would take one by one (each starts before limit) go in as
			// one entry.
			most := min((limit-p-1)/maxMatch+1, maxCopies) * maxMatch
			l := 8 + zeroLen(win, p+8, min(end, p+most))
			d.last = 1
			if c := l / maxMatch; c > 1 {
				d.runs(c)
				p += c * maxMatch
				continue
			}
			l = min(l, maxMatch)
			d.copy(l, 1, 0)
			p += l
			continue
		}
		y := binary.LittleEndian.Uint64(win[p+8 : p+16])
		var xs [4]uint64
		var first uint
		switch {
		case d.runsOnly:
			var x1 uint64
			xs[0], x1 = xorsAt(win, x, y, p, 1)
			first = firstWorth(xs[0], x1, w[0], nd[0])
			if p == 0 {
				first = 1 // distance one comes in reach
			}
			// Eight literals at a time while no match can score in the
			// next eight positions either (as below).
			for first == 9 && p+8 < limit && p+24 <= end {
				d.eight(x)
				p += 8
				x, y, xs[0] = y, binary.LittleEndian.Uint64(win[p+8:p+16]), x1
				x1 = y ^ binary.LittleEndian.Uint64(win[p+7:p+15])
				first = firstWorth(xs[0], x1, w[0], nd[0])
			}
		case p >= far:
			xs[0] = x ^ binary.LittleEndian.Uint64(win[p-1:p+7])
			xs[1] = x ^ binary.LittleEndian.Uint64(win[p-s+bpp:p-s+bpp+8])
			xs[2] = x ^ binary.LittleEndian.Uint64(win[p-s:p-s+8])
			xs[3] = x ^ binary.LittleEndian.Uint64(win[p-far:p-far+8])
			y0 := y ^ binary.LittleEndian.Uint64(win[p+7:p+15])
			y1 := y ^ binary.LittleEndian.Uint64(win[p+8-s+bpp:p+16-s+bpp])
			y2 := y ^ binary.LittleEndian.Uint64(win[p+8-s:p+16-s])
			y3 := y ^ binary.LittleEndian.Uint64(win[p+8-far:p+16-far])
			first = min(firstWorth(xs[0], y0, w[0], nd[0]), firstWorth(xs[1], y1, w[1], nd[1]),
				firstWorth(xs[2], y2, w[2], nd[2]), firstWorth(xs[3], y3, w[3], nd[3]))
			// Eight literals at a time while no match can score in the
			// next eight positions either: the XORs of the second eight
			// bytes become the first (the bytes at p are not all zeros
			// after a zero: distance one would have scored before).
			for first == 9 && p+8 < limit && p+24 <= end {
				d.eight(x)
				p += 8
				x, y = y, binary.LittleEndian.Uint64(win[p+8:p+16])
				xs = [4]uint64{y0, y1, y2, y3}
				y0 = y ^ binary.LittleEndian.Uint64(win[p+7:p+15])
				y1 = y ^ binary.LittleEndian.Uint64(win[p+8-s+bpp:p+16-s+bpp])
				y2 = y ^ binary.LittleEndian.Uint64(win[p+8-s:p+16-s])
				y3 = y ^ binary.LittleEndian.Uint64(win[p+8-far:p+16-far])
				first = min(firstWorth(xs[0], y0, w[0], nd[0]), firstWorth(xs[1], y1, w[1], nd[1]),
					firstWorth(xs[2], y2, w[2], nd[2]), firstWorth(xs[3], y3, w[3], nd[3]))
			}
		default:
			var f [4]uint
			for k, dist := range [4]int{1, s - bpp, s, s + bpp} {
				var x1 uint64
				xs[k], x1 = xorsAt(win, x, y, p, dist)
				f[k] = firstWorth(xs[k], x1, w[k], nd[k])
				if dist > p && dist <= windowSize {
					f[k] = uint(min(dist-p, 9)) // comes in reach there
				}
			}
			first = min(f[0], f[1], f[2], f[3])
		}
		if first != 0 {
			// No match scores before p+first: up to eight literals, not
			// past limit (what follows may be zeros, coded as a run).
			lits := min(int(min(first, 8)), limit-p)
			n := len(d.lits)
			buf := d.lits[:n+8]
			binary.LittleEndian.PutUint64(buf[n:], x)
			d.lits = buf[:n+lits]
			p += lits
			continue
		}
		at := b2u(xs[0]&w[0] == 0) | b2u(xs[1]&w[1] == 0)<<1 | b2u(xs[2]&w[2] == 0)<<2 | b2u(xs[3]&w[3] == 0)<<3
		if d.runsOnly {
			at &= 1
		}
		best, dist, dc := d.bestPredicted(p, end, &xs, at)
		if best == 0 {
			d.literal(byte(x))
			p++
			continue
		}
		d.last = dist
		d.copy(best, dist, dc)
		p += best
	}
	return p
}

// eight adds the eight bytes of x (least significant first) as literals.
func (d *rowDeflater) eight(x uint64) {
	n := len(d.lits)
	buf := d.lits[:n+8]
	binary.LittleEndian.PutUint64(buf[n:], x)
	d.lits = buf
}

// firstWorth returns the first position j (0 to 8) in the sixteen bytes
// x0, x1 (an XOR at one distance, least significant byte first) from which
// the bytes worth masks (7 or 8 of them, see predictedWorth) are all zero,
// or 9 if there is none: where a match at that distance may score. From j
// >= 1 on such a run reaches past x0, so all of x0's bytes from j on are
// zero: j is the first after x0's last nonzero byte, and x1 must have
// need-8+j zeros at its start.
func firstWorth(x0, x1, worth uint64, need uint) uint {
	j := uint(bits.Len64(x0)+7) >> 3
	f := uint(9)
	if uint(bits.TrailingZeros64(x1))>>3+8 >= j+need {
		f = j
	}
	if x0&worth == 0 {
		f = 0
	}
	return f
}

// b2u is 1 for true, 0 for false.
func b2u(b bool) uint {
	if b {
		return 1
	}
	return 0
}

// predictedWorth returns, for the predicted distances (1, stride-bpp,
// stride, stride+bpp), masks of the leading bytes (at most eight) that
// must match for a match at that distance to score above zero: a match
// of l bytes scores l*lenWeight less matchCost and its extra bits.
func predictedWorth(stride, bpp int) [4]uint64 {
	var w [4]uint64
	for k, dist := range [4]int{1, stride - bpp, stride, stride + bpp} {
		l := 8
		if dist >= 1 && dist <= windowSize {
			l = min(8, (matchCost+int(distExtra[distCode(dist)]))/lenWeight+1)
		}
		w[k] = ^uint64(0) >> (64 - 8*l)
	}
	return w
}

// xorsAt is x and y (the eight bytes at p and the eight after them) XOR
// the sixteen bytes dist back from p, or all ones where dist is out of
// reach.
func xorsAt(win []byte, x, y uint64, p, dist int) (uint64, uint64) {
	if dist > 0 && dist <= p && dist <= windowSize {
		return x ^ binary.LittleEndian.Uint64(win[p-dist:]), y ^ binary.LittleEndian.Uint64(win[p+8-dist:])
	}
	return ^uint64(0), ^uint64(0)
}

// bestPredicted is the second half of scanFast's step: the best match at p among
// the predicted distances whose bits are set in at (xs: their XORs with
// the eight bytes at p), or length 0, with its distance and the
// distance's code.
func (d *rowDeflater) bestPredicted(p, end int, xs *[4]uint64, at uint) (best, bestDist, bestCode int) {
	win := d.win[:end]
	s := d.stride
	dists := [4]int{1, s - d.bpp, s, s + d.bpp}
	end = min(end, p+maxMatch) // each token is scored on its own
	bestScore, bestExtra := 0, 0
	for at != 0 {
		k := bits.TrailingZeros(at)
		at &= at - 1
		dist, dc := dists[k&3], d.codes[k&3]
		e := int(distExtra[dc])
		if best > 0 && e >= bestExtra && (p+best >= end || win[p-dist+best] != win[p+best]) {
			continue
		}
		l := bits.TrailingZeros64(xs[k&3]) >> 3
		if l == 8 {
			l = matchLen(win, p-dist, p, end)
			if k == 0 && (l == maxMatch || p+l == end) {
				return l, 1, 0 // a run filling its token: nothing does better
			}
		}
		if sc := l*lenWeight - e - matchCost; sc > bestScore {
			best, bestDist, bestCode, bestScore, bestExtra = l, dist, dc, sc, e
		}
	}
	return best, bestDist, bestCode
}

// skip returns how many literals follow from p, where find found no
// match: the bytes up to the first of the next four positions where a
// predicted distance has four equal bytes (5 if none has). All distances
// are tested on eight bytes at once: a match starts where four
// consecutive bytes of the XOR are zero.
func (d *rowDeflater) skip(p, end int) int {
	if p+8+8 > end {
		return 1
	}
	win := d.win
	s := d.stride
	x := binary.LittleEndian.Uint64(win[p:])
	var m uint64
	for _, dist := range [...]int{1, d.last, s - d.bpp, s, s + d.bpp} {
		if dist > 0 && dist <= p && dist <= windowSize {
			m |= quadZeros(x ^ binary.LittleEndian.Uint64(win[p-dist:]))
		}
	}
	m &= 0x8080808000 // starts 1 to 4 (0 was just tried; 5 to 7 lack four bytes)
	if m == 0 {
		return 5
	}
	return bits.TrailingZeros64(m) >> 3
}

// quadZeros returns the high bit of byte k of x set where bytes k to k+3
// are all zero (meaningful for k <= 4).
func quadZeros(x uint64) uint64 {
	const lo7 = 0x7f7f7f7f7f7f7f7f
	z := ^((x&lo7 + lo7) | x | lo7) // 0x80 in each zero byte
	return z & (z >> 8) & (z >> 16) & (z >> 24)
}

// find returns the best match at p among the predicted distances and the
// hash chain (length 0 if none has minMatch bytes), and enters p in the
// hash table. A match is scored by the bytes it covers less the extra bits
// its distance costs: a distance of a row or more costs 11 or more raw
// bits, so a nearer copy (a run of zeros at distance one) wins unless the
// far one covers more.
func (d *rowDeflater) find(p, end int) (best, bestDist int) {
	win := d.win[:end]
	s := d.stride
	cur := binary.LittleEndian.Uint32(win[p:])
	h := hash4(cur)
	end = min(end, p+maxMatch) // each token is scored on its own
	bestScore, bestExtra := 0, 0
	var cands [5 + chainDepth]int
	cands[0], cands[1], cands[2], cands[3], cands[4] = 1, d.last, s-d.bpp, s, s+d.bpp
	if p > 0 && win[p-1] == byte(cur) && cur&0xff*0x01010101 == cur {
		// A run of one byte value (zeros, mostly) at distance one costs no
		// extra bits: taken at once when it fills a token.
		l := matchLen(win, p-1, p, end)
		if l == maxMatch || p+l == end {
			d.insert(p, h)
			return l, 1
		}
		if sc := l*lenWeight - matchCost; sc > 0 {
			best, bestDist, bestScore = l, 1, sc
		}
		cands[0] = 0
	}
	n := 5
	for i := 0; i < n; i++ {
		dist := cands[i]
		if dist <= 0 || dist > p || dist > windowSize || dist == bestDist ||
			binary.LittleEndian.Uint32(win[p-dist:]) != cur {
			goto next
		}
		{
			e := int(distExtra[distCode(dist)])
			if best > 0 && e >= bestExtra && (p+best >= end || win[p-dist+best] != win[p+best]) {
				goto next
			}
			l := matchLen(win, p-dist, p, end)
			if sc := l*lenWeight - e - matchCost; sc > bestScore {
				best, bestDist, bestScore, bestExtra = l, dist, sc, e
			}
		}
	next:
		if i == 4 && best < niceLen && d.chainMax > 0 {
			// The predicted distances gave no long match: walk the hash
			// chain, nearest first.
			c := int(d.table[h]) - d.base
			for c >= 0 && c < p && p-c <= windowSize && n < 5+d.chainMax {
				cands[n] = p - c
				n++
				c = int(d.chain[(d.base+c)&(windowSize-1)]) - d.base
			}
		}
	}
	d.insert(p, h)
	return best, bestDist
}

// insert enters position p, whose four bytes hash to h, in the table.
func (d *rowDeflater) insert(p int, h uint32) {
	if d.chainMax == 0 {
		return
	}
	a := uint32(d.base + p)
	d.chain[a&(windowSize-1)] = d.table[h]
	d.table[h] = a
}

func (d *rowDeflater) literal(b byte) {
	d.lits = append(d.lits, b)
}

// match emits a copy of n bytes (minMatch to maxMatch: every caller's
// match ends within maxMatch bytes) from dist back, one token.
func (d *rowDeflater) match(n, dist int) {
	d.copy(n, dist, distCode(dist))
}

// copy is match given the distance's code, dc.
func (d *rowDeflater) copy(n, dist, dc int) {
	d.seqs = append(d.seqs, uint64(len(d.lits)-d.litMark)<<32|uint64(dc)<<24|uint64(n-3)<<16|uint64(dist-1))
	d.litMark = len(d.lits)
	d.litFreq[257+int(lengthCode[n-3])]++
	d.distFreq[dc]++
}

// runs emits c (2 to maxCopies) copies of maxMatch bytes from distance
// one (a long run of zeros) as one entry of seqs: the same tokens as c
// calls of match, for one append, and written with one code lookup.
func (d *rowDeflater) runs(c int) {
	d.seqs = append(d.seqs, uint64(c-1)<<56|uint64(len(d.lits)-d.litMark)<<32|uint64(maxMatch-3)<<16)
	d.litMark = len(d.lits)
	d.copies += c - 1
	d.litFreq[257+int(lengthCode[maxMatch-3])] += uint32(c)
	d.distFreq[0] += uint32(c)
}

// Length and distance codes of RFC 1951 (3.2.5).
var (
	lengthCode  [256]uint8 // (length - 3) -> code - 257
	lengthBase  = [29]uint16{3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258}
	lengthExtra = [29]uint8{0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0}
	distBase    = [30]uint16{1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577}
	distExtra   = [30]uint8{0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13}
)

func init() {
	for c := range 29 {
		for l := int(lengthBase[c]); l < int(lengthBase[c])+1<<lengthExtra[c] && l <= 258; l++ {
			lengthCode[l-3] = uint8(c)
		}
	}
}

// distCode returns the code of distance d (1..32768).
func distCode(d int) int {
	if d <= 4 {
		return d - 1
	}
	// Codes come in pairs per power of two: the top bit's position and the
	// bit below it.
	b := bits.Len(uint(d-1)) - 1
	return 2*b + int((d-1)>>(b-1)&1)
}

// cl is the order in which code length code lengths are sent.
var clOrder = [19]uint8{16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15}

// writeBlock writes the pending tokens as one block with dynamic Huffman
// codes, the last one if final.
func (d *rowDeflater) writeBlock(final bool) {
	if len(d.lits)+len(d.seqs) == 0 && !final {
		return
	}
	countBytes(&d.litFreq, d.lits)
	var c blockCodes
	c.build(&d.litFreq, &d.distFreq)
	c.writeHeader(&d.bw, final)
	w := &d.bw
	w.tokens(d.lits, d.seqs, &c.litCode, &c.litLen, &c.distCode, &c.distLen)
	w.write(uint64(c.litCode[256]), uint(c.litLen[256]))
	w.flush()

	d.lits, d.seqs, d.litMark, d.copies = d.lits[:0], d.seqs[:0], 0, 0
	d.litFreq, d.distFreq = [286]uint32{}, [30]uint32{}
}

// blockCodes are the Huffman codes of one dynamic block and its header's
// code-length codes (RFC 1951, 3.2.7).
type blockCodes struct {
	litLen   [286]uint8
	distLen  [30]uint8
	litCode  [286]uint16
	distCode [30]uint16
	hlit     int
	hdist    int
	rle      [286 + 30]uint16 // the code lengths, run-length coded: symbol | extra<<8
	nr       int
	clLen    [19]uint8
	clCode   [19]uint16
	hclen    int
}

// build makes the codes for a block whose literal/length and distance
// symbols occur litFreq and distFreq times (the end-of-block symbol is
// counted here; both arrays are changed: see atLeastTwo).
func (c *blockCodes) build(litFreq *[286]uint32, distFreq *[30]uint32) {
	litFreq[256] = 1
	atLeastTwo(litFreq[:])
	atLeastTwo(distFreq[:])
	huffLengths(litFreq[:], c.litLen[:], 15)
	huffLengths(distFreq[:], c.distLen[:], 15)
	canonical(c.litLen[:], c.litCode[:])
	canonical(c.distLen[:], c.distCode[:])
	hlit := 286
	for hlit > 257 && c.litLen[hlit-1] == 0 {
		hlit--
	}
	hdist := 30
	for hdist > 1 && c.distLen[hdist-1] == 0 {
		hdist--
	}
	c.hlit, c.hdist = hlit, hdist

	// Run-length code the code lengths (symbols 16, 17, 18).
	var lens [286 + 30]uint8
	n := copy(lens[:], c.litLen[:hlit])
	n += copy(lens[n:], c.distLen[:hdist])
	rle := &c.rle
	nr := 0
	var clFreq [19]uint32
	for i := 0; i < n; {
		v := lens[i]
		run := 1
		for i+run < n && lens[i+run] == v {
			run++
		}
		i += run
		if v == 0 {
			for run >= 11 {
				k := min(run, 138)
				rle[nr] = 18 | uint16(k-11)<<8
				nr++
				clFreq[18]++
				run -= k
			}
			if run >= 3 {
				rle[nr] = 17 | uint16(run-3)<<8
				nr++
				clFreq[17]++
				run = 0
			}
		} else {
			rle[nr] = uint16(v)
			nr++
			clFreq[v]++
			run--
			for run >= 3 {
				k := min(run, 6)
				rle[nr] = 16 | uint16(k-3)<<8
				nr++
				clFreq[16]++
				run -= k
			}
		}
		for ; run > 0; run-- {
			rle[nr] = uint16(v)
			nr++
			clFreq[v]++
		}
	}
	c.nr = nr
	atLeastTwo(clFreq[:])
	huffLengths(clFreq[:], c.clLen[:], 7)
	canonical(c.clLen[:], c.clCode[:])
	hclen := 19
	for hclen > 4 && c.clLen[clOrder[hclen-1]] == 0 {
		hclen--
	}
	c.hclen = hclen
}

// rleExtra is how many extra bits each code-length symbol carries.
var rleExtra = [19]uint8{16: 2, 17: 3, 18: 7}

// writeHeader writes the block header: BFINAL, BTYPE 2 and the codes.
func (c *blockCodes) writeHeader(w *bitWriter, final bool) {
	fin := uint64(0)
	if final {
		fin = 1
	}
	w.write(fin|2<<1, 3)
	w.write(uint64(c.hlit-257)|uint64(c.hdist-1)<<5|uint64(c.hclen-4)<<10, 14)
	for _, s := range clOrder[:c.hclen] {
		w.write(uint64(c.clLen[s]), 3)
	}
	for _, r := range c.rle[:c.nr] {
		s := r & 0xff
		w.write(uint64(c.clCode[s]), uint(c.clLen[s]))
		if e := rleExtra[s]; e != 0 {
			w.write(uint64(r>>8), uint(e))
		}
	}
}

// headerBits is the size of the block header writeHeader writes.
func (c *blockCodes) headerBits() int {
	n := 3 + 14 + 3*c.hclen
	for _, r := range c.rle[:c.nr] {
		s := r & 0xff
		n += int(c.clLen[s]) + int(rleExtra[s])
	}
	return n
}

// atLeastTwo gives two symbols a count when fewer have one, so every
// Huffman code built is complete (some decoders refuse a one-code tree).
func atLeastTwo(freq []uint32) {
	used := 0
	for _, f := range freq {
		if f != 0 {
			used++
		}
	}
	for i := 0; used < 2; i++ {
		if freq[i] == 0 {
			freq[i] = 1
			used++
		}
	}
}

// huffLengths sets lens to the code lengths of a Huffman code for freq
// with no code longer than maxBits (at least two counts must be nonzero).
func huffLengths(freq []uint32, lens []uint8, maxBits int) {
	var syms [286]uint64 // freq<<16 | symbol, sorted ascending
	n := 0
	for s, f := range freq {
		lens[s] = 0
		if f != 0 {
			syms[n] = uint64(f)<<16 | uint64(s)
			n++
		}
	}
	sortSyms(syms[:n])
	// Two-queue Huffman: leaves in ascending order, internal nodes are
	// made in ascending order too. parent[i] for leaves 0..n-1 and nodes
	// n..2n-2.
	var weight [2 * 286]uint64
	var parent [2 * 286]int
	for i := range n {
		weight[i] = syms[i] >> 16
	}
	leaf, node, next := 0, n, n
	pick := func() int {
		if leaf < n && (node >= next || weight[leaf] <= weight[node]) {
			leaf++
			return leaf - 1
		}
		node++
		return node - 1
	}
	for next < 2*n-1 {
		a, b := pick(), pick()
		weight[next] = weight[a] + weight[b]
		parent[a], parent[b] = next, next
		next++
	}
	// Depths from the root (node 2n-2) down; count leaves per length.
	var depth [2 * 286]int
	var count [64]int
	depth[2*n-2] = 0
	for i := 2*n - 3; i >= 0; i-- {
		depth[i] = depth[parent[i]] + 1
	}
	for i := range n {
		count[depth[i]]++
	}
	// Limit lengths to maxBits, keeping the Kraft sum exactly one: move
	// the deeper leaves up, then lengthen codes until the sum fits.
	for l := maxBits + 1; l < 64; l++ {
		count[maxBits] += count[l]
		count[l] = 0
	}
	total := 0
	for l := 1; l <= maxBits; l++ {
		total += count[l] << (maxBits - l)
	}
	for total > 1<<maxBits {
		count[maxBits]--
		for l := maxBits - 1; l > 0; l-- {
			if count[l] != 0 {
				count[l]--
				count[l+1] += 2
				break
			}
		}
		total--
	}
	// The rarest symbols get the longest codes.
	i := 0
	for l := maxBits; l > 0; l-- {
		for range count[l] {
			lens[syms[i]&0xffff] = uint8(l)
			i++
		}
	}
}

// sortSyms sorts freq<<16 | symbol entries, given in symbol order,
// ascending: by stable counting passes over the count's bytes when counts
// are below 2^16 (a block's always are), one pass when all are below 256,
// else by slices.Sort. The bucket starts are summed in a register: summed
// in place, each waited on the store before it.
func sortSyms(a []uint64) {
	var or uint64
	for _, v := range a {
		or |= v
	}
	if or>>32 != 0 || len(a) < 32 {
		slices.Sort(a)
		return
	}
	var tmp [286]uint64
	src, dst := a, tmp[:len(a)]
	for shift := uint(16); shift <= 24 && or>>shift != 0; shift += 8 {
		var start [256]int32
		for _, v := range src {
			start[v>>shift&0xff]++
		}
		sum := int32(0)
		for i, c := range start {
			start[i] = sum
			sum += c
		}
		for _, v := range src {
			b := v >> shift & 0xff
			dst[start[b]] = v
			start[b]++
		}
		src, dst = dst, src
	}
	copy(a, src) // after one pass the entries are in tmp
}

// canonical sets codes to the canonical Huffman codes of lens, bit
// reversed, as deflate writes them least significant bit first.
func canonical(lens []uint8, codes []uint16) {
	var count [16]uint16
	for _, l := range lens {
		count[l]++
	}
	count[0] = 0
	var next [16]uint16
	c := uint16(0)
	for l := 1; l < 16; l++ {
		c = (c + count[l-1]) << 1
		next[l] = c
	}
	for s, l := range lens {
		if l != 0 {
			codes[s] = bits.Reverse16(next[l]) >> (16 - l)
			next[l]++
		}
	}
}

// bitWriter packs bits least significant first and writes them to w in
// chunks.
type bitWriter struct {
	w     io.Writer
	acc   uint64
	nbits uint
	buf   []byte
	err   error
}

func (b *bitWriter) reset(w io.Writer) {
	b.w, b.acc, b.nbits, b.err = w, 0, 0, nil
	if b.buf == nil {
		b.buf = make([]byte, 0, 32<<10)
	}
	b.buf = b.buf[:0]
}

// write appends the n (<= 32) low bits of v.
func (b *bitWriter) write(v uint64, n uint) {
	b.acc |= v << b.nbits
	b.nbits += n
	if b.nbits >= 32 {
		b.buf = binary.LittleEndian.AppendUint32(b.buf, uint32(b.acc))
		b.acc >>= 32
		b.nbits -= 32
		if len(b.buf) >= cap(b.buf)-8 {
			b.flush()
		}
	}
}

// tokens writes the codes of a block's literals and matches (seqs, as
// rowDeflater keeps them). The bit buffer stays in registers and whole
// bytes are stored eight at a time without a branch, into room made for
// the longest codes beforehand.
func (b *bitWriter) tokens(lits []byte, seqs []uint64, litCode *[286]uint16, litLen *[286]uint8, distCodes *[30]uint16, distLen *[30]uint8) {
	n := len(seqs)
	for _, q := range seqs {
		n += int(q >> 56) // the copies after the first
	}
	need := (15*len(lits)+48*n)/8 + 16
	if cap(b.buf)-len(b.buf) < need {
		b.flush()
		if cap(b.buf) < need {
			b.buf = make([]byte, 0, need)
		}
	}
	acc, nbits := b.acc, b.nbits
	pos := len(b.buf)
	buf := b.buf[:cap(b.buf)]
	// Every put leaves at most 7 bits pending and adds at most 57, so
	// the shifts stay below 64 (masked, they need no check).
	put := func(v uint64, n uint) {
		acc |= v << (nbits & 63)
		nbits += n
		binary.LittleEndian.PutUint64(buf[pos:pos+8], acc)
		k := nbits >> 3
		pos += int(k)
		acc >>= (k << 3) & 63
		nbits &= 7
	}
	// The header's writes may leave up to 31 bits pending: store their
	// whole bytes first, so that at most 7 are pending before each token
	// (a match's 48 bits or four 14-bit literals and 31 pending bits
	// would not fit in acc).
	put(0, 0)
	// A literal's code and its length in one word: code<<8 | length.
	var lt [256]uint32
	maxLen := uint8(0)
	for c := range lt {
		lt[c] = uint32(litCode[c])<<8 | uint32(litLen[c])
		maxLen = max(maxLen, litLen[c])
	}
	// Literals are read four at a time past a run's end (masked off):
	// make sure the block's last ones have room after them.
	if cap(lits)-len(lits) < 4 {
		lits = append(lits, 0, 0, 0, 0)[:len(lits)]
	}
	all := lits[:cap(lits)]
	group := 3
	if maxLen <= 14 {
		group = 4
	}
	l := 0
	for i := 0; ; i++ {
		// The literals before seqs[i] (after the last, those left).
		k := len(lits) - l
		if i < len(seqs) {
			k = int(seqs[i] >> 32 & 0xffffff)
		}
		// Four literals (at most 56 bits) go in before the whole bytes
		// are stored where no literal's code is longer than 14 bits
		// (nearly every block's), else three (at most 45). The codes are
		// joined first, off the chain through the bit count; the codes
		// past the group, or past the run in its last group, are cut off,
		// so a run costs one loop (and one mispredicted exit).
		for j := l; j < l+k; j += group {
			q := all[j : j+4 : j+4]
			e0, e1, e2, e3 := lt[q[0]], lt[q[1]], lt[q[2]], lt[q[3]]
			var ns [4]uint
			ns[0] = uint(uint8(e0))
			ns[1] = ns[0] + uint(uint8(e1))
			ns[2] = ns[1] + uint(uint8(e2))
			ns[3] = ns[2] + uint(uint8(e3))
			v := uint64(e0>>8) | uint64(e1>>8)<<(ns[0]&63) | uint64(e2>>8)<<(ns[1]&63) | uint64(e3>>8)<<(ns[2]&63)
			n := ns[(min(l+k-j, group)-1)&3]
			put(v&(1<<(n&63)-1), n)
		}
		l += k
		if i == len(seqs) {
			break
		}
		q := seqs[i]
		n := int(q>>16&0xff) + 3
		dist := int(q&0xffff) + 1
		lc := lengthCode[n-3]
		dc := q >> 24 & 31
		// code, length extra bits, distance code, distance extra bits:
		// at most 15+5+15+13 = 48 bits.
		v := uint64(litCode[257+int(lc)]) | uint64(n-int(lengthBase[lc]))<<(litLen[257+int(lc)]&63)
		nb := uint(litLen[257+int(lc)]) + uint(lengthExtra[lc])
		v |= (uint64(distCodes[dc]) | uint64(dist-int(distBase[dc]))<<(distLen[dc]&63)) << (nb & 63)
		nb += uint(distLen[dc]) + uint(distExtra[dc])
		for c := q >> 56; ; c-- { // and its copies
			put(v, nb)
			if c == 0 {
				break
			}
		}
	}
	b.acc, b.nbits, b.buf = acc, nbits, buf[:pos]
}

// countBytes adds to freq how often each byte value occurs in p, with
// four tables so that runs of one value do not wait on one counter.
func countBytes(freq *[286]uint32, p []byte) {
	var t [4][256]uint32
	i := 0
	for ; i+4 <= len(p); i += 4 {
		q := p[i : i+4 : i+4]
		t[0][q[0]]++
		t[1][q[1]]++
		t[2][q[2]]++
		t[3][q[3]]++
	}
	for ; i < len(p); i++ {
		t[0][p[i]]++
	}
	for c := range 256 {
		freq[c] += t[0][c] + t[1][c] + t[2][c] + t[3][c]
	}
}

// flush hands the whole bytes written so far to w.
func (b *bitWriter) flush() {
	if len(b.buf) > 0 && b.err == nil {
		_, b.err = b.w.Write(b.buf)
	}
	b.buf = b.buf[:0]
}

// flushAll pads the last byte with zero bits and flushes.
func (b *bitWriter) flushAll() {
	for b.nbits > 0 {
		b.buf = append(b.buf, byte(b.acc))
		b.acc >>= 8
		b.nbits -= min(8, b.nbits)
	}
	b.acc, b.nbits = 0, 0
	b.flush()
}
