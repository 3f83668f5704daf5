package pngenc

import (
	"bytes"
	"compress/flate"
	"compress/zlib"
	"encoding/binary"
	"image"
	"image/color"
	"image/png"
	"io"
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"
)

// pathPictures are opaque and translucent pictures that drive each path of
// the filter and the deflater: rows equal to the row above (long runs),
// vertical edges (a row back), 45-degree anti-aliased edges (a row back
// plus or minus a pixel), a horizontal gradient (Paeth's left
// prediction), noise (literals), and translucent shapes (RGBA rows).
func pathPictures() map[string]*image.NRGBA {
	const w, h = 301, 97
	pics := map[string]*image.NRGBA{}
	mk := func(name string, f func(x, y int) color.NRGBA) {
		m := image.NewNRGBA(image.Rect(0, 0, w, h))
		for y := range h {
			for x := range w {
				m.SetNRGBA(x, y, f(x, y))
			}
		}
		pics[name] = m
	}
	r := rand.New(rand.NewPCG(5, 6))
	mk("flat", func(x, y int) color.NRGBA { return color.NRGBA{85, 37, 130, 255} })
	mk("vertical edges", func(x, y int) color.NRGBA {
		if x%50 < 20 {
			return color.NRGBA{255, 255, 255, 255}
		}
		return color.NRGBA{0, 122, 51, 255}
	})
	mk("diagonal", func(x, y int) color.NRGBA {
		d := (x - y) * 64 // four pixels of anti-aliasing
		v := uint8(max(0, min(255, d)))
		return color.NRGBA{v, 255 - v, 40, 255}
	})
	mk("gradient", func(x, y int) color.NRGBA { return color.NRGBA{uint8(x), uint8(x / 2), 200, 255} })
	mk("noise", func(x, y int) color.NRGBA {
		return color.NRGBA{uint8(r.IntN(256)), uint8(r.IntN(256)), uint8(r.IntN(256)), 255}
	})
	mk("translucent", func(x, y int) color.NRGBA {
		if (x-150)*(x-150)+(y-48)*(y-48) < 40*40 {
			return color.NRGBA{253, 185, 39, uint8(128 + x%3)}
		}
		return color.NRGBA{}
	})
	mk("mixed", func(x, y int) color.NRGBA {
		switch {
		case y%31 == 0:
			return color.NRGBA{uint8(r.IntN(256)), 0, 0, 255}
		case x > y:
			return color.NRGBA{0, 0, uint8(x), 255}
		}
		return color.NRGBA{9, 9, 9, 255}
	})
	return pics
}

// Every path, at every effort the deflater has, decodes to the picture,
// and a picture written in bands gives the same bytes as the whole.
func TestEncodePaths(t *testing.T) {
	saved := pngEffort
	defer func() { pngEffort = saved }()
	for _, ef := range []effort{{0, 0}, {32, 0}, {0, 2}, {32, 8}} {
		pngEffort = ef
		for name, src := range pathPictures() {
			var whole bytes.Buffer
			if err := Encode(&whole, src); err != nil {
				t.Fatalf("%v %s: %v", ef, name, err)
			}
			dec, err := png.Decode(bytes.NewReader(whole.Bytes()))
			if err != nil {
				t.Fatalf("%v %s: png.Decode: %v", ef, name, err)
			}
			b := src.Bounds()
			for y := range b.Dy() {
				for x := range b.Dx() {
					want := src.NRGBAAt(x, y)
					if want.A == 0 {
						want = color.NRGBA{}
					}
					if got := color.NRGBAModel.Convert(dec.At(x, y)); got != want {
						t.Fatalf("%v %s: pixel (%d,%d) = %v, want %v", ef, name, x, y, got, want)
					}
				}
			}
			var banded bytes.Buffer
			s, err := NewStream(&banded, b.Dx(), b.Dy(), isOpaque(src))
			if err != nil {
				t.Fatal(err)
			}
			for y0 := 0; y0 < b.Dy(); y0 += 10 {
				if err := s.WriteRows(src.SubImage(image.Rect(0, y0, b.Dx(), min(b.Dy(), y0+10)))); err != nil {
					t.Fatal(err)
				}
			}
			if err := s.Finish(); err != nil {
				t.Fatal(err)
			}
			s.Close()
			if !bytes.Equal(whole.Bytes(), banded.Bytes()) {
				t.Errorf("%v %s: banded encode differs from the whole", ef, name)
			}
		}
	}
}

