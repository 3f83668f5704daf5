package render

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// fullPixels gives the runs pixels gives at full strength: over silhouette
// rows with unlit stretches (shorter and longer than eight pixels), plain
// insides, edges that change every pixel and repeats of two or three,
// starting with no current run or with one it may extend.
func TestFullPixelsMatchesPixels(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	const n = 300
	fx := make([]int, n)
	for i := range fx {
		fx[i] = 256
	}
	for trial := range 200 {
		lo, hi := make([]byte, n), make([]byte, n)
		for _, row := range [][]byte{lo, hi} {
			for i := 0; i < n; {
				var v byte
				switch rng.IntN(4) {
				case 0: // unlit
				case 1:
					v = 255
				default:
					v = byte(rng.IntN(256))
				}
				for range 1 + rng.IntN(12) {
					if i < n {
						row[i] = v
						i++
					}
				}
			}
		}
		x0, x1 := rng.IntN(40), n-rng.IntN(40)
		var start embossRun
		switch trial % 3 {
		case 1: // a lit run ending at x0, which the first pixel may extend
			start = embossRun{uint16(max(0, x0-3)), uint16(x0), fullLight.sheen[min(hi[x0], lo[x0])], fullLight.light[255+int(hi[x0])-int(lo[x0])]}
		case 2: // a lit run ending before x0
			start = embossRun{0, uint16(x0 / 2), embossSheen, 3}
		}
		want := runBuilder{runs: []embossRun{{1, 2, 3, 4}}, cur: start}
		want.pixels(lo, hi, x0, x1, fx, 256)
		want.flush()
		got := runBuilder{runs: []embossRun{{1, 2, 3, 4}}, cur: start}
		got.fullPixels(lo, hi, x0, x1)
		got.flush()
		if !slices.Equal(got.runs, want.runs) {
			t.Fatalf("trial %d, columns %d-%d: runs\n%v\nwant\n%v", trial, x0, x1, got.runs, want.runs)
		}
	}
}

// fillWords sets every word, for lengths around its switch to copies and
// its doublings.
func TestFillWords(t *testing.T) {
	for n := range 200 {
		vs := make([]uint32, n+2)
		fillWords(vs[1:n+1], 0xff00)
		for i, v := range vs {
			if want := uint32(0xff00); (i == 0 || i == n+1) && v != 0 || i > 0 && i <= n && v != want {
				t.Fatalf("length %d: word %d is %#x", n, i, v)
			}
		}
	}
}
