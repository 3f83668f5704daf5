package pngenc

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"image"
	"io"
	"sync"

	"github.com/klauspost/compress/flate"
)

// A picture whose first busyRowsSeen rows (after the first) include at
// least busyRowsMin busy ones (nonzero spans over a quarter of the row:
// smooth 2-D gradients and textures) goes on with the Up filter and
// klauspost/compress's level-1 deflate, a general-purpose matcher: on
// such pictures the row deflater, which looks for the structure of flat
// pictures, is somewhat smaller but costs several times the CPU
// (BenchmarkEncodeEffort measures both). The choice depends on those rows
// alone, so bands give the same bytes.
const (
	busyRowsSeen = 32
	busyRowsMin  = 16
)

// busySwitch turns the busy-picture switch on (benchmarks of the row
// deflater alone turn it off).
var busySwitch = true

// maxEncodeSide bounds what Encode accepts, so a corrupt image header
// cannot make it allocate without bound.
const maxEncodeSide = 1 << 14

// encoder holds the reusable state of one PNG encode.
type encoder struct {
	fw    rowDeflater
	gen   *flate.Writer // level-1 deflate for busy pictures (see busyRowsSeen)
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

// sink is where a Stream writes its chunks.
type sink interface {
	io.Writer
	Flush() error
}

// bufferSink writes to a bytes.Buffer directly: a buffer in front of it
// would only copy.
type bufferSink struct{ *bytes.Buffer }

func (bufferSink) Flush() error { return nil }

// Stream writes one PNG whose rows arrive in order, in one image or in
// several bands (images whose bounds are consecutive row ranges of the
// picture), so a picture can be encoded without ever being whole in memory.
// Every row is encoded from its own bytes and the row above only, so a
// banded picture gives the same bytes as the whole one.
type Stream struct {
	e      *encoder
	bw     sink
	width  int
	height int
	rows   int  // rows written so far
	opaque bool // colour type RGB
	check  bool // opaque is assumed: a translucent row ends the encode (errTranslucent)
	busy   int  // busy rows among rows 1..busyRowsSeen
	useGen bool // rows go to e.gen (Up filter) from now on
	bpp, n int  // bytes per pixel, bytes per filtered row
}

// NewStream writes the signature and header of a width x height PNG to w:
// colour type RGB when opaque (the rows' alpha is then dropped unread),
// else RGBA. Write the rows with WriteRows, then call Finish. Call Close
// when done, whatever happens (also after an error: the stream may be nil
// then; Close on nil does nothing).
func NewStream(w io.Writer, width, height int, opaque bool) (*Stream, error) {
	if width <= 0 || height <= 0 {
		return nil, errors.New("pngenc: empty image")
	}
	if width > maxEncodeSide || height > maxEncodeSide {
		return nil, errors.New("pngenc: image too large")
	}
	s := &Stream{e: encoderPool.Get().(*encoder), width: width, height: height, opaque: opaque, bpp: 4}
	colorType := byte(6)
	if opaque {
		s.bpp, colorType = 3, 2
	}
	s.n = 1 + s.bpp*width
	var bw sink
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

// WriteRows encodes every row of img, the next rows of the picture: its
// width must be the picture's and its rows must not run past the
// picture's height. img may be painted over once WriteRows returns (the
// stream keeps the last row it needs).
func (s *Stream) WriteRows(img image.Image) error {
	b := img.Bounds()
	if b.Dx() != s.width || s.rows+b.Dy() > s.height {
		return errors.New("pngenc: rows do not fit the picture")
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
func (s *Stream) toGeneral() error {
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

// Finish ends the image data and writes the trailer; every row must have
// been written.
func (s *Stream) Finish() error {
	if s.rows != s.height {
		return errors.New("pngenc: missing rows")
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

// Close returns the pooled encoder state; the stream is unusable after.
func (s *Stream) Close() {
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
