package raster

import (
	"bytes"
	"image"
	"image/draw"
	"testing"

	xdraw "golang.org/x/image/draw"
)

// CatmullRom replacing (Src) all or part of an RGBA canvas is the
// fixed-point scaler; anything else (another op or destination type) is
// x/image/draw's, pixel for pixel.
func TestCatmullRomScalerPaths(t *testing.T) {
	src := discNRGBA(image.Rect(0, 0, 97, 61))
	sr := src.Bounds()

	whole := image.NewRGBA(image.Rect(0, 0, 40, 30))
	CatmullRom.Scale(whole, whole.Rect, src, sr, draw.Src, nil)
	want := image.NewRGBA(whole.Rect)
	scaleCatmullRom(want, src, sr)
	if !bytes.Equal(whole.Pix, want.Pix) {
		t.Error("Src into a whole RGBA differs from scaleCatmullRom")
	}

	part := image.NewRGBA(image.Rect(0, 0, 60, 50))
	dr := image.Rect(7, 9, 47, 39)
	CatmullRom.Scale(part, dr, src, sr, draw.Src, nil)
	wantPart := image.NewRGBA(part.Rect)
	scaleCatmullRom(wantPart.SubImage(dr).(*image.RGBA), src, sr)
	if !bytes.Equal(part.Pix, wantPart.Pix) {
		t.Error("Src into part of an RGBA differs from scaleCatmullRom of that part")
	}

	over := image.NewNRGBA(image.Rect(0, 0, 60, 50))
	CatmullRom.Scale(over, dr, src, sr, draw.Over, nil)
	wantOver := image.NewNRGBA(over.Rect)
	xdraw.CatmullRom.Scale(wantOver, dr, src, sr, draw.Over, nil)
	if !bytes.Equal(over.Pix, wantOver.Pix) {
		t.Error("Over into an NRGBA differs from x/image/draw's CatmullRom")
	}
}
