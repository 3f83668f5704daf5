package pngenc

import "math"

// filterWith writes to out the row cur filtered with filter type ft (0-4,
// PNG's None, Sub, Up, Average, Paeth), prev being the row above (zeros
// for the first row), bpp bytes per pixel.
func filterWith(ft byte, cur, prev, out []byte, bpp int) {
	switch ft {
	case 0:
		copy(out, cur)
	case 1:
		copy(out[:bpp], cur[:bpp])
		for i := bpp; i < len(cur); i++ {
			out[i] = cur[i] - cur[i-bpp]
		}
	case 2:
		for i := range cur {
			out[i] = cur[i] - prev[i]
		}
	case 3:
		for i := range bpp {
			out[i] = cur[i] - prev[i]/2
		}
		for i := bpp; i < len(cur); i++ {
			out[i] = cur[i] - byte((int(cur[i-bpp])+int(prev[i]))/2)
		}
	case 4:
		for i := range bpp {
			out[i] = cur[i] - prev[i]
		}
		for i := bpp; i < len(cur); i++ {
			a, b, c := int(cur[i-bpp]), int(prev[i]), int(prev[i-bpp])
			pa, pb, pc := absDiff(b, c), absDiff(a, c), absDiff(a+b, 2*c)
			p := c
			if pa <= pb && pa <= pc {
				p = a
			} else if pb <= pc {
				p = b
			}
			out[i] = cur[i] - byte(p)
		}
	}
}

func absDiff(a, b int) int {
	if a < b {
		return b - a
	}
	return a - b
}

// filterStrategy picks a row's filter from the five filtered candidates.
type filterStrategy interface {
	pick(cands *[5][]byte) byte
	// chosen is told the row that was added (filter type byte first).
	chosen(row []byte)
}

// fixedFilter uses one filter for every row.
type fixedFilter byte

func (f fixedFilter) pick(*[5][]byte) byte { return byte(f) }
func (fixedFilter) chosen([]byte)          {}

// minSum picks the filter whose residuals, as signed bytes, have the
// smallest sum of magnitudes (libpng's and image/png's heuristic).
type minSum struct{}

func (minSum) pick(cands *[5][]byte) byte {
	best, bestSum := byte(0), -1
	for ft, c := range cands {
		s := 0
		for _, v := range c[1:] {
			s += absDiff(int(int8(v)), 0)
		}
		if bestSum < 0 || s < bestSum {
			best, bestSum = byte(ft), s
		}
	}
	return best
}

func (minSum) chosen([]byte) {}

// trialFilter picks, for each row, the filter whose row costs the fewest
// bits when compressed after the rows chosen so far: a quick greedy parse
// of the candidate row against the last 32 KiB of chosen rows (a short
// hash chain, plus runs and copies of the pixel to the left within the
// row), each symbol charged by how often the parses of the chosen rows
// used it (literals and lengths share one alphabet, as in deflate).
type trialFilter struct {
	bpp      int
	near     []int // distances always tried
	chain    int
	hist     []byte  // the last of the chosen rows (at least a window's worth)
	off      int     // the position of hist[0] among all chosen bytes
	head     []int32 // hash of three bytes -> latest position + 1
	prev     []int32 // position mod windowSize -> previous position + 1
	litFreq  [286]uint32
	distFreq [30]uint32
	m        costModel
}

func newTrialFilter(bpp, stride int) *trialFilter {
	t := &trialFilter{bpp: bpp, chain: 8, head: make([]int32, 1<<bestHash), prev: make([]int32, windowSize)}
	t.near = []int{1, bpp, stride - bpp, stride, stride + bpp}
	t.m.fixed()
	return t
}

func (t *trialFilter) pick(cands *[5][]byte) byte {
	best, bestCost := byte(0), float32(math.Inf(1))
	// Paeth first: a tie keeps it (its rows compress best on the whole).
	for _, ft := range [5]byte{4, 2, 1, 3, 0} {
		if k := t.parse(cands[ft], bestCost, false); k < bestCost {
			best, bestCost = ft, k
		}
	}
	return best
}

// parse is the bits row would cost after hist, stopping once it passes
// limit; commit counts its symbols.
func (t *trialFilter) parse(row []byte, limit float32, commit bool) float32 {
	base := len(t.hist)
	data := append(t.hist, row...)
	t.hist = data[:base]
	bits := float32(0)
	for i := base; i < len(data); {
		if bits > limit {
			return bits
		}
		maxLen := min(maxMatch, len(data)-i)
		bestLen, bestDist := 0, 0
		if maxLen >= 3 {
			// Runs, the pixel to the left and the rows above.
			for _, d := range t.near {
				if d <= i && d <= windowSize {
					if l := matchLen(data, i-d, i, i+maxLen); l > bestLen {
						bestLen, bestDist = l, d
					}
				}
			}
			if bestLen < maxLen {
				c := int(t.head[hash3(data[i:])]) - 1 // a position of hist
				for tries := t.chain; c >= t.off && i+t.off-c <= windowSize && tries > 0; tries-- {
					if l := matchLen(data, c-t.off, i, i+maxLen); l > bestLen {
						bestLen, bestDist = l, i+t.off-c
						if l == maxLen {
							break
						}
					}
					nc := int(t.prev[c&(windowSize-1)]) - 1
					if nc >= c {
						break
					}
					c = nc
				}
			}
		}
		if bestLen >= 3 {
			dc := distCode(bestDist)
			bits += t.m.length[bestLen] + t.m.dist[dc]
			if commit {
				t.litFreq[257+int(lengthCode[bestLen-3])]++
				t.distFreq[dc]++
			}
			i += bestLen
			continue
		}
		bits += t.m.lit[data[i]]
		if commit {
			t.litFreq[data[i]]++
		}
		i++
	}
	return bits
}

// chosen adds row to the history, counts its symbols and rebuilds the
// costs from the counts (halved now and then, so they follow the
// picture).
func (t *trialFilter) chosen(row []byte) {
	t.parse(row, float32(math.Inf(1)), true)
	base := len(t.hist)
	t.hist = append(t.hist, row...)
	for p := max(0, base-2); p+3 <= len(t.hist); p++ {
		h := hash3(t.hist[p:])
		a := t.off + p
		t.prev[a&(windowSize-1)] = t.head[h]
		t.head[h] = int32(a + 1)
	}
	if len(t.hist) > 4*windowSize {
		drop := len(t.hist) - windowSize
		t.hist = t.hist[:copy(t.hist, t.hist[drop:])]
		t.off += drop
	}
	total := uint32(0)
	for _, f := range t.litFreq {
		total += f
	}
	if total > 1<<16 {
		for i := range t.litFreq {
			t.litFreq[i] >>= 1
		}
		for i := range t.distFreq {
			t.distFreq[i] >>= 1
		}
	}
	t.m.fromCounts(&t.litFreq, &t.distFreq)
}

// minEntropy picks the filter whose row's byte values have the least
// information content (Shannon entropy times length).
type minEntropy struct{}

func (minEntropy) pick(cands *[5][]byte) byte {
	best, bestBits := byte(0), math.Inf(1)
	for ft, c := range cands {
		var h [256]int32
		for _, v := range c[1:] {
			h[v]++
		}
		n := float64(len(c) - 1)
		bits := 0.0
		for _, k := range h {
			if k > 0 {
				bits -= float64(k) * math.Log2(float64(k)/n)
			}
		}
		if bits < bestBits {
			best, bestBits = byte(ft), bits
		}
	}
	return best
}

func (minEntropy) chosen([]byte) {}
