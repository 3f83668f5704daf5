package pngenc

import (
	"encoding/binary"
	"image"
	"image/draw"
	"sync"
)

// isOpaque reports whether every pixel of img has alpha 255.
func isOpaque(img image.Image) bool {
	b := img.Bounds()
	if pix, stride, off, ok := rgbaPix(img); ok {
		return alphaAll255(pix, stride, off, b.Dx(), b.Dy())
	}
	switch img.(type) {
	case *image.Gray, *image.YCbCr:
		return true
	}
	if o, ok := img.(interface{ Opaque() bool }); ok {
		return o.Opaque()
	}
	return false
}

// rgbaPix returns the pixels of an *image.RGBA or *image.NRGBA (4 bytes
// each, alpha last), their stride and the offset of the bounds' first
// pixel; ok is false for other image types.
func rgbaPix(img image.Image) (pix []byte, stride, off int, ok bool) {
	b := img.Bounds()
	switch m := img.(type) {
	case *image.RGBA:
		return m.Pix, m.Stride, m.PixOffset(b.Min.X, b.Min.Y), true
	case *image.NRGBA:
		return m.Pix, m.Stride, m.PixOffset(b.Min.X, b.Min.Y), true
	}
	return nil, 0, 0, false
}

func alphaAll255(pix []byte, stride, off, w, h int) bool {
	const mask = 0xff000000ff000000
	for y := range h {
		row := pix[off+y*stride : off+y*stride+4*w]
		i := 0
		// Four words at a time, ANDed: one compare per eight pixels.
		for ; i+32 <= len(row); i += 32 {
			q := row[i : i+32 : i+32]
			v := binary.LittleEndian.Uint64(q) & binary.LittleEndian.Uint64(q[8:]) &
				binary.LittleEndian.Uint64(q[16:]) & binary.LittleEndian.Uint64(q[24:])
			if v&mask != mask {
				return false
			}
		}
		for ; i+8 <= len(row); i += 8 {
			if binary.LittleEndian.Uint64(row[i:])&mask != mask {
				return false
			}
		}
		if i < len(row) && row[i+3] != 255 {
			return false
		}
	}
	return true
}

// pixelRow returns row y of img as 4-byte pixels: opaque or
// non-premultiplied RGBA (alpha is ignored when the picture is opaque).
// Opaque *image.RGBA and any *image.NRGBA rows are the image's own bytes;
// other rows are converted into buf (4 bytes per pixel), with conv as
// scratch for image types without a fast path.
func pixelRow(buf []byte, img image.Image, y int, opaque bool, conv **image.NRGBA) []byte {
	b := img.Bounds()
	switch m := img.(type) {
	case *image.NRGBA:
		i := m.PixOffset(b.Min.X, y)
		return m.Pix[i : i+4*b.Dx()]
	case *image.RGBA:
		i := m.PixOffset(b.Min.X, y)
		src := m.Pix[i : i+4*b.Dx()]
		if opaque {
			return src
		}
		t := unpremulTable()
		j := 0
		for ; j+8 <= len(src); j += 8 {
			// Two clear or two opaque pixels (most of a logo's canvas)
			// need no table.
			v := binary.LittleEndian.Uint64(src[j:])
			if v == 0 || v&0xff000000ff000000 == 0xff000000ff000000 {
				binary.LittleEndian.PutUint64(buf[j:], v)
				continue
			}
			for k := j; k < j+8; k += 4 {
				unpremulPixel(buf[k:k+4:k+4], src[k:k+4:k+4], t)
			}
		}
		for ; j < len(src); j += 4 {
			unpremulPixel(buf[j:j+4:j+4], src[j:j+4:j+4], t)
		}
		return buf[:len(src)]
	}
	if *conv == nil {
		*conv = image.NewNRGBA(image.Rect(b.Min.X, 0, b.Max.X, 1))
	}
	draw.Draw(*conv, (*conv).Bounds(), img, image.Pt(b.Min.X, y), draw.Src)
	return append(buf[:0], (*conv).Pix...)
}

// unpremulPixel writes the non-premultiplied pixel of the premultiplied
// src, with t from unpremulTable.
func unpremulPixel(dst, src, t []byte) {
	a := src[3]
	switch a {
	case 255:
		dst[0], dst[1], dst[2] = src[0], src[1], src[2]
	case 0:
		dst[0], dst[1], dst[2] = 0, 0, 0
	default:
		row := t[int(a)<<8:]
		dst[0], dst[1], dst[2] = row[src[0]], row[src[1]], row[src[2]]
	}
	dst[3] = a
}

var (
	unpremulOnce sync.Once
	unpremulTab  []byte
)

// unpremulTable maps (alpha<<8 | premultiplied channel) to the
// non-premultiplied channel n that image/draw premultiplies back to the same
// byte, ((n*0x101)*(a*0x101)/0xffff)>>8 == c, choosing the n nearest to
// c*255/a. Such an n exists for every c <= a < 255, so translucent RGBA
// pixels survive an encode/decode round trip exactly.
func unpremulTable() []byte {
	unpremulOnce.Do(func() {
		t := make([]byte, 256*256)
		for a := 1; a < 255; a++ {
			for c := 0; c < 256; c++ {
				v := min(c, a)
				n0 := (v*255 + a/2) / a
				best := n0
				for _, n := range []int{n0, n0 - 1, n0 + 1, n0 - 2, n0 + 2} {
					if n >= 0 && n <= 255 && (n*0x101*(a*0x101)/0xffff)>>8 == v {
						best = n
						break
					}
				}
				t[a<<8|c] = byte(min(255, best))
			}
		}
		unpremulTab = t
	})
	return unpremulTab
}
