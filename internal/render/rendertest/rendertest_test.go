package rendertest

import (
	"image"
	"image/color"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestLogoDeterministicWithMargin(t *testing.T) {
	a := Logo(Star, 100, color.NRGBA{255, 0, 0, 255}, color.NRGBA{0, 0, 0, 255})
	b := Logo(Star, 100, color.NRGBA{255, 0, 0, 255}, color.NRGBA{0, 0, 0, 255})
	if string(a.Pix) != string(b.Pix) {
		t.Error("Logo is not deterministic")
	}
	if a.NRGBAAt(2, 2).A != 0 || a.NRGBAAt(50, 50).A == 0 {
		t.Errorf("Logo corner alpha %d, centre alpha %d, want transparent margin and opaque centre",
			a.NRGBAAt(2, 2).A, a.NRGBAAt(50, 50).A)
	}
}

func TestCompareTolerance(t *testing.T) {
	base := image.NewNRGBA(image.Rect(0, 0, 100, 100)) // 10,000 pixels: 10 may differ
	tests := []struct {
		name   string
		n      int   // pixels changed
		delta  uint8 // by how much
		wantOK bool
	}{
		{"identical", 0, 0, true},
		{"small deltas on few pixels", 10, 2, true},
		{"delta too large", 1, 3, false},
		{"too many pixels", 11, 1, false},
	}
	for _, tt := range tests {
		got := image.NewNRGBA(base.Rect)
		for i := range tt.n {
			got.Pix[4*i] = tt.delta
		}
		d, _, same := Compare(got, base)
		if !same || d.OK() != tt.wantOK {
			t.Errorf("%s: Compare = %v (ok %v), want ok %v", tt.name, d, d.OK(), tt.wantOK)
		}
	}
	if _, _, same := Compare(image.NewNRGBA(image.Rect(0, 0, 2, 2)), base); same {
		t.Error("Compare of different sizes reported the same size")
	}
}

func TestGoldenWritesDiffOnMismatch(t *testing.T) {
	path := filepath.Join(t.TempDir(), "g.png")
	img := image.NewNRGBA(image.Rect(0, 0, 8, 8))
	if err := Golden(path, img, true); err != nil {
		t.Fatalf("Golden(update) error: %v", err)
	}
	if err := Golden(path, img, false); err != nil {
		t.Fatalf("Golden(same image) error: %v", err)
	}
	other := image.NewNRGBA(img.Rect)
	for i := range other.Pix {
		other.Pix[i] = 200
	}
	err := Golden(path, other, false)
	if err == nil {
		t.Fatal("Golden(different image) error = nil, want a mismatch")
	}
	msg := err.Error()
	dir := msg[strings.LastIndex(msg, " ")+1:]
	defer os.RemoveAll(dir)
	for _, f := range []string{"got.png", "diff.png"} {
		if _, serr := os.Stat(filepath.Join(dir, f)); serr != nil {
			t.Errorf("Golden mismatch: %s not written to %s (%v)", f, dir, serr)
		}
	}
}
