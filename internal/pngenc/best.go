package pngenc

import (
	"bytes"
	"context"
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
// are filtered eight ways: each of the five filters throughout, and per
// row the filter with the smallest sum of residuals, the one whose bytes
// have the least entropy, and the one a trial finds cheapest
// (trialFilter: a quick parse of each candidate row against the rows
// chosen before it). A quick deflate picks among them band by band (see
// bestFiltered), and the slow optimal-parse deflate of bestDeflater
// compresses the result. Meant for re-encoding stored pictures in
// the background, never for a response that waits on it.
func EncodeBest(w io.Writer, img image.Image) error {
	return encodeBest(context.Background(), w, img)
}

// encodeBest is EncodeBest, stopping with ctx's error soon after ctx is
// done (between rows while filtering, every few thousand positions while
// deflating): a background pass gives its CPU back at once.
func encodeBest(ctx context.Context, w io.Writer, img image.Image) error {
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
	filtered, err := bestFiltered(ctx, img, bpp)
	if err != nil {
		return err
	}
	var z bytes.Buffer
	z.Write([]byte{0x78, 0xda}) // zlib: deflate, 32 KiB window, "maximum compression"
	if err := deflateBest(ctx, &z, filtered, bpp*width+1, bpp, bestCfg); err != nil {
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
// time, and trialLevel the level of the quick deflate that judges them
// (level 5 judged the fixed Sub, Up and Average rows too kindly: the
// slow deflate made some pictures larger with them on offer).
const (
	bandRows   = 16
	trialLevel = 7
)

// strategies returns the filter strategies EncodeBest tries, fresh.
func strategies(bpp, stride int) []filterStrategy {
	return []filterStrategy{fixedFilter(0), fixedFilter(4), minSum{}, minEntropy{}, newTrialFilter(bpp, stride),
		fixedFilter(1), fixedFilter(2), fixedFilter(3)}
}

// bestFiltered returns the filtered image data of img: each strategy
// filters the rows, and the picture is built a band of rows at a time,
// each band from the strategy whose rows a quick deflate (with the bands
// chosen before as its history) makes smallest. A quick deflate of each
// strategy's whole picture runs beside, and if one of those is smaller
// still (a band's best is not always the whole's), that strategy's rows
// are made again and returned instead. Only a band of each strategy's
// rows is held at a time.
func bestFiltered(ctx context.Context, img image.Image, bpp int) ([]byte, error) {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	stride := bpp*w + 1
	strats := strategies(bpp, stride)
	var band countWriter
	bandZ, err := flate.NewWriter(&band, trialLevel)
	if err != nil {
		return nil, err
	}
	whole := make([]countWriter, len(strats))
	wholeZ := make([]*flate.Writer, len(strats))
	for k := range strats {
		if wholeZ[k], err = flate.NewWriter(&whole[k], trialLevel); err != nil {
			return nil, err
		}
	}
	bands := make([][]byte, len(strats))
	out := make([]byte, 0, h*stride)
	rr := newRowReader(img, bpp)
	for y0 := 0; y0 < h; y0 += bandRows {
		y1 := min(h, y0+bandRows)
		for k := range bands {
			bands[k] = bands[k][:0]
		}
		for y := y0; y < y1; y++ {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			cands := rr.next()
			for k, s := range strats {
				ft := s.pick(cands)
				bands[k] = append(bands[k], cands[ft]...)
				s.chosen(bands[k][len(bands[k])-stride:])
			}
		}
		best, bestLen := 0, -1
		for k, p := range bands {
			if _, err := wholeZ[k].Write(p); err != nil {
				return nil, err
			}
			band = 0
			bandZ.ResetDict(&band, out[max(0, len(out)-windowSize):])
			if _, err := bandZ.Write(p); err != nil {
				return nil, err
			}
			if err := bandZ.Close(); err != nil {
				return nil, err
			}
			if bestLen < 0 || int(band) < bestLen {
				best, bestLen = k, int(band)
			}
		}
		out = append(out, bands[best]...)
	}
	// The banded picture against each strategy's whole.
	var cw countWriter
	bandZ.ResetDict(&cw, nil)
	if _, err := bandZ.Write(out); err != nil {
		return nil, err
	}
	if err := bandZ.Close(); err != nil {
		return nil, err
	}
	winner, winLen := -1, int(cw)
	for k, z := range wholeZ {
		if err := z.Close(); err != nil {
			return nil, err
		}
		if int(whole[k]) < winLen {
			winner, winLen = k, int(whole[k])
		}
	}
	if winner < 0 {
		return out, nil
	}
	s := strategies(bpp, stride)[winner]
	out = out[:0]
	rr = newRowReader(img, bpp)
	for y := range h {
		if y%bandRows == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		cands := rr.next()
		out = append(out, cands[s.pick(cands)]...)
		s.chosen(out[len(out)-stride:])
	}
	return out, nil
}

// countWriter counts the bytes written to it.
type countWriter int

func (c *countWriter) Write(p []byte) (int, error) {
	*c += countWriter(len(p))
	return len(p), nil
}

// rowReader reads img's rows as PNG samples, bpp bytes per pixel (3:
// RGB, alpha dropped; 4: non-premultiplied RGBA), as Encode reads them,
// and filters each row all five ways.
type rowReader struct {
	img       image.Image
	bpp, y    int
	buf       []byte
	conv      *image.NRGBA
	cur, prev []byte
	cands     [5][]byte // each: the filter type byte, then the filtered row
}

func newRowReader(img image.Image, bpp int) *rowReader {
	w := img.Bounds().Dx()
	r := &rowReader{img: img, bpp: bpp, y: img.Bounds().Min.Y, buf: make([]byte, 4*w),
		cur: make([]byte, bpp*w), prev: make([]byte, bpp*w)}
	for i := range r.cands {
		r.cands[i] = make([]byte, 1+bpp*w)
		r.cands[i][0] = byte(i)
	}
	return r
}

// next reads the next row and returns its five filterings.
func (r *rowReader) next() *[5][]byte {
	r.cur, r.prev = r.prev, r.cur
	pix := pixelRow(r.buf, r.img, r.y, r.bpp == 3, &r.conv)
	if r.bpp == 4 {
		copy(r.cur, pix)
	} else {
		for x := range len(r.cur) / 3 {
			copy(r.cur[3*x:3*x+3], pix[4*x:4*x+3])
		}
	}
	if r.y == r.img.Bounds().Min.Y {
		clear(r.prev)
	}
	for ft := range r.cands {
		filterWith(byte(ft), r.cur, r.prev, r.cands[ft][1:], r.bpp)
	}
	r.y++
	return &r.cands
}

var zzLevel = 9
