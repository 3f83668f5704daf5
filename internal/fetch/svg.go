package fetch

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"image"
	"io"
	"math"
	"strings"

	"github.com/srwiley/oksvg"
	"github.com/srwiley/rasterx"
	"golang.org/x/net/html/charset"
)

// Bounds on SVG input, checked before the SVG library sees the document.
const (
	maxSVGBytes    = 1 << 20 // 1 MiB of markup
	maxSVGElements = 10000
	maxSVGDepth    = 64
)

// decodeSVG checks data, then rasterises it; see Decode.
func decodeSVG(data []byte, maxPixels int64) (image.Image, error) {
	if err := checkSVG(data); err != nil {
		return nil, err
	}
	return rasteriseSVG(data, SVGSide, maxPixels)
}

// checkSVG walks the document once with encoding/xml (which never loads a
// DTD or expands custom entities) and refuses what we will not render:
// oversized or deeply nested documents, entity declarations, and href
// attributes pointing outside the document.
func checkSVG(data []byte) error {
	if len(data) > maxSVGBytes {
		return &TooLargeError{What: "svg", Size: int64(len(data)), Limit: maxSVGBytes}
	}
	dec := xml.NewDecoder(bytes.NewReader(data))
	dec.CharsetReader = charset.NewReaderLabel
	depth, count := 0, 0
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return &DecodeError{Format: "svg", Err: err}
		}
		switch t := tok.(type) {
		case xml.StartElement:
			depth++
			count++
			if depth > maxSVGDepth {
				return &TooLargeError{What: "svg nesting depth", Size: int64(depth), Limit: maxSVGDepth}
			}
			if count > maxSVGElements {
				return &TooLargeError{What: "svg element count", Size: int64(count), Limit: maxSVGElements}
			}
			for _, a := range t.Attr {
				v := strings.TrimSpace(a.Value)
				if a.Name.Local == "href" && !strings.HasPrefix(v, "#") {
					return &DecodeError{Format: "svg", Err: errors.New("external references are not allowed")}
				}
			}
		case xml.EndElement:
			depth--
		case xml.Directive:
			if bytes.Contains(t, []byte("ENTITY")) {
				return &DecodeError{Format: "svg", Err: errors.New("entity declarations are not allowed")}
			}
		}
	}
}

// svgTarget picks the raster size: longest side side, aspect from the
// viewBox (oksvg falls back to width/height), area within maxPixels.
func svgTarget(vw, vh float64, side int, maxPixels int64) (int, int, error) {
	if !(vw > 0 && vh > 0) || math.IsInf(vw, 0) || math.IsInf(vh, 0) {
		return 0, 0, &DecodeError{Format: "svg", Err: errors.New("no usable viewBox or width/height")}
	}
	w, h := float64(side), float64(side)
	if vw >= vh {
		h = float64(side) * vh / vw
	} else {
		w = float64(side) * vw / vh
	}
	if area := w * h; area > float64(maxPixels) {
		s := math.Sqrt(float64(maxPixels) / area)
		w, h = w*s, h*s
	}
	return max(1, int(w)), max(1, int(h)), nil
}

// rasteriseSVG draws data with oksvg/rasterx onto a transparent RGBA
// canvas. Panics inside those libraries become a *DecodeError.
func rasteriseSVG(data []byte, side int, maxPixels int64) (img image.Image, err error) {
	defer func() {
		switch r := recover().(type) {
		case nil:
		case svgWorkExceeded:
			img, err = nil, &TooLargeError{What: "svg drawing " + r.what, Size: -1, Limit: r.limit}
		default:
			img, err = nil, &DecodeError{Format: "svg", Err: fmt.Errorf("renderer panic: %v", r)}
		}
	}()
	icon, err := oksvg.ReadIconStream(bytes.NewReader(data), oksvg.IgnoreErrorMode)
	if err != nil {
		return nil, &DecodeError{Format: "svg", Err: err}
	}
	w, h, err := svgTarget(icon.ViewBox.W, icon.ViewBox.H, side, maxPixels)
	if err != nil {
		return nil, err
	}
	canvas := image.NewRGBA(image.Rect(0, 0, w, h))
	scanner := newBoundedScanner(canvas)
	// oksvg's SetTarget translates by the viewBox origin after scaling,
	// which misplaces drawings whose viewBox does not start at 0,0: build
	// the viewBox-to-canvas transform here (shift first, then scale).
	vb := icon.ViewBox
	icon.Transform = rasterx.Identity.Scale(float64(w)/vb.W, float64(h)/vb.H).Translate(-vb.X, -vb.Y)
	icon.Draw(rasterx.NewDasher(w, h, scanner), 1)
	return canvas, nil
}
