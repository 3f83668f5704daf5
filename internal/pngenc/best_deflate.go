package pngenc

import (
	"context"
	"io"
	"math"
)

// bestDeflater is the slow deflate (RFC 1951) of EncodeBest: it spends
// CPU to find the token sequence that costs the fewest bits, where the
// row deflater takes the first good match.
//
//   - Matches: a hash chain over three-byte prefixes, nearest first, gives
//     for each position every match length reachable and the nearest
//     distance for it.
//   - Parse: the cheapest path through the positions (each a literal or a
//     match of any length from 3 to its longest) under a cost model of
//     bits per symbol, found by dynamic programming. The model starts as
//     deflate's fixed codes and is then rebuilt from the symbol counts of
//     the previous parse, a few rounds, so the parse and the codes it
//     will get agree. Where a match is as long as a token can be
//     (bestEffort.longCut), it is taken as it is: inside long runs there is nothing
//     to choose.
//   - Blocks: the parse is cut into stretches of about splitTokens
//     tokens, and neighbours are merged while one block of the two costs
//     fewer bits than two (codes and header counted); each block is then
//     parsed again under its own counts.
//
// Input is handled a chunk (bestChunk bytes) at a time, the window
// running on across chunks, so memory stays bounded for any picture.
type bestDeflater struct {
	ctx   context.Context
	err   error // ctx's error once seen: the work stops
	steps int   // positions handled since ctx was last looked at
	cfg   bestEffort
	near  []int // distances tried besides the hash chain's (the rows above)
	data  []byte
	head  []int32 // hash of three bytes -> latest position + 1 (0: none)
	prev  []int32 // position mod windowSize -> the previous position + 1 with its hash
	moff  []int32 // chunk position -> its first match in ms (len: chunk + 1)
	ms    []uint32
	cost  []float32
	from  []uint32 // the token arriving at a position: length<<16 | distance (distance 0: literal)
	toks  []uint32 // a parse, in order (same packing as from)
	spare []uint32
	out   rowDeflater // token buffer and block writer
}

// bestEffort tunes bestDeflater.
type bestEffort struct {
	longCut int // a match this long is taken as it is
	chain   int // hash chain entries tried per position
	rounds  int // parses of a chunk under rebuilt models
	reparse int // parses of each block under its own counts
	split   bool
}

const (
	bestChunk = 1 << 20
	bestHash  = 16
)

// deflateBest writes the raw deflate stream of data to w.
//
// stride is the length of a filtered row and bpp of a pixel: matches a
// row or two above, a few pixels either side, are always tried (the hash
// chain's nearest entries may not reach that far).
func deflateBest(ctx context.Context, w io.Writer, data []byte, stride, bpp int, cfg bestEffort) error {
	b := &bestDeflater{ctx: ctx, cfg: cfg, data: data}
	for _, r := range [2]int{stride, 2 * stride} {
		for k := -2; k <= 2; k++ {
			if d := r + k*bpp; d >= 1 && d <= windowSize {
				b.near = append(b.near, d)
			}
		}
	}
	b.head = make([]int32, 1<<bestHash)
	b.prev = make([]int32, windowSize)
	b.out.bw.reset(w)
	if len(data) == 0 {
		b.out.writeBlock(true)
		b.out.bw.flushAll()
		return b.out.bw.err
	}
	for c0 := 0; c0 < len(data); c0 += bestChunk {
		c1 := min(len(data), c0+bestChunk)
		b.chunk(c0, c1, c1 == len(data))
		if b.err != nil {
			return b.err
		}
		if b.out.bw.err != nil {
			return b.out.bw.err
		}
	}
	b.out.bw.flushAll()
	return b.out.bw.err
}

// ctxEvery is how many positions the deflater handles between looks at
// its context: a few milliseconds of work at most.
const ctxEvery = 4096

// stopped counts n positions handled and reports whether the context is
// done (looking at it every ctxEvery positions).
func (b *bestDeflater) stopped(n int) bool {
	if b.err != nil {
		return true
	}
	if b.steps += n; b.steps < ctxEvery {
		return false
	}
	b.steps = 0
	b.err = b.ctx.Err()
	return b.err != nil
}

