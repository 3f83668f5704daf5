package render

import (
	"context"
	"image"
	"image/color"
	"math"

	"gamethumbs/internal/colorx"
	"gamethumbs/internal/raster"
)

// Render draws a thumbnail, cover or logo of scene s. Scenes with no team
// draw the league image, one team the team image, two teams the matchup in
// o.Style. It is pure (no I/O), waits for a slot of the Renderer's gate
// (unless ctx holds one, see Gate.Enter), checks ctx between drawing steps, and returns an *image.RGBA: fully
// opaque and o.Width x o.Height for thumbnails and covers; for logos see
// renderLogo (transparent or white, cropped when o.Trim). Pass the result
// to Release after encoding to recycle it. Errors: *OptionError (errors.Is
// ErrInvalid) for bad options or more than two teams,
// ErrLeagueLogoRequired for logo styles 5-6 without a league logo, or
// ctx.Err().
func (r *Renderer) Render(ctx context.Context, s Scene, o Options) (image.Image, error) {
	done, err := r.begin(ctx, s, o)
	if err != nil {
		return nil, err
	}
	defer done()
	if o.Kind == KindLogo {
		return r.renderLogo(ctx, s, o)
	}
	p := r.newPainter(ctx, s, o)
	if err := p.paint(); err != nil {
		raster.Release(p.dst)
		return nil, err
	}
	p.flushTrace(traceOf(ctx), image.Point{})
	return p.dst, nil
}

// begin checks o and the number of teams, then takes a slot of the gate
// (waiting for it or ctx, unless ctx holds one) and returns the function
// that gives it back.
func (r *Renderer) begin(ctx context.Context, s Scene, o Options) (func(), error) {
	if err := o.Validate(); err != nil {
		return nil, err
	}
	if len(s.Teams) > 2 {
		return nil, &OptionError{"Teams", len(s.Teams), "at most two teams"}
	}
	return r.gate.enter(ctx)
}

// paint draws a thumbnail or cover of the scene onto p.dst, which may be
// the whole canvas or one band of it.
func (p *painter) paint() error {
	var err error
	switch len(p.s.Teams) {
	case 0:
		err = p.league()
	case 1:
		err = p.team()
	default:
		err = p.matchup()
	}
	if err == nil && p.o.Badge != "" {
		if err = p.check(); err == nil {
			b, _ := normBadge(p.o.Badge)
			p.badge(b)
		}
	}
	return err
}

// painter carries one render's canvas and geometry. Reference pixel values
// (blur radii, stroke widths) are given for a 1080-px short side and scaled
// by k, so the output is the same picture at any canvas size.
type painter struct {
	ctx      context.Context
	cache    *derivatives    // the Renderer's
	dst      *image.RGBA     // the canvas, or the band of it being painted
	full     image.Rectangle // the whole canvas
	s        Scene
	o        Options
	W, H     float64
	m        float64 // min(W, H)
	k        float64 // m / 1080
	portrait bool
	// warming makes drawLogo prepare its cached sprite and draw nothing
	// (see warm).
	warming bool
	// warmed is set once a banded render's first band is painted: its
	// sprites are held and need no warming (see warm).
	warmed bool
	// held keeps the logo derivatives this render uses (see heldSet).
	held *heldSet
	// prepared holds the matchup's sides once worked out (see sides).
	prepared *[2]*side
	// trace collects the drawn logos of a traced render (WithLogoTrace).
	trace *[]LogoDraw
	// shadows memoises sprite shadows over the render's backgrounds
	// (see raster.SpanImage.DrawMemo); made by the first draw, never by a
	// warming copy.
	shadows *raster.ShadowMemos
	// venues keeps graded venue photos (styles 10-13); layer is this
	// render's, once looked up (a banded render paints once per band).
	venues *venueLayers
	layer  *image.RGBA
}

func (r *Renderer) newPainter(ctx context.Context, s Scene, o Options) *painter {
	p := r.painterFor(ctx, s, o)
	p.dst = raster.NewCanvas(o.Width, o.Height)
	if traceOf(ctx) != nil {
		p.trace = &[]LogoDraw{}
	}
	return p
}

// painterFor is a painter without a canvas yet.
func (r *Renderer) painterFor(ctx context.Context, s Scene, o Options) *painter {
	W, H := float64(o.Width), float64(o.Height)
	m := min(W, H)
	return &painter{ctx: ctx, cache: r.cache, venues: r.venues, s: s, o: o, full: image.Rect(0, 0, o.Width, o.Height), W: W, H: H, m: m, k: m / 1080,
		portrait: o.Kind == KindCover, held: &heldSet{}}
}

// check returns the context's error, if any, between drawing steps.
func (p *painter) check() error { return p.ctx.Err() }

// px scales a reference length to canvas pixels, at least 1 when v > 0.
func (p *painter) px(v float64) int {
	if v <= 0 {
		return 0
	}
	return max(1, int(math.Round(v*p.k)))
}

// steps runs drawing steps, checking the context before each.
func (p *painter) steps(fs ...func()) error {
	for _, f := range fs {
		if err := p.check(); err != nil {
			return err
		}
		f()
	}
	return nil
}

func rgba(c colorx.RGB) color.RGBA { return color.RGBA{c.R, c.G, c.B, 255} }

// textColorOn picks white or near-black text for background bg, whichever
// has the higher WCAG contrast.
func textColorOn(bg colorx.RGB) colorx.RGB {
	if bg.IsDark() {
		return colorx.RGB{R: 255, G: 255, B: 255}
	}
	return colorx.RGB{R: 0x11, G: 0x11, B: 0x11}
}

// drawText draws a laid-out block centred at (cx, cy): on its ink bounds when
// ink is set (single-line labels such as "VS"), else on its line boxes.
func (p *painter) drawText(dst *image.RGBA, tb textBlock, cx, cy float64, c colorx.RGB, alpha float64, ink bool, sh *shadowSpec) {
	if len(tb.lines) == 0 {
		return
	}
	tm := rasterText(p.cache, tb)
	if tm.mask.Rect.Empty() {
		return
	}
	var ox, oy int
	if ink {
		r := tm.mask.Rect
		ox = int(math.Round(cx - float64(r.Min.X+r.Max.X)/2))
		oy = int(math.Round(cy - float64(r.Min.Y+r.Max.Y)/2))
	} else {
		ox = int(math.Round(cx - tm.w/2))
		oy = int(math.Round(cy - tm.h/2))
	}
	if sh != nil {
		m := blurredText(p.cache, tb, p.px(sh.blur/2))
		raster.DrawShadowMask(dst, m, ox+p.px(sh.dx), oy+p.px(sh.dy), sh.alpha*alpha)
	}
	moved := *tm.mask
	moved.Rect = tm.mask.Rect.Add(image.Pt(ox, oy))
	raster.FillMask(dst, &moved, raster.Premul(c.R, c.G, c.B, alpha))
}

// Release hands an image returned by Render back for reuse by later
// renders (see raster.Release). Call it only when nothing reads the image
// any more (after encoding); images that are not released are garbage
// collected.
func Release(img image.Image) { raster.Release(img) }
