package render

import (
	"context"
	"errors"
	"fmt"
	"image"
	"math"

	"gamethumbs/internal/colorx"
	"gamethumbs/internal/raster"
)

// Logo images (Options.Kind == KindLogo) are drawn on a Width x Height
// canvas (the request's size, square) by renderLogo:
//
//   - two teams: the matchup logo in Style 1-6 (0 means 1), or the
//     skipLogos card for leagues with League.SkipLogos, whatever the style;
//   - one team, Style 0 or 1: the compact team card;
//   - no team, Style 0 or 1: the compact league card.
//
// Background: transparent (alpha 0) outside the design, except styles 5
// and 6, whose whole canvas is opaque white (the spec's "white
// background"), so they stay white wherever they are shown and encode as
// RGB. With Trim the canvas is cropped to the design's content bounds plus
// an even margin of logoPad x size on every side, filled with the
// background (transparent, or white for 5-6). Content means alpha above
// raster.TrimAlpha (10/255, so the faint tail of a soft shadow may be cut, never a
// visible pixel); on the white styles, any channel more than raster.TrimAlpha
// below 255. Without Trim the result is exactly Width x Height.
const (
	logoPad        = 0.02 // trimmed margin, share of the canvas side
	logoBadgeScale = 0.1  // quality badge height over the canvas side
)

// logoBadgeHeight is the quality badge's height on a logo canvas of side
// m: scaled with the canvas (not with the trimmed design, whose short
// side is a third of it on 3:1 cards), so its text stays readable (14 px
// at 256).
func logoBadgeHeight(m float64) float64 { return math.Max(12, math.Round(logoBadgeScale*m)) }

// ErrLeagueLogoRequired is returned (wrapped with an *OptionError, so
// errors.Is also matches ErrInvalid) for matchup logo styles 5 and 6 when
// the scene has no league logo.
var ErrLeagueLogoRequired = errors.New("render: logo styles 5 and 6 need a league logo")

// Shadow profiles used only by logos, the reference renderer's.
var (
	shadowLogoSoft = &shadowSpec{0.4, 10, 2, 2}
	shadowPanel    = &shadowSpec{0.3, 15, 3, 3}
)

// checkLogo rejects logo scenes that cannot be drawn.
func checkLogo(s Scene, o Options) error {
	if len(s.Teams) == 2 {
		if o.Style < 0 || o.Style > 6 {
			return &OptionError{"Style", o.Style, "matchup logos have styles 1 to 6"}
		}
		if (o.Style == 5 || o.Style == 6) && s.League.Logo == nil && s.League.LogoDark == nil {
			return fmt.Errorf("%w: %w", ErrLeagueLogoRequired, &OptionError{"League", s.League.Code, "no league logo for logo style 5 or 6"})
		}
		return nil
	}
	if o.Style > 1 {
		return &OptionError{"Style", o.Style, "league and team logos have style 1 only"}
	}
	return nil
}

// whiteLogo reports whether the logo has the opaque white background.
func whiteLogo(s Scene, o Options) bool {
	return len(s.Teams) == 2 && !s.League.SkipLogos && (o.Style == 5 || o.Style == 6)
}

// renderLogo draws a logo image; Render calls it holding a slot of the gate.
func (r *Renderer) renderLogo(ctx context.Context, s Scene, o Options) (image.Image, error) {
	if err := checkLogo(s, o); err != nil {
		return nil, err
	}
	p := r.newPainter(ctx, s, o)
	white := whiteLogo(s, o)
	if white {
		raster.FillRect(p.dst, p.dst.Rect, rgba(colorx.RGB{R: 255, G: 255, B: 255}))
	} else {
		clear(p.dst.Pix) // pooled canvases are dirty
	}
	var err error
	switch {
	case len(s.Teams) == 0:
		err = p.compactLeague()
	case len(s.Teams) == 1:
		err = p.compactTeam()
	case s.League.SkipLogos:
		err = p.skipLogosCard()
	default:
		sd := p.sides()
		switch o.Style {
		case 0, 1:
			err = p.logoSplit(sd)
		case 2:
			err = p.logoPair(sd)
		case 3, 4:
			err = p.logoBadges(sd, o.Style == 4)
		default:
			err = p.logoRow(sd, o.Style == 6)
		}
	}
	if err == nil {
		err = p.check()
	}
	if err != nil {
		raster.Release(p.dst)
		return nil, err
	}
	content := contentBounds(p.dst, white)
	frame := paddedFrame(content, p.dst.Rect, p.m)
	badgeH := logoBadgeHeight(p.m)
	if o.Trim && o.Badge != "" {
		// Room above the design for the badge, so it covers no logo.
		frame.Min.Y -= int(badgeH + math.Round(logoPad*p.m))
	}
	out := p.dst
	origin := image.Point{}
	switch {
	case o.Trim:
		origin = frame.Min
		out = cropTo(p.dst, frame, white)
		raster.Release(p.dst)
		frame = out.Rect
	case !content.Empty():
		// Untrimmed: the design is centred on the canvas (logos of
		// different shapes leave it off-centre where they were placed).
		d := image.Pt((o.Width-content.Dx())/2-content.Min.X, (o.Height-content.Dy())/2-content.Min.Y)
		if d != (image.Point{}) {
			origin = d.Mul(-1)
			out = cropTo(p.dst, p.dst.Rect.Add(origin), white)
			raster.Release(p.dst)
			frame = frame.Add(d)
		}
	}
	p.flushTrace(traceOf(ctx), origin)
	if o.Badge != "" {
		b, _ := normBadge(o.Badge)
		q := *p
		q.dst = out
		q.logoBadge(b, frame, white)
	}
	return out, nil
}

