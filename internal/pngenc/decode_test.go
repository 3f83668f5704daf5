package pngenc

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"image"
	"image/draw"
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
	bpp := max(1, channels[ctype]*depth/8)
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

// streamed decodes data row by row into an *image.RGBA.
func streamed(t *testing.T, data []byte) *image.RGBA {
	t.Helper()
	p, err := Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	m := image.NewRGBA(image.Rect(0, 0, p.Width, p.Height))
	err = p.Rows(func(y int, rgba []byte) { copy(m.Pix[y*m.Stride:], rgba) })
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// toRGBA converts img as image/draw does.
func toRGBA(img image.Image) *image.RGBA {
	m := image.NewRGBA(img.Bounds())
	draw.Draw(m, m.Bounds(), img, img.Bounds().Min, draw.Src)
	return m
}

// The row-by-row decoder gives exactly the pixels image/png gives (then
// converted to RGBA), for every colour type, depth and transparency.
func TestRowsMatchImagePNG(t *testing.T) {
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
			rowBytes := (w*channels[c.ctype]*c.depth + 7) / 8
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

// Rows refuses an interlaced image (its passes are not rows), and Parse
// refuses what is not a PNG or is cut short.
func TestRowsRefuses(t *testing.T) {
	data := testPNG(4, 3, 2, 8, nil, nil, func(int) []byte { return make([]byte, 12) })
	p, err := Parse(interlace(data))
	if err != nil {
		t.Fatal(err)
	}
	if !p.Interlaced || p.Rows(func(int, []byte) {}) == nil {
		t.Error("an interlaced PNG was read row by row")
	}
	for name, bad := range map[string][]byte{
		"not a PNG": []byte("GIF89a"), "cut short": data[:len(data)-5], "empty": nil,
	} {
		if _, err := Parse(bad); err == nil {
			t.Errorf("Parse(%s) succeeded", name)
		}
	}
}

// interlace marks the IHDR of data as interlaced (fixing its checksum).
func interlace(data []byte) []byte {
	d := bytes.Clone(data)
	d[8+8+12] = 1
	binary.BigEndian.PutUint32(d[8+8+13:], crc32.ChecksumIEEE(d[12:8+8+13]))
	return d
}
