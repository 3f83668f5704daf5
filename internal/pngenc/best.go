package pngenc

import (
	"bytes"
	"encoding/binary"
	"errors"
	"image"
	"io"

	"github.com/klauspost/compress/flate"
)

// bestCfg is the effort of EncodeBest's deflate: a deeper chain and more
// rounds still gain a little, for much more CPU.
var bestCfg = bestEffort{longCut: maxMatch, chain: 192, rounds: 4, reparse: 3, split: true}

// EncodeBest writes img to w as a PNG that decodes to exactly the pixels
// Encode's output does (the same colour type, RGB when every pixel is
// opaque, else RGBA), spending far more CPU to make it smaller. The rows
// are filtered five ways: None and Paeth throughout, and per row the
// filter with the smallest sum of residuals, the one whose bytes have
// the least entropy, and the one a trial finds cheapest (trialFilter: a
// quick parse of each candidate row against the rows chosen before it).
// A quick deflate of each picks one, and the slow optimal-parse deflate
// of bestDeflater compresses it. Meant for re-encoding stored pictures in
// the background, never for a response that waits on it.
func EncodeBest(w io.Writer, img image.Image) error {
	b := img.Bounds()
	width, height := b.Dx(), b.Dy()
	if width <= 0 || height <= 0 {
		return errors.New("pngenc: empty image")
	}
	if width > maxEncodeSide || height > maxEncodeSide {
		return errors.New("pngenc: image too large")
	}
	opaque := isOpaque(img)
	bpp, colorType := 4, byte(6)
	if opaque {
		bpp, colorType = 3, 2
	}
	rows := rawRows(img, bpp)
	filtered, err := bestFiltered(rows, bpp)
	if err != nil {
		return err
	}
	var z bytes.Buffer
	z.Write([]byte{0x78, 0xda}) // zlib: deflate, 32 KiB window, "maximum compression"
	if err := deflateBest(&z, filtered, bpp*width+1, bpp, bestCfg); err != nil {
		return err
	}
	z.Write(binary.BigEndian.AppendUint32(nil, adler32(1, filtered)))

	var out bytes.Buffer
	out.Grow(z.Len() + 64)
	out.Write(pngSignature)
	var ihdr [13]byte
	binary.BigEndian.PutUint32(ihdr[0:], uint32(width))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(height))
	ihdr[8], ihdr[9] = 8, colorType
	writeChunk(&out, "IHDR", ihdr[:])
	for p := z.Bytes(); len(p) > 0; {
		n := min(len(p), 1<<20)
		writeChunk(&out, "IDAT", p[:n])
		p = p[n:]
	}
	writeChunk(&out, "IEND", nil)
	_, err = w.Write(out.Bytes())
	return err
}

// bandRows is how many rows bestFiltered takes from one strategy at a
// time.
var bandRows = 64

// bestFiltered filters rows by each strategy, then builds the picture a
// band of rows at a time, each band from the strategy whose rows a quick
// deflate (with the bands chosen before as its history) makes smallest,
// and returns that or a single strategy's rows, whichever the quick
// deflate makes smallest.
func bestFiltered(rows [][]byte, bpp int) ([]byte, error) {
	stride := len(rows[0]) + 1
	var streams [][]byte
	for _, s := range []filterStrategy{fixedFilter(0), fixedFilter(4), minSum{}, minEntropy{}, newTrialFilter(bpp, stride)} {
		streams = append(streams, filterRows(rows, bpp, s))
	}
	var cw countWriter
	zw, err := flate.NewWriter(&cw, 5)
	if err != nil {
		return nil, err
	}
	out := make([]byte, 0, len(streams[0]))
	for y0 := 0; y0 < len(rows); y0 += bandRows {
		a, e := y0*stride, min(len(rows), y0+bandRows)*stride
		best, bestLen := 0, -1
		for k, s := range streams {
			cw = 0
			zw.ResetDict(&cw, out[max(0, len(out)-windowSize):])
			if _, err := zw.Write(s[a:e]); err != nil {
				return nil, err
			}
			if err := zw.Close(); err != nil {
				return nil, err
			}
			if bestLen < 0 || int(cw) < bestLen {
				best, bestLen = k, int(cw)
			}
		}
		out = append(out, streams[best][a:e]...)
	}
	// The banded picture, or one strategy throughout if that deflates
	// smaller still (a band's best is not always the whole's).
	best, bestLen := out, -1
	for _, s := range append(streams, out) {
		cw = 0
		zw.Reset(&cw)
		if _, err := zw.Write(s); err != nil {
			return nil, err
		}
		if err := zw.Close(); err != nil {
			return nil, err
		}
		if bestLen < 0 || int(cw) < bestLen {
			best, bestLen = s, int(cw)
		}
	}
	return best, nil
}

// countWriter counts the bytes written to it.
type countWriter int

func (c *countWriter) Write(p []byte) (int, error) {
	*c += countWriter(len(p))
	return len(p), nil
}

// rawRows returns the rows of img as PNG samples, bpp bytes per pixel (3:
// RGB, alpha dropped; 4: non-premultiplied RGBA), read as Encode reads
// them.
func rawRows(img image.Image, bpp int) [][]byte {
	b := img.Bounds()
	w := b.Dx()
	buf := make([]byte, 4*w)
	var conv *image.NRGBA
	rows := make([][]byte, b.Dy())
	for y := b.Min.Y; y < b.Max.Y; y++ {
		pix := pixelRow(buf, img, y, bpp == 3, &conv)
		r := make([]byte, bpp*w)
		if bpp == 4 {
			copy(r, pix)
		} else {
			for x := range w {
				copy(r[3*x:3*x+3], pix[4*x:4*x+3])
			}
		}
		rows[y-b.Min.Y] = r
	}
	return rows
}