func hash3(p []byte) uint32 {
	v := uint32(p[0]) | uint32(p[1])<<8 | uint32(p[2])<<16
	return (v * 0x9e3779b1) >> (32 - bestHash)
}

// findAll records the matches of every position of data[c0:c1] that the
// parse will look at (matches stop at c1), and enters every position in
// the hash chain.
func (b *bestDeflater) findAll(c0, c1 int) {
	n := c1 - c0
	b.moff = growInt32(b.moff, n+1)
	b.ms = b.ms[:0]
	data := b.data
	next := c0 // the next position the parse looks at
	for p := c0; p < c1; p++ {
		if b.stopped(1) {
			return
		}
		b.moff[p-c0] = int32(len(b.ms))
		if p+3 > len(data) {
			continue
		}
		h := hash3(data[p:])
		if p >= next {
			maxLen := b.find(p, h, c1)
			next = p + 1
			if maxLen >= b.cfg.longCut {
				next = p + maxLen
			}
		}
		b.prev[p&(windowSize-1)] = b.head[h]
		b.head[h] = int32(p + 1)
	}
	b.moff[n] = int32(len(b.ms))
}

// find appends to b.ms the matches at p (stopping at limit): for each
// longer length found, length<<16 | distance, nearest first, and returns
// the longest length (0 if none).
func (b *bestDeflater) find(p int, h uint32, limit int) int {
	data := b.data
	maxLen := min(maxMatch, limit-p)
	if maxLen < 3 {
		return 0
	}
	best := 2
	c := int(b.head[h]) - 1
	for tries := b.cfg.chain; c >= 0 && p-c <= windowSize && tries > 0; tries-- {
		if data[c+best] == data[p+best] && data[c] == data[p] {
			l := matchLen(data, c, p, p+maxLen)
			if l > best {
				best = l
				b.ms = append(b.ms, uint32(l)<<16|uint32(p-c))
				if l == maxLen {
					break
				}
			}
		}
		nc := int(b.prev[c&(windowSize-1)]) - 1
		if nc >= c {
			break
		}
		c = nc
	}
	for _, d := range b.near {
		if best == maxLen {
			break
		}
		if c := p - d; c >= 0 && data[c+best] == data[p+best] {
			if l := matchLen(data, c, p, p+maxLen); l > best {
				best = l
				b.ms = append(b.ms, uint32(l)<<16|uint32(d))
			}
		}
	}
	if best < 3 {
		return 0
	}
	return best
}

// costModel is the bits a parse is charged per symbol.
type costModel struct {
	lit    [256]float32
	length [maxMatch + 1]float32 // length code and extra bits
	dist   [30]float32           // distance code and extra bits
}

// fixed sets the model to deflate's fixed codes.
func (m *costModel) fixed() {
	for c := range m.lit {
		m.lit[c] = 8
		if c >= 144 {
			m.lit[c] = 9
		}
	}
	for l := 3; l <= maxMatch; l++ {
		lc := int(lengthCode[l-3])
		bitsLen := float32(7)
		if 257+lc >= 280 {
			bitsLen = 8
		}
		m.length[l] = bitsLen + float32(lengthExtra[lc])
	}
	for d := range m.dist {
		m.dist[d] = 5 + float32(distExtra[d])
	}
}

// fromCounts sets the model to the information content of each symbol
// under the counts of a parse (a symbol not seen costs a little more than
// one seen once).
func (m *costModel) fromCounts(lf *[286]uint32, df *[30]uint32) {
	cost := func(f, total uint32) float32 {
		if total == 0 {
			return 8
		}
		if f == 0 {
			return float32(math.Log2(float64(total))) + 1
		}
		return float32(math.Log2(float64(total) / float64(f)))
	}
	var lt, dt uint32
	for _, f := range lf {
		lt += f
	}
	for _, f := range df {
		dt += f
	}
	for c := range m.lit {
		m.lit[c] = cost(lf[c], lt)
	}
	for l := 3; l <= maxMatch; l++ {
		lc := int(lengthCode[l-3])
		m.length[l] = cost(lf[257+lc], lt) + float32(lengthExtra[lc])
	}
	for d := range m.dist {
		m.dist[d] = cost(df[d], dt) + float32(distExtra[d])
	}
}