// contentBounds is the bounding box of the design: pixels with alpha above
// raster.TrimAlpha, or on a white canvas pixels darker than white by more than
// raster.TrimAlpha in some channel. It is empty for a blank canvas.
func contentBounds(img *image.RGBA, white bool) image.Rectangle {
	if !white {
		return raster.TrimBounds(img)
	}
	b := img.Rect
	r := image.Rectangle{}
	found := false
	for y := b.Min.Y; y < b.Max.Y; y++ {
		row := img.Pix[img.PixOffset(b.Min.X, y):][:4*b.Dx()]
		lo, hi := -1, -1
		for x := 0; x < b.Dx(); x++ {
			if p := row[4*x:]; 255-min(p[0], p[1], p[2]) > raster.TrimAlpha {
				lo = x
				break
			}
		}
		if lo < 0 {
			continue
		}
		for x := b.Dx() - 1; x >= lo; x-- {
			if p := row[4*x:]; 255-min(p[0], p[1], p[2]) > raster.TrimAlpha {
				hi = x + 1
				break
			}
		}
		row1 := image.Rect(b.Min.X+lo, y, b.Min.X+hi, y+1)
		if !found {
			r, found = row1, true
		} else {
			r = r.Union(row1)
		}
	}
	return r
}

// paddedFrame grows the content box c by logoPad x side on every side. The
// margin is the same on both sides of an axis; it shrinks only so the frame
// is never larger than the canvas. A blank design frames the whole canvas.
func paddedFrame(c, canvas image.Rectangle, side float64) image.Rectangle {
	if c.Empty() {
		return canvas
	}
	pad := int(math.Round(logoPad * side))
	px := max(0, min(pad, (canvas.Dx()-c.Dx())/2))
	py := max(0, min(pad, (canvas.Dy()-c.Dy())/2))
	return image.Rect(c.Min.X-px, c.Min.Y-py, c.Max.X+px, c.Max.Y+py)
}

// cropTo copies the part of src inside frame (which may reach beyond src)
// into a new image at the origin; areas outside src get the background
// (transparent, or white).
func cropTo(src *image.RGBA, frame image.Rectangle, white bool) *image.RGBA {
	w, h := frame.Dx(), frame.Dy()
	dst := &image.RGBA{Pix: raster.GetPix(4 * w * h), Stride: 4 * w, Rect: image.Rect(0, 0, w, h)}
	in := frame.Intersect(src.Rect)
	if white {
		raster.FillRect(dst, dst.Rect, rgba(colorx.RGB{R: 255, G: 255, B: 255}))
	} else if in.Sub(frame.Min) != dst.Rect {
		clear(dst.Pix) // a recycled buffer: what is not copied must be transparent
	}
	for y := in.Min.Y; y < in.Max.Y; y++ {
		s := src.Pix[src.PixOffset(in.Min.X, y):][:4*in.Dx()]
		copy(dst.Pix[dst.PixOffset(in.Min.X-frame.Min.X, y-frame.Min.Y):], s)
	}
	return dst
}

// logoBadge draws the quality badge on a logo: logoBadgeHeight
// high, at the top-right corner of the design: above it where the canvas
// has room (trimmed logos get that room), else inside the corner. On
// transparent logos the pill is white with dark text; on the white styles
// it is dark with white text, so it stays visible.
func (p *painter) logoBadge(text string, frame image.Rectangle, white bool) {
	if text == "" || frame.Empty() {
		return
	}
	fw := float64(frame.Dx())
	h := logoBadgeHeight(p.m)
	pad := 0.8 * h
	tb := fitText(fontBold, text, 0.9*fw-pad, h, 0.55*h, 1, 1.15)
	w := math.Round(tb.width + pad)
	margin := math.Round(logoPad * p.m)
	x1, y0 := float64(frame.Max.X)-margin, float64(frame.Min.Y)+margin
	if room := float64(frame.Min.Y - p.dst.Rect.Min.Y); room >= h+2*margin {
		y0 = float64(frame.Min.Y) - h - margin // above the design, clear of it
	}
	x0, y1 := x1-w, y0+h
	pill, ink := colorx.RGB{R: 255, G: 255, B: 255}, colorx.RGB{R: 0x11, G: 0x11, B: 0x11}
	if white {
		pill, ink = ink, pill
	}
	var sh raster.Path
	sh.RoundRect(x0+float64(p.px(1)), y0+float64(p.px(2)), x1+float64(p.px(1)), y1+float64(p.px(2)), 0.3*h)
	p.softFill(&sh, shadowBadge)
	var pb raster.Path
	pb.RoundRect(x0, y0, x1, y1, 0.3*h)
	p.fillPath(&pb, p.dst, p.full, rgba(pill))
	p.drawText(p.dst, tb, (x0+x1)/2, (y0+y1)/2, ink, 1, true, nil)
}

// logoBox returns the side of the square box that drawLogo should get so
// that img, contain-fit, fills at most a bw x bh box (wide logos use the
// width, tall ones the height).
func logoBox(c *derivatives, img image.Image, bw, bh float64) float64 {
	if img == nil {
		return min(bw, bh)
	}
	trim, ok := logoTrim(c, img)
	if !ok {
		return min(bw, bh)
	}
	a := float64(trim.Dx()) / float64(trim.Dy())
	if a >= 1 {
		return min(bw, bh*a)
	}
	return min(bh, bw/a)
}

// darkPage is the page colour logo variants are chosen against on
// transparent designs: logos are mostly shown in dark media-centre UIs,
// and their drop shadow keeps light logos legible on light pages.
var darkPage = colorx.RGB{R: 0x1a, G: 0x1d, B: 0x2e}
