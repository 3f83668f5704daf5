package pngenc

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
)

// The reader decodes a PNG row by row, so a caller can turn each row into
// something smaller (a downscaled logo) without ever holding the whole
// decoded picture: row by row a decode holds two raw rows and one RGBA
// row, where image/png holds the whole picture at its own depth and a
// conversion to RGBA holds it again. Interlaced PNGs are not read row by
// row (their passes each cover the whole picture); callers decode those
// whole.

// Info is what reading a PNG's rows needs from its IHDR, PLTE and tRNS
// chunks, and the image data's chunks.
type Info struct {
	Width, Height int
	Interlaced    bool // Adam7: Rows refuses it
	depth         int
	ctype         int          // 0 grey, 2 RGB, 3 palette, 4 grey+alpha, 6 RGBA
	palette       [256][4]byte // premultiplied RGBA, as image/png + color.RGBA would give
	npal          int
	trns          []byte // tRNS of grey and RGB images: the transparent sample
	idat          [][]byte
	others        bool // chunks besides IHDR, IDAT and IEND (PLTE, tRNS, gAMA, text...)
}

// channels is the number of samples per pixel of each colour type.
var channels = map[int]int{0: 1, 2: 3, 3: 1, 4: 2, 6: 4}

// Parse checks the chunk structure and checksums of the PNG data and
// collects what Rows needs; the Info refers to data's image chunks, so
// data must not change while it is in use.
func Parse(data []byte) (*Info, error) {
	if !bytes.HasPrefix(data, pngSignature) {
		return nil, errors.New("not a PNG")
	}
	p := &Info{}
	rest := data[len(pngSignature):]
	seenHeader := false
	for {
		if len(rest) < 12 {
			return nil, errors.New("truncated chunk")
		}
		n := binary.BigEndian.Uint32(rest)
		if int64(n) > int64(len(rest)-12) {
			return nil, errors.New("chunk longer than the file")
		}
		typ, body := string(rest[4:8]), rest[8:8+n]
		if crc32.ChecksumIEEE(rest[4:8+n]) != binary.BigEndian.Uint32(rest[8+n:]) {
			return nil, fmt.Errorf("%s chunk: checksum mismatch", typ)
		}
		rest = rest[12+n:]
		if !seenHeader && typ != "IHDR" {
			return nil, errors.New("IHDR is not the first chunk")
		}
		if typ != "IHDR" && typ != "IDAT" && typ != "IEND" {
			p.others = true
		}
		switch typ {
		case "IHDR":
			if seenHeader || n != 13 {
				return nil, errors.New("bad IHDR")
			}
			seenHeader = true
			w, h := binary.BigEndian.Uint32(body), binary.BigEndian.Uint32(body[4:])
			if w == 0 || h == 0 || w > 1<<30 || h > 1<<30 {
				return nil, fmt.Errorf("bad size %dx%d", w, h)
			}
			p.Width, p.Height, p.depth, p.ctype = int(w), int(h), int(body[8]), int(body[9])
			if body[10] != 0 || body[11] != 0 || body[12] > 1 {
				return nil, errors.New("unknown compression, filter or interlace method")
			}
			p.Interlaced = body[12] == 1
			if !validDepth(p.ctype, p.depth) {
				return nil, fmt.Errorf("bit depth %d with colour type %d", p.depth, p.ctype)
			}
		case "PLTE":
			if n%3 != 0 || n/3 > 256 {
				return nil, errors.New("bad PLTE")
			}
			p.npal = int(n / 3)
			for i := range p.npal {
				c := body[3*i : 3*i+3]
				p.palette[i] = [4]byte{c[0], c[1], c[2], 0xff}
			}
		case "tRNS":
			switch p.ctype {
			case 3:
				if int(n) > p.npal {
					return nil, errors.New("tRNS longer than PLTE")
				}
				for i, a := range body {
					c := p.palette[i]
					p.palette[i] = premultiply8(c[0], c[1], c[2], a)
				}
			case 0, 2:
				p.trns = body
			}
		case "IDAT":
			p.idat = append(p.idat, body)
		case "IEND":
			if len(p.idat) == 0 {
				return nil, errors.New("no IDAT")
			}
			if p.ctype == 3 && p.npal == 0 {
				return nil, errors.New("paletted image without PLTE")
			}
			return p, nil
		}
	}
}