// counts adds the symbols of toks to lf and df.
func counts(toks []uint32, data []byte, p int, lf *[286]uint32, df *[30]uint32) {
	for _, t := range toks {
		l, d := int(t>>16), int(t&0xffff)
		if d == 0 {
			lf[data[p]]++
		} else {
			lf[257+int(lengthCode[l-3])]++
			df[distCode(d)]++
		}
		p += l
	}
}

// parse finds the cheapest tokens for data[lo:hi] (chunk c0's positions,
// found by findAll) under m, into b.toks. lo must be a position the parse
// of the chunk looks at, and hi its end or the end of one of its tokens.
func (b *bestDeflater) parse(c0, lo, hi int, m *costModel) {
	n := hi - lo
	b.cost = growFloat32(b.cost, n+1)
	b.from = growUint32(b.from, n+1)
	inf := float32(math.Inf(1))
	for i := range b.cost[:n+1] {
		b.cost[i] = inf
	}
	b.cost[0] = 0
	data := b.data
	cost, from := b.cost[:n+1], b.from[:n+1]
	for p := lo; p < hi; {
		if b.stopped(1) {
			return // b.toks is not a parse: chunk stops
		}
		i := p - lo
		c0p := cost[i]
		ms := b.ms[b.moff[p-c0]:b.moff[p-c0+1]]
		if len(ms) > 0 {
			last := ms[len(ms)-1]
			if l := int(last >> 16); l >= b.cfg.longCut {
				// A token as long as they come: taken as it is.
				d := int(last & 0xffff)
				c := c0p + m.length[l] + m.dist[distCode(d)]
				if c < cost[i+l] {
					cost[i+l], from[i+l] = c, last
				}
				p += l
				continue
			}
		}
		if c := c0p + m.lit[data[p]]; c < cost[i+1] {
			cost[i+1], from[i+1] = c, 1<<16
		}
		prevLen := 2
		for _, e := range ms {
			l, d := min(int(e>>16), hi-p), int(e&0xffff)
			dc := c0p + m.dist[distCode(d)]
			for k := prevLen + 1; k <= l; k++ {
				if c := dc + m.length[k]; c < cost[i+k] {
					cost[i+k], from[i+k] = c, uint32(k)<<16|uint32(d)
				}
			}
			prevLen = max(prevLen, l)
		}
		p++
	}
	// Walk back from the end, then put the tokens in order.
	toks := b.toks[:0]
	for i := n; i > 0; {
		t := from[i]
		toks = append(toks, t)
		i -= int(t >> 16)
	}
	for i, j := 0, len(toks)-1; i < j; i, j = i+1, j-1 {
		toks[i], toks[j] = toks[j], toks[i]
	}
	b.toks = toks
}

// chunk parses and writes data[c0:c1].
// It stops, writing nothing more, once b.err is set.
func (b *bestDeflater) chunk(c0, c1 int, last bool) {
	if b.findAll(c0, c1); b.err != nil {
		return
	}
	var m costModel
	m.fixed()
	if b.parse(c0, c0, c1, &m); b.err != nil {
		return
	}
	for range max(1, b.cfg.rounds) - 1 {
		if b.refit(c0, c0, c1, &m); b.err != nil {
			return
		}
	}
	// Block boundaries, as positions.
	bounds := []int{c0, c1}
	if b.cfg.split {
		bounds = b.split(c0)
	}
	whole := append(b.spare[:0], b.toks...)
	b.spare = whole
	p, t := c0, 0
	for k := 0; k+1 < len(bounds); k++ {
		lo, hi := bounds[k], bounds[k+1]
		// The whole-chunk parse's tokens of this block.
		t0 := t
		for p < hi {
			p += int(whole[t] >> 16)
			t++
		}
		b.toks = append(b.toks[:0], whole[t0:t]...)
		for range b.cfg.reparse {
			if b.refit(c0, lo, hi, &m); b.err != nil {
				return
			}
		}
		b.emit(lo, b.toks)
		b.out.writeBlock(last && hi == c1)
	}
}

