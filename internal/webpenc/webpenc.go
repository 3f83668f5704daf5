// Package webpenc encodes pictures as WebP: lossless (logos, exact
// pixels, transparent areas kept) or lossy at a quality (thumbnails and
// covers).
//
// The encoder is libwebp 1.4 compiled to WebAssembly (libwebp.wasm.gz,
// the build published with github.com/gen2brain/webp v0.5.5, see
// wasm.go) and run by wazero, a WebAssembly runtime in pure Go: no C
// compiler, no cgo and no dynamic loading, whatever the build tags. The
// module is compiled once (at the first encode or Warm) and its instances
// are reused, a few at most (pool.go).
//
// Its licences ship beside this file: libwebp's (BSD-3-Clause,
// LICENSE-libwebp.txt) and the WebAssembly wrapper's (MIT,
// LICENSE-gen2brain-webp.txt).
package webpenc

import (
	"image"
	"image/draw"
)

// ContentType is the media type of the encoded bytes.
const ContentType = "image/webp"

// DefaultQuality is the lossy quality used when none is configured.
const DefaultQuality = 80

// Options choose how a picture is encoded.
type Options struct {
	Lossless bool
	Quality  int // 1-100, lossy only; 0 means DefaultQuality
}

// Effort: lossy pictures use method 2 and lossless ones quality 10 with
// method 1, far cheaper than libwebp's defaults for slightly larger files
// (still well under PNG); BenchmarkEncode in cmd/gamethumbs measures the
// trade.
const (
	lossyMethod      = 2
	losslessQuality  = 10
	losslessMethod   = 1
	maxSide          = 16383 // WebP's limit
	maxEncodedPixels = 1 << 24
)

// Encode returns img as WebP.
func Encode(img image.Image, o Options) ([]byte, error) {
	q, method := o.Quality, lossyMethod
	if q <= 0 || q > 100 {
		q = DefaultQuality
	}
	if o.Lossless {
		q, method = losslessQuality, losslessMethod
	}
	b := img.Bounds()
	if b.Dx() < 1 || b.Dy() < 1 || b.Dx() > maxSide || b.Dy() > maxSide || b.Dx()*b.Dy() > maxEncodedPixels {
		return nil, errSize(b)
	}
	return encode(pixels(img), b.Dx(), b.Dy(), q, method, o.Lossless)
}

// pixels returns img as tightly packed, non-premultiplied RGBA rows, the
// layout libwebp imports, without a copy when img already is one.
func pixels(img image.Image) []byte {
	b := img.Bounds()
	switch m := img.(type) {
	case *image.NRGBA:
		if m.Stride == 4*b.Dx() {
			return m.Pix[:4*b.Dx()*b.Dy()]
		}
	case *image.RGBA:
		// Premultiplied equals non-premultiplied where every pixel is
		// opaque, as in thumbnails and covers.
		if m.Stride == 4*b.Dx() && m.Opaque() {
			return m.Pix[:4*b.Dx()*b.Dy()]
		}
	}
	dst := image.NewNRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	draw.Draw(dst, dst.Rect, img, b.Min, draw.Src)
	return dst.Pix
}

// Warm compiles the WebAssembly encoder now, so the first WebP request
// does not pay for it. It is safe to call more than once.
func Warm() { _, _ = compiled() }
