package render

import (
	"bufio"
	"bytes"
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
	spans []int32   // where the filtered row may be nonzero (filterRow's, reused)
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
//
// An *image.RGBA or *image.NRGBA whose first row is opaque is encoded as
// RGB without a pass over its pixels first: the filter checks the alpha
// of each later row as it reads it, and a translucent row starts the
// encode again as RGBA. So the PNG reaches w only when it is done: it is
// written straight into a *bytes.Buffer (cut back to where it was on a
// restart), or into a pooled buffer and then to w in one Write.
func EncodePNG(w io.Writer, img image.Image) error {
	opaque, check := pngOpacity(img)
	if !check {
		return encodePNG(w, img, opaque, false)
	}
	if bb, ok := w.(*bytes.Buffer); ok {
		mark := bb.Len()
		err := encodePNG(bb, img, true, true)
		if err != errTranslucent {
			return err
		}
		bb.Truncate(mark)
		return encodePNG(bb, img, false, false)
	}
	out := outBuffers.Get().(*outBuffer)
	defer out.put()
	out.b = out.b[:0]
	err := encodePNG(out, img, true, true)
	if err == errTranslucent {
		return encodePNG(w, img, false, false)
	}
	if err == nil {
		_, err = w.Write(out.b)
	}
	return err
}

// errTranslucent ends an encode that assumed an opaque picture at the
// first row that is not.
var errTranslucent = errors.New("render: EncodePNG: translucent row")

// encodePNG writes img to w, as RGB if opaque, else RGBA; check: opaque is
// only assumed for the rows after the first, and a translucent one ends
// the encode with errTranslucent.
func encodePNG(w io.Writer, img image.Image, opaque, check bool) error {
	b := img.Bounds()
	s, err := startPNG(w, b.Dx(), b.Dy(), opaque)
	defer s.close()
	if err != nil {
		return err
	}
	s.check = check
	if err := s.writeRows(img); err != nil {
		return err
	}
	return s.finish()
}

// pngOpacity tells EncodePNG whether img is opaque, and whether that is
// only assumed, to be checked as the rows are filtered (check): an
// *image.RGBA or *image.NRGBA of several rows whose first row is opaque
// (the filter cannot tell a clear pixel in the first row from the zero
// row above it, so that row is checked here).
func pngOpacity(img image.Image) (opaque, check bool) {
	b := img.Bounds()
	pix, stride, off, ok := rgbaPix(img)
	if !ok {
		return isOpaque(img), false
	}
	if b.Empty() || !alphaAll255(pix, stride, off, b.Dx(), 1) {
		return false, false
	}
	return true, b.Dy() > 1
}

// outBuffer collects EncodePNG's output for a writer other than a
// *bytes.Buffer until the encode is done.
type outBuffer struct{ b []byte }

func (o *outBuffer) Write(p []byte) (int, error) {
	o.b = append(o.b, p...)
	return len(p), nil
}

// Flush does nothing: the bytes stay until EncodePNG writes them.
func (o *outBuffer) Flush() error { return nil }

var outBuffers = sync.Pool{New: func() any { return new(outBuffer) }}

// maxPooledOut bounds the capacity an outBuffer keeps in the pool (a
// thumbnail is 100-400 KB).
const maxPooledOut = 1 << 20

func (o *outBuffer) put() {
	if cap(o.b) <= maxPooledOut {
		outBuffers.Put(o)
	}
}

// pngSink is where a pngStream writes its chunks.
type pngSink interface {
	io.Writer
	Flush() error
}

// bufferSink writes to a bytes.Buffer directly: a buffer in front of it
// would only copy.
type bufferSink struct{ *bytes.Buffer }

func (bufferSink) Flush() error { return nil }

// pngStream writes one PNG whose rows arrive in order, in one image or in
// several bands (images whose bounds are consecutive row ranges of the
// picture), so a picture can be encoded without ever being whole in memory.
// Every row is encoded from its own bytes and the row above only, so a
// banded picture gives the same bytes as the whole one.
type pngStream struct {
	e      *encoder
	bw     pngSink
	width  int
	height int
	rows   int  // rows written so far
	opaque bool // colour type RGB
	check  bool // opaque is assumed: a translucent row ends the encode (errTranslucent)
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
	var bw pngSink
	switch w := w.(type) {
	case *bufio.Writer:
		bw = w
	case *bytes.Buffer:
		bw = bufferSink{w}
	case *outBuffer:
		bw = w
	default:
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
		var opaque bool
		if s.useGen {
			row[0] = 2 // Up
			opaque = upFilter(row[1:], pix, above, s.bpp, e.fw.lead())
		} else {
			e.spans, opaque = filterRow(row, pix, above, s.bpp, e.fw.lead(), e.spans)
		}
		if s.check && !opaque {
			// The row above is opaque (the first row was checked
			// before): this one is not.
			return errTranslucent
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
