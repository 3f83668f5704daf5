package fetch

import "testing"

func TestRasteriseSVGNaturalSize(t *testing.T) {
	tests := []struct {
		svg  string
		w, h int
	}{
		{`<svg xmlns="http://www.w3.org/2000/svg" width="300" height="150" viewBox="0 0 60 30"><rect width="60" height="30" fill="red"/></svg>`, 300, 150},
		{`<svg xmlns="http://www.w3.org/2000/svg" width="200px" height="400px" viewBox="0 0 10 20"><rect width="10" height="20"/></svg>`, 200, 400},
		{`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 50"><rect width="100" height="50"/></svg>`, 512, 256},
		{`<svg xmlns="http://www.w3.org/2000/svg" width="90000" height="90000" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>`, MaxNaturalSide, MaxNaturalSide},
	}
	for _, tt := range tests {
		img, err := RasteriseSVG([]byte(tt.svg), 512, 0)
		if err != nil {
			t.Errorf("%s: %v", tt.svg, err)
			continue
		}
		if b := img.Bounds(); b.Dx() != tt.w || b.Dy() != tt.h {
			t.Errorf("%s: %dx%d, want %dx%d", tt.svg, b.Dx(), b.Dy(), tt.w, tt.h)
		}
	}
	if _, err := RasteriseSVG([]byte(`<!DOCTYPE svg [<!ENTITY x "y">]><svg/>`), 512, 0); err == nil {
		t.Error("entity declaration accepted")
	}
}
