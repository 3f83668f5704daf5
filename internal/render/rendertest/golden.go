package rendertest

import (
	"bytes"
	"fmt"
	"image"
	"image/draw"
	"image/png"
	"os"
	"path/filepath"
)

// Tolerance of a golden comparison: every channel may differ by at most
// MaxDelta, and at most MaxShare of the pixels may differ at all.
const (
	MaxDelta = 2
	MaxShare = 0.001
)

// Diff summarises how two images differ.
type Diff struct {
	MaxDelta int         // largest channel difference
	Count    int         // pixels with any difference
	First    image.Point // first differing pixel (when Count > 0)
	Pixels   int
}

// OK reports whether the difference is within tolerance.
func (d Diff) OK() bool {
	return d.MaxDelta <= MaxDelta && float64(d.Count) <= MaxShare*float64(d.Pixels)
}

func (d Diff) String() string {
	return fmt.Sprintf("max channel delta %d, %d of %d pixels differ, first at %v", d.MaxDelta, d.Count, d.Pixels, d.First)
}

// toNRGBA converts any image to NRGBA at origin (0, 0).
func toNRGBA(img image.Image) *image.NRGBA {
	b := img.Bounds()
	n := image.NewNRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	draw.Draw(n, n.Rect, img, b.Min, draw.Src)
	return n
}

// Compare compares got and want pixel by pixel after converting both to
// NRGBA and returns the difference and an amplified diff image (each
// differing pixel shown at 64x its delta on black). Bounds must match in
// size; otherwise ok is false and diff is nil.
func Compare(got, want image.Image) (d Diff, diff *image.NRGBA, ok bool) {
	if got.Bounds().Size() != want.Bounds().Size() {
		return Diff{}, nil, false
	}
	g, w := toNRGBA(got), toNRGBA(want)
	diff = image.NewNRGBA(g.Rect)
	d.Pixels = g.Rect.Dx() * g.Rect.Dy()
	for i := 0; i < len(g.Pix); i += 4 {
		px := 0
		for c := range 4 {
			v := int(g.Pix[i+c]) - int(w.Pix[i+c])
			v = max(v, -v)
			px = max(px, v)
			if c < 3 {
				diff.Pix[i+c] = uint8(min(255, v*64))
			}
		}
		diff.Pix[i+3] = 255
		if px > 0 {
			if d.Count == 0 {
				d.First = image.Pt((i/4)%g.Rect.Dx(), (i/4)/g.Rect.Dx())
			}
			d.Count++
			d.MaxDelta = max(d.MaxDelta, px)
		}
	}
	return d, diff, true
}

// Golden compares img with the PNG golden at path. With update set it
// (re)writes the golden and returns nil. On a mismatch it writes got.png
// and diff.png to a new temporary directory and names it in the error.
func Golden(path string, img image.Image, update bool) error {
	if update {
		var buf bytes.Buffer
		if err := png.Encode(&buf, img); err != nil {
			return err
		}
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return err
		}
		return os.WriteFile(path, buf.Bytes(), 0o644)
	}
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("golden %s: %w (run the test with -update to create it)", path, err)
	}
	defer f.Close()
	want, err := png.Decode(f)
	if err != nil {
		return fmt.Errorf("golden %s: %w", path, err)
	}
	d, diff, sameSize := Compare(img, want)
	if sameSize && d.OK() {
		return nil
	}
	dir, err := os.MkdirTemp("", "golden-"+filepath.Base(path)+"-")
	if err != nil {
		return err
	}
	writePNG(filepath.Join(dir, "got.png"), img)
	if diff != nil {
		writePNG(filepath.Join(dir, "diff.png"), diff)
	}
	if !sameSize {
		return fmt.Errorf("golden %s: size %v, want %v; got.png in %s", path, img.Bounds().Size(), want.Bounds().Size(), dir)
	}
	return fmt.Errorf("golden %s: %v; got.png and diff.png in %s", path, d, dir)
}

func writePNG(path string, img image.Image) {
	f, err := os.Create(path)
	if err != nil {
		return
	}
	defer f.Close()
	_ = png.Encode(f, img)
}
