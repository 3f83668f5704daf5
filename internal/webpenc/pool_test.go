package webpenc

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"image"
	"image/color"
	"sync"
	"testing"

	"golang.org/x/image/webp"
)

// TestModuleIsUpstreams: the embedded module is the published libwebp
// build of github.com/gen2brain/webp v0.5.5 (lib/webp.wasm.gz), unchanged.
func TestModuleIsUpstreams(t *testing.T) {
	const want = "bbcf68343d79d80ba4ce7bb29215b2943711bd0787f68ff31785c6e2bb044459"
	sum := sha256.Sum256(moduleGz)
	if got := hex.EncodeToString(sum[:]); got != want {
		t.Fatalf("libwebp.wasm.gz SHA-256 = %s, want %s", got, want)
	}
}

// TestReuseGivesSameBytes: an instance reused after other pictures (its
// memory holds what they left) encodes a picture to exactly the bytes a
// fresh instance gives.
func TestReuseGivesSameBytes(t *testing.T) {
	closeIdle()
	first, err := Encode(testPicture(), Options{Lossless: true})
	if err != nil {
		t.Fatal(err)
	}
	big := image.NewRGBA(image.Rect(0, 0, 400, 300))
	for i := range big.Pix {
		big.Pix[i] = uint8(i * 31)
		if i%4 == 3 {
			big.Pix[i] = 255
		}
	}
	for _, o := range []Options{{Quality: 90}, {Lossless: true}} {
		if _, err := Encode(big, o); err != nil {
			t.Fatal(err)
		}
	}
	if len(idle) == 0 {
		t.Fatal("no instance kept for reuse")
	}
	again, err := Encode(testPicture(), Options{Lossless: true})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(first, again) {
		t.Fatalf("reused instance gave %d bytes, a fresh one %d", len(again), len(first))
	}
	closeIdle()
	if len(idle) != 0 {
		t.Fatalf("%d instances left after closeIdle", len(idle))
	}
}

// TestConcurrentEncodes: encodes running at once each get their own
// instance and the right picture; no more than maxIdle are kept after.
func TestConcurrentEncodes(t *testing.T) {
	want, err := Encode(testPicture(), Options{Quality: 70})
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	errs := make(chan error, 4)
	for range 4 {
		wg.Go(func() {
			got, err := Encode(testPicture(), Options{Quality: 70})
			if err == nil && !bytes.Equal(got, want) {
				err = bytes.ErrTooLarge // any non-nil marker
			}
			errs <- err
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatalf("concurrent encode: %v", err)
		}
	}
	if len(idle) > maxIdle {
		t.Fatalf("%d idle instances, want at most %d", len(idle), maxIdle)
	}
}

// TestPremultipliedInput: a translucent *image.RGBA (premultiplied, as
// the renderer draws) comes out with its real colour, not darkened.
func TestPremultipliedInput(t *testing.T) {
	src := image.NewRGBA(image.Rect(0, 0, 16, 16))
	for y := range 16 {
		for x := range 16 {
			src.SetRGBA(x, y, color.RGBA{100, 50, 0, 128}) // = NRGBA{199,99,0,128}
		}
	}
	data, err := Encode(src, Options{Lossless: true})
	if err != nil {
		t.Fatal(err)
	}
	got, err := webp.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	c := color.NRGBAModel.Convert(got.At(5, 5)).(color.NRGBA)
	if c.A != 128 || c.R < 197 || c.R > 200 || c.G < 98 || c.G > 100 {
		t.Fatalf("pixel = %v, want about {199 99 0 128}", c)
	}
}

// TestSizeLimits: an empty or oversized picture is an error, not a panic
// or a huge allocation inside the module.
func TestSizeLimits(t *testing.T) {
	for _, r := range []image.Rectangle{image.Rect(0, 0, 0, 10), image.Rect(0, 0, 20000, 1), image.Rect(0, 0, 8000, 8000)} {
		if _, err := Encode(&image.NRGBA{Rect: r}, Options{}); err == nil { // no pixels: refused before use
			t.Errorf("%v: no error", r)
		}
	}
}
