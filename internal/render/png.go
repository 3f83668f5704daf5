package render

import (
	"bufio"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"image"
	"io"
	"sync"

	"github.com/klauspost/compress/flate"
)

// A picture whose first busyRowsSeen rows (after the first) include at
// least busyRowsMin busy ones (nonzero spans over a quarter of the row:
// the 2-D gradients and textures of styles 98 and 99) goes on with the Up
// filter and klauspost/compress's level-1 deflate, a general-purpose
// matcher: on the style-99 thumbnail our row deflater is 14 % smaller but
// takes about 2.5 times the CPU (docs/operations.md, Performance). The
// choice depends on those rows alone, so bands give the same bytes.
const (
	busyRowsSeen = 32
	busyRowsMin  = 16
)

// busySwitch turns the busy-picture switch on (benchmarks of the row
// deflater alone turn it off).
var busySwitch = true

// maxEncodeSide bounds what EncodePNG accepts, so a corrupt image header
// cannot make it allocate without bound.
const maxEncodeSide = 1 << 14

var pngSignature = []byte{0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'}

// encoder holds the reusable state of one PNG encode.
type encoder struct {
	fw    rowDeflater
	gen   *flate.Writer // level-1 deflate for busy pictures (see busyPicture)
	idat  idatWriter
	bufs  [2][]byte // converted rows (4 bytes per pixel), used in turn
	last  []byte    // the row above the next band's first row
	diff  []int32   // filterRow's scratch
	spans []int32   // where the filtered row may be nonzero
	adler uint32
}

var encoderPool = sync.Pool{New: func() any {
	e := &encoder{}
	e.idat.buf = make([]byte, 0, 64<<10)
	return e
}}

// EncodePNG writes img to w as an 8-bit PNG: colour type RGB when every pixel
// is opaque, RGBA (non-premultiplied) otherwise. Each row is filtered
// (Paeth, straight from the image's pixels where it can), checksummed and
// compressed by rowDeflater while it is in cache; the filter tells both
// where the row may be nonzero, so the zeros between cost neither. The
// output decodes with image/png to exactly the input's colours: byte for
// byte for opaque images and *image.NRGBA, and for translucent *image.RGBA
// pixels to the same premultiplied bytes once image/draw converts them
// back. Buffers are pooled.
func EncodePNG(w io.Writer, img image.Image) error {
	b := img.Bounds()
	s, err := startPNG(w, b.Dx(), b.Dy(), isOpaque(img))
	defer s.close()
	if err != nil {
		return err
	}
	if err := s.writeRows(img); err != nil {
		return err
	}
	return s.finish()
}

// pngStream writes one PNG whose rows arrive in order, in one image or in
// several bands (images whose bounds are consecutive row ranges of the
// picture), so a picture can be encoded without ever being whole in memory.
// Every row is encoded from its own bytes and the row above only, so a
// banded picture gives the same bytes as the whole one.
type pngStream struct {
	e      *encoder
	bw     *bufio.Writer
	width  int
	height int
	rows   int  // rows written so far
	opaque bool // colour type RGB
	busy   int  // busy rows among rows 1..busyRowsSeen
	useGen bool // rows go to e.gen (Up filter) from now on
	bpp, n int  // bytes per pixel, bytes per filtered row
}

// startPNG writes the signature and header of a width x height PNG (RGB
// when opaque, else RGBA). Call close when done, whatever happens (also
// after an error: the stream may be nil then).
func startPNG(w io.Writer, width, height int, opaque bool) (*pngStream, error) {
	if width <= 0 || height <= 0 {
		return nil, errors.New("render: EncodePNG: empty image")
	}
	if width > maxEncodeSide || height > maxEncodeSide {
		return nil, errors.New("render: EncodePNG: image too large")
	}
	s := &pngStream{e: encoderPool.Get().(*encoder), width: width, height: height, opaque: opaque, bpp: 4}
	colorType := byte(6)
	if opaque {
		s.bpp, colorType = 3, 2
	}
	s.n = 1 + s.bpp*width
	bw, ok := w.(*bufio.Writer)
	if !ok {
		bw = bufio.NewWriterSize(w, 4096)
	}
	s.bw = bw
	if _, err := bw.Write(pngSignature); err != nil {
		return s, err
	}
	var ihdr [13]byte
	binary.BigEndian.PutUint32(ihdr[0:], uint32(width))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(height))
	ihdr[8], ihdr[9] = 8, colorType // bit depth, colour type; compression, filter, interlace stay 0
	if err := writeChunk(bw, "IHDR", ihdr[:]); err != nil {
		return s, err
	}
	e := s.e
	e.idat.w, e.idat.err, e.idat.buf = bw, nil, e.idat.buf[:0]
	// zlib header: deflate, 32 KiB window, "fastest"; the raw deflate
	// stream follows and the Adler-32 of the filtered rows ends it.
	if _, err := e.idat.Write([]byte{0x78, 0x01}); err != nil {
		return s, err
	}
	e.fw.reset(&e.idat, s.n, s.bpp)
	e.adler = 1
	for i := range e.bufs {
		e.bufs[i] = grow(e.bufs[i], 4*width)
	}
	e.last = grow(e.last, 4*width)
	clear(e.last) // the row above the first is zero
	return s, nil
}

