package fetch

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/color"
	"image/png"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
)

// solid returns a w×h NRGBA image filled with c.
func solid(w, h int, c color.NRGBA) *image.NRGBA {
	m := image.NewNRGBA(image.Rect(0, 0, w, h))
	for i := 0; i < len(m.Pix); i += 4 {
		m.Pix[i], m.Pix[i+1], m.Pix[i+2], m.Pix[i+3] = c.R, c.G, c.B, c.A
	}
	return m
}

// pngBytes encodes a solid w×h image as PNG.
func pngBytes(t testing.TB, w, h int, c color.NRGBA) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := png.Encode(&buf, solid(w, h, c)); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// pngHeader builds a PNG signature and a valid IHDR chunk claiming w×h
// RGBA pixels, with no image data: what a decompression bomb looks like to
// DecodeConfig.
func pngHeader(w, h uint32) []byte {
	ihdr := make([]byte, 0, 17)
	ihdr = append(ihdr, "IHDR"...)
	ihdr = binary.BigEndian.AppendUint32(ihdr, w)
	ihdr = binary.BigEndian.AppendUint32(ihdr, h)
	ihdr = append(ihdr, 8, 6, 0, 0, 0) // depth 8, RGBA, deflate, no filter, no interlace
	out := []byte("\x89PNG\r\n\x1a\n")
	out = binary.BigEndian.AppendUint32(out, 13)
	out = append(out, ihdr...)
	return binary.BigEndian.AppendUint32(out, crc32.ChecksumIEEE(ihdr))
}

// webpSolid builds a lossless (VP8L) WebP of w×h pixels of one colour,
// written from RFC 9649: no transforms, no colour cache, one prefix-code
// group whose five codes are each a "simple" code with a single 8-bit
// symbol, so every pixel costs zero bits.
func webpSolid(w, h int, c color.NRGBA) []byte {
	var bw bitWriter
	bw.write(0x2f, 8)                                    // VP8L signature
	bw.write(uint64(w-1), 14)                            // image_width - 1
	bw.write(uint64(h-1), 14)                            // image_height - 1
	bw.write(1, 1)                                       // alpha_is_used
	bw.write(0, 3)                                       // version_number
	bw.write(0, 1)                                       // no transform
	bw.write(0, 1)                                       // no colour cache
	bw.write(0, 1)                                       // no meta prefix codes
	for _, sym := range []uint8{c.G, c.R, c.B, c.A, 0} { // green, red, blue, alpha, distance
		bw.write(1, 1) // simple code
		bw.write(0, 1) // one symbol
		bw.write(1, 1) // symbol is 8 bits wide
		bw.write(uint64(sym), 8)
	}
	payload := bw.bytes()
	chunk := binary.LittleEndian.AppendUint32([]byte("VP8L"), uint32(len(payload)))
	chunk = append(chunk, payload...)
	if len(payload)%2 == 1 {
		chunk = append(chunk, 0)
	}
	out := binary.LittleEndian.AppendUint32([]byte("RIFF"), uint32(4+len(chunk)))
	out = append(out, "WEBP"...)
	return append(out, chunk...)
}

// bitWriter packs values least-significant bit first, as VP8L reads them.
type bitWriter struct {
	buf []byte
	acc uint64
	n   uint
}

func (b *bitWriter) write(v uint64, bits uint) {
	b.acc |= v << b.n
	b.n += bits
	for b.n >= 8 {
		b.buf = append(b.buf, byte(b.acc))
		b.acc >>= 8
		b.n -= 8
	}
}

func (b *bitWriter) bytes() []byte {
	if b.n > 0 {
		return append(b.buf, byte(b.acc))
	}
	return b.buf
}

// countingServer serves h on 127.0.0.1 and counts requests.
func countingServer(t testing.TB, h http.HandlerFunc) (*httptest.Server, *atomic.Int64) {
	t.Helper()
	var hits atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		h(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv, &hits
}

// serveBytes answers every request with body and content type ct.
func serveBytes(body []byte, ct string) http.HandlerFunc {
	return func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", ct)
		_, _ = w.Write(body)
	}
}

// pixel returns the RGBA colour of img at x, y.
func pixel(img image.Image, x, y int) color.RGBA {
	return color.RGBAModel.Convert(img.At(x, y)).(color.RGBA)
}
