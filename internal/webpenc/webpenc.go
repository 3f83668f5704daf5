// Package webpenc encodes pictures as WebP: lossless (logos, exact
// pixels, transparent areas kept) or lossy at a quality (thumbnails and
// covers). The encoder is libwebp compiled to WebAssembly and run by
// wazero (github.com/gen2brain/webp), so no C compiler or cgo is needed;
// the WebAssembly module is compiled once, at the first encode or Warm.
//
// Build with -tags nodynamic (the Dockerfile does) to compile out the
// library's optional use of a system libwebp through dlopen.
//
// The binary embeds that WebAssembly build of libwebp: its licence
// (BSD-3-Clause, LICENSE-libwebp.txt) and the wrapper's (MIT,
// LICENSE-gen2brain-webp.txt) ship beside this file.
package webpenc

import (
	"bytes"
	"fmt"
	"image"

	"github.com/gen2brain/webp"
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

// Encode returns img as WebP.
func Encode(img image.Image, o Options) ([]byte, error) {
	q := o.Quality
	if q <= 0 || q > 100 {
		q = DefaultQuality
	}
	// Effort, measured on the demo style-1 thumbnail and a 512 px logo
	// (CPU per encode; BenchmarkEncode in cmd/gamethumbs): lossy method 2
	// costs less than half of libwebp's default 4 for 7 % more bytes;
	// lossless quality 50, method 1 costs a third of the default for
	// 13 % more bytes, and still saves 40 % over PNG.
	wo := webp.Options{Quality: q, Method: 2}
	if o.Lossless {
		wo = webp.Options{Lossless: true, Quality: 50, Method: 1}
	}
	var buf bytes.Buffer
	err := webp.Encode(&buf, img, wo)
	if err != nil {
		return nil, fmt.Errorf("webp: %w", err)
	}
	return buf.Bytes(), nil
}

// Warm compiles the WebAssembly encoder now, so the first WebP request
// does not pay for it. It is safe to call more than once.
func Warm() { webp.Init() }
