package fetch

import (
	"bytes"
	"errors"
	"image"
	"image/color"
	"image/color/palette"
	"image/draw"
	"image/gif"
	"image/jpeg"
	"runtime"
	"testing"
)

func encodeJPEG(t *testing.T, c color.NRGBA) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, solid(16, 8, c), &jpeg.Options{Quality: 95}); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// encodeGIF writes two frames: red first, then blue.
func encodeGIF(t *testing.T) []byte {
	t.Helper()
	frame := func(idx uint8) *image.Paletted {
		p := image.NewPaletted(image.Rect(0, 0, 6, 4), palette.Plan9)
		for i := range p.Pix {
			p.Pix[i] = idx
		}
		return p
	}
	redIdx := uint8(color.Palette(palette.Plan9).Index(color.RGBA{255, 0, 0, 255}))
	blueIdx := uint8(color.Palette(palette.Plan9).Index(color.RGBA{0, 0, 255, 255}))
	var buf bytes.Buffer
	g := &gif.GIF{Image: []*image.Paletted{frame(redIdx), frame(blueIdx)}, Delay: []int{10, 10}}
	if err := gif.EncodeAll(&buf, g); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func near(a, b color.RGBA, tol int) bool {
	d := func(x, y uint8) bool { return int(x)-int(y) <= tol && int(y)-int(x) <= tol }
	return d(a.R, b.R) && d(a.G, b.G) && d(a.B, b.B) && d(a.A, b.A)
}

func TestDecodeFormats(t *testing.T) {
	semi := color.NRGBA{200, 100, 50, 128}
	tests := []struct {
		name string
		data []byte
		w, h int
		want color.RGBA // at the centre, premultiplied
		tol  int
	}{
		{"png opaque", pngBytes(t, 5, 3, color.NRGBA{255, 0, 0, 255}), 5, 3, color.RGBA{255, 0, 0, 255}, 0},
		{"png translucent", pngBytes(t, 5, 3, semi), 5, 3, color.RGBAModel.Convert(semi).(color.RGBA), 0},
		{"jpeg", encodeJPEG(t, color.NRGBA{0, 128, 255, 255}), 16, 8, color.RGBA{0, 128, 255, 255}, 6},
		{"gif first frame", encodeGIF(t), 6, 4, color.RGBA{255, 0, 0, 255}, 0},
		{"webp lossless", webpSolid(7, 5, semi), 7, 5, color.RGBAModel.Convert(semi).(color.RGBA), 0},
		{"webp opaque", webpSolid(1, 1, color.NRGBA{9, 8, 7, 255}), 1, 1, color.RGBA{9, 8, 7, 255}, 0},
	}
	for _, tt := range tests {
		img, err := Decode(tt.data, 0)
		if err != nil {
			t.Errorf("Decode(%s) error: %v", tt.name, err)
			continue
		}
		if _, ok := img.(*image.RGBA); !ok {
			t.Errorf("Decode(%s) = %T, want *image.RGBA", tt.name, img)
		}
		if got := img.Bounds(); got != image.Rect(0, 0, tt.w, tt.h) {
			t.Errorf("Decode(%s).Bounds() = %v, want %v", tt.name, got, image.Rect(0, 0, tt.w, tt.h))
		}
		if got := pixel(img, tt.w/2, tt.h/2); !near(got, tt.want, tt.tol) {
			t.Errorf("Decode(%s) centre = %v, want %v (±%d)", tt.name, got, tt.want, tt.tol)
		}
	}
}

func TestDecodeRefusesBombsWithoutAllocating(t *testing.T) {
	tests := []struct {
		name      string
		data      []byte
		maxPixels int64
		what      string
	}{
		{"100000x100000", pngHeader(100000, 100000), 0, "width"},
		{"tall", pngHeader(10, 20000), 0, "height"},
		{"16000x16000 over 40 MP", pngHeader(16000, 16000), 0, "pixels"},
		{"over a small budget", pngHeader(101, 100), 10000, "pixels"},
	}
	for _, tt := range tests {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		_, err := Decode(tt.data, tt.maxPixels)
		runtime.ReadMemStats(&after)
		var tl *TooLargeError
		if !errors.As(err, &tl) || tl.What != tt.what {
			t.Errorf("Decode(%s) err = %v, want *TooLargeError for %s", tt.name, err, tt.what)
		}
		if grew := after.TotalAlloc - before.TotalAlloc; grew > 1<<20 {
			t.Errorf("Decode(%s) allocated %d bytes, want under 1 MiB", tt.name, grew)
		}
	}
}

func TestDecodeBudgetBoundary(t *testing.T) {
	data := pngBytes(t, 100, 100, color.NRGBA{A: 255})
	if _, err := Decode(data, 10000); err != nil {
		t.Errorf("Decode(100x100, max 10000) = %v, want success", err)
	}
	if _, err := Decode(data, 9999); err == nil {
		t.Errorf("Decode(100x100, max 9999) succeeded, want *TooLargeError")
	}
}

func TestDecodeErrors(t *testing.T) {
	good := pngBytes(t, 8, 8, color.NRGBA{A: 255})
	tests := []struct {
		name string
		data []byte
		want any
	}{
		{"empty", nil, new(*NotImageError)},
		{"html", []byte("<!doctype html><p>hi"), new(*NotImageError)},
		{"truncated png", good[:len(good)-20], new(*DecodeError)},
		{"png header only", pngHeader(4, 4), new(*DecodeError)},
		{"zero width", pngHeader(0, 4), new(*DecodeError)},
		{"jpeg magic only", []byte{0xff, 0xd8, 0xff, 0xe0}, new(*DecodeError)},
		{"gif magic only", []byte("GIF89a"), new(*DecodeError)},
		{"webp riff only", []byte("RIFF\x04\x00\x00\x00WEBP"), new(*DecodeError)},
	}
	for _, tt := range tests {
		img, err := Decode(tt.data, 0)
		if img != nil || !errors.As(err, tt.want) {
			t.Errorf("Decode(%s) = %v, %v; want nil, %T", tt.name, img, err, tt.want)
		}
	}
}

func TestToRGBAKeepsOriginAtZero(t *testing.T) {
	src := image.NewNRGBA(image.Rect(10, 20, 13, 22))
	src.SetNRGBA(10, 20, color.NRGBA{255, 255, 255, 255})
	got := toRGBA(src)
	if got.Bounds() != image.Rect(0, 0, 3, 2) {
		t.Fatalf("toRGBA bounds = %v, want (0,0)-(3,2)", got.Bounds())
	}
	if c := got.RGBAAt(0, 0); c != (color.RGBA{255, 255, 255, 255}) {
		t.Errorf("toRGBA(0,0) = %v, want white", c)
	}
}

func TestDecodeGIFFramePlacedOnScreen(t *testing.T) {
	frame := image.NewPaletted(image.Rect(2, 3, 6, 7), color.Palette{color.RGBA{255, 0, 0, 255}})
	var buf bytes.Buffer
	g := &gif.GIF{
		Image:  []*image.Paletted{frame},
		Delay:  []int{0},
		Config: image.Config{Width: 10, Height: 10, ColorModel: frame.Palette},
	}
	if err := gif.EncodeAll(&buf, g); err != nil {
		t.Fatal(err)
	}
	img, err := Decode(buf.Bytes(), 0)
	if err != nil {
		t.Fatal(err)
	}
	if got := img.Bounds(); got != image.Rect(0, 0, 10, 10) {
		t.Errorf("Decode(partial GIF frame).Bounds() = %v, want the 10x10 screen", got)
	}
	tests := []struct {
		x, y int
		want color.RGBA
	}{
		{3, 4, color.RGBA{255, 0, 0, 255}},
		{0, 0, color.RGBA{}},
		{9, 9, color.RGBA{}},
	}
	for _, tt := range tests {
		if got := pixel(img, tt.x, tt.y); got != tt.want {
			t.Errorf("Decode(partial GIF frame) at (%d,%d) = %v, want %v", tt.x, tt.y, got, tt.want)
		}
	}
}

// BenchmarkDecode measures a cold decode of a 500x500 logo per format.
func BenchmarkDecode(b *testing.B) {
	logo := color.NRGBA{200, 30, 40, 255}
	var jpg bytes.Buffer
	if err := jpeg.Encode(&jpg, solid(500, 500, logo), nil); err != nil {
		b.Fatal(err)
	}
	crest := `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 300">
<linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#335"/><stop offset="1" stop-color="#113"/></linearGradient>
<path d="M150 10 L290 80 L260 250 L150 295 L40 250 L10 80 Z" fill="url(#g)"/>
<path d="M150 40 L255 95 L232 230 L150 265 L68 230 L45 95 Z" fill="#def" stroke="#000" stroke-width="1.5"/>
<circle cx="150" cy="150" r="60" fill="#c22"/></svg>`
	cases := []struct {
		name string
		data []byte
	}{
		{"png", pngBytes(b, 500, 500, logo)},
		{"jpeg", jpg.Bytes()},
		{"webp", webpSolid(500, 500, logo)},
		{"svg", []byte(crest)},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Decode(c.data, 0); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// The lookup-table conversion of paletted images gives exactly what
// image/draw gives, translucent palette entries and offset bounds included.
func TestPalettedToRGBAMatchesDraw(t *testing.T) {
	pal := color.Palette{
		color.NRGBA{255, 0, 0, 255}, color.NRGBA{0, 128, 255, 128}, color.NRGBA{10, 20, 30, 0},
		color.NRGBA{200, 200, 0, 17}, color.RGBA{40, 40, 40, 255},
	}
	src := image.NewPaletted(image.Rect(3, -2, 40, 31), pal)
	for i := range src.Pix {
		src.Pix[i] = uint8((i*7 + i/13) % len(pal))
	}
	got := toRGBA(src)
	want := image.NewRGBA(image.Rect(0, 0, src.Rect.Dx(), src.Rect.Dy()))
	draw.Draw(want, want.Rect, src, src.Rect.Min, draw.Src)
	if !bytes.Equal(got.Pix, want.Pix) {
		t.Fatal("toRGBA(paletted) differs from draw.Draw")
	}
}
