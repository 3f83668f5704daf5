package pngenc

import (
	stdadler "hash/adler32"
	"math/rand/v2"
	"testing"
)

// adler32 agrees with hash/adler32 for every length class, for the largest
// lane sums (all bytes 255) and when continued from a partial sum.
func TestAdler32(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{0, 1, 7, 8, 9, 15, 16, 17, 63, 64, 1000, 8 * 4096, 8*4096 + 13, 200_000} {
		for _, fill := range []string{"random", "255"} {
			p := make([]byte, n)
			for i := range p {
				p[i] = 255
				if fill == "random" {
					p[i] = byte(r.IntN(256))
				}
			}
			if got, want := adler32(1, p), stdadler.Checksum(p); got != want {
				t.Errorf("adler32(%d %s bytes) = %#x, want %#x", n, fill, got, want)
			}
			if n > 10 {
				if got, want := adler32(adler32(1, p[:n/3]), p[n/3:]), stdadler.Checksum(p); got != want {
					t.Errorf("adler32 in two parts (%d %s bytes) = %#x, want %#x", n, fill, got, want)
				}
			}
		}
	}
}

func BenchmarkAdler32(b *testing.B) {
	p := make([]byte, 1<<20)
	for i := range p {
		p[i] = byte(i * 7 >> 3)
	}
	b.SetBytes(int64(len(p)))
	for b.Loop() {
		adler32(1, p)
	}
}

func BenchmarkAdler32Stdlib(b *testing.B) {
	p := make([]byte, 1<<20)
	for i := range p {
		p[i] = byte(i * 7 >> 3)
	}
	b.SetBytes(int64(len(p)))
	for b.Loop() {
		stdadler.Checksum(p)
	}
}

// adlerSpans agrees with hash/adler32 on rows that are zero outside their
// spans, and when continued from a partial sum.
func TestAdlerSpans(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for range 300 {
		n := 1 + r.IntN(5000)
		row := make([]byte, n)
		var spans []int32
		for p := 0; p < n; {
			a := min(n, p+r.IntN(300))
			b := min(n, a+1+r.IntN([]int{40, 700}[r.IntN(2)])) // short spans and long
			if a >= b {
				break
			}
			for i := a; i < b; i++ {
				row[i] = byte(r.IntN(256))
			}
			spans = append(spans, int32(a), int32(b))
			p = b + 1
		}
		want := stdadler.Checksum(row)
		if got := adlerSpans(1, row, spans); got != want {
			t.Fatalf("adlerSpans(%d bytes, %d spans) = %#x, want %#x", n, len(spans)/2, got, want)
		}
		k := r.IntN(n + 1)
		if got := adlerSpans(adler32(1, row[:k]), row[k:], []int32{0, int32(n - k)}); got != want {
			t.Fatalf("adlerSpans continued over the last %d of %d bytes = %#x, want %#x", n-k, n, got, want)
		}
	}
	// The largest sums: 255s in spans over a long row, started from the
	// largest partial sum (the unreduced sums pass 2^40 on the way).
	full := make([]byte, 1<<20)
	var spans []int32
	for a := 3; a < len(full); a += 5000 {
		b := min(len(full), a+4000)
		for i := a; i < b; i++ {
			full[i] = 255
		}
		spans = append(spans, int32(a), int32(b))
	}
	start := uint32(adlerMod-1)<<16 | (adlerMod - 1)
	if got, want := adlerSpans(start, full, spans), adlerContinue(start, full); got != want {
		t.Errorf("adlerSpans(1 MiB of spans of 255) = %#x, want %#x", got, want)
	}
	big := make([]byte, 1<<20) // zeros: s2 grows past the modulus
	big[7] = 255
	if got, want := adlerSpans(1, big, []int32{7, 8}), stdadler.Checksum(big); got != want {
		t.Errorf("adlerSpans(1 MiB, mostly zeros) = %#x, want %#x", got, want)
	}
}

// adlerContinue is the textbook Adler-32 continued from adler over p.
func adlerContinue(adler uint32, p []byte) uint32 {
	s1, s2 := adler&0xffff, adler>>16
	for _, c := range p {
		s1 = (s1 + uint32(c)) % adlerMod
		s2 = (s2 + s1) % adlerMod
	}
	return s2<<16 | s1
}
