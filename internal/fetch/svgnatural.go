package fetch

import (
	"bytes"
	"encoding/xml"
	"errors"
	"image"
	"io"
	"math"
	"strconv"
	"strings"

	"golang.org/x/net/html/charset"
)

// MaxNaturalSide bounds the natural size RasteriseSVG honours: an SVG that
// claims to be larger is drawn this large (the largest logo size).
const MaxNaturalSide = 2048

// RasteriseSVG checks an SVG document as Decode does and draws it at its
// natural size: the width and height of its root element, in pixels
// (plain numbers or "px"), longest side at most MaxNaturalSide. A document
// without a usable size is drawn with its longest side fallbackSide. The
// aspect ratio is the viewBox's. It is the one entry point for callers
// that need an SVG as pixels at a chosen size (raw logos served as PNG).
func RasteriseSVG(data []byte, fallbackSide int, maxPixels int64) (image.Image, error) {
	if maxPixels <= 0 {
		maxPixels = DefaultMaxPixels
	}
	if err := checkSVG(data); err != nil {
		return nil, err
	}
	side := fallbackSide
	if w, h, ok := svgNaturalSize(data); ok {
		side = int(math.Ceil(max(w, h)))
	}
	return rasteriseSVG(data, max(1, min(side, MaxNaturalSide)), maxPixels)
}

// svgNaturalSize reads the width and height attributes of the root <svg>
// element; ok is false unless at least one is a positive pixel length.
func svgNaturalSize(data []byte) (w, h float64, ok bool) {
	dec := xml.NewDecoder(bytes.NewReader(data))
	dec.CharsetReader = charset.NewReaderLabel
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) || err != nil {
			return 0, 0, false
		}
		se, isStart := tok.(xml.StartElement)
		if !isStart {
			continue
		}
		if se.Name.Local != "svg" {
			return 0, 0, false
		}
		for _, a := range se.Attr {
			switch a.Name.Local {
			case "width":
				w = pixelLength(a.Value)
			case "height":
				h = pixelLength(a.Value)
			}
		}
		return w, h, w > 0 || h > 0
	}
}

// pixelLength parses "120" or "120px"; anything else (%, em, mm) is 0.
func pixelLength(v string) float64 {
	v = strings.TrimSuffix(strings.TrimSpace(v), "px")
	f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
	if err != nil || !(f > 0) || math.IsInf(f, 0) {
		return 0
	}
	return f
}