// refit sets m to the counts of the parse in b.toks (of data[lo:hi]) and
// parses data[lo:hi] again under it.
func (b *bestDeflater) refit(c0, lo, hi int, m *costModel) {
	var lf [286]uint32
	var df [30]uint32
	counts(b.toks, b.data, lo, &lf, &df)
	lf[256] = 1
	m.fromCounts(&lf, &df)
	b.parse(c0, lo, hi, m)
}

// emit adds toks, starting at position p, to the pending block.
func (b *bestDeflater) emit(p int, toks []uint32) {
	d := &b.out
	for _, t := range toks {
		l, dist := int(t>>16), int(t&0xffff)
		if dist == 0 {
			d.literal(b.data[p])
		} else {
			d.copy(l, dist, distCode(dist))
		}
		p += l
	}
}

// split cuts b.toks (a parse of the chunk from c0) into blocks: stretches
// of splitTokens tokens, neighbours merged while that saves bits. It
// returns the block boundaries as positions (first c0, last the end).
func (b *bestDeflater) split(c0 int) []int {
	type seg struct {
		pos, end int // positions covered
		lf       [286]uint32
		df       [30]uint32
		bits     int
	}
	var segs []*seg
	p := c0
	for t := 0; t < len(b.toks); t += splitTokens {
		e := min(len(b.toks), t+splitTokens)
		s := &seg{pos: p}
		counts(b.toks[t:e], b.data, p, &s.lf, &s.df)
		for _, tk := range b.toks[t:e] {
			p += int(tk >> 16)
		}
		s.end = p
		s.bits = blockBits(&s.lf, &s.df)
		segs = append(segs, s)
	}
	for len(segs) > 1 {
		bestGain, at := 0, -1
		var bestMerged *seg
		for i := 0; i+1 < len(segs); i++ {
			a, c := segs[i], segs[i+1]
			m := &seg{pos: a.pos, end: c.end}
			for k := range m.lf {
				m.lf[k] = a.lf[k] + c.lf[k]
			}
			for k := range m.df {
				m.df[k] = a.df[k] + c.df[k]
			}
			m.bits = blockBits(&m.lf, &m.df)
			if g := a.bits + c.bits - m.bits; g > bestGain {
				bestGain, at, bestMerged = g, i, m
			}
		}
		if at < 0 {
			break
		}
		segs[at] = bestMerged
		segs = append(segs[:at+1], segs[at+2:]...)
	}
	bounds := make([]int, 0, len(segs)+1)
	for _, s := range segs {
		bounds = append(bounds, s.pos)
	}
	return append(bounds, segs[len(segs)-1].end)
}

// blockBits is the size of a dynamic block with these symbol counts, but
// for the extra bits of lengths and distances (the same however the
// tokens are cut into blocks).
func blockBits(lf *[286]uint32, df *[30]uint32) int {
	l, d := *lf, *df
	var c blockCodes
	c.build(&l, &d)
	n := c.headerBits()
	for s, f := range lf {
		n += int(f) * int(c.litLen[s])
	}
	for s, f := range df {
		n += int(f) * int(c.distLen[s])
	}
	return n + int(c.litLen[256])
}

func growInt32(b []int32, n int) []int32 {
	if cap(b) < n {
		return make([]int32, n)
	}
	return b[:n]
}

func growUint32(b []uint32, n int) []uint32 {
	if cap(b) < n {
		return make([]uint32, n)
	}
	return b[:n]
}

func growFloat32(b []float32, n int) []float32 {
	if cap(b) < n {
		return make([]float32, n)
	}
	return b[:n]
}

// splitTokens is how many tokens the stretches split starts from hold.
var splitTokens = 1024
