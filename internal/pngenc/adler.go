package pngenc

import "encoding/binary"

const adlerMod = 65521

// adler32 continues the Adler-32 checksum adler (1 to start) over p.
//
// Eight bytes are taken at a time into eight lanes (two 32-bit lanes in
// each of four words): a lane sums its bytes, and a second word sums the
// running lane sums, which weights every byte by how many bytes follow it.
// The lanes are folded into s1 and s2 once per chunk. This keeps four
// independent add chains busy instead of the two serial adds per byte of
// the textbook loop (BenchmarkAdler32 against BenchmarkAdler32Stdlib).
func adler32(adler uint32, p []byte) uint32 {
	s1, s2 := adlerAcc(uint64(adler&0xffff), uint64(adler>>16), p)
	return uint32(s2%adlerMod)<<16 | uint32(s1%adlerMod)
}

// adlerAcc is adler32 on the sums s1 and s2 kept unreduced: a chunk of p
// is reduced only when more follows, so a caller summing a row's spans
// reduces once per row. s1 and s2 must be below 2^40.
func adlerAcc(s1, s2 uint64, p []byte) (uint64, uint64) {
	for len(p) >= 8 {
		n := min(len(p), adlerChunk) &^ 7
		var l adlerLanes
		l.add(p[:n])
		p = p[n:]
		s1, s2 = l.fold(s1, s2, n)
		if len(p) >= 8 {
			s1, s2 = s1%adlerMod, s2%adlerMod
		}
	}
	for _, c := range p {
		s1 += uint64(c)
		s2 += s1
	}
	return s1, s2
}

// adlerChunk is the most bytes one adlerLanes sums: K = 4096 eight-byte
// words keep the second sums below 255*K*(K+1)/2 < 2^32.
const adlerChunk = 8 * 4096

// adlerLanes sums bytes eight at a time into eight lanes (two 32-bit lanes
// in each of a0-a3: lane l holds the bytes at positions 8k+l, lanes 0-3 in
// the low halves, 4-7 in the high halves); b0-b3 add up the running lane
// sums once per word, which weights every word by how many words follow.
type adlerLanes struct{ a0, a1, a2, a3, b0, b1, b2, b3 uint64 }

// add sums q (a multiple of eight bytes) into the lanes, kept in
// registers for the loop.
func (l *adlerLanes) add(q []byte) {
	const m = 0x000000ff000000ff
	a0, a1, a2, a3, b0, b1, b2, b3 := l.a0, l.a1, l.a2, l.a3, l.b0, l.b1, l.b2, l.b3
	i := 0
	for ; i+16 <= len(q); i += 16 {
		v := binary.LittleEndian.Uint64(q[i : i+8])
		w := binary.LittleEndian.Uint64(q[i+8 : i+16])
		a0 += v & m
		a1 += v >> 8 & m
		a2 += v >> 16 & m
		a3 += v >> 24 & m
		b0 += a0
		b1 += a1
		b2 += a2
		b3 += a3
		a0 += w & m
		a1 += w >> 8 & m
		a2 += w >> 16 & m
		a3 += w >> 24 & m
		b0 += a0
		b1 += a1
		b2 += a2
		b3 += a3
	}
	for ; i+8 <= len(q); i += 8 {
		v := binary.LittleEndian.Uint64(q[i : i+8])
		a0 += v & m
		a1 += v >> 8 & m
		a2 += v >> 16 & m
		a3 += v >> 24 & m
		b0 += a0
		b1 += a1
		b2 += a2
		b3 += a3
	}
	l.a0, l.a1, l.a2, l.a3, l.b0, l.b1, l.b2, l.b3 = a0, a1, a2, a3, b0, b1, b2, b3
}

// skip adds g words of zeros: nothing to the lanes, g times each lane to
// the second sums.
func (l *adlerLanes) skip(g uint64) {
	l.b0 += g * l.a0
	l.b1 += g * l.a1
	l.b2 += g * l.a2
	l.b3 += g * l.a3
}

// fold adds the n bytes (a multiple of eight) summed in the lanes to the
// Adler sums s1 and s2.
func (l *adlerLanes) fold(s1, s2 uint64, n int) (uint64, uint64) {
	lo, hi := uint64(0xffffffff), uint64(32)
	sumA := l.a0&lo + l.a0>>hi + l.a1&lo + l.a1>>hi + l.a2&lo + l.a2>>hi + l.a3&lo + l.a3>>hi
	sumB := l.b0&lo + l.b0>>hi + l.b1&lo + l.b1>>hi + l.b2&lo + l.b2>>hi + l.b3&lo + l.b3>>hi
	// Byte j = 8k+l of the n is followed by n-j bytes (itself included),
	// 8*(K-k) - l, where the second sums count its word K-k times.
	lA := l.a1&lo + 2*(l.a2&lo) + 3*(l.a3&lo) + 4*(l.a0>>hi) + 5*(l.a1>>hi) + 6*(l.a2>>hi) + 7*(l.a3>>hi)
	return s1 + sumA, s2 + uint64(n)*s1 + 8*sumB - lA
}

// adlerSpans continues adler over row, whose bytes outside spans (as
// filterRow gives them) are zeros. The row is summed in eight lanes as
// adlerAcc does, from its start, but only the words that hold span bytes
// are read: a word of zeros adds nothing to a lane and its lane sum to the
// second sums, so a gap of g words adds g times each lane sum at once, and
// the lanes are folded once per row. Rows longer than a lane chunk go span
// by span (adlerSpansLong).
func adlerSpans(adler uint32, row []byte, spans []int32) uint32 {
	if len(row) > adlerChunk {
		return adlerSpansLong(adler, row, spans)
	}
	words := len(row) >> 3
	var l adlerLanes
	k := 0 // words summed (read or skipped)
	for i := 0; i+1 < len(spans); i += 2 {
		w0, w1 := max(k, int(spans[i])>>3), min(words, (int(spans[i+1])+7)>>3)
		if w0 >= w1 {
			continue
		}
		l.skip(uint64(w0 - k))
		l.add(row[8*w0 : 8*w1])
		k = w1
	}
	l.skip(uint64(words - k))
	s1, s2 := l.fold(uint64(adler&0xffff), uint64(adler>>16), 8*words)
	// The last bytes (fewer than eight) one by one.
	for _, c := range row[8*words:] {
		s1 += uint64(c)
		s2 += s1
	}
	return uint32(s2%adlerMod)<<16 | uint32(s1%adlerMod)
}

// adlerSpansLong is adlerSpans for rows of any length up to 4 MiB: span
// by span, the sums reduced at the end (and on the way once they pass
// 2^40), not per span.
func adlerSpansLong(adler uint32, row []byte, spans []int32) uint32 {
	s1, s2 := uint64(adler&0xffff), uint64(adler>>16)
	p := 0
	for i := 0; i+1 < len(spans); i += 2 {
		a, b := int(spans[i]), int(spans[i+1])
		s2 += uint64(a-p) * s1 // below 2^63 for rows up to 4 MiB
		if s2 >= 1<<40 {       // a long row
			s1, s2 = s1%adlerMod, s2%adlerMod
		}
		s1, s2 = adlerAcc(s1, s2, row[a:b])
		p = b
	}
	s2 += uint64(len(row)-p) * s1
	return uint32(s2%adlerMod)<<16 | uint32(s1%adlerMod)
}
