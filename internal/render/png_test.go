package render

import (
	"bytes"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"io"
	"math/rand/v2"
	"testing"
)

// noisy returns a w x h image of type kind ("rgba", "nrgba") filled from a
// seeded generator; alphaMode "opaque", "clear" or "mixed".
func noisy(kind string, w, h int, alphaMode string, seed uint64) draw.Image {
	r := rand.New(rand.NewPCG(seed, 7))
	rect := image.Rect(0, 0, w, h)
	var img draw.Image
	if kind == "rgba" {
		img = image.NewRGBA(rect)
	} else {
		img = image.NewNRGBA(rect)
	}
	for y := range h {
		for x := range w {
			a := uint8(255)
			switch alphaMode {
			case "clear":
				a = 0
			case "mixed":
				a = uint8(r.IntN(256))
			}
			c := color.NRGBA{uint8(r.IntN(256)), uint8(r.IntN(256)), uint8(r.IntN(256)), a}
			if kind == "rgba" {
				img.Set(x, y, c) // premultiplies
			} else {
				img.Set(x, y, c)
			}
		}
	}
	return img
}

func TestEncodePNGRoundTrip(t *testing.T) {
	tests := []struct {
		kind, alpha    string
		w, h           int
		wantColourType byte
	}{
		{"rgba", "opaque", 1, 1, 2},
		{"rgba", "opaque", 37, 19, 2},
		{"rgba", "mixed", 37, 19, 6},
		{"rgba", "clear", 5, 3, 6},
		{"nrgba", "opaque", 64, 1, 2},
		{"nrgba", "mixed", 1, 65, 6},
		{"nrgba", "mixed", 301, 7, 6},
		{"nrgba", "clear", 1, 1, 6},
	}
	for i, tt := range tests {
		src := noisy(tt.kind, tt.w, tt.h, tt.alpha, uint64(i))
		var buf bytes.Buffer
		if err := EncodePNG(&buf, src); err != nil {
			t.Fatalf("EncodePNG(%s %s %dx%d) error: %v", tt.kind, tt.alpha, tt.w, tt.h, err)
		}
		if ct := buf.Bytes()[25]; ct != tt.wantColourType {
			t.Errorf("EncodePNG(%s %s %dx%d) colour type = %d, want %d", tt.kind, tt.alpha, tt.w, tt.h, ct, tt.wantColourType)
		}
		dec, err := png.Decode(bytes.NewReader(buf.Bytes()))
		if err != nil {
			t.Fatalf("png.Decode(EncodePNG(%s %s %dx%d)) error: %v", tt.kind, tt.alpha, tt.w, tt.h, err)
		}
		if dec.Bounds() != src.Bounds() {
			t.Fatalf("decoded bounds = %v, want %v", dec.Bounds(), src.Bounds())
		}
		// Convert the decoded image to the source's type with image/draw and
		// compare bytes exactly.
		var got, want []byte
		switch s := src.(type) {
		case *image.RGBA:
			g := image.NewRGBA(s.Bounds())
			draw.Draw(g, g.Bounds(), dec, image.Point{}, draw.Src)
			got, want = g.Pix, s.Pix
		case *image.NRGBA:
			g := image.NewNRGBA(s.Bounds())
			draw.Draw(g, g.Bounds(), dec, image.Point{}, draw.Src)
			got, want = g.Pix, s.Pix
		}
		if !bytes.Equal(got, want) {
			for j := range got {
				if got[j] != want[j] {
					t.Errorf("round trip %s %s %dx%d: byte %d (pixel %d) = %d, want %d", tt.kind, tt.alpha, tt.w, tt.h, j, j/4, got[j], want[j])
					break
				}
			}
		}
	}
}