// writeRows encodes every row of img, the next rows of the picture: its
// width must be the picture's and its rows must not run past the
// picture's height.
func (s *pngStream) writeRows(img image.Image) error {
	b := img.Bounds()
	if b.Dx() != s.width || s.rows+b.Dy() > s.height {
		return errors.New("render: EncodePNG: rows do not fit the picture")
	}
	e := s.e
	var conv *image.NRGBA // row buffer for image types without a fast path
	above := e.last
	for y := b.Min.Y; y < b.Max.Y; y++ {
		pix := pixelRow(e.bufs[s.rows&1], img, y, s.opaque, &conv)
		row := e.fw.next()
		if s.useGen {
			row[0] = 2 // Up
			e.diff = upFilter(row[1:], pix, above, s.bpp, e.diff[:0])
		} else {
			e.diff = filterRow(row, pix, above, s.bpp, e.diff)
		}
		if s.useGen {
			e.adler = adler32(e.adler, row[:s.n])
			if _, err := e.gen.Write(row[:s.n]); err != nil {
				return err
			}
			above = pix
			s.rows++
			continue
		}
		e.spans = rowSpans(e.spans, e.diff, s.width, s.bpp)
		e.adler = adlerSpans(e.adler, row[:s.n], e.spans)
		if err := e.fw.add(e.spans); err != nil {
			return err
		}
		if s.rows >= 1 && s.rows <= busyRowsSeen && spanBytes(e.spans)*busyShare > s.n {
			s.busy++
		}
		above = pix
		s.rows++
		if s.rows == busyRowsSeen+1 && s.busy >= busyRowsMin && busySwitch {
			if err := s.toGeneral(); err != nil {
				return err
			}
		}
	}
	if s.rows < s.height && !b.Empty() {
		// The band's pixels may be painted over next: keep its last row.
		e.last = append(e.last[:0], above...)
	}
	return nil
}

// toGeneral ends the row deflater's part of the stream on a byte boundary
// and continues it with the level-1 deflate, which gets the last 32 KiB of
// filtered rows as its history.
func (s *pngStream) toGeneral() error {
	e := s.e
	if err := e.fw.sync(); err != nil {
		return err
	}
	if e.gen == nil {
		g, err := flate.NewWriterDict(&e.idat, 1, e.fw.history())
		if err != nil {
			return err
		}
		e.gen = g
	} else {
		e.gen.ResetDict(&e.idat, e.fw.history())
	}
	s.useGen = true
	return nil
}

// spanBytes is how many bytes spans (start, end pairs) cover.
func spanBytes(spans []int32) int {
	n := 0
	for i := 0; i+1 < len(spans); i += 2 {
		n += int(spans[i+1] - spans[i])
	}
	return n
}

// finish ends the image data and writes the trailer; every row must have
// been written.
func (s *pngStream) finish() error {
	if s.rows != s.height {
		return errors.New("render: EncodePNG: missing rows")
	}
	e := s.e
	if s.useGen {
		if err := e.gen.Close(); err != nil {
			return err
		}
	} else if err := e.fw.finish(); err != nil {
		return err
	}
	var sum [4]byte
	binary.BigEndian.PutUint32(sum[:], e.adler)
	if _, err := e.idat.Write(sum[:]); err != nil {
		return err
	}
	if err := e.idat.flush(); err != nil {
		return err
	}
	if err := writeChunk(s.bw, "IEND", nil); err != nil {
		return err
	}
	return s.bw.Flush()
}

// close returns the pooled encoder state; the stream is unusable after.
func (s *pngStream) close() {
	if s == nil || s.e == nil {
		return
	}
	s.e.idat.w = nil
	encoderPool.Put(s.e)
	s.e = nil
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
