package pngenc

import (
	"bytes"
	"compress/flate"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"io"
	"math/rand/v2"
	"testing"
)

// decodeNRGBA decodes a PNG into non-premultiplied pixels and its colour
// type.
func decodeNRGBA(t testing.TB, data []byte) (*image.NRGBA, byte) {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("decode: %v", err)
	}
	m := image.NewNRGBA(img.Bounds())
	draw.Draw(m, m.Bounds(), img, img.Bounds().Min, draw.Src)
	return m, data[8+8+9]
}

// checkBest encodes img with Encode and EncodeBest and fails unless both
// decode to the same pixels with the same colour type.
func checkBest(t testing.TB, name string, img image.Image) (fast, best int) {
	t.Helper()
	var a, b bytes.Buffer
	if err := Encode(&a, img); err != nil {
		t.Fatalf("%s: Encode: %v", name, err)
	}
	if err := EncodeBest(&b, img); err != nil {
		t.Fatalf("%s: EncodeBest: %v", name, err)
	}
	want, wantType := decodeNRGBA(t, a.Bytes())
	got, gotType := decodeNRGBA(t, b.Bytes())
	if gotType != wantType {
		t.Errorf("%s: colour type %d, Encode's %d", name, gotType, wantType)
	}
	if got.Rect != want.Rect || !bytes.Equal(got.Pix, want.Pix) {
		t.Errorf("%s: EncodeBest's pixels differ from Encode's", name)
	}
	return a.Len(), b.Len()
}

// EncodeBest's pictures decode to exactly Encode's pixels: opaque,
// translucent and clear, premultiplied or not, other image types, one
// pixel to a few hundred, flat to noise.
func TestEncodeBestRoundTrip(t *testing.T) {
	for name, m := range pathPictures() {
		checkBest(t, name, m)
	}
	for _, kind := range []string{"rgba", "nrgba"} {
		for _, alpha := range []string{"opaque", "mixed", "clear"} {
			for _, size := range []image.Point{{1, 1}, {1, 40}, {40, 1}, {37, 19}, {130, 67}} {
				name := fmt.Sprintf("noise %s %s %v", kind, alpha, size)
				checkBest(t, name, noisy(kind, size.X, size.Y, alpha, uint64(size.X*size.Y)))
			}
		}
	}
	gray := image.NewGray(image.Rect(3, 5, 50, 30))
	for i := range gray.Pix {
		gray.Pix[i] = uint8(i * 7)
	}
	checkBest(t, "gray", gray)
	pal := image.NewPaletted(image.Rect(0, 0, 33, 21), color.Palette{color.NRGBA{200, 10, 10, 255}, color.NRGBA{0, 0, 0, 0}, color.NRGBA{10, 200, 10, 128}})
	for i := range pal.Pix {
		pal.Pix[i] = uint8(i % 3)
	}
	checkBest(t, "paletted", pal)
	sub := noisy("rgba", 90, 60, "mixed", 3).(*image.RGBA).SubImage(image.Rect(10, 7, 71, 50))
	checkBest(t, "sub-image", sub)
}

// On rendered thumbnails (from testdata) EncodeBest keeps the pixels and
// makes the file smaller than Encode's and than image/png's best.
func TestEncodeBestFrames(t *testing.T) {
	if testing.Short() || raceDetector {
		t.Skip("seconds of CPU per picture")
	}
	for _, name := range []string{"thumb-style1", "thumb-style99"} {
		m := frame(t, name)
		fast, best := checkBest(t, name, m)
		var std bytes.Buffer
		if err := (&png.Encoder{CompressionLevel: png.BestCompression}).Encode(&std, m); err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: Encode %d, image/png best %d, EncodeBest %d bytes", name, fast, std.Len(), best)
		if best >= fast || best >= std.Len() {
			t.Errorf("%s: EncodeBest %d bytes, not below Encode's %d and image/png's best %d", name, best, fast, std.Len())
		}
	}
}