// Flat pictures cost next to nothing: deflate's longest copy is 258 bytes,
// so 6 MB of flat pixels need 24,000 copies at best (about 6 KB at two
// bits each); a flat 1920x1080 picture stays within 10 KB.
func TestEncodeFlatIsSmall(t *testing.T) {
	m := image.NewRGBA(image.Rect(0, 0, 1920, 1080))
	for i := 0; i < len(m.Pix); i += 4 {
		m.Pix[i], m.Pix[i+1], m.Pix[i+2], m.Pix[i+3] = 0, 122, 51, 255
	}
	var buf bytes.Buffer
	if err := Encode(&buf, m); err != nil {
		t.Fatal(err)
	}
	if buf.Len() > 10_000 {
		t.Errorf("flat 1920x1080 PNG = %d bytes, want <= 10,000", buf.Len())
	}
}

// filterRow gives the bytes of a textbook Paeth filter for every width and
// both pixel sizes, on rows that are partly equal to the row above, and
// every nonzero byte lies in a span filterRow reports.
func TestFilterRowPaeth(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for _, bpp := range []int{3, 4} {
		for w := 1; w < 40; w++ {
			pix := make([]byte, 4*w)
			above := make([]byte, 4*w)
			for i := range pix {
				above[i] = byte(r.IntN(256))
				pix[i] = above[i]
				if r.IntN(12) == 0 {
					pix[i] = byte(r.IntN(256))
				}
				if bpp == 3 && i%4 == 3 {
					pix[i], above[i] = 255, 255
				}
			}
			checkFilterRow(t, "random", pix, above, bpp)
		}
	}
}

// Huffman code lengths stay within the limit and form a complete code,
// also for counts that would make a plain Huffman code much deeper.
func TestHuffLengthsLimit(t *testing.T) {
	fib := make([]uint32, 286)
	a, b := uint32(1), uint32(1)
	for i := range 30 {
		fib[i] = a
		a, b = b, min(a+b, 1<<30)
	}
	single := make([]uint32, 19)
	single[5] = 9
	for _, tt := range []struct {
		name    string
		freq    []uint32
		maxBits int
	}{{"fibonacci", fib, 15}, {"fibonacci in 7 bits", fib[:19], 7}, {"one symbol", single, 7}} {
		freq := append([]uint32(nil), tt.freq...)
		atLeastTwo(freq)
		lens := make([]uint8, len(freq))
		huffLengths(freq, lens, tt.maxBits)
		kraft := 0.0
		for s, l := range lens {
			if int(l) > tt.maxBits {
				t.Errorf("%s: symbol %d length %d > %d", tt.name, s, l, tt.maxBits)
			}
			if (freq[s] == 0) != (l == 0) {
				t.Errorf("%s: symbol %d count %d length %d", tt.name, s, freq[s], l)
			}
			if l > 0 {
				kraft += 1 / float64(uint(1)<<l)
			}
		}
		if kraft != 1 {
			t.Errorf("%s: Kraft sum = %v, want 1 (complete code)", tt.name, kraft)
		}
	}
}