func TestEncodePNGOtherTypes(t *testing.T) {
	g := image.NewGray(image.Rect(0, 0, 7, 5))
	for i := range g.Pix {
		g.Pix[i] = uint8(i * 7)
	}
	p := image.NewPaletted(image.Rect(0, 0, 4, 4), color.Palette{color.NRGBA{255, 0, 0, 128}, color.NRGBA{0, 0, 255, 255}})
	p.Pix[3] = 1
	for _, src := range []image.Image{g, p, image.NewRGBA(image.Rect(3, 4, 9, 8))} {
		var buf bytes.Buffer
		if err := EncodePNG(&buf, src); err != nil {
			t.Fatalf("EncodePNG(%T) error: %v", src, err)
		}
		dec, err := png.Decode(&buf)
		if err != nil {
			t.Fatalf("png.Decode(EncodePNG(%T)) error: %v", src, err)
		}
		b := src.Bounds()
		if dec.Bounds().Size() != b.Size() {
			t.Fatalf("EncodePNG(%T) size = %v, want %v", src, dec.Bounds().Size(), b.Size())
		}
		for y := 0; y < b.Dy(); y++ {
			for x := 0; x < b.Dx(); x++ {
				want := color.NRGBAModel.Convert(src.At(b.Min.X+x, b.Min.Y+y)).(color.NRGBA)
				got := color.NRGBAModel.Convert(dec.At(x, y)).(color.NRGBA)
				if want.A == 0 {
					want = color.NRGBA{}
				}
				if got != want {
					t.Fatalf("EncodePNG(%T) pixel (%d,%d) = %v, want %v", src, x, y, got, want)
				}
			}
		}
	}
	if err := EncodePNG(&bytes.Buffer{}, image.NewRGBA(image.Rect(0, 0, 0, 3))); err == nil {
		t.Error("EncodePNG(empty) error = nil, want an error")
	}
}

// A picture written in bands of different image types (some filtered
// straight from their rows, some converted first) decodes to the picture,
// and a stream refuses rows that do not fit or a picture left short.
func TestPNGStreamBands(t *testing.T) {
	whole := noisy("nrgba", 37, 23, "opaque", 3).(*image.NRGBA)
	part := func(y0, y1 int, m draw.Image) image.Image {
		r := image.Rect(0, y0, 37, y1)
		draw.Draw(m, r, whole, r.Min, draw.Src)
		return m
	}
	bands := []image.Image{
		part(0, 9, image.NewRGBA(image.Rect(0, 0, 37, 9))),
		part(9, 10, image.NewRGBA(image.Rect(0, 9, 37, 10))),
		part(10, 15, image.NewNRGBA64(image.Rect(0, 10, 37, 15))), // no fast path
		part(15, 23, image.NewRGBA(image.Rect(0, 15, 37, 23))),
	}
	var buf bytes.Buffer
	s, err := startPNG(&buf, 37, 23, true)
	if err != nil {
		t.Fatal(err)
	}
	defer s.close()
	for _, b := range bands {
		if err := s.writeRows(b); err != nil {
			t.Fatalf("writeRows(%v) = %v", b.Bounds(), err)
		}
	}
	if err := s.finish(); err != nil {
		t.Fatal(err)
	}
	got, err := png.Decode(&buf)
	if err != nil {
		t.Fatal(err)
	}
	for y := range 23 {
		for x := range 37 {
			if g, w := color.NRGBAModel.Convert(got.At(x, y)), whole.NRGBAAt(x, y); g != w {
				t.Fatalf("pixel (%d,%d) = %v, want %v", x, y, g, w)
			}
		}
	}

	short, _ := startPNG(io.Discard, 37, 23, true)
	defer short.close()
	if err := short.writeRows(image.NewRGBA(image.Rect(0, 0, 36, 5))); err == nil {
		t.Error("writeRows of a narrower band = nil, want an error")
	}
	if err := short.writeRows(bands[0]); err != nil {
		t.Fatal(err)
	}
	if err := short.finish(); err == nil {
		t.Error("finish with 9 of 23 rows = nil, want an error")
	}
}