// The style-99 thumbnail comes out at most 0.85 times what image/png
// makes of it at its default compression.
func TestEncodeBestRatio(t *testing.T) {
	if testing.Short() || raceDetector {
		t.Skip("seconds of CPU")
	}
	m := frame(t, "thumb-style99")
	var std, best bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.DefaultCompression}).Encode(&std, m); err != nil {
		t.Fatal(err)
	}
	if err := EncodeBest(&best, m); err != nil {
		t.Fatal(err)
	}
	if r := float64(best.Len()) / float64(std.Len()); r > 0.85 {
		t.Errorf("EncodeBest %d bytes = %.3f x image/png's %d, want <= 0.85", best.Len(), r, std.Len())
	}
}

// The slow deflate inflates back to its input: empty, one byte, runs
// longer than a token, noise, repeats at row distances, and more than
// one chunk (the window running on across the chunk boundary).
func TestDeflateBestInflates(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 9))
	noise := func(n int) []byte {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(r.IntN(256))
		}
		return b
	}
	rowsOf := func(stride, n int) []byte {
		row := noise(stride)
		var b []byte
		for len(b) < n {
			b = append(b, row...)
			row[r.IntN(stride)]++
		}
		return b[:n]
	}
	small := func(n int) []byte {
		b := noise(n)
		for i := range b {
			b[i] &= 3
		}
		return b
	}
	cases := map[string][]byte{
		"empty": nil, "one": {7}, "two": {7, 7}, "zeros": make([]byte, 100_000),
		"noise": noise(50_000), "rows": rowsOf(301, 200_000), "small values": small(70_000),
		"chunks": append(rowsOf(4321, bestChunk+50_000), small(9)...),
	}
	for name, data := range cases {
		for _, cfg := range []bestEffort{bestCfg, {longCut: 16, chain: 1, rounds: 1}} {
			var z bytes.Buffer
			if err := deflateBest(context.Background(), &z, data, 301, 3, cfg); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			got, err := io.ReadAll(flate.NewReader(&z))
			if err != nil {
				t.Fatalf("%s %+v: inflate: %v", name, cfg, err)
			}
			if !bytes.Equal(got, data) {
				t.Errorf("%s %+v: inflated %d bytes differ from the %d given", name, cfg, len(got), len(data))
			}
		}
	}
}

// EncodeBest's errors: an empty image and a writer that fails.
func TestEncodeBestErrors(t *testing.T) {
	if err := EncodeBest(io.Discard, image.NewRGBA(image.Rect(0, 0, 0, 5))); err == nil {
		t.Error("EncodeBest(empty image) = nil")
	}
	if err := EncodeBest(failWriter{}, noisy("rgba", 9, 9, "opaque", 1)); err == nil {
		t.Error("EncodeBest to a failing writer = nil")
	}
}

// FuzzEncodeBest: any small picture, opaque or not, comes back from
// EncodeBest with Encode's pixels.
func FuzzEncodeBest(f *testing.F) {
	f.Add(uint8(5), uint8(3), []byte{1, 2, 3, 255, 0, 0, 0, 0})
	f.Add(uint8(40), uint8(2), bytes.Repeat([]byte{9, 9, 9, 255}, 30))
	f.Fuzz(func(t *testing.T, w, h uint8, pix []byte) {
		if w == 0 || h == 0 || len(pix) == 0 {
			return
		}
		m := image.NewNRGBA(image.Rect(0, 0, int(w), int(h)))
		for i := range m.Pix {
			m.Pix[i] = pix[i%len(pix)] + byte(i/len(pix))
		}
		checkBest(t, "fuzz", m)
	})
}

// Every filter EncodeBest may choose is undone by the reader's unfilter,
// for both pixel sizes, on random rows and on rows like their neighbours.
func TestFilterWithUndoes(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, bpp := range []int{3, 4} {
		prev := make([]byte, 31*bpp)
		for y := range 20 {
			cur := make([]byte, len(prev))
			for i := range cur {
				cur[i] = byte(r.IntN(256))
				if y%2 == 1 {
					cur[i] = prev[i] + byte(r.IntN(3)) // close to the row above
				}
			}
			for ft := byte(0); ft < 5; ft++ {
				out := make([]byte, len(cur))
				filterWith(ft, cur, prev, out, bpp)
				if err := unfilter(ft, out, prev, bpp); err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(out, cur) {
					t.Fatalf("bpp %d row %d: filter %d then unfilter does not give the row back", bpp, y, ft)
				}
			}
			prev = cur
		}
	}
}
