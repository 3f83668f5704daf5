package pngenc

import (
	"bytes"
	"errors"
	"fmt"
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

func TestEncodeRoundTrip(t *testing.T) {
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
		if err := Encode(&buf, src); err != nil {
			t.Fatalf("Encode(%s %s %dx%d) error: %v", tt.kind, tt.alpha, tt.w, tt.h, err)
		}
		if ct := buf.Bytes()[25]; ct != tt.wantColourType {
			t.Errorf("Encode(%s %s %dx%d) colour type = %d, want %d", tt.kind, tt.alpha, tt.w, tt.h, ct, tt.wantColourType)
		}
		dec, err := png.Decode(bytes.NewReader(buf.Bytes()))
		if err != nil {
			t.Fatalf("png.Decode(Encode(%s %s %dx%d)) error: %v", tt.kind, tt.alpha, tt.w, tt.h, err)
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

func TestEncodeOtherTypes(t *testing.T) {
	g := image.NewGray(image.Rect(0, 0, 7, 5))
	for i := range g.Pix {
		g.Pix[i] = uint8(i * 7)
	}
	p := image.NewPaletted(image.Rect(0, 0, 4, 4), color.Palette{color.NRGBA{255, 0, 0, 128}, color.NRGBA{0, 0, 255, 255}})
	p.Pix[3] = 1
	for _, src := range []image.Image{g, p, image.NewRGBA(image.Rect(3, 4, 9, 8))} {
		var buf bytes.Buffer
		if err := Encode(&buf, src); err != nil {
			t.Fatalf("Encode(%T) error: %v", src, err)
		}
		dec, err := png.Decode(&buf)
		if err != nil {
			t.Fatalf("png.Decode(Encode(%T)) error: %v", src, err)
		}
		b := src.Bounds()
		if dec.Bounds().Size() != b.Size() {
			t.Fatalf("Encode(%T) size = %v, want %v", src, dec.Bounds().Size(), b.Size())
		}
		for y := 0; y < b.Dy(); y++ {
			for x := 0; x < b.Dx(); x++ {
				want := color.NRGBAModel.Convert(src.At(b.Min.X+x, b.Min.Y+y)).(color.NRGBA)
				got := color.NRGBAModel.Convert(dec.At(x, y)).(color.NRGBA)
				if want.A == 0 {
					want = color.NRGBA{}
				}
				if got != want {
					t.Fatalf("Encode(%T) pixel (%d,%d) = %v, want %v", src, x, y, got, want)
				}
			}
		}
	}
	if err := Encode(&bytes.Buffer{}, image.NewRGBA(image.Rect(0, 0, 0, 3))); err == nil {
		t.Error("Encode(empty) error = nil, want an error")
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
	s, err := NewStream(&buf, 37, 23, true)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for _, b := range bands {
		if err := s.WriteRows(b); err != nil {
			t.Fatalf("WriteRows(%v) = %v", b.Bounds(), err)
		}
	}
	if err := s.Finish(); err != nil {
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

	short, _ := NewStream(io.Discard, 37, 23, true)
	defer short.Close()
	if err := short.WriteRows(image.NewRGBA(image.Rect(0, 0, 36, 5))); err == nil {
		t.Error("WriteRows of a narrower band = nil, want an error")
	}
	if err := short.WriteRows(bands[0]); err != nil {
		t.Fatal(err)
	}
	if err := short.Finish(); err == nil {
		t.Error("finish with 9 of 23 rows = nil, want an error")
	}
}

// FuzzEncode: any picture (opaque or not, RGBA or NRGBA, any width)
// encodes to a PNG that image/png decodes to the same pixels, and a banded
// encode gives the same bytes as the whole one.
func FuzzEncode(f *testing.F) {
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
		if err := Encode(&whole, src); err != nil {
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
		s, err := NewStream(&banded, w, h, isOpaque(src))
		defer s.Close()
		if err != nil {
			t.Fatal(err)
		}
		for y0 := 0; y0 < h; y0 += 3 {
			band := src.(interface {
				SubImage(image.Rectangle) image.Image
			}).SubImage(image.Rect(0, y0, w, min(h, y0+3)))
			if err := s.WriteRows(band); err != nil {
				t.Fatal(err)
			}
		}
		if err := s.Finish(); err != nil {
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
func TestEncodeSteppedGradient(t *testing.T) {
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
		if err := Encode(&buf, m); err != nil {
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
func TestEncodeReusedWindow(t *testing.T) {
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
		if err := Encode(&buf, img); err != nil {
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

// oldEncode is Encode as it was before it assumed opaque pictures:
// a pass over every pixel (isOpaque) picks the colour type first. It is
// the oracle for the bytes Encode writes.
func oldEncode(w io.Writer, img image.Image) error {
	return encode(w, img, isOpaque(img), false)
}

// plainWriter hides a bytes.Buffer's type (Encode then collects the
// PNG in its own buffer).
type plainWriter struct{ io.Writer }

// Pictures that are opaque but for one pixel (in the last row, in the
// middle of a stretch equal to the row above; in the first row as 0,0,0,0,
// which equals the zero row above it; as an alpha-only change, which the
// RGB filter drops; in the lone last pixel of an odd width; after the
// busy-picture switch; in a sub-image) get the colour type and the bytes
// the pass over every pixel gave, written to a *bytes.Buffer after what
// it held or to another writer, and decode to their colours.
func TestEncodeAssumedOpaque(t *testing.T) {
	type pixel struct {
		x, y int
		c    [4]byte // premultiplied for RGBA, as stored
	}
	clearPx := [4]byte{}
	// flat is a picture of rows that repeat the row above but for a few
	// pixels, opaque; busy is noise (every row busy).
	flat := func(w, h int, seed uint64) []byte {
		r := rand.New(rand.NewPCG(seed, 9))
		pix := make([]byte, 4*w*h)
		for y := range h {
			row := pix[4*w*y : 4*w*(y+1)]
			if y == 0 {
				for x := range w {
					copy(row[4*x:], []byte{40, 80, 120, 255})
				}
			} else {
				copy(row, pix[4*w*(y-1):])
			}
			if y%3 == 1 {
				x := r.IntN(w)
				copy(row[4*x:], []byte{byte(r.IntN(256)), 7, 0, 255})
			}
		}
		return pix
	}
	busy := func(w, h int, seed uint64) []byte {
		r := rand.New(rand.NewPCG(seed, 10))
		pix := make([]byte, 4*w*h)
		for i := range pix {
			pix[i] = byte(r.IntN(256))
			if i%4 == 3 {
				pix[i] = 255
			}
		}
		return pix
	}
	type tcase struct {
		name   string
		w, h   int
		base   func(w, h int, seed uint64) []byte
		set    func(w, h int) []pixel
		sub    image.Rectangle // a sub-image, if not empty
		opaque bool
	}
	var cases []tcase
	for _, w := range []int{1, 2, 3, 37, 64, 300, 301} {
		cases = append(cases,
			tcase{name: "opaque", opaque: true, w: w, h: 9, base: flat, set: func(w, h int) []pixel { return nil }},
			tcase{name: "last row, alpha 254", w: w, h: 9, base: flat, set: func(w, h int) []pixel {
				return []pixel{{w / 2, h - 1, [4]byte{40, 80, 120, 254}}}
			}},
			tcase{name: "last row, clear", w: w, h: 9, base: flat, set: func(w, h int) []pixel {
				return []pixel{{w / 2, h - 1, clearPx}}
			}},
			tcase{name: "first row, clear", w: w, h: 9, base: flat, set: func(w, h int) []pixel {
				return []pixel{{w / 2, 0, clearPx}}
			}},
			tcase{name: "first row, last pixel clear", w: w, h: 9, base: flat, set: func(w, h int) []pixel {
				return []pixel{{w - 1, 0, clearPx}}
			}},
			tcase{name: "last pixel, alpha 200", w: w, h: 9, base: flat, set: func(w, h int) []pixel {
				return []pixel{{w - 1, 5, [4]byte{40, 80, 120, 200}}}
			}},
			tcase{name: "first pixel, alpha 1", w: w, h: 9, base: flat, set: func(w, h int) []pixel {
				return []pixel{{0, 7, [4]byte{0, 1, 1, 1}}}
			}},
			tcase{name: "black over clear (alpha alone)", w: w, h: 9, base: flat, set: func(w, h int) []pixel {
				return []pixel{{w / 3, 3, [4]byte{0, 0, 0, 255}}, {w / 3, 4, [4]byte{0, 0, 0, 255}}, {w / 3, 5, clearPx}}
			}},
			tcase{name: "first row clear, rest opaque", w: w, h: 9, base: flat, set: func(w, h int) []pixel {
				p := make([]pixel, w)
				for x := range p {
					p[x] = pixel{x, 0, clearPx}
				}
				return p
			}},
			tcase{name: "busy, opaque", opaque: true, w: w, h: 60, base: busy, set: func(w, h int) []pixel { return nil }},
			tcase{name: "busy, row 50 alpha 254", w: w, h: 60, base: busy, set: func(w, h int) []pixel {
				return []pixel{{w / 2, 50, [4]byte{9, 9, 9, 254}}}
			}},
			tcase{name: "sub-image, last row", w: w, h: 9, base: flat, sub: image.Rect(w/2, 2, w, 9), set: func(w, h int) []pixel {
				return []pixel{{w - 1, h - 1, [4]byte{40, 80, 120, 254}}, {w / 2, 1, clearPx}}
			}},
			tcase{name: "sub-image, opaque below a clear row", opaque: true, w: w, h: 9, base: flat, sub: image.Rect(0, 2, w, 9), set: func(w, h int) []pixel {
				return []pixel{{w / 2, 1, clearPx}}
			}},
		)
	}
	// A busy picture whose row 50 repeats row 49 but for one alpha byte
	// (after the switch to the Up filter, which drops alpha too).
	for _, w := range []int{2, 37, 300} {
		cases = append(cases, tcase{name: "busy, alpha alone after the switch", w: w, h: 60, set: func(w, h int) []pixel { return nil },
			base: func(w, h int, seed uint64) []byte {
				pix := busy(w, h, seed)
				copy(pix[4*w*50:4*w*51], pix[4*w*49:])
				pix[4*w*50+4*(w/2)+3] = 254
				return pix
			}})
	}
	for i, tc := range cases {
		for _, kind := range []string{"rgba", "nrgba"} {
			pix := tc.base(tc.w, tc.h, uint64(i))
			for _, p := range tc.set(tc.w, tc.h) {
				copy(pix[4*(tc.w*p.y+p.x):], p.c[:])
			}
			rect := image.Rect(0, 0, tc.w, tc.h)
			var img image.Image
			if kind == "rgba" {
				for j := 0; j < len(pix); j += 4 { // premultiplied
					pix[j], pix[j+1], pix[j+2] = min(pix[j], pix[j+3]), min(pix[j+1], pix[j+3]), min(pix[j+2], pix[j+3])
				}
				img = &image.RGBA{Pix: pix, Stride: 4 * tc.w, Rect: rect}
			} else {
				img = &image.NRGBA{Pix: pix, Stride: 4 * tc.w, Rect: rect}
			}
			if !tc.sub.Empty() {
				img = img.(interface {
					SubImage(image.Rectangle) image.Image
				}).SubImage(tc.sub)
			}
			name := fmt.Sprintf("%s %s %dx%d", tc.name, kind, tc.w, tc.h)
			var want bytes.Buffer
			if err := oldEncode(&want, img); err != nil {
				t.Fatal(err)
			}
			if isOpaque(img) != tc.opaque {
				t.Fatalf("%s: isOpaque = %v, want %v", name, !tc.opaque, tc.opaque)
			}
			wantType := byte(6)
			if tc.opaque {
				wantType = 2
			}
			if ct := want.Bytes()[25]; ct != wantType {
				t.Fatalf("%s: the oracle's colour type = %d, want %d", name, ct, wantType)
			}
			prefix := []byte("held before")
			got := bytes.NewBuffer(append([]byte(nil), prefix...))
			if err := Encode(got, img); err != nil {
				t.Fatalf("%s: Encode(*bytes.Buffer): %v", name, err)
			}
			if !bytes.HasPrefix(got.Bytes(), prefix) {
				t.Fatalf("%s: Encode lost what the buffer held", name)
			}
			if !bytes.Equal(got.Bytes()[len(prefix):], want.Bytes()) {
				t.Fatalf("%s: Encode(*bytes.Buffer) wrote other bytes than the pass over every pixel (colour type %d, want %d)",
					name, got.Bytes()[len(prefix)+25], wantType)
			}
			var plain bytes.Buffer
			if err := Encode(plainWriter{&plain}, img); err != nil {
				t.Fatalf("%s: Encode(io.Writer): %v", name, err)
			}
			if !bytes.Equal(plain.Bytes(), want.Bytes()) {
				t.Fatalf("%s: Encode(io.Writer) wrote other bytes than the pass over every pixel", name)
			}
			dec, err := png.Decode(&plain)
			if err != nil {
				t.Fatalf("%s: png.Decode: %v", name, err)
			}
			b := img.Bounds()
			for y := b.Min.Y; y < b.Max.Y; y++ {
				for x := b.Min.X; x < b.Max.X; x++ {
					got := dec.At(x-b.Min.X, y-b.Min.Y)
					var ok bool
					if kind == "rgba" {
						ok = color.RGBAModel.Convert(got) == img.At(x, y)
					} else {
						ok = color.NRGBAModel.Convert(got) == img.At(x, y)
					}
					if !ok {
						t.Fatalf("%s: pixel (%d,%d) decodes to %v, want %v", name, x, y, got, img.At(x, y))
					}
				}
			}
		}
	}
}

// failWriter refuses every write.
type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

// A writer's error reaches Encode's caller, opaque picture or not.
func TestEncodeWriterError(t *testing.T) {
	for _, alpha := range []string{"opaque", "mixed"} {
		if err := Encode(failWriter{}, noisy("rgba", 30, 20, alpha, 1)); err == nil {
			t.Errorf("Encode(%s picture, failing writer) error = nil, want the writer's", alpha)
		}
	}
}

// FuzzEncodeAssumedOpaque: a picture opaque but for one pixel (any
// alpha, anywhere; rows that often repeat the row above, so the pixel may
// differ from the one above in alpha alone) gets from Encode the bytes
// the pass over every pixel gave, whatever the writer.
func FuzzEncodeAssumedOpaque(f *testing.F) {
	f.Add([]byte{1, 2, 3, 4, 5, 6, 7, 8, 9}, uint8(5), uint8(4), uint16(19), uint8(0), false)
	f.Add([]byte{0}, uint8(8), uint8(3), uint16(3), uint8(254), true)
	f.Add([]byte{200, 100, 50, 0, 1}, uint8(2), uint8(9), uint16(17), uint8(128), false)
	f.Fuzz(func(t *testing.T, data []byte, width, height uint8, at uint16, alpha uint8, nrgba bool) {
		if len(data) == 0 {
			return
		}
		w, h := int(width)%70+1, int(height)%40+1
		pix := make([]byte, 4*w*h)
		for y := range h {
			row := pix[4*w*y : 4*w*(y+1)]
			if y > 0 && data[y%len(data)]&1 == 0 {
				copy(row, pix[4*w*(y-1):]) // the row above again
			} else {
				for i := range row {
					row[i] = data[(4*w*y+i)%len(data)]
				}
			}
			for x := range w {
				row[4*x+3] = 255
			}
		}
		pix[4*(int(at)%(w*h))+3] = alpha
		rect := image.Rect(0, 0, w, h)
		var img image.Image = &image.NRGBA{Pix: pix, Stride: 4 * w, Rect: rect}
		if !nrgba {
			for i := 0; i < len(pix); i += 4 { // premultiplied
				pix[i], pix[i+1], pix[i+2] = min(pix[i], pix[i+3]), min(pix[i+1], pix[i+3]), min(pix[i+2], pix[i+3])
			}
			img = &image.RGBA{Pix: pix, Stride: 4 * w, Rect: rect}
		}
		var want, got, plain bytes.Buffer
		if err := oldEncode(&want, img); err != nil {
			t.Fatal(err)
		}
		if err := Encode(&got, img); err != nil {
			t.Fatal(err)
		}
		if err := Encode(plainWriter{&plain}, img); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got.Bytes(), want.Bytes()) || !bytes.Equal(plain.Bytes(), want.Bytes()) {
			t.Fatalf("%dx%d, alpha %d at pixel %d: Encode differs from the pass over every pixel (colour types %d, %d, want %d)",
				w, h, alpha, int(at)%(w*h), got.Bytes()[25], plain.Bytes()[25], want.Bytes()[25])
		}
	})
}
