package render

import (
	"context"
	"image"
	"image/color"

	"gamethumbs/internal/colorx"
	"gamethumbs/internal/raster"
)

// LogoDraw describes one logo a render drew, for tools that check
// pictures (cmd/gallery, the legibility tests): see WithLogoTrace.
type LogoDraw struct {
	Logo image.Image     // the source logo (one of the scene's logos, or Options.Icon)
	Rect image.Rectangle // where it was drawn, in the returned image's coordinates
	Mask *image.Alpha    // the logo's coverage, with bounds Rect
	Grey bool            // drawn greyscale at reduced opacity (loser, stand-in)
}

type traceKey struct{}

// WithLogoTrace returns a context that makes Render call f for every logo
// it draws, after the picture is complete. RenderPNG does not trace.
func WithLogoTrace(ctx context.Context, f func(LogoDraw)) context.Context {
	return context.WithValue(ctx, traceKey{}, f)
}

// traceOf returns the trace callback of ctx, or nil.
func traceOf(ctx context.Context) func(LogoDraw) {
	f, _ := ctx.Value(traceKey{}).(func(LogoDraw))
	return f
}

// record notes a drawn logo when the render is traced.
func (p *painter) record(img image.Image, logo *image.RGBA, at image.Point, grey bool) {
	if p.trace == nil || p.warming {
		return
	}
	m := image.NewAlpha(logo.Rect.Add(at))
	for y := range logo.Rect.Dy() {
		for x := range logo.Rect.Dx() {
			m.Pix[y*m.Stride+x] = logo.Pix[logo.PixOffset(x, y)+3]
		}
	}
	*p.trace = append(*p.trace, LogoDraw{Logo: img, Rect: m.Rect, Mask: m, Grey: grey})
}

// flushTrace hands the recorded draws, moved by -origin, to the callback.
func (p *painter) flushTrace(f func(LogoDraw), origin image.Point) {
	if f == nil || p.trace == nil {
		return
	}
	for _, d := range *p.trace {
		d.Rect = d.Rect.Sub(origin)
		d.Mask.Rect = d.Rect
		f(d)
	}
}

// Legibility measures how well the logo of d reads in picture img, which
// Render returned with d traced: the legibility rule (legibility.go)
// applied to the final pixels. Edge pixels of the logo's silhouette are
// compared with the pixels a short step outside them, and its body with
// the mean of those surroundings. Transparent parts of a logo picture are
// taken on the dark page the logo designs are made for. The result is 0
// (vanished) to 1; LegibleScore and more reads.
func Legibility(img image.Image, d LogoDraw) float64 {
	r := d.Rect
	if r.Empty() || d.Mask == nil {
		return 0
	}
	step := max(1, max(r.Dx(), r.Dy())/legGrid)
	dist := max(2, step)
	page := rgba(darkPage)
	at := func(x, y int) colorx.Lab {
		c := color.RGBAModel.Convert(img.At(x, y)).(color.RGBA)
		k := 255 - uint32(c.A)
		mix := func(v, bg uint8) float64 { return float64(uint32(v)+raster.Div255(uint32(bg)*k)) / 255 }
		return colorx.LinearOKLab(lin(mix(c.R, page.R)), lin(mix(c.G, page.G)), lin(mix(c.B, page.B)))
	}
	mask := func(x, y int) uint8 {
		if !(image.Point{x, y}).In(r) {
			return 0
		}
		return d.Mask.Pix[d.Mask.PixOffset(x, y)]
	}
	var edgeSum float64
	var edges int
	var body []colorx.Lab
	var around colorx.Lab
	var nAround int
	bounds := img.Bounds()
	for y := r.Min.Y + step/2; y < r.Max.Y; y += step {
		for x := r.Min.X + step/2; x < r.Max.X; x += step {
			if mask(x, y) < 128 {
				continue
			}
			in := at(x, y)
			body = append(body, in)
			q, found := image.Point{}, false
		dirs:
			// The nearest pixel outside the silhouette within a few steps
			// in one of the four directions (soft, upscaled edges ramp
			// over several pixels).
			for j := 1; j <= 4; j++ {
				for _, o := range [4]image.Point{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
					q = image.Pt(x+j*dist*o.X, y+j*dist*o.Y)
					if mask(q.X, q.Y) < 64 {
						found = true
						break dirs
					}
				}
			}
			if found && q.In(bounds) {
				out := at(q.X, q.Y)
				edgeSum += min(1, in.DeltaE(out)/deGood)
				edges++
				around.L, around.A, around.B = around.L+out.L, around.A+out.A, around.B+out.B
				nAround++
			}
		}
	}
	if len(body) == 0 || nAround == 0 {
		return 0
	}
	n := float64(nAround)
	around = colorx.Lab{L: around.L / n, A: around.A / n, B: around.B / n}
	var bodySum float64
	for _, c := range body {
		bodySum += min(1, c.DeltaE(around)/deGood)
	}
	return legibilityScore(edgeSum/float64(edges), bodySum/float64(len(body)))
}

// LegibleScore is the score from which a logo reads (see Legibility).
const LegibleScore = legibleScore

// lin maps an sRGB value 0-1 to linear light.
func lin(v float64) float64 { return colorx.Linear(uint8(v*255 + 0.5)) }
