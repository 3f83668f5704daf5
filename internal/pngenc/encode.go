package pngenc

import (
	"bytes"
	"errors"
	"image"
	"io"
	"sync"
)

// Encode writes img to w as an 8-bit PNG: colour type RGB when every pixel
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
func Encode(w io.Writer, img image.Image) error {
	opaque, check := opacity(img)
	if !check {
		return encode(w, img, opaque, false)
	}
	if bb, ok := w.(*bytes.Buffer); ok {
		mark := bb.Len()
		err := encode(bb, img, true, true)
		if err != errTranslucent {
			return err
		}
		bb.Truncate(mark)
		return encode(bb, img, false, false)
	}
	out := outBuffers.Get().(*outBuffer)
	defer out.put()
	out.b = out.b[:0]
	err := encode(out, img, true, true)
	if err == errTranslucent {
		return encode(w, img, false, false)
	}
	if err == nil {
		_, err = w.Write(out.b)
	}
	return err
}

// errTranslucent ends an encode that assumed an opaque picture at the
// first row that is not.
var errTranslucent = errors.New("pngenc: translucent row")

// encode writes img to w, as RGB if opaque, else RGBA; check: opaque is
// only assumed for the rows after the first, and a translucent one ends
// the encode with errTranslucent.
func encode(w io.Writer, img image.Image, opaque, check bool) error {
	b := img.Bounds()
	s, err := NewStream(w, b.Dx(), b.Dy(), opaque)
	defer s.Close()
	if err != nil {
		return err
	}
	s.check = check
	if err := s.WriteRows(img); err != nil {
		return err
	}
	return s.Finish()
}

// opacity tells Encode whether img is opaque, and whether that is
// only assumed, to be checked as the rows are filtered (check): an
// *image.RGBA or *image.NRGBA of several rows whose first row is opaque
// (the filter cannot tell a clear pixel in the first row from the zero
// row above it, so that row is checked here).
func opacity(img image.Image) (opaque, check bool) {
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

// outBuffer collects Encode's output for a writer other than a
// *bytes.Buffer until the encode is done.
type outBuffer struct{ b []byte }

func (o *outBuffer) Write(p []byte) (int, error) {
	o.b = append(o.b, p...)
	return len(p), nil
}

// Flush does nothing: the bytes stay until Encode writes them.
func (o *outBuffer) Flush() error { return nil }

var outBuffers = sync.Pool{New: func() any { return new(outBuffer) }}

// maxPooledOut bounds the capacity an outBuffer keeps in the pool (room
// for a thumbnail's PNG, not for an outsized picture's).
const maxPooledOut = 1 << 20

func (o *outBuffer) put() {
	if cap(o.b) <= maxPooledOut {
		outBuffers.Put(o)
	}
}
