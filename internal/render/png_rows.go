package render

import (
	"encoding/binary"
	"image"
	"sync"
)

// isOpaque reports whether every pixel of img has alpha 255.
func isOpaque(img image.Image) bool {
	b := img.Bounds()
	switch m := img.(type) {
	case *image.RGBA:
		return alphaAll255(m.Pix, m.Stride, m.PixOffset(b.Min.X, b.Min.Y), b.Dx(), b.Dy())
	case *image.NRGBA:
		return alphaAll255(m.Pix, m.Stride, m.PixOffset(b.Min.X, b.Min.Y), b.Dx(), b.Dy())
	case *image.Gray, *image.YCbCr:
		return true
	}
	if o, ok := img.(interface{ Opaque() bool }); ok {
		return o.Opaque()
	}
	return false
}

func alphaAll255(pix []byte, stride, off, w, h int) bool {
	const mask = 0xff000000ff000000
	for y := range h {
		row := pix[off+y*stride : off+y*stride+4*w]
		i := 0
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

// fillRow writes row y of img into dst as RGB (opaque) or non-premultiplied
// RGBA bytes. It reports false for image types it has no fast path for.
func fillRow(dst []byte, img image.Image, y int, opaque bool) bool {
	b := img.Bounds()
	switch m := img.(type) {
	case *image.NRGBA:
		i := m.PixOffset(b.Min.X, y)
		copyNRGBA(dst, m.Pix[i:i+4*b.Dx()], opaque)
		return true
	case *image.RGBA:
		i := m.PixOffset(b.Min.X, y)
		src := m.Pix[i : i+4*b.Dx()]
		if opaque {
			copyNRGBA(dst, src, true)
			return true
		}
		t := unpremulTable()
		for j := 0; j < len(src); j += 4 {
			a := src[j+3]
			switch a {
			case 255:
				dst[j], dst[j+1], dst[j+2] = src[j], src[j+1], src[j+2]
			case 0:
				dst[j], dst[j+1], dst[j+2] = 0, 0, 0
			default:
				row := t[int(a)<<8:]
				dst[j], dst[j+1], dst[j+2] = row[src[j]], row[src[j+1]], row[src[j+2]]
			}
			dst[j+3] = a
		}
		return true
	}
	return false
}

// copyNRGBA copies 4-byte pixels to dst, dropping alpha when opaque.
func copyNRGBA(dst, src []byte, opaque bool) {
	if !opaque {
		copy(dst, src)
		return
	}
	for i, j := 0, 0; i < len(src); i, j = i+4, j+3 {
		dst[j], dst[j+1], dst[j+2] = src[i], src[i+1], src[i+2]
	}
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

// directRows returns row y of an opaque *image.RGBA or *image.NRGBA and the
// row above it (nil for the first row), for filtering without a copy.
func directRows(img image.Image, y int, opaque bool) (pix, above []byte, ok bool) {
	if !opaque {
		return nil, nil, false
	}
	var p []byte
	var stride, off int
	b := img.Bounds()
	switch m := img.(type) {
	case *image.RGBA:
		p, stride, off = m.Pix, m.Stride, m.PixOffset(b.Min.X, y)
	case *image.NRGBA:
		p, stride, off = m.Pix, m.Stride, m.PixOffset(b.Min.X, y)
	default:
		return nil, nil, false
	}
	w := 4 * b.Dx()
	pix = p[off : off+w]
	if y > b.Min.Y {
		above = p[off-stride : off-stride+w]
	}
	return pix, above, true
}

// upFilterRGB writes the Up-filtered RGB bytes of 4-byte pixels pix (row
// above: above, nil for none) to dst, which needs two spare bytes at the
// end. Two pixels at a time are handled as one uint64 with a borrow-free
// bytewise subtract and stored with one overlapping 8-byte write.
func upFilterRGB(dst, pix, above []byte) {
	n := len(pix) / 4
	if above == nil {
		for i := range n {
			dst[3*i], dst[3*i+1], dst[3*i+2] = pix[4*i], pix[4*i+1], pix[4*i+2]
		}
		return
	}
	const hi = 0x8080808080808080
	const lo = 0x7f7f7f7f7f7f7f7f
	i := 0
	for ; i+2 <= n; i += 2 {
		a := binary.LittleEndian.Uint64(pix[4*i : 4*i+8])
		b := binary.LittleEndian.Uint64(above[4*i : 4*i+8])
		d := ((a | hi) - (b & lo)) ^ ((a ^ ^b) & hi)
		binary.LittleEndian.PutUint64(dst[3*i:3*i+8], d&0xffffff|(d>>8)&0xffffff000000)
	}
	for ; i < n; i++ {
		dst[3*i] = pix[4*i] - above[4*i]
		dst[3*i+1] = pix[4*i+1] - above[4*i+1]
		dst[3*i+2] = pix[4*i+2] - above[4*i+2]
	}
}