// sortSyms orders symbol entries as a plain sort does, for counts below
// and above its counting passes' range and for short lists.
func TestSortSyms(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, tt := range []struct{ n, maxFreq int }{{286, 300}, {286, 1 << 16}, {200, 1 << 20}, {30, 9}, {19, 100}, {100, 3}} {
		var a []uint64
		for s := range tt.n {
			if f := r.IntN(tt.maxFreq); f > 0 {
				a = append(a, uint64(f)<<16|uint64(s))
			}
		}
		want := slices.Clone(a)
		slices.Sort(want)
		sortSyms(a)
		if !slices.Equal(a, want) {
			t.Fatalf("%d symbols, counts below %d: sortSyms differs from slices.Sort", tt.n, tt.maxFreq)
		}
	}
}

// A predicted match scores above zero only if the bytes predictedWorth
// asks for match, and (below eight) as soon as they do: a position it
// rules out would have given literals anyway.
func TestPredictedWorth(t *testing.T) {
	for _, stride := range []int{4, 7, 301, 4321, 4322, 20000, 40000} {
		for _, bpp := range []int{3, 4} {
			w := predictedWorth(stride, bpp)
			for k, dist := range [4]int{1, stride - bpp, stride, stride + bpp} {
				need := bits.OnesCount64(w[k]) / 8
				if dist < 1 || dist > windowSize {
					if need != 8 {
						t.Errorf("stride %d bpp %d: distance %d out of reach needs %d bytes, want 8", stride, bpp, dist, need)
					}
					continue
				}
				score := func(l int) int { return l*lenWeight - int(distExtra[distCode(dist)]) - matchCost }
				if score(need-1) > 0 {
					t.Errorf("stride %d bpp %d: distance %d: %d bytes score %d > 0 but %d are asked for", stride, bpp, dist, need-1, score(need-1), need)
				}
				if need < 8 && score(need) <= 0 {
					t.Errorf("stride %d bpp %d: distance %d: %d bytes score %d <= 0", stride, bpp, dist, need, score(need))
				}
			}
		}
	}
}

// The deflate stream alone inflates to its input, for inputs that cross
// the window slide and the block size, with every distance class.
func TestRowDeflaterInflates(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for _, stride := range []int{2, 7, 301, 4321} {
		var in, out bytes.Buffer
		var d rowDeflater
		d.reset(&out, stride, 3)
		var prev []byte
		for y := range 200_000 / stride {
			row := d.next()[:stride]
			for i := range row {
				switch {
				case y%50 >= 45:
					row[i] = 9 // a long run of one nonzero byte
				case y%5 == 0:
					row[i] = byte(r.IntN(256))
				case y%5 == 1 && y > 1:
					// The row above again, shifted by a pixel or not:
					// copies a row back.
					row[i] = prev[((i+3*(y%3)-3)%stride+stride)%stride]
				case y%5 == 2 && i%29 < 12:
					row[i] = byte(1 + y%3) // runs of one nonzero byte
				case i%13 < 4:
					row[i] = byte(r.IntN(4))
				default:
					row[i] = 0
				}
			}
			in.Write(row)
			prev = append(prev[:0], row...)
			if err := d.add(nil); err != nil {
				t.Fatal(err)
			}
		}
		if err := d.finish(); err != nil {
			t.Fatal(err)
		}
		got, err := io.ReadAll(flate.NewReader(&out))
		if err != nil {
			t.Fatalf("stride %d: inflate: %v", stride, err)
		}
		if !bytes.Equal(got, in.Bytes()) {
			t.Fatalf("stride %d: inflated %d bytes differ from the %d written", stride, len(got), in.Len())
		}
	}
}

// filterTypes returns the filter type byte of every row of the PNG data,
// read from its inflated IDAT stream.
func filterTypes(t *testing.T, data []byte, stride, height int) []byte {
	t.Helper()
	var z bytes.Buffer
	for p := 8; p+8 <= len(data); {
		n := int(binary.BigEndian.Uint32(data[p:]))
		if string(data[p+4:p+8]) == "IDAT" {
			z.Write(data[p+8 : p+8+n])
		}
		p += 12 + n
	}
	r, err := zlib.NewReader(&z)
	if err != nil {
		t.Fatal(err)
	}
	raw, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	if len(raw) != stride*height {
		t.Fatalf("inflated %d bytes, want %d", len(raw), stride*height)
	}
	types := make([]byte, height)
	for y := range height {
		types[y] = raw[y*stride]
	}
	return types
}