// FuzzEncodePNG: any picture (opaque or not, RGBA or NRGBA, any width)
// encodes to a PNG that image/png decodes to the same pixels, and a banded
// encode gives the same bytes as the whole one.
func FuzzEncodePNG(f *testing.F) {
	f.Add([]byte{1, 2, 3, 255, 4, 5, 6, 255, 1, 2, 3, 255, 9, 9, 9, 255}, uint8(2), false)
	f.Add([]byte{0, 0, 0, 0, 10, 20, 30, 40, 200, 100, 50, 128}, uint8(3), true)
	// Flat rows that step by one (the Paeth shortcut under a flat row
	// above), with a wrap-around from 255 to 0.
	f.Add([]byte{
		9, 9, 9, 255, 9, 9, 9, 255, 9, 9, 9, 255, 255, 255, 255, 255,
		10, 10, 10, 255, 10, 10, 10, 255, 10, 10, 10, 255, 0, 0, 0, 255,
		10, 10, 10, 255, 10, 10, 10, 255, 11, 11, 11, 255, 0, 0, 0, 255,
	}, uint8(3), false)
	f.Fuzz(func(t *testing.T, data []byte, width uint8, nrgba bool) {
		w := int(width)%40 + 1
		h := len(data) / (4 * w)
		if h == 0 {
			return
		}
		rect := image.Rect(0, 0, w, h)
		var src image.Image
		if nrgba {
			m := image.NewNRGBA(rect)
			copy(m.Pix, data)
			src = m
		} else {
			m := image.NewRGBA(rect)
			copy(m.Pix, data)
			for i := 0; i < len(m.Pix); i += 4 { // keep it premultiplied
				a := m.Pix[i+3]
				m.Pix[i], m.Pix[i+1], m.Pix[i+2] = min(m.Pix[i], a), min(m.Pix[i+1], a), min(m.Pix[i+2], a)
			}
			src = m
		}
		var whole bytes.Buffer
		if err := EncodePNG(&whole, src); err != nil {
			t.Fatal(err)
		}
		dec, err := png.Decode(bytes.NewReader(whole.Bytes()))
		if err != nil {
			t.Fatalf("png.Decode: %v", err)
		}
		for y := range h {
			for x := range w {
				want := color.NRGBAModel.Convert(src.At(x, y)).(color.NRGBA)
				got := color.NRGBAModel.Convert(dec.At(x, y)).(color.NRGBA)
				if !nrgba {
					// Premultiplied sources round-trip through RGBA.
					g := color.RGBAModel.Convert(got).(color.RGBA)
					if s := src.(*image.RGBA).RGBAAt(x, y); g != s {
						t.Fatalf("pixel (%d,%d) = %v, want %v", x, y, g, s)
					}
					continue
				}
				if got != want {
					t.Fatalf("pixel (%d,%d) = %v, want %v", x, y, got, want)
				}
			}
		}
		var banded bytes.Buffer
		s, err := startPNG(&banded, w, h, isOpaque(src))
		defer s.close()
		if err != nil {
			t.Fatal(err)
		}
		for y0 := 0; y0 < h; y0 += 3 {
			band := src.(interface {
				SubImage(image.Rectangle) image.Image
			}).SubImage(image.Rect(0, y0, w, min(h, y0+3)))
			if err := s.writeRows(band); err != nil {
				t.Fatal(err)
			}
		}
		if err := s.finish(); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(whole.Bytes(), banded.Bytes()) {
			t.Fatal("banded encode differs from the whole")
		}
	})
}

