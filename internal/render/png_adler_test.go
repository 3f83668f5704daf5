package render

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

// adler32Sparse agrees with hash/adler32 on mostly-zero data with runs of
// every length around its thresholds, and in parts.
func TestAdler32Sparse(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for range 200 {
		n := r.IntN(5000)
		p := make([]byte, n)
		for i := 0; i < n; {
			run := r.IntN(200)
			if r.IntN(2) == 0 {
				for j := i; j < min(n, i+run); j++ {
					p[j] = byte(1 + r.IntN(255))
				}
			}
			i += run + 1
		}
		want := stdadler.Checksum(p)
		if got := adler32Sparse(1, p); got != want {
			t.Fatalf("adler32Sparse(%d bytes) = %#x, want %#x", n, got, want)
		}
		k := r.IntN(n + 1)
		if got := adler32Sparse(adler32Sparse(1, p[:k]), p[k:]); got != want {
			t.Fatalf("adler32Sparse in two parts (%d of %d bytes) = %#x, want %#x", k, n, got, want)
		}
	}
	big := make([]byte, 1<<20) // zeros: s2 grows past the modulus
	big[7] = 255
	if got, want := adler32Sparse(1, big), stdadler.Checksum(big); got != want {
		t.Errorf("adler32Sparse(1 MiB of zeros) = %#x, want %#x", got, want)
	}
}
