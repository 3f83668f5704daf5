package fetch

import (
	"bytes"
	"errors"
	"image"
	"math"
	"strings"
	"testing"

	"github.com/srwiley/oksvg"
	"github.com/srwiley/rasterx"

	"gamethumbs/internal/svgx"
)

// referenceSVG draws data (rewritten by svgx, strokes scaled as
// drawLayers does) with rasterx's own full-canvas scanner, the behaviour
// boundedScanner must reproduce.
func referenceSVG(t *testing.T, data []byte, w, h int) *image.RGBA {
	t.Helper()
	layers, err := svgx.Rewrite(data)
	if err != nil || len(layers) != 1 {
		t.Fatalf("svgx.Rewrite = %d layers, %v", len(layers), err)
	}
	icon, err := oksvg.ReadIconStream(bytes.NewReader(layers[0].Doc), oksvg.IgnoreErrorMode)
	if err != nil {
		t.Fatal(err)
	}
	canvas := image.NewRGBA(image.Rect(0, 0, w, h))
	vb := icon.ViewBox
	icon.Transform = rasterx.Identity.Scale(float64(w)/vb.W, float64(h)/vb.H).Translate(-vb.X, -vb.Y)
	k := math.Sqrt(math.Abs(icon.Transform.A*icon.Transform.D - icon.Transform.B*icon.Transform.C))
	for i := range icon.SVGPaths {
		icon.SVGPaths[i].LineWidth *= k
	}
	icon.Draw(rasterx.NewDasher(w, h, rasterx.NewScannerGV(w, h, canvas, canvas.Bounds())), 1)
	return canvas
}

func TestBoundedScannerMatchesRasterx(t *testing.T) {
	tests := []struct{ name, svg string }{
		{"shapes", `<svg ` + svgNS + ` viewBox="0 0 100 80">
<rect x="5" y="5" width="40" height="30" fill="#c00" opacity="0.7"/>
<circle cx="60" cy="40" r="25" fill="navy" stroke="gold" stroke-width="3"/>
<path d="M10 70 C 30 40, 60 90, 95 60 Z" fill="none" stroke="#0a0" stroke-width="2" stroke-dasharray="4 2"/>
<polygon points="50,2 57,20 76,20 61,31 67,49 50,38 33,49 39,31 24,20 43,20" fill="orange" fill-opacity="0.8"/>
</svg>`},
		{"gradients", `<svg ` + svgNS + ` viewBox="0 0 100 100">
<linearGradient id="l" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="red"/><stop offset="1" stop-color="blue"/></linearGradient>
<radialGradient id="r" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="white"/><stop offset="1" stop-color="green" stop-opacity="0.5"/></radialGradient>
<ellipse cx="40" cy="40" rx="35" ry="25" fill="url(#l)"/>
<rect x="45" y="45" width="50" height="50" fill="url(#r)" stroke="url(#l)" stroke-width="4"/>
</svg>`},
		// A rotated rounded rectangle of about 400 px: x/image/vector's
		// fixed-point mode (rasterisers ≤ 512 px) shifts some of its edges.
		{"rotated rounded rect", `<svg ` + svgNS + ` viewBox="0 0 100 100"><rect x="30" y="40" width="30" height="30" rx="8" transform="rotate(20 45 55)"/></svg>`},
		{"diagonal crest", `<svg ` + svgNS + ` viewBox="0 0 300 300">
<path d="M150 10 L290 80 L260 250 L150 295 L40 250 L10 80 Z" fill="#334455"/>
<path d="M150 40 L255 95 L232 230 L150 265 L68 230 L45 95 Z" fill="#ddeeff" stroke="#000" stroke-width="1.5"/>
</svg>`},
	}
	for _, tt := range tests {
		// 520 px a side: rasterx then runs x/image/vector in floating-point
		// mode on its full canvas, while our per-path boxes are smaller.
		img, err := Decode([]byte(tt.svg), 520*520)
		if err != nil {
			t.Fatalf("Decode(%s): %v", tt.name, err)
		}
		got := img.(*image.RGBA)
		want := referenceSVG(t, []byte(tt.svg), got.Rect.Dx(), got.Rect.Dy())
		maxDiff, differing := 0, 0
		for i := range got.Pix {
			d := int(got.Pix[i]) - int(want.Pix[i])
			d = max(d, -d)
			maxDiff = max(maxDiff, d)
			if d > 2 {
				differing++
			}
		}
		if maxDiff > 8 || differing > 50 {
			t.Errorf("Decode(%s) differs from rasterx.ScannerGV: max channel delta %d, %d channels off by more than 2",
				tt.name, maxDiff, differing)
		}
	}
}

func TestBoundedScannerBudgets(t *testing.T) {
	layers := func(n int, elem string) string {
		return `<svg ` + svgNS + ` viewBox="0 0 10 10">` + strings.Repeat(elem, n) + `</svg>`
	}
	grad := `<linearGradient id="g"><stop offset="0" stop-color="red"/><stop offset="1" stop-color="blue"/></linearGradient>`
	longPath := "M0 0" + strings.Repeat("L10 10L0 0", 20)
	tests := []struct {
		name    string
		svg     string
		refused bool
	}{
		{"20 full layers", layers(20, `<rect width="10" height="10" fill="red"/>`), false},
		{"30 full layers", layers(30, `<rect width="10" height="10" fill="red"/>`), true},
		{"10 gradient layers", strings.Replace(layers(10, `<rect width="10" height="10" fill="url(#g)"/>`), ">", ">"+grad, 1), true},
		{"microscopic dashes", layers(1, `<path d="`+longPath+`" stroke="red" stroke-width="0.1" stroke-dasharray="0.02 0.02" fill="none"/>`), true},
		{"huge strokes", layers(400, `<circle cx="5" cy="5" r="4" fill="none" stroke="red" stroke-width="1e5"/>`), true},
		{"many tiny shapes", layers(2000, `<rect x="3" y="3" width="0.1" height="0.1" fill="red"/>`), false},
	}
	for _, tt := range tests {
		// Budgets scale with the canvas; a 64x64 canvas keeps this fast.
		_, err := Decode([]byte(tt.svg), 64*64)
		var tl *TooLargeError
		if got := errors.As(err, &tl); got != tt.refused {
			t.Errorf("Decode(%s) err = %v, want refused %v", tt.name, err, tt.refused)
		}
	}
}
