package render

import (
	"bufio"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"image"
	"image/draw"
	"io"
	"sync"

	"github.com/klauspost/compress/zlib"
)

// PNGLevel is the deflate level EncodePNG uses (klauspost/compress scale:
// 1 = fastest). Rendered artwork is mostly flat colour, so level 1 with the
// Up filter already compresses well.
const PNGLevel = 1

// maxEncodeSide bounds what EncodePNG accepts, so a corrupt image header
// cannot make it allocate without bound.
const maxEncodeSide = 1 << 14

var pngSignature = []byte{0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'}

// encoder holds the reusable state of one PNG encode.
type encoder struct {
	zw        *zlib.Writer
	idat      idatWriter
	cur, prev []byte
}

var encoderPool = sync.Pool{New: func() any {
	e := &encoder{}
	e.idat.buf = make([]byte, 0, 64<<10)
	return e
}}

// EncodePNG writes img to w as an 8-bit PNG: colour type RGB when every pixel
// is opaque, RGBA (non-premultiplied) otherwise. Every row uses the Up
// filter and the IDAT stream is deflated at PNGLevel. The output decodes with
// image/png to exactly the input's colours: byte for byte for opaque images
// and *image.NRGBA, and for translucent *image.RGBA pixels to the same
// premultiplied bytes once image/draw converts them back. Buffers and the
// zlib state are pooled.
func EncodePNG(w io.Writer, img image.Image) error {
	b := img.Bounds()
	if b.Empty() {
		return errors.New("render: EncodePNG: empty image")
	}
	if b.Dx() > maxEncodeSide || b.Dy() > maxEncodeSide {
		return errors.New("render: EncodePNG: image too large")
	}
	opaque := isOpaque(img)
	bpp := 4
	colorType := byte(6)
	if opaque {
		bpp, colorType = 3, 2
	}
	e := encoderPool.Get().(*encoder)
	defer encoderPool.Put(e)

	bw, ok := w.(*bufio.Writer)
	if !ok {
		bw = bufio.NewWriterSize(w, 4096)
	}
	if _, err := bw.Write(pngSignature); err != nil {
		return err
	}
	var ihdr [13]byte
	binary.BigEndian.PutUint32(ihdr[0:], uint32(b.Dx()))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(b.Dy()))
	ihdr[8], ihdr[9] = 8, colorType // bit depth, colour type; compression, filter, interlace stay 0
	if err := writeChunk(bw, "IHDR", ihdr[:]); err != nil {
		return err
	}

	e.idat.w, e.idat.err, e.idat.buf = bw, nil, e.idat.buf[:0]
	if e.zw == nil {
		zw, err := zlib.NewWriterLevel(&e.idat, PNGLevel)
		if err != nil {
			return err
		}
		e.zw = zw
	} else {
		e.zw.Reset(&e.idat)
	}
	n := 1 + bpp*b.Dx()
	e.cur = grow(e.cur, n+2) // two spare bytes for 8-byte stores
	e.prev = grow(e.prev, n)
	clear(e.prev)
	var conv *image.NRGBA // row buffer for image types without a fast path
	for y := b.Min.Y; y < b.Max.Y; y++ {
		e.cur[0] = 2 // Up filter: each byte minus the byte above it
		if pix, above, ok := directRows(img, y, opaque); ok {
			// Opaque RGBA/NRGBA: filter straight from the image rows.
			upFilterRGB(e.cur[1:], pix, above)
		} else {
			row := e.cur[1:n]
			if !fillRow(row, img, y, opaque) {
				if conv == nil {
					conv = image.NewNRGBA(image.Rect(b.Min.X, 0, b.Max.X, 1))
				}
				draw.Draw(conv, conv.Bounds(), img, image.Pt(b.Min.X, y), draw.Src)
				copyNRGBA(row, conv.Pix, opaque)
			}
			// e.prev keeps the previous row's raw bytes.
			for i, c := range row {
				p := e.prev[i+1]
				e.prev[i+1] = c
				row[i] = c - p
			}
		}
		if _, err := e.zw.Write(e.cur[:n]); err != nil {
			return err
		}
	}
	if err := e.zw.Close(); err != nil {
		return err
	}
	if err := e.idat.flush(); err != nil {
		return err
	}
	e.idat.w = nil
	if err := writeChunk(bw, "IEND", nil); err != nil {
		return err
	}
	return bw.Flush()
}

func grow(b []byte, n int) []byte {
	if cap(b) < n {
		return make([]byte, n)
	}
	return b[:n]
}

// writeChunk writes one PNG chunk: length, type, data, CRC of type+data.
func writeChunk(w io.Writer, typ string, data []byte) error {
	var hdr [8]byte
	binary.BigEndian.PutUint32(hdr[:4], uint32(len(data)))
	copy(hdr[4:], typ)
	crc := crc32.NewIEEE()
	crc.Write(hdr[4:8])
	crc.Write(data)
	var tail [4]byte
	binary.BigEndian.PutUint32(tail[:], crc.Sum32())
	for _, p := range [][]byte{hdr[:], data, tail[:]} {
		if _, err := w.Write(p); err != nil {
			return err
		}
	}
	return nil
}

// idatWriter cuts the zlib stream into IDAT chunks of up to 64 KiB.
type idatWriter struct {
	w   io.Writer
	buf []byte
	err error
}

func (d *idatWriter) Write(p []byte) (int, error) {
	if d.err != nil {
		return 0, d.err
	}
	n := len(p)
	for len(p) > 0 {
		k := copy(d.buf[len(d.buf):cap(d.buf)], p)
		d.buf = d.buf[:len(d.buf)+k]
		p = p[k:]
		if len(d.buf) == cap(d.buf) {
			if err := d.flush(); err != nil {
				return 0, err
			}
		}
	}
	return n, nil
}

func (d *idatWriter) flush() error {
	if len(d.buf) == 0 || d.err != nil {
		return d.err
	}
	d.err = writeChunk(d.w, "IDAT", d.buf)
	d.buf = d.buf[:0]
	return d.err
}
