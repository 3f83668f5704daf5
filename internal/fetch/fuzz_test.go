package fetch

import (
	"image/color"
	"testing"
)

// FuzzDecode feeds arbitrary bytes to Decode: it must not panic, and any
// image it returns must respect the pixel budget.
func FuzzDecode(f *testing.F) {
	const budget = 1 << 16
	f.Add(pngBytes(f, 3, 2, color.NRGBA{255, 0, 0, 128}))
	f.Add(pngHeader(100000, 100000))
	f.Add(webpSolid(3, 3, color.NRGBA{1, 2, 3, 4}))
	f.Add([]byte("GIF89a\x01\x00\x01\x00\x00\x00\x00;"))
	f.Add([]byte{0xff, 0xd8, 0xff, 0xdb, 0x00, 0x43, 0x00})
	f.Add([]byte(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 2"><path d="M0 0L4 2L0 2z" fill="red" stroke="blue" stroke-dasharray="1 1"/></svg>`))
	f.Add([]byte(`<?xml version="1.0"?><svg width="1e308" height="1"><circle r="1e308"/></svg>`))
	f.Add([]byte(`<svg viewBox="0 0 1 1"><linearGradient id="g"><stop offset="0"/></linearGradient><rect fill="url(#g)" width="1" height="1"/></svg>`))
	f.Fuzz(func(t *testing.T, data []byte) {
		img, err := Decode(data, budget)
		if err != nil {
			if img != nil {
				t.Fatalf("Decode returned an image and an error %v", err)
			}
			return
		}
		b := img.Bounds()
		if b.Empty() || int64(b.Dx())*int64(b.Dy()) > budget {
			t.Fatalf("Decode bounds %v outside the %d-pixel budget", b, budget)
		}
	})
}
