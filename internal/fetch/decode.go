package fetch

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/gif"
	"image/jpeg"
	"image/png"
	"io"

	"golang.org/x/image/webp"

	"gamethumbs/internal/pngenc"
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

// Limits bound one decode.
type Limits struct {
	// MaxPixels bounds width×height, checked before decoding. ≤ 0 means
	// DefaultMaxPixels.
	MaxPixels int64
	// MaxBytes bounds the memory a decode takes while it runs, counted
	// with the bytes per pixel of the decoder's own form (8 for 16-bit
	// RGBA, 1 for paletted, ...) plus the RGBA result. ≤ 0 means
	// DefaultDecodeBytes.
	MaxBytes int64
	// MaxSide is the longest side of the result: a larger image is
	// downscaled while it is decoded (non-interlaced PNG, row by row) or
	// right after. ≤ 0 means DefaultMaxSide.
	MaxSide int
}

func (l Limits) withDefaults() Limits {
	if l.MaxPixels <= 0 {
		l.MaxPixels = DefaultMaxPixels
	}
	if l.MaxBytes <= 0 {
		l.MaxBytes = DefaultDecodeBytes
	}
	if l.MaxSide <= 0 {
		l.MaxSide = DefaultMaxSide
	}
	return l
}

// Decode sniffs data and decodes it into an *image.RGBA (premultiplied
// alpha, bounds starting at 0,0), the form x/image/draw composites fastest.
// It is DecodeLimited with the default byte budget and side.
func Decode(data []byte, maxPixels int64) (image.Image, error) {
	return DecodeLimited(data, Limits{MaxPixels: maxPixels})
}

// DecodeLimited sniffs data and decodes it into an *image.RGBA whose
// longest side is at most lim.MaxSide.
//
// Raster formats (PNG, JPEG, GIF first frame, WebP) have their dimensions
// read first: more pixels than lim.MaxPixels, a side over MaxSide, or a
// decode that would take more than lim.MaxBytes fails with *TooLargeError
// before any pixel memory is allocated. SVG is rasterised onto a
// transparent canvas whose longest side is SVGSide (smaller if MaxPixels
// demands), keeping the aspect ratio of its viewBox or width/height.
// Unknown content fails with *NotImageError and corrupt content with
// *DecodeError. DecodeLimited never panics.
func DecodeLimited(data []byte, lim Limits) (image.Image, error) {
	p, err := planDecode(data, lim)
	if err != nil {
		return nil, err
	}
	return p.run()
}

// decodePlan is a decode whose header has been read and whose memory is
// known before it runs.
type decodePlan struct {
	data   []byte
	lim    Limits
	svg    bool
	codec  rasterCodec
	cfg    image.Config
	png    *pngenc.Info // set when the PNG is decoded row by row
	dw, dh int          // size of the result
	cost   int64        // bytes the decode holds at its peak
}

// planDecode sniffs data, reads its header and checks the limits.
func planDecode(data []byte, lim Limits) (decodePlan, error) {
	lim = lim.withDefaults()
	ct := Sniff(data)
	if ct == TypeSVG {
		side := int64(SVGSide)
		return decodePlan{data: data, lim: lim, svg: true, cost: 4 * side * side}, nil
	}
	codec, ok := rasterCodecs[ct]
	if !ok {
		return decodePlan{}, &NotImageError{Detected: describe(data)}
	}
	p := decodePlan{data: data, lim: lim, codec: codec}
	if err := safely(codec.name, func() (err error) { p.cfg, err = codec.decodeConfig(bytes.NewReader(data)); return }); err != nil {
		return decodePlan{}, err
	}
	w, h := p.cfg.Width, p.cfg.Height
	if err := checkDimensions(w, h, lim.MaxPixels); err != nil {
		return decodePlan{}, err
	}
	p.dw, p.dh = fitSide(w, h, lim.MaxSide)
	px, out := int64(w)*int64(h), 4*int64(p.dw)*int64(p.dh)
	scaled := p.dw != w || p.dh != h
	p.cost = px*bytesPerPixel(p.cfg.ColorModel) + out
	if !scaled && p.cfg.ColorModel != color.RGBAModel {
		p.cost += px * 4 // the conversion to RGBA keeps both for a moment
	}
	// A PNG to downscale, or too big to decode whole, is decoded row by
	// row when it is not interlaced.
	if ct == TypePNG && (scaled || p.cost > lim.MaxBytes) {
		if hdr, err := pngenc.Parse(data); err == nil && !hdr.Interlaced && hdr.Width == w && hdr.Height == h {
			p.png = hdr
			// Two raw rows, one RGBA row, the row of sums and the result.
			p.cost = 2*int64(w)*8 + 4*int64(w) + 32*int64(p.dw) + out
		}
	}
	if p.cost > lim.MaxBytes {
		return decodePlan{}, &TooLargeError{What: "decoded bytes", Size: p.cost, Limit: lim.MaxBytes}
	}
	return p, nil
}

// bytesPerPixel is what a stdlib decoder allocates per pixel for model
// (the worst case where the header does not tell: YCbCr taken as 4:4:4).
func bytesPerPixel(m color.Model) int64 {
	switch m {
	case color.GrayModel, color.AlphaModel:
		return 1
	case color.Gray16Model, color.Alpha16Model:
		return 2
	case color.YCbCrModel:
		return 3
	case color.RGBAModel, color.NRGBAModel, color.NYCbCrAModel:
		return 4
	case color.CMYKModel:
		return 8 // the JPEG decoder builds YCbCr and black planes first
	}
	if _, ok := m.(color.Palette); ok {
		return 1
	}
	return 8 // RGBA64, NRGBA64 and anything unknown
}

// run decodes.
func (p decodePlan) run() (image.Image, error) {
	if p.svg {
		return decodeSVG(p.data, p.lim.MaxPixels)
	}
	if p.png != nil {
		b := newBoxScaler(p.png.Width, p.png.Height, p.dw, p.dh)
		if err := safely("png", func() error { return p.png.Rows(b.add) }); err != nil {
			return nil, err
		}
		return b.result(), nil
	}
	var img image.Image
	err := safely(p.codec.name, func() (err error) { img, err = decodeRaster(p.codec, p.cfg, p.data); return })
	if err != nil {
		return nil, err
	}
	if b := img.Bounds(); b.Dx() != p.dw || b.Dy() != p.dh {
		return downscaleImage(img, p.dw, p.dh), nil
	}
	return toRGBA(img), nil
}

// safely runs a decoder, turning its errors and panics into *DecodeError.
func safely(format string, fn func() error) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = &DecodeError{Format: format, Err: fmt.Errorf("decoder panic: %v", r)}
		}
	}()
	if err := fn(); err != nil {
		var de *DecodeError
		if errors.As(err, &de) {
			return err
		}
		return &DecodeError{Format: format, Err: err}
	}
	return nil
}

// decodeRaster decodes a whole image whose header cfg was checked. A GIF
// frame may cover only part of its logical screen: it is placed there.
func decodeRaster(codec rasterCodec, cfg image.Config, data []byte) (image.Image, error) {
	src, err := codec.decode(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	// A decoder's output must lie inside the header that was checked.
	screen := image.Rect(0, 0, cfg.Width, cfg.Height)
	b := src.Bounds()
	if b.Empty() || !b.In(screen) {
		return nil, fmt.Errorf("frame %v outside %dx%d", b, cfg.Width, cfg.Height)
	}
	if b != screen {
		dst := image.NewRGBA(screen)
		draw.Draw(dst, b, src, b.Min, draw.Src)
		return dst, nil
	}
	return src, nil
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
