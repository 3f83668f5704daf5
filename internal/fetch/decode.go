package fetch

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"image"
	"image/draw"
	"image/gif"
	"image/jpeg"
	"image/png"
	"io"

	"golang.org/x/image/webp"
)

// rasterCodec pairs the two halves of a stdlib-style decoder.
type rasterCodec struct {
	name         string
	decodeConfig func(io.Reader) (image.Config, error)
	decode       func(io.Reader) (image.Image, error)
}

var rasterCodecs = map[string]rasterCodec{
	TypePNG:  {"png", png.DecodeConfig, png.Decode},
	TypeJPEG: {"jpeg", jpeg.DecodeConfig, jpeg.Decode},
	TypeGIF:  {"gif", gif.DecodeConfig, gif.Decode}, // gif.Decode returns the first frame
	TypeWebP: {"webp", webp.DecodeConfig, webp.Decode},
}

// Decode sniffs data and decodes it into an *image.RGBA (premultiplied
// alpha, bounds starting at 0,0), the form x/image/draw composites fastest.
//
// Raster formats (PNG, JPEG, GIF first frame, WebP) have their dimensions
// read first: more than maxPixels pixels (≤ 0 means DefaultMaxPixels) or a
// side over MaxSide fails with *TooLargeError before any pixel memory is
// allocated. SVG is rasterised onto a transparent canvas whose longest side
// is SVGSide (smaller if maxPixels demands), keeping the aspect ratio of its
// viewBox or width/height. Unknown content fails with *NotImageError and
// corrupt content with *DecodeError. Decode never panics.
func Decode(data []byte, maxPixels int64) (image.Image, error) {
	if maxPixels <= 0 {
		maxPixels = DefaultMaxPixels
	}
	ct := Sniff(data)
	if ct == TypeSVG {
		return decodeSVG(data, maxPixels)
	}
	codec, ok := rasterCodecs[ct]
	if !ok {
		return nil, &NotImageError{Detected: describe(data)}
	}
	return decodeRaster(codec, data, maxPixels)
}

func decodeRaster(codec rasterCodec, data []byte, maxPixels int64) (img image.Image, err error) {
	defer func() {
		if r := recover(); r != nil {
			img, err = nil, &DecodeError{Format: codec.name, Err: fmt.Errorf("decoder panic: %v", r)}
		}
	}()
	cfg, err := codec.decodeConfig(bytes.NewReader(data))
	if err != nil {
		return nil, &DecodeError{Format: codec.name, Err: err}
	}
	if err := checkDimensions(cfg.Width, cfg.Height, maxPixels); err != nil {
		return nil, err
	}
	src, err := codec.decode(bytes.NewReader(data))
	if err != nil {
		return nil, &DecodeError{Format: codec.name, Err: err}
	}
	// A decoder's output must lie inside the header that was checked. A
	// GIF frame may cover only part of its logical screen: place it there.
	screen := image.Rect(0, 0, cfg.Width, cfg.Height)
	b := src.Bounds()
	if b.Empty() || !b.In(screen) {
		return nil, &DecodeError{Format: codec.name, Err: fmt.Errorf("frame %v outside %dx%d", b, cfg.Width, cfg.Height)}
	}
	if b != screen {
		dst := image.NewRGBA(screen)
		draw.Draw(dst, b, src, b.Min, draw.Src)
		return dst, nil
	}
	return toRGBA(src), nil
}

// checkDimensions refuses empty images and those beyond the pixel bounds.
func checkDimensions(w, h int, maxPixels int64) error {
	switch {
	case w <= 0 || h <= 0:
		return &DecodeError{Format: "image", Err: fmt.Errorf("empty size %dx%d", w, h)}
	case w > MaxSide:
		return &TooLargeError{What: "width", Size: int64(w), Limit: MaxSide}
	case h > MaxSide:
		return &TooLargeError{What: "height", Size: int64(h), Limit: MaxSide}
	case int64(w)*int64(h) > maxPixels:
		return &TooLargeError{What: "pixels", Size: int64(w) * int64(h), Limit: maxPixels}
	}
	return nil
}

// toRGBA returns src as an *image.RGBA whose bounds start at 0,0, reusing
// src when it already is one.
func toRGBA(src image.Image) *image.RGBA {
	b := src.Bounds()
	if m, ok := src.(*image.RGBA); ok && b.Min == (image.Point{}) {
		return m
	}
	dst := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	if p, ok := src.(*image.Paletted); ok {
		palettedToRGBA(dst, p)
		return dst
	}
	draw.Draw(dst, dst.Bounds(), src, b.Min, draw.Src)
	return dst
}

// palettedToRGBA converts through a lookup table of premultiplied pixels,
// one 4-byte store a pixel: much faster than the generic draw path for GIF
// frames and paletted PNG logos. Indexes beyond the palette come out
// transparent.
func palettedToRGBA(dst *image.RGBA, src *image.Paletted) {
	var lut [256]uint32
	for i, c := range src.Palette {
		if i >= len(lut) {
			break
		}
		r, g, b, a := c.RGBA()
		lut[i] = r>>8 | g>>8<<8 | b>>8<<16 | a>>8<<24
	}
	b := src.Bounds()
	for y := 0; y < b.Dy(); y++ {
		row := src.Pix[y*src.Stride : y*src.Stride+b.Dx()]
		out := dst.Pix[y*dst.Stride : y*dst.Stride+4*b.Dx()]
		for x, idx := range row {
			binary.LittleEndian.PutUint32(out[4*x:], lut[idx])
		}
	}
}