func validDepth(ctype, depth int) bool {
	switch ctype {
	case 0:
		return depth == 1 || depth == 2 || depth == 4 || depth == 8 || depth == 16
	case 3:
		return depth == 1 || depth == 2 || depth == 4 || depth == 8
	case 2, 4, 6:
		return depth == 8 || depth == 16
	}
	return false
}

// premultiply8 gives the bytes image/png's NRGBA pixel becomes in an
// *image.RGBA (color.NRGBA.RGBA, then the top byte).
func premultiply8(r, g, b, a uint8) [4]byte {
	if a == 0xff {
		return [4]byte{r, g, b, a}
	}
	a16 := uint32(a) * 0x101
	m := func(v uint8) byte { return byte(uint32(v) * 0x101 * a16 / 0xffff >> 8) }
	return [4]byte{m(r), m(g), m(b), a}
}

// premultiply16 is premultiply8 for 16-bit samples (color.NRGBA64).
func premultiply16(r, g, b, a uint32) [4]byte {
	m := func(v uint32) byte { return byte(v * a / 0xffff >> 8) }
	return [4]byte{m(r), m(g), m(b), byte(a >> 8)}
}

// Rows inflates and unfilters the image data one row at a time and hands
// each row to emit as premultiplied RGBA (4 bytes a pixel, the bytes an
// *image.RGBA holds after image/png's decode and a conversion; the slice
// is reused for the next row). It refuses an interlaced image.
func (p *Info) Rows(emit func(y int, rgba []byte)) error {
	if p.Interlaced {
		return errors.New("pngenc: Rows: interlaced image")
	}
	readers := make([]io.Reader, len(p.idat))
	for i, d := range p.idat {
		readers[i] = bytes.NewReader(d)
	}
	zr, err := zlib.NewReader(io.MultiReader(readers...))
	if err != nil {
		return err
	}
	defer zr.Close()
	bitsPP := channels[p.ctype] * p.depth
	bpp := max(1, bitsPP/8)
	rowBytes := (p.Width*bitsPP + 7) / 8
	cur, prev := make([]byte, 1+rowBytes), make([]byte, 1+rowBytes)
	out := make([]byte, 4*p.Width)
	for y := range p.Height {
		if _, err := io.ReadFull(zr, cur); err != nil {
			return fmt.Errorf("row %d: %w", y, err)
		}
		if err := unfilter(cur[0], cur[1:], prev[1:], bpp); err != nil {
			return fmt.Errorf("row %d: %w", y, err)
		}
		p.toRGBA(out, cur[1:])
		emit(y, out)
		cur, prev = prev, cur
	}
	return nil
}

