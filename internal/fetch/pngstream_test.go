package fetch

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"image"
	"image/png"
	"math/rand/v2"
	"testing"
)

// testPNG writes a PNG of any colour type and depth from unfiltered rows,
// filtering row y with filter y%5, so every filter and layout image/png
// reads is checked against the row-by-row decoder.
func testPNG(w, h, ctype, depth int, plte, trns []byte, row func(y int) []byte) []byte {
	var out bytes.Buffer
	out.Write(pngSignature)
	chunk := func(typ string, body []byte) {
		binary.Write(&out, binary.BigEndian, uint32(len(body)))
		c := append([]byte(typ), body...)
		out.Write(c)
		binary.Write(&out, binary.BigEndian, crc32.ChecksumIEEE(c))
	}
	ihdr := binary.BigEndian.AppendUint32(nil, uint32(w))
	ihdr = binary.BigEndian.AppendUint32(ihdr, uint32(h))
	chunk("IHDR", append(ihdr, byte(depth), byte(ctype), 0, 0, 0))
	if plte != nil {
		chunk("PLTE", plte)
	}
	if trns != nil {
		chunk("tRNS", trns)
	}
	bpp := max(1, pngChannels[ctype]*depth/8)
	var z bytes.Buffer
	zw := zlib.NewWriter(&z)
	var prev []byte
	for y := range h {
		cur := row(y)
		if prev == nil {
			prev = make([]byte, len(cur))
		}
		f := byte(y % 5)
		enc := make([]byte, len(cur))
		for i := range cur {
			var a, c int
			if i >= bpp {
				a, c = int(cur[i-bpp]), int(prev[i-bpp])
			}
			b := int(prev[i])
			var pred int
			switch f {
			case 1:
				pred = a
			case 2:
				pred = b
			case 3:
				pred = (a + b) / 2
			case 4:
				pa, pb, pc := abs(b-c), abs(a-c), abs(a+b-2*c)
				switch {
				case pa <= pb && pa <= pc:
					pred = a
				case pb <= pc:
					pred = b
				default:
					pred = c
				}
			}
			enc[i] = cur[i] - byte(pred)
		}
		zw.Write([]byte{f})
		zw.Write(enc)
		prev = cur
	}
	zw.Close()
	chunk("IDAT", z.Bytes())
	chunk("IEND", nil)
	return out.Bytes()
}

// streamed decodes data row by row at full size.
func streamed(t *testing.T, data []byte) *image.RGBA {
	t.Helper()
	p, err := parsePNG(data)
	if err != nil {
		t.Fatal(err)
	}
	b := newBoxScaler(p.w, p.h, p.w, p.h)
	if err := streamPNG(p, b.add); err != nil {
		t.Fatal(err)
	}
	return b.result()
}

// The row-by-row decoder gives exactly the pixels image/png gives (then
// converted to RGBA), for every colour type, depth and transparency.
func TestStreamPNGMatchesImagePNG(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	random := func(n int) []byte {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(r.IntN(256))
		}
		return b
	}
	const w, h = 37, 23
	plte := random(3 * 200)
	cases := []struct {
		ctype, depth int
		plte, trns   []byte
	}{
		{0, 1, nil, nil}, {0, 2, nil, nil}, {0, 4, nil, nil}, {0, 8, nil, nil}, {0, 16, nil, nil},
		{0, 8, nil, []byte{0, 7}}, {0, 16, nil, []byte{1, 7}},
		{2, 8, nil, nil}, {2, 16, nil, nil}, {2, 8, nil, []byte{0, 9, 0, 9, 0, 9}},
		{3, 1, plte[:6], nil}, {3, 2, plte[:12], []byte{0, 128}}, {3, 4, plte[:48], random(10)}, {3, 8, plte, random(200)},
		{4, 8, nil, nil}, {4, 16, nil, nil},
		{6, 8, nil, nil}, {6, 16, nil, nil},
	}
	for _, c := range cases {
		t.Run(fmt.Sprintf("type%d_depth%d_trns%v", c.ctype, c.depth, c.trns != nil), func(t *testing.T) {
			rowBytes := (w*pngChannels[c.ctype]*c.depth + 7) / 8
			rows := make([][]byte, h)
			for y := range rows {
				rows[y] = random(rowBytes)
				if c.ctype == 3 && c.depth == 8 {
					for i := range rows[y] {
						rows[y][i] %= 200 // inside the palette
					}
				}
				if c.trns != nil && c.ctype != 3 {
					copy(rows[y][:len(c.trns)/2*c.depth/8], pickSamples(c.trns, c.depth)) // first pixel transparent
				}
			}
			data := testPNG(w, h, c.ctype, c.depth, c.plte, c.trns, func(y int) []byte { return rows[y] })
			want, err := png.Decode(bytes.NewReader(data))
			if err != nil {
				t.Fatal(err)
			}
			got := streamed(t, data)
			if !bytes.Equal(got.Pix, toRGBA(want).Pix) {
				t.Error("row-by-row pixels differ from image/png's")
			}
		})
	}
}

// pickSamples turns tRNS values (16 bits each) into row samples of depth.
func pickSamples(trns []byte, depth int) []byte {
	if depth == 16 {
		return trns
	}
	out := make([]byte, len(trns)/2)
	for i := range out {
		out[i] = trns[2*i+1]
	}
	return out
}

// A logo larger than MaxSide comes out at that side, with the pixels the
// box filter gives from image/png's full decode.
func TestDecodeDownscalesLargeLogos(t *testing.T) {
	const w, h, side = 700, 200, 256
	rgba16 := func(y int) []byte {
		row := make([]byte, 8*w)
		for x := range w {
			v := uint16(x * 65535 / w)
			a := uint16(0xffff)
			if (x/100+y/100)%2 == 0 {
				a = 0x8000
			}
			binary.BigEndian.PutUint16(row[8*x:], v)
			binary.BigEndian.PutUint16(row[8*x+2:], uint16(y*60))
			binary.BigEndian.PutUint16(row[8*x+4:], 0x1234)
			binary.BigEndian.PutUint16(row[8*x+6:], a)
		}
		return row
	}
	data := testPNG(w, h, 6, 16, nil, nil, rgba16)
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
	data := testPNG(w, h, 6, 16, nil, nil, func(int) []byte { return make([]byte, 8*w) })
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