// A picture like style 99's panels: a gradient in steps across each row,
// lit in blocks of rows that step by a small amount (the rows where a
// block starts change over long stretches by the same difference under a
// flat row above), with a few noisy pixels, decodes to its pixels, opaque
// or not.
func TestEncodePNGSteppedGradient(t *testing.T) {
	r := rand.New(rand.NewPCG(31, 32))
	for _, opaque := range []bool{true, false} {
		const w, h = 301, 40
		m := image.NewRGBA(image.Rect(0, 0, w, h))
		for y := range h {
			light := y / 4 * 3
			for x := range w {
				p := m.Pix[y*m.Stride+4*x:]
				a := byte(255)
				if !opaque {
					a = byte(200 + x/60)
				}
				base := x/7 + light
				if r.IntN(50) == 0 {
					base += r.IntN(5)
				}
				p[0], p[1], p[2], p[3] = min(a, byte(base)), min(a, byte(base+250)), min(a, byte(base*2)), a
			}
		}
		var buf bytes.Buffer
		if err := EncodePNG(&buf, m); err != nil {
			t.Fatal(err)
		}
		dec, err := png.Decode(bytes.NewReader(buf.Bytes()))
		if err != nil {
			t.Fatalf("opaque %v: decode: %v", opaque, err)
		}
		got := image.NewRGBA(m.Bounds())
		draw.Draw(got, got.Bounds(), dec, image.Point{}, draw.Src)
		if !bytes.Equal(got.Pix, m.Pix) {
			t.Fatalf("opaque %v: decoded pixels differ", opaque)
		}
	}
}

// Rows are filtered into room in the deflater's window that held earlier
// rows (of this picture or one encoded before with the same pooled state):
// rows that change everywhere, in a few pixels, or not at all, in turn,
// over many window slides, and pictures of other sizes and paths (the busy
// switch) encoded one after another, all decode to their pixels.
func TestEncodePNGReusedWindow(t *testing.T) {
	r := rand.New(rand.NewPCG(31, 32))
	busySwitchPic := image.NewRGBA(image.Rect(0, 0, 200, 80))
	for y := range 80 {
		for x := range 200 {
			busySwitchPic.SetRGBA(x, y, color.RGBA{uint8(x*x/97 + y*y/13), uint8(x + 3*y), 90, 255})
		}
	}
	mixed := func(w, h int, alpha bool) *image.NRGBA {
		m := image.NewNRGBA(image.Rect(0, 0, w, h))
		for y := range h {
			row := m.Pix[y*m.Stride : y*m.Stride+4*w]
			if y > 0 {
				copy(row, m.Pix[(y-1)*m.Stride:])
			}
			switch y % 3 {
			case 0: // busy: every byte new
				for i := range row {
					row[i] = byte(r.IntN(256))
				}
			case 1: // sparse: a few pixels change
				for range 1 + r.IntN(4) {
					x := r.IntN(w)
					row[4*x], row[4*x+1] = byte(r.IntN(256)), byte(r.IntN(256))
				}
			} // case 2: the row above again
			if !alpha {
				for x := range w {
					row[4*x+3] = 255
				}
			}
		}
		return m
	}
	pics := []image.Image{
		mixed(1440, 90, false), busySwitchPic, mixed(1440, 60, false),
		mixed(37, 3000, true), mixed(301, 400, false), busySwitchPic,
		mixed(300, 400, true), mixed(1, 500, false), mixed(1439, 70, true),
	}
	for i, img := range pics {
		var buf bytes.Buffer
		if err := EncodePNG(&buf, img); err != nil {
			t.Fatal(err)
		}
		dec, err := png.Decode(&buf)
		if err != nil {
			t.Fatalf("picture %d: %v", i, err)
		}
		b := img.Bounds()
		for y := b.Min.Y; y < b.Max.Y; y++ {
			for x := b.Min.X; x < b.Max.X; x++ {
				got := color.NRGBAModel.Convert(dec.At(x, y))
				if want := color.NRGBAModel.Convert(img.At(x, y)); got != want {
					t.Fatalf("picture %d (%v): pixel (%d,%d) = %v, want %v", i, b.Size(), x, y, got, want)
				}
			}
		}
	}
}
