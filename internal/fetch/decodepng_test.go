package fetch

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/color"
	"image/png"
	"testing"
)

// png16 encodes m, which has translucent pixels, as image/png does: a
// 16-bit RGBA PNG, which decodes whole to 8 bytes a pixel.
func png16(t *testing.T, m *image.NRGBA64) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := png.Encode(&buf, m); err != nil {
		t.Fatal(err)
	}
	if buf.Bytes()[8+8+8] != 16 || buf.Bytes()[8+8+9] != 6 {
		t.Fatal("image/png did not write a 16-bit RGBA PNG")
	}
	return buf.Bytes()
}

// A logo larger than MaxSide comes out at that side, with the pixels the
// box filter gives from image/png's full decode.
func TestDecodeDownscalesLargeLogos(t *testing.T) {
	const w, h, side = 700, 200, 256
	src := image.NewNRGBA64(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			a := uint16(0xffff)
			if (x/100+y/100)%2 == 0 {
				a = 0x8000
			}
			src.SetNRGBA64(x, y, color.NRGBA64{uint16(x * 65535 / w), uint16(y * 60), 0x1234, a})
		}
	}
	data := png16(t, src)
	img, err := DecodeLimited(data, Limits{MaxSide: side})
	if err != nil {
		t.Fatal(err)
	}
	dw, dh := fitSide(w, h, side)
	if b := img.Bounds(); b.Dx() != side || b.Dy() != 73 || b.Dx() != dw || b.Dy() != dh {
		t.Fatalf("decoded %v, want %dx73", b, side)
	}
	full, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	want := downscaleImage(full, dw, dh)
	if !bytes.Equal(img.(*image.RGBA).Pix, want.Pix) {
		t.Error("row-by-row downscale differs from downscaling image/png's decode")
	}
	// An interlaced or non-PNG image takes the whole-image path: the same
	// box filter, right after decoding.
	if got := downscaleImage(toRGBA(full), dw, dh); !bytes.Equal(got.Pix, want.Pix) {
		t.Error("downscaling an RGBA copy differs from downscaling the 16-bit decode")
	}
}

// The byte budget counts bytes per pixel: a 16-bit image that would take
// more whole is decoded row by row, or, interlaced, refused before any
// pixel memory is taken.
func TestDecodeBudgetCountsBytesPerPixel(t *testing.T) {
	const w, h = 500, 500 // 2 MB as NRGBA64, 1 MB as RGBA, 4 MB for both and the result
	lim := Limits{MaxBytes: 3 << 20}
	data := png16(t, image.NewNRGBA64(image.Rect(0, 0, w, h)))
	p, err := planDecode(data, lim)
	if err != nil || p.png == nil || p.cost > 2<<20 {
		t.Errorf("16-bit 500² at 3 MB: plan row by row = %v, cost %d, err %v; want row by row within 2 MB", p.png != nil, p.cost, err)
	}
	if img, err := DecodeLimited(data, lim); err != nil || img.Bounds().Dx() != w {
		t.Errorf("16-bit 500² decoded row by row: %v", err)
	}
	_, err = DecodeLimited(interlace(data), lim)
	var tl *TooLargeError
	if !asTooLarge(err, &tl) || tl.What != "decoded bytes" || tl.Size != 4_000_000 {
		t.Fatalf("interlaced 16-bit 500²: err = %v, want *TooLargeError for 4,000,000 decoded bytes", err)
	}
	if _, err := DecodeLimited(interlace(data), Limits{MaxBytes: 4_000_000}); err == nil {
		t.Error("a header marked interlaced over plain image data decoded")
	}
}

// interlace marks the IHDR of data as interlaced (fixing its checksum).
func interlace(data []byte) []byte {
	d := bytes.Clone(data)
	d[8+8+12] = 1
	binary.BigEndian.PutUint32(d[8+8+13:], crc32.ChecksumIEEE(d[12:8+8+13]))
	return d
}

func asTooLarge(err error, tl **TooLargeError) bool {
	e, ok := err.(*TooLargeError)
	*tl = e
	return ok
}
