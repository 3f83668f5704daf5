package render

import (
	"context"
	"image"
	"io"

	"gamethumbs/internal/pngenc"
	"gamethumbs/internal/raster"
)

// bandBytes is about how much canvas a banded render holds at once.
const bandBytes = 1 << 20

// RenderPNG renders s with o and writes the PNG to w. Thumbnails and covers
// in styles whose drawing is known to clip cleanly are painted band by band
// (horizontal strips of bandBytes) and each band is encoded as soon as it
// is painted, so a render holds one band of canvas instead of the whole;
// the bytes are the same as rendering the whole canvas and encoding it
// (tested for every banded style). Other images are rendered whole,
// encoded and recycled. Errors are those of Render, or w's.
func (r *Renderer) RenderPNG(ctx context.Context, w io.Writer, s Scene, o Options) error {
	if !banded(s, o) {
		img, err := r.Render(ctx, s, o)
		if err != nil {
			return err
		}
		defer raster.Release(img)
		// The encode runs outside the gate's slot.
		return pngenc.Encode(w, img)
	}
	done, err := r.begin(ctx, s, o)
	if err != nil {
		return err
	}
	defer done()
	return r.renderBands(ctx, w, s, o, max(1, bandBytes/(4*o.Width)))
}

// banded reports whether s with o is painted in bands: thumbnails and
// covers, whose every drawing step takes its geometry from the painter (the
// whole canvas), never from the bounds of the image it draws on, and clips
// to that image. Logos are trimmed to their content after painting, so
// they are painted whole.
func banded(s Scene, o Options) bool {
	return (o.Kind == KindThumb || o.Kind == KindCover) && len(s.Teams) <= 2
}

// renderBands paints and encodes the picture rows bands at a time.
func (r *Renderer) renderBands(ctx context.Context, w io.Writer, s Scene, o Options, rows int) error {
	stream, err := pngenc.NewStream(w, o.Width, o.Height, true)
	defer stream.Close()
	if err != nil {
		return err
	}
	rows = min(rows, o.Height)
	canvas := raster.NewCanvas(o.Width, rows)
	defer raster.Release(canvas)
	p := r.painterFor(ctx, s, o)
	for y0 := 0; y0 < o.Height; y0 += rows {
		h := min(rows, o.Height-y0)
		band := &image.RGBA{Pix: canvas.Pix[:4*o.Width*h], Stride: canvas.Stride, Rect: image.Rect(0, y0, o.Width, y0+h)}
		p.dst = band
		if err := p.paint(); err != nil {
			return err
		}
		p.warmed = true
		if err := stream.WriteRows(band); err != nil {
			return err
		}
	}
	return stream.Finish()
}