// A picture whose first rows are busy (a 2-D gradient: every row differs
// from the one above almost everywhere) goes on from row 33 with the Up
// filter and the general-purpose deflate; a quiet one keeps Paeth rows
// and the row deflater. Both decode to their pixels and give the same
// bytes in bands (TestEncodePaths covers the "noise" picture).
func TestEncodeBusyPictureSwitch(t *testing.T) {
	const w, h = 200, 80
	busy := image.NewRGBA(image.Rect(0, 0, w, h))
	quiet := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			busy.SetRGBA(x, y, color.RGBA{uint8(x*x/97 + y*y/13), uint8(x + 3*y), 90, 255})
			q := color.RGBA{0, 122, 51, 255}
			if x > 2*y {
				q = color.RGBA{85, 37, 130, 255}
			}
			quiet.SetRGBA(x, y, q)
		}
	}
	for _, tt := range []struct {
		name     string
		img      *image.RGBA
		wantLate byte
	}{{"busy", busy, 2}, {"quiet", quiet, 4}} {
		var whole bytes.Buffer
		if err := Encode(&whole, tt.img); err != nil {
			t.Fatal(err)
		}
		types := filterTypes(t, whole.Bytes(), 1+3*w, h)
		for y, ft := range types {
			want := byte(4)
			if y > busyRowsSeen {
				want = tt.wantLate
			}
			if ft != want {
				t.Fatalf("%s: row %d filter type %d, want %d", tt.name, y, ft, want)
			}
		}
		dec, err := png.Decode(bytes.NewReader(whole.Bytes()))
		if err != nil {
			t.Fatal(err)
		}
		for y := range h {
			for x := range w {
				if got, want := color.RGBAModel.Convert(dec.At(x, y)), tt.img.RGBAAt(x, y); got != want {
					t.Fatalf("%s: pixel (%d,%d) = %v, want %v", tt.name, x, y, got, want)
				}
			}
		}
		var banded bytes.Buffer
		s, err := NewStream(&banded, w, h, true)
		if err != nil {
			t.Fatal(err)
		}
		for y0 := 0; y0 < h; y0 += 7 {
			if err := s.WriteRows(tt.img.SubImage(image.Rect(0, y0, w, min(h, y0+7)))); err != nil {
				t.Fatal(err)
			}
		}
		if err := s.Finish(); err != nil {
			t.Fatal(err)
		}
		s.Close()
		if !bytes.Equal(whole.Bytes(), banded.Bytes()) {
			t.Errorf("%s: banded encode differs from the whole", tt.name)
		}
	}
}