// unfilter undoes the PNG filter of one row in place.
func unfilter(filter byte, cur, prev []byte, bpp int) error {
	switch filter {
	case 0:
	case 1:
		for i := bpp; i < len(cur); i++ {
			cur[i] += cur[i-bpp]
		}
	case 2:
		for i, p := range prev {
			cur[i] += p
		}
	case 3:
		for i := range bpp {
			cur[i] += prev[i] / 2
		}
		for i := bpp; i < len(cur); i++ {
			cur[i] += byte((int(cur[i-bpp]) + int(prev[i])) / 2)
		}
	case 4:
		for i := range bpp {
			cur[i] += prev[i] // paeth with a = c = 0 picks b
		}
		for i := bpp; i < len(cur); i++ {
			a, b, c := int(cur[i-bpp]), int(prev[i]), int(prev[i-bpp])
			pa, pb, pc := abs(b-c), abs(a-c), abs(a+b-2*c)
			switch {
			case pa <= pb && pa <= pc:
				cur[i] += byte(a)
			case pb <= pc:
				cur[i] += byte(b)
			default:
				cur[i] += byte(c)
			}
		}
	default:
		return fmt.Errorf("unknown filter %d", filter)
	}
	return nil
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// toRGBA converts one unfiltered row into premultiplied RGBA bytes.
func (p *Info) toRGBA(out, row []byte) {
	w := p.Width
	be := binary.BigEndian
	switch {
	case p.ctype == 3 || p.ctype == 0 && p.depth < 8:
		d := p.depth
		mask := byte(1<<d - 1)
		for x := range w {
			bit := x * d
			v := row[bit/8] >> (8 - d - bit%8) & mask
			var c [4]byte
			if p.ctype == 3 {
				if int(v) < p.npal {
					c = p.palette[v]
				} else {
					c = [4]byte{0, 0, 0, 0xff} // as image/png: opaque black
				}
			} else {
				g := v * (255 / mask)
				c = [4]byte{g, g, g, 0xff}
				if len(p.trns) == 2 && uint16(v) == be.Uint16(p.trns) {
					c = [4]byte{}
				}
			}
			copy(out[4*x:], c[:])
		}
	case p.ctype == 0 && p.depth == 8:
		t := -1
		if len(p.trns) == 2 {
			t = int(be.Uint16(p.trns))
		}
		for x, g := range row[:w] {
			if int(g) == t {
				be.PutUint32(out[4*x:], 0)
				continue
			}
			out[4*x], out[4*x+1], out[4*x+2], out[4*x+3] = g, g, g, 0xff
		}
	case p.ctype == 0: // 16-bit grey
		for x := range w {
			g := be.Uint16(row[2*x:])
			if len(p.trns) == 2 && g == be.Uint16(p.trns) {
				be.PutUint32(out[4*x:], 0)
				continue
			}
			out[4*x], out[4*x+1], out[4*x+2], out[4*x+3] = byte(g>>8), byte(g>>8), byte(g>>8), 0xff
		}
	case p.ctype == 2 && p.depth == 8:
		for x := range w {
			s := row[3*x : 3*x+3]
			if len(p.trns) == 6 && uint16(s[0]) == be.Uint16(p.trns) && uint16(s[1]) == be.Uint16(p.trns[2:]) && uint16(s[2]) == be.Uint16(p.trns[4:]) {
				be.PutUint32(out[4*x:], 0)
				continue
			}
			out[4*x], out[4*x+1], out[4*x+2], out[4*x+3] = s[0], s[1], s[2], 0xff
		}
	case p.ctype == 2: // 16-bit RGB
		for x := range w {
			s := row[6*x : 6*x+6]
			if len(p.trns) == 6 && bytes.Equal(s, p.trns) {
				be.PutUint32(out[4*x:], 0)
				continue
			}
			out[4*x], out[4*x+1], out[4*x+2], out[4*x+3] = s[0], s[2], s[4], 0xff
		}
	case p.ctype == 4 && p.depth == 8:
		for x := range w {
			g, a := row[2*x], row[2*x+1]
			c := premultiply8(g, g, g, a)
			copy(out[4*x:], c[:])
		}
	case p.ctype == 4: // 16-bit grey + alpha
		for x := range w {
			g, a := uint32(be.Uint16(row[4*x:])), uint32(be.Uint16(row[4*x+2:]))
			c := premultiply16(g, g, g, a)
			copy(out[4*x:], c[:])
		}
	case p.ctype == 6 && p.depth == 8:
		for x := range w {
			s := row[4*x : 4*x+4]
			c := premultiply8(s[0], s[1], s[2], s[3])
			copy(out[4*x:], c[:])
		}
	default: // 16-bit RGBA
		for x := range w {
			s := row[8*x : 8*x+8]
			c := premultiply16(uint32(be.Uint16(s)), uint32(be.Uint16(s[2:])), uint32(be.Uint16(s[4:])), uint32(be.Uint16(s[6:])))
			copy(out[4*x:], c[:])
		}
	}
}
