package fetch

import (
	"bytes"
	"image"
	"image/draw"
	"math"

	"github.com/srwiley/oksvg"
	"github.com/srwiley/rasterx"

	"gamethumbs/internal/svgx"
)

// drawLayers draws the layers of a rewritten SVG (svgx.Rewrite) onto
// canvas through one bounded scanner, so all layers and clip masks share
// one work budget. A clipped or masked layer is drawn on its own canvas,
// multiplied by the coverage of its clips and the luminance of its masks,
// and composited over what is below.
func drawLayers(layers []svgx.Layer, canvas *image.RGBA, first *oksvg.SvgIcon, transform rasterx.Matrix2D) {
	w, h := canvas.Rect.Dx(), canvas.Rect.Dy()
	scanner := newBoundedScanner(canvas)
	// oksvg strokes with the width in user units, unscaled by the
	// transform: scale it by the viewBox-to-canvas factor (transforms
	// inside the document are not accounted for).
	k := math.Sqrt(math.Abs(transform.A*transform.D - transform.B*transform.C))
	draw1 := func(icon *oksvg.SvgIcon, dest *image.RGBA) {
		for i := range icon.SVGPaths {
			icon.SVGPaths[i].LineWidth *= k
		}
		scanner.dest = dest
		icon.Transform = transform
		icon.Draw(rasterx.NewDasher(w, h, scanner), 1)
	}
	var layer, mask *image.RGBA
	for i, l := range layers {
		icon := first
		if i > 0 {
			var err error
			if icon, err = oksvg.ReadIconStream(bytes.NewReader(l.Doc), oksvg.IgnoreErrorMode); err != nil {
				continue
			}
		}
		if len(l.Clips) == 0 && len(l.Masks) == 0 {
			draw1(icon, canvas)
			continue
		}
		if layer == nil {
			layer, mask = image.NewRGBA(canvas.Rect), image.NewRGBA(canvas.Rect)
		}
		clear(layer.Pix)
		draw1(icon, layer)
		for i, c := range append(l.Clips[:len(l.Clips):len(l.Clips)], l.Masks...) {
			clip, err := oksvg.ReadIconStream(bytes.NewReader(c), oksvg.IgnoreErrorMode)
			if err != nil {
				continue
			}
			clear(mask.Pix)
			draw1(clip, mask)
			multiply(layer, mask, i >= len(l.Clips))
		}
		draw.Draw(canvas, canvas.Rect, layer, image.Point{}, draw.Over)
	}
}

// multiply scales the premultiplied layer by the mask's alpha (a clip
// region) or, for a luminance mask, by its luminance: on premultiplied
// pixels 0.2125 R + 0.7154 G + 0.0721 B is luminance times alpha.
func multiply(layer, mask *image.RGBA, luminance bool) {
	for p := 3; p < len(mask.Pix); p += 4 {
		a := uint32(mask.Pix[p])
		if luminance {
			a = (2125*uint32(mask.Pix[p-3]) + 7154*uint32(mask.Pix[p-2]) + 721*uint32(mask.Pix[p-1]) + 5000) / 10000
		}
		if a == 255 {
			continue
		}
		for k := p - 3; k <= p; k++ {
			layer.Pix[k] = uint8((uint32(layer.Pix[k])*a + 127) / 255)
		}
	}
}