// tokens packs a block's codes exactly as one write per code would, for
// codes up to 15 bits, whatever the header's writes left pending (up to
// 31 bits), whether literals go four or three at a time.
func TestBitWriterTokens(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	for _, maxLen := range []int{8, 14, 15} {
		for _, pending := range []uint{0, 7, 8, 25, 31} {
			var litCode [286]uint16
			var litLen [286]uint8
			var distCodes [30]uint16
			var distLen [30]uint8
			for c := range litLen {
				n := 1 + r.IntN(maxLen)
				if r.IntN(3) == 0 {
					n = maxLen
				}
				litLen[c], litCode[c] = uint8(n), uint16(r.IntN(1<<n))
			}
			for c := range distLen {
				n := 1 + r.IntN(15)
				distLen[c], distCodes[c] = uint8(n), uint16(r.IntN(1<<n))
			}
			var lits []byte
			var seqs []uint64
			for range 300 {
				k := r.IntN(9)
				for range k {
					lits = append(lits, byte(r.IntN(256)))
				}
				n, dist := 3+r.IntN(256), 1+r.IntN(windowSize)
				copies := 0 // after the first (runs of zeros get them)
				if r.IntN(4) == 0 {
					copies = []int{1, 2, 255}[r.IntN(3)]
				}
				seqs = append(seqs, uint64(copies)<<56|uint64(k)<<32|uint64(distCode(dist))<<24|uint64(n-3)<<16|uint64(dist-1))
			}
			lits = append(lits, 1, 2, 3, 4, 5)
			head := r.Uint64() & (1<<pending - 1)

			var got, want bytes.Buffer
			var b bitWriter
			b.reset(&got)
			b.write(head, pending)
			b.tokens(lits, seqs, &litCode, &litLen, &distCodes, &distLen)
			b.flushAll()

			b.reset(&want)
			b.write(head, pending)
			l := 0
			for _, q := range expandCopies(seqs) {
				for _, c := range lits[l : l+int(q>>32)] {
					b.write(uint64(litCode[c]), uint(litLen[c]))
				}
				l += int(q >> 32)
				n, dist, dc := int(q>>16&0xff)+3, int(q&0xffff)+1, q>>24&31
				lc := int(lengthCode[n-3])
				b.write(uint64(litCode[257+lc]), uint(litLen[257+lc]))
				b.write(uint64(n-int(lengthBase[lc])), uint(lengthExtra[lc]))
				b.write(uint64(distCodes[dc]), uint(distLen[dc]))
				b.write(uint64(dist-int(distBase[dc])), uint(distExtra[dc]))
			}
			for _, c := range lits[l:] {
				b.write(uint64(litCode[c]), uint(litLen[c]))
			}
			b.flushAll()
			if !bytes.Equal(got.Bytes(), want.Bytes()) {
				t.Fatalf("codes up to %d bits, %d bits pending: tokens wrote %d bytes differing from one write per code (%d bytes)",
					maxLen, pending, got.Len(), want.Len())
			}
		}
	}
}

// expandCopies returns seqs with each entry's copies (see runs) written
// out as entries of their own, as match adds them one by one.
func expandCopies(seqs []uint64) []uint64 {
	var out []uint64
	for _, q := range seqs {
		out = append(out, q&(1<<56-1))
		for range q >> 56 {
			out = append(out, q&(1<<32-1)) // no literals between
		}
	}
	return out
}

// greedyPredicted is what scanFast computes, the slow way: at each
// position from p (while 16 bytes are left before end and until limit) a
// run of eight or more zeros after a zero is copied from distance one;
// otherwise the predicted distance (one, or for rows that are not busy
// also a row back less, at and plus a pixel) whose copy scores best is
// taken, the nearest on a tie, or a literal if none scores above zero.
func greedyPredicted(d *rowDeflater, p, limit, end int) int {
	win := d.win[:end]
	dists := []int{1, d.stride - d.bpp, d.stride, d.stride + d.bpp}
	if d.runsOnly {
		dists = dists[:1]
	}
	for p < limit && p+16 <= end {
		if p > 0 && win[p-1] == 0 && zeroLen(win, p, p+8) == 8 {
			d.match(8+zeroLen(win, p+8, min(end, p+maxMatch)), 1)
			p += 8 + zeroLen(win, p+8, min(end, p+maxMatch))
			continue
		}
		best, bestDist, bestScore := 0, 0, 0
		for _, dist := range dists {
			if dist < 1 || dist > p || dist > windowSize {
				continue
			}
			l := 0
			for p+l < min(end, p+maxMatch) && win[p+l] == win[p+l-dist] {
				l++
			}
			if sc := l*lenWeight - int(distExtra[distCode(dist)]) - matchCost; sc > bestScore {
				best, bestDist, bestScore = l, dist, sc
			}
		}
		if best == 0 {
			d.literal(win[p])
			p++
			continue
		}
		d.match(best, bestDist)
		p += best
	}
	return p
}

