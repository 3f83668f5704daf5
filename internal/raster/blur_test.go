package raster

import (
	"image"
	"math/rand/v2"
	"testing"
)

// naiveBoxBlur is the definition BoxBlur must match exactly: per pass, a
// horizontal then a vertical box average with values outside counting as
// zero, each rounded to nearest, computed by summing every window.
func naiveBoxBlur(a *image.Alpha, r int) {
	w, h := a.Rect.Dx(), a.Rect.Dy()
	div := 2*r + 1
	at := func(p []uint8, i, n, step int) int {
		if i < 0 || i >= n {
			return 0
		}
		return int(p[i*step])
	}
	for range 3 {
		src := append([]uint8(nil), a.Pix...)
		for y := range h {
			for x := range w {
				s := 0
				for k := -r; k <= r; k++ {
					s += at(src[y*a.Stride:], x+k, w, 1)
				}
				a.Pix[y*a.Stride+x] = uint8((s + div/2) / div)
			}
		}
		src = append(src[:0], a.Pix...)
		for y := range h {
			for x := range w {
				s := 0
				for k := -r; k <= r; k++ {
					s += at(src[x:], y+k, h, a.Stride)
				}
				a.Pix[y*a.Stride+x] = uint8((s + div/2) / div)
			}
		}
	}
}

func TestBoxBlurMatchesDefinition(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, c := range []struct{ w, h, r int }{
		{1, 1, 1}, {5, 3, 1}, {3, 9, 4}, {40, 30, 3}, {64, 17, 10}, {17, 64, 25}, {120, 90, 7},
	} {
		m := image.NewAlpha(image.Rect(3, -2, 3+c.w, -2+c.h))
		for i := range m.Pix {
			switch rng.IntN(3) {
			case 0:
				m.Pix[i] = 255
			case 1:
				m.Pix[i] = uint8(rng.IntN(256))
			}
		}
		want := image.NewAlpha(m.Rect)
		copy(want.Pix, m.Pix)
		naiveBoxBlur(want, c.r)
		BoxBlur(m, c.r)
		for i := range m.Pix {
			if m.Pix[i] != want.Pix[i] {
				t.Errorf("%dx%d r=%d: pixel %d = %d, want %d", c.w, c.h, c.r, i, m.Pix[i], want.Pix[i])
				break
			}
		}
	}
}

// The reciprocal division is exact for every sum a box of bytes can reach,
// for the radii renders use (a few px up to far beyond the largest canvas).
func TestBoxDividerIsExact(t *testing.T) {
	for r := 1; r <= 300; r += 1 + r/16 {
		d := newBoxDivider(r)
		div := uint32(2*r + 1)
		for sum := uint32(0); sum <= 255*div; sum++ {
			if got, want := d.of(sum), uint8((sum+div/2)/div); got != want {
				t.Fatalf("r=%d: %d/%d = %d, want %d", r, sum, div, got, want)
			}
		}
	}
}

func BenchmarkBoxBlur(b *testing.B) {
	m := image.NewAlpha(image.Rect(0, 0, 630, 630))
	for y := 30; y < 600; y++ {
		for x := 30; x < 600; x++ {
			m.Pix[y*630+x] = 255
		}
	}
	for b.Loop() {
		BoxBlur(m, 10)
	}
}
