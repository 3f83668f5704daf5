package raster

import (
	"image"
	"image/color"
	"image/draw"
	"math"
	"math/rand/v2"
	"testing"

	xdraw "golang.org/x/image/draw"
)

// scaleSrc makes a test source with bounds r.
type scaleSrc func(r image.Rectangle) image.Image

// randNRGBA is random straight-alpha noise; opaque keeps alpha at 255,
// otherwise a third of the pixels are transparent, a third opaque.
func randNRGBA(opaque bool) scaleSrc {
	return func(r image.Rectangle) image.Image {
		rng := rand.New(rand.NewPCG(uint64(r.Dx()), uint64(r.Dy())))
		m := image.NewNRGBA(r)
		for i := 0; i < len(m.Pix); i += 4 {
			a := uint8(255)
			if !opaque {
				switch rng.IntN(3) {
				case 0:
					a = 0
				case 1:
					a = uint8(rng.IntN(256))
				}
			}
			m.Pix[i], m.Pix[i+1], m.Pix[i+2], m.Pix[i+3] = uint8(rng.IntN(256)), uint8(rng.IntN(256)), uint8(rng.IntN(256)), a
		}
		return m
	}
}

// randRGBA is random valid premultiplied noise with random alpha.
func randRGBA(r image.Rectangle) image.Image {
	rng := rand.New(rand.NewPCG(uint64(r.Dy()), uint64(r.Dx())))
	m := image.NewRGBA(r)
	for i := 0; i < len(m.Pix); i += 4 {
		a := rng.IntN(256)
		m.Pix[i], m.Pix[i+1], m.Pix[i+2], m.Pix[i+3] = uint8(rng.IntN(a+1)), uint8(rng.IntN(a+1)), uint8(rng.IntN(a+1)), uint8(a)
	}
	return m
}

// discNRGBA is a colourful disc filling r with a one-pixel antialiased
// edge on a transparent background, like a typical logo.
func discNRGBA(r image.Rectangle) image.Image {
	m := image.NewNRGBA(r)
	cx, cy := float64(r.Min.X)+float64(r.Dx())/2, float64(r.Min.Y)+float64(r.Dy())/2
	rad := float64(min(r.Dx(), r.Dy())) / 2 * 0.9
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			d := math.Hypot(float64(x)+0.5-cx, float64(y)+0.5-cy)
			a := min(1, max(0, rad-d+0.5))
			m.SetNRGBA(x, y, color.NRGBA{uint8(x * 7), uint8(y * 5), uint8(x + y), uint8(a*255 + 0.5)})
		}
	}
	return m
}

// stripesRGBA is opaque black and white stripes, two pixels wide, crossed
// with red bands every 5 rows: the worst case for kernel overshoot.
func stripesRGBA(r image.Rectangle) image.Image {
	m := image.NewRGBA(r)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			c := color.RGBA{0, 0, 0, 255}
			if (x/2)%2 == 0 {
				c = color.RGBA{255, 255, 255, 255}
			}
			if (y/5)%2 == 0 {
				c.G, c.B = 0, 0
			}
			m.SetRGBA(x, y, c)
		}
	}
	return m
}

// islandsRGBA is a transparent image with a few opaque and translucent
// rectangles (one touching the right edge): rows and columns that are
// transparent throughout, or only at their ends, exercise the skipping of
// transparent spans.
func islandsRGBA(r image.Rectangle) image.Image {
	m := image.NewRGBA(r)
	w, h := r.Dx(), r.Dy()
	boxes := []struct {
		b image.Rectangle
		c color.RGBA
	}{
		{image.Rect(w/5, h/6, w/3+1, h/3+1), color.RGBA{200, 30, 60, 255}},
		{image.Rect(w/2, h/2, w, h/2+h/5+1), color.RGBA{40, 80, 120, 160}},
		{image.Rect(w/8, 3*h/4, w/8+2, 3*h/4+2), color.RGBA{255, 255, 255, 255}},
	}
	for _, b := range boxes {
		draw.Draw(m, b.b.Add(r.Min), image.NewUniform(b.c), image.Point{}, draw.Src)
	}
	return m
}

// xdrawScale is the reference: x/image/draw's float Catmull-Rom, clamped.
func xdrawScale(dr image.Rectangle, src image.Image, sr image.Rectangle) *image.RGBA {
	m := image.NewRGBA(dr)
	xdraw.CatmullRom.Scale(m, dr, src, sr, xdraw.Src, nil)
	clampToAlpha(m)
	return m
}

// pixDiff returns the largest and mean absolute channel difference of two
// images with the same Rect.
func pixDiff(a, b *image.RGBA) (maxd int, mean float64) {
	sum := 0
	for i := range a.Pix {
		d := int(a.Pix[i]) - int(b.Pix[i])
		if d < 0 {
			d = -d
		}
		maxd = max(maxd, d)
		sum += d
	}
	return maxd, float64(sum) / float64(len(a.Pix))
}