// scanFast's shortcuts (all distances XORed eight bytes at a time, up to
// eight literals taken at once where no copy can score, eight more at a
// time while that goes on, a long run of zeros as one entry) give the
// tokens and code counts of the plain greedy matcher, on windows of short
// runs, repeats a row back and shifted by a pixel, zeros, long stretches
// of zeros and noise, for busy rows and not.
func TestScanFastIsGreedy(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	for round := range 400 {
		stride := []int{13, 31, 301, 1201, 4321}[round%5]
		bpp := 3 + round%2
		n := 3*stride + 64 + r.IntN(2*stride)
		win := make([]byte, n+8)
		for i := range n {
			switch v := r.IntN(100); {
			case v < 30 && i > 0:
				win[i] = win[i-1] // runs
			case v < 55 && i >= stride+bpp:
				win[i] = win[i-stride+[]int{-bpp, 0, bpp, 0}[r.IntN(4)]%stride] // a row back
			case v < 80:
				win[i] = 0
			default:
				win[i] = byte(r.IntN(1 + r.IntN(256)))
			}
			// Stretches copied whole, where long matches start.
			if v := r.IntN(200); v < 3 && i >= stride+bpp {
				k := min(n-i, 4+r.IntN(40))
				copy(win[i:i+k], win[i-[]int{1, stride - bpp, stride, stride + bpp}[v]:])
				i += k - 1
			}
		}
		// Stretches of zeros around multiples of maxMatch (empty rows),
		// and of noise (long runs of literals).
		for range round % 3 {
			i := 1 + r.IntN(n-1)
			clear(win[i:min(n, i+maxMatch*(1+r.IntN(6))+r.IntN(20)-10)])
			i = r.IntN(n)
			for j := i; j < min(n, i+16+r.IntN(200)); j++ {
				win[j] = byte(r.IntN(256))
			}
		}
		for _, runsOnly := range []bool{false, true} {
			var fast, slow rowDeflater
			for _, d := range []*rowDeflater{&fast, &slow} {
				d.reset(io.Discard, stride, bpp)
				d.win = win
				d.runsOnly = runsOnly
				d.lits = make([]byte, 0, n+16)
			}
			p0 := r.IntN(stride)          // 0: the stream's first byte
			win[0] = 4                    // as a filter type byte is
			limit := p0 + r.IntN(n-16-p0) // where 16 bytes are left, scan goes on slower
			pf := fast.scanFast(p0, limit, n)
			ps := greedyPredicted(&slow, p0, limit, n)
			seqs := expandCopies(fast.seqs)
			if pf != ps || !bytes.Equal(fast.lits, slow.lits) || !slices.Equal(seqs, slow.seqs) {
				t.Fatalf("round %d, stride %d, bpp %d, busy %v: scanFast stopped at %d with %d literals and %d copies, greedy at %d with %d and %d",
					round, stride, bpp, runsOnly, pf, len(fast.lits), len(seqs), ps, len(slow.lits), len(slow.seqs))
			}
			if fast.litFreq != slow.litFreq || fast.distFreq != slow.distFreq || len(fast.seqs)+fast.copies != len(seqs) {
				t.Fatalf("round %d, stride %d, bpp %d, busy %v: scanFast's code counts or token count differ from greedy's",
					round, stride, bpp, runsOnly)
			}
		}
	}
}

// zeros codes a gap of zeros as the tokens of maxMatch bytes and the rest
// that a token-by-token loop gives (a long gap in one entry of seqs, with
// the same code counts), for gaps around multiples of maxMatch, after a
// zero, after a nonzero byte and at the stream's start; so does scanFast
// for runs longer than one entry holds.
func TestZerosRuns(t *testing.T) {
	for _, n := range []int{maxCopies*maxMatch + 100, 3*maxCopies*maxMatch + 7} {
		win := make([]byte, n+8)
		win[0], win[1] = 4, 9
		var fast, slow rowDeflater
		for _, d := range []*rowDeflater{&fast, &slow} {
			d.reset(io.Discard, 4321, 3)
			d.win = win
			d.lits = make([]byte, 0, 64)
		}
		pf := fast.scanFast(2, n-16, n)
		ps := greedyPredicted(&slow, 2, n-16, n)
		seqs := expandCopies(fast.seqs)
		if pf != ps || !slices.Equal(seqs, slow.seqs) || fast.litFreq != slow.litFreq || len(fast.seqs)+fast.copies != len(seqs) {
			t.Fatalf("%d zeros: scanFast stopped at %d with %d copies, greedy at %d with %d", n, pf, len(seqs), ps, len(slow.seqs))
		}
	}
	for _, gap := range []int{1, 6, 7, 8, 257, 258, 259, 260, 261, 264, 515, 516, 517, 519, 1290, 1296, 66049, 66300, 70000} {
		for _, before := range []int{-1, 0, 5} { // -1: the gap starts the stream
			p := 0
			if before >= 0 {
				p = 1
			}
			win := make([]byte, p+gap+8)
			if p > 0 {
				win[0] = byte(before)
			}
			var fast, slow rowDeflater
			for _, d := range []*rowDeflater{&fast, &slow} {
				d.reset(io.Discard, 4321, 3)
				d.win = win
			}
			pf := fast.zeros(p, p+gap)
			// One token at a time, as zeros did before it took runs.
			ps := p
			for ps < p+gap {
				l := min(p+gap-ps, maxMatch)
				if ps == 0 || win[ps-1] != 0 || l*lenWeight-matchCost <= 0 {
					slow.literal(0)
					ps++
					continue
				}
				slow.match(l, 1)
				ps += l
			}
			seqs := expandCopies(fast.seqs)
			if pf != ps || !bytes.Equal(fast.lits, slow.lits) || !slices.Equal(seqs, slow.seqs) ||
				fast.litFreq != slow.litFreq || fast.distFreq != slow.distFreq || len(fast.seqs)+fast.copies != len(seqs) {
				t.Fatalf("gap %d after %d: zeros gave %d literals and %d copies in %d entries, one at a time %d and %d",
					gap, before, len(fast.lits), len(seqs), len(fast.seqs), len(slow.lits), len(slow.seqs))
			}
		}
	}
}

// A busy row's spans less than busyGap apart are scanned as one, zeros
// between included, and those further apart each on its own: rows of
// sparse dots (as the style-99 emboss makes), busy and not, inflate to
// what was added, nonzero bytes at every span's edges.
func TestRowDeflaterBusyGaps(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	const stride = 1 + 3*600
	var in, out bytes.Buffer
	var d rowDeflater
	d.reset(&out, stride, 3)
	busy := 0
	for y := range 300 {
		row := d.next()[:stride]
		clear(row)
		row[0] = 4
		spans := []int32{0, 1}
		longGap := 2 * busyGap // rows with long gaps only are not busy
		if y%3 != 0 {
			longGap = busyGap
		}
		for a := 1 + r.IntN(longGap); a < stride; {
			e := min(stride, a+1+r.IntN(40))
			for i := a; i < e; i++ {
				if r.IntN(3) == 0 {
					row[i] = byte(1 + r.IntN(3))
				}
			}
			row[a], row[e-1] = 0xff, 0x01
			spans = append(spans, int32(a), int32(e))
			a = e + 1 + r.IntN(longGap)
		}
		in.Write(row)
		if err := d.add(spans); err != nil {
			t.Fatal(err)
		}
		if d.runsOnly {
			busy++
		}
	}
	if err := d.finish(); err != nil {
		t.Fatal(err)
	}
	if busy < 100 || busy == 300 {
		t.Fatalf("%d rows of 300 busy: want both kinds", busy)
	}
	got, err := io.ReadAll(flate.NewReader(&out))
	if err != nil {
		t.Fatalf("inflate: %v", err)
	}
	if !bytes.Equal(got, in.Bytes()) {
		t.Fatalf("inflated %d bytes differ from the %d added", len(got), in.Len())
	}
}