// checkPremul fails when a colour channel of m exceeds its alpha.
func checkPremul(t *testing.T, m *image.RGBA) {
	t.Helper()
	for i := 0; i < len(m.Pix); i += 4 {
		if a := m.Pix[i+3]; m.Pix[i] > a || m.Pix[i+1] > a || m.Pix[i+2] > a {
			t.Fatalf("pixel %d = %v, want colour <= alpha", i/4, m.Pix[i:i+4])
		}
	}
}

func TestScaleCatmullRomMatchesXDraw(t *testing.T) {
	all := map[string]scaleSrc{
		"opaque-nrgba": randNRGBA(true), "alpha-nrgba": randNRGBA(false),
		"rgba": randRGBA, "disc": discNRGBA, "stripes": stripesRGBA, "islands": islandsRGBA,
	}
	big := map[string]scaleSrc{"disc": discNRGBA, "alpha-nrgba": randNRGBA(false), "islands": islandsRGBA}
	sq := func(n int) image.Rectangle { return image.Rect(0, 0, n, n) }
	cases := []struct {
		name       string
		srcs       map[string]scaleSrc
		bounds, sr image.Rectangle
		dr         image.Rectangle
	}{
		{"up 500->562", all, sq(500), sq(500), sq(562)},
		{"down 500->468", all, sq(500), sq(500), sq(468)},
		{"down 500->351", all, sq(500), sq(500), sq(351)},
		{"down 2048->562", big, sq(2048), sq(2048), sq(562)},
		{"500x300->140x84", all, image.Rect(0, 0, 500, 300), image.Rect(0, 0, 500, 300), image.Rect(0, 0, 140, 84)},
		{"sub-rect sr", all, image.Rect(-20, 10, 580, 510), image.Rect(37, 61, 437, 361), image.Rect(0, 0, 300, 225)},
		{"dst not at origin", all, sq(300), sq(300), image.Rect(100, -50, 381, 231)},
		{"1x1->7x7", all, sq(1), sq(1), sq(7)},
		{"7x7->1x1", all, sq(7), sq(7), sq(1)},
		{"mixed up/down 64x300->200x90", all, image.Rect(0, 0, 64, 300), image.Rect(0, 0, 64, 300), image.Rect(0, 0, 200, 90)},
		{"strips 8x2048->600x2", big, image.Rect(0, 0, 8, 2048), image.Rect(0, 0, 8, 2048), image.Rect(0, 0, 600, 2)},
	}
	for _, c := range cases {
		for name, gen := range c.srcs {
			t.Run(c.name+"/"+name, func(t *testing.T) {
				t.Parallel() // also shares the scratch pool between goroutines
				src := gen(c.bounds)
				want := xdrawScale(c.dr, src, c.sr)
				got := image.NewRGBA(c.dr)
				scaleCatmullRom(got, src, c.sr)
				checkPremul(t, got)
				maxd, mean := pixDiff(got, want)
				t.Logf("%s/%s: max %d mean %.4f", c.name, name, maxd, mean)
				if maxd > 2 || mean > 0.05 {
					t.Errorf("scaleCatmullRom vs xdraw: max diff %d, mean %.4f; want <= 2, <= 0.05", maxd, mean)
				}
			})
		}
	}
}

func TestScaleCatmullRomKeepsOpacity(t *testing.T) {
	sizes := []struct{ sw, sh, dw, dh int }{
		{500, 500, 562, 562}, {500, 500, 351, 351}, {37, 91, 300, 20}, {1, 1, 7, 7}, {7, 7, 1, 1}, {640, 3, 5, 40},
	}
	for _, s := range sizes {
		sr, dr := image.Rect(0, 0, s.sw, s.sh), image.Rect(0, 0, s.dw, s.dh)
		transparent := image.NewNRGBA(sr)
		for i := 0; i < len(transparent.Pix); i += 4 { // colour under zero alpha must not leak
			transparent.Pix[i], transparent.Pix[i+1], transparent.Pix[i+2] = 255, 255, 255
		}
		got := image.NewRGBA(dr)
		for _, opaque := range []image.Image{stripesRGBA(sr), randNRGBA(true)(sr)} {
			scaleCatmullRom(got, opaque, sr)
			for i := 3; i < len(got.Pix); i += 4 {
				if got.Pix[i] != 255 {
					t.Fatalf("%v: opaque %T: alpha of pixel %d = %d, want 255", s, opaque, i/4, got.Pix[i])
				}
			}
		}
		scaleCatmullRom(got, transparent, sr)
		for i, v := range got.Pix {
			if v != 0 {
				t.Fatalf("%v: transparent source: byte %d = %d, want 0", s, i, v)
			}
		}
	}
}

func TestScaleCatmullRomEdgeCases(t *testing.T) {
	src := discNRGBA(image.Rect(0, 0, 40, 30))
	cases := []struct {
		name   string
		src    image.Image
		sr, dr image.Rectangle
	}{
		{"empty dst", src, src.Bounds(), image.Rect(5, 5, 5, 9)},
		{"empty sr", src, image.Rect(3, 3, 3, 20), image.Rect(0, 0, 10, 10)},
		{"inverted sr", src, image.Rect(30, 20, 10, 5), image.Rect(0, 0, 10, 10)},
		{"sr outside src", src, image.Rect(20, 10, 90, 70), image.Rect(0, 0, 33, 21)},
		{"gray src", image.NewGray(image.Rect(0, 0, 40, 30)), image.Rect(0, 0, 40, 30), image.Rect(0, 0, 33, 21)},
		{"rgba64 src", image.NewRGBA64(image.Rect(0, 0, 40, 30)), image.Rect(0, 0, 40, 30), image.Rect(0, 0, 63, 50)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if g, ok := c.src.(*image.Gray); ok {
				for i := range g.Pix {
					g.Pix[i] = uint8(i * 3)
				}
			}
			got := image.NewRGBA(c.dr)
			scaleCatmullRom(got, c.src, c.sr) // must not panic
			if c.dr.Empty() || c.sr.Empty() {
				return
			}
			want := xdrawScale(c.dr, c.src, c.sr)
			if maxd, _ := pixDiff(got, want); maxd != 0 {
				t.Errorf("fallback differs from xdraw by %d, want 0", maxd)
			}
			checkPremul(t, got)
		})
	}
}

func TestScaleCatmullRomSubImageDst(t *testing.T) {
	// Pixels of the parent outside dst.Rect stay as they were.
	parent := image.NewRGBA(image.Rect(0, 0, 90, 80))
	for i := range parent.Pix {
		parent.Pix[i] = 200
	}
	dst := parent.SubImage(image.Rect(10, 20, 60, 50)).(*image.RGBA)
	src := randNRGBA(false)(image.Rect(0, 0, 120, 70))
	scaleCatmullRom(dst, src, src.Bounds())
	want := xdrawScale(dst.Rect, src, src.Bounds())
	for y := 0; y < 80; y++ {
		for x := 0; x < 90; x++ {
			got := parent.RGBAAt(x, y)
			if !image.Pt(x, y).In(dst.Rect) {
				if got != (color.RGBA{200, 200, 200, 200}) {
					t.Fatalf("pixel (%d, %d) outside dst = %v, want untouched", x, y, got)
				}
				continue
			}
			w := want.RGBAAt(x, y)
			if d := max(absDiff(got.R, w.R), absDiff(got.G, w.G), absDiff(got.B, w.B), absDiff(got.A, w.A)); d > 2 {
				t.Fatalf("pixel (%d, %d) = %v, want %v (+-2)", x, y, got, w)
			}
		}
	}
}

func absDiff(a, b uint8) int {
	return max(int(a)-int(b), int(b)-int(a))
}

func TestScaleAxisWeights(t *testing.T) {
	// Every output's weights sum exactly to one and stay inside the
	// source, and the lanes provably cannot overflow, for any realistic
	// pair of sizes (and some extreme ones).
	sizes := []struct{ dn, sn int }{
		{562, 500}, {351, 500}, {468, 500}, {1, 7}, {7, 1}, {562, 2048}, {2, 2048}, {1, 2048}, {4096, 3}, {4096, 1}, {4096, 2048},
	}
	for _, c := range sizes {
		for _, kind := range []struct {
			one   int32
			align int
		}{{1 << scaleWBits, 2}, {scaleVOne, 1}} {
			ax := newScaleAxis(c.dn, c.sn, kind.one, kind.align)
			if ax.stride%kind.align != 0 || ax.stride < ax.n || ax.n > c.sn {
				t.Fatalf("newScaleAxis(%d, %d): n %d stride %d, want n <= %d <= stride, stride %% %d == 0",
					c.dn, c.sn, ax.n, ax.stride, c.sn, kind.align)
			}
			for i, s := range ax.start {
				ws := ax.w[i*ax.stride : i*ax.stride+ax.stride]
				sum := int32(0)
				for _, w := range ws {
					sum += w
				}
				if sum != kind.one || s < 0 || int(s)+ax.n > c.sn {
					t.Fatalf("newScaleAxis(%d, %d): output %d start %d n %d sum %d, want in range, sum %d",
						c.dn, c.sn, i, s, ax.n, sum, kind.one)
				}
			}
		}
		for _, d := range sizes {
			hx := newScaleAxis(c.dn, c.sn, 1<<scaleWBits, 2)
			vy := newScaleAxis(d.dn, d.sn, scaleVOne, 1)
			if !scaleFits(&hx, &vy) {
				t.Errorf("scaleFits(%d->%d, %d->%d) = false, want true", c.sn, c.dn, d.sn, d.dn)
			}
		}
	}
}

func TestScaleFitsRefusesHugeWeights(t *testing.T) {
	// The lanes' int32 bound is checked, not assumed: weights that could
	// overflow send the scale to x/image/draw.
	vy := newScaleAxis(100, 100, scaleVOne, 1)
	huge := scaleAxis{pos: 1 << 20, neg: 1 << 20}
	if scaleFits(&huge, &vy) {
		t.Errorf("scaleFits(pos %d) = true, want false", huge.pos)
	}
	hx := newScaleAxis(100, 100, 1<<scaleWBits, 2)
	if scaleFits(&hx, &huge) {
		t.Errorf("scaleFits(vertical pos %d) = true, want false", huge.pos)
	}
}
