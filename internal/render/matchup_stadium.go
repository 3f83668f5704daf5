package render

import (
	"image"
	"image/draw"

	"gamethumbs/internal/colorx"
	"gamethumbs/internal/raster"
)

// Styles 10-13: the home venue. Its photo, scaled to cover the canvas and
// graded (desaturated, darkened towards the bottom and the sides, washed
// with the home colour), carries both logos with "VS" between them and
// the venue's name and place:
//   - 10: name and "city, state" centred under the logos;
//   - 11: name and place in the bottom-left corner, the league logo in the
//     bottom-right one;
//   - 12, 13: 10 and 11 with each team's record ("10-7") under its logo and
//     a smaller "VS".
//
// Without a photo (none known, or it failed) the background is the home
// team's colour, lit from the top, in the same layout; without a venue
// the text is left out, and without a record its line.

// Venue is the home venue of a matchup (styles 10-13).
type Venue struct {
	Name  string      // "Crypto.com Arena"; "" unknown
	Place string      // "Los Angeles, CA"; "" unknown
	Photo image.Image // the venue's photo; nil draws the home colour instead
	Home  int         // index of the home team in Scene.Teams (0 or 1)
}

// IsVenueStyle reports whether style is one of the venue styles (10-13).
func IsVenueStyle(style int) bool { return style >= 10 && style <= 13 }

// Venue style colours: the tone logos are picked against on a photo, the
// place line, and the record pills.
var (
	photoTone  = colorx.RGB{R: 0x1c, G: 0x1f, B: 0x26}
	placeColor = colorx.RGB{R: 0xd6, G: 0xdb, B: 0xe4}
	white      = colorx.RGB{R: 255, G: 255, B: 255}
)

// stadiumLayout is the geometry of one venue picture, in canvas pixels.
type stadiumLayout struct {
	s              float64 // logo box side
	a, b           [2]float64
	vs             [2]float64
	vsSize         float64
	recA, recB     [2]float64 // record centres
	recSize        float64
	corner         bool       // text bottom-left (11, 13), else centred
	textX          float64    // centre (centred) or left edge (corner)
	textW          float64    // widest the text may be
	nameY, placeY  float64    // centres of the two lines
	nameH, placeH  float64    // their type sizes
	league         [2]float64 // league logo centre (corner styles)
	leagueS        float64    // league logo box (corner styles)
	accent         [4]float64 // x0, y0, x1, y1 of the rule (centred) or bar (corner)
	records, stack bool       // records drawn (12, 13); logos stacked (tall covers)
}

// stadiumLayoutFor lays out style (10-13) on a w x h canvas: side by side
// unless the canvas is clearly taller than wide, then one logo above the
// other.
func stadiumLayoutFor(style int, w, h float64) stadiumLayout {
	l := stadiumLayout{corner: style == 11 || style == 13, records: style == 12 || style == 13, stack: h > 1.2*w}
	m := min(w, h)
	if l.stack {
		l.s = min(0.5*w, 0.21*h)
		top, bottom := 0.2*h, 0.53*h
		if l.records {
			l.s = min(0.46*w, 0.19*h)
			top, bottom = 0.17*h, 0.52*h
		}
		if l.corner {
			top, bottom = top+0.02*h, bottom+0.04*h
		}
		l.a, l.b = [2]float64{w / 2, top}, [2]float64{w / 2, bottom}
		l.vsSize = 0.09 * w
		if l.records {
			l.vsSize = 0.07 * w
		}
		l.recSize = 0.026 * h
		l.recA = [2]float64{w / 2, top + l.s/2 + 0.035*h}
		l.recB = [2]float64{w / 2, bottom + l.s/2 + 0.035*h}
		l.vs = [2]float64{w / 2, (top + bottom) / 2}
		if l.records {
			l.vs[1] = (l.recA[1] + 0.02*h + bottom - l.s/2) / 2
		}
	} else {
		cy := 0.39 * h
		l.s = min(0.3*w, 0.4*h)
		if l.records {
			cy, l.s = 0.35*h, min(0.28*w, 0.36*h)
		}
		if l.corner {
			cy += 0.03 * h
			l.s = min(l.s*1.08, 0.32*w)
		}
		l.a, l.b = [2]float64{0.25 * w, cy}, [2]float64{0.75 * w, cy}
		l.vs = [2]float64{w / 2, cy}
		l.vsSize = 0.11 * h
		if l.records {
			l.vsSize = 0.08 * h
		}
		l.recSize = 0.05 * h
		l.recA = [2]float64{l.a[0], cy + l.s/2 + 0.06*h}
		l.recB = [2]float64{l.b[0], cy + l.s/2 + 0.06*h}
	}
	l.nameH, l.placeH = 0.065*m, 0.042*m
	margin := 0.055 * m
	if l.corner {
		l.leagueS = 0.17 * m
		l.league = [2]float64{w - margin - l.leagueS/2, h - margin - l.leagueS/2}
		bar := max(3, 0.008*m)
		l.textX = margin + bar + 0.025*m
		l.textW = w - l.textX - l.leagueS - 2*margin
		l.placeY = h - margin - l.placeH*0.6
		l.nameY = l.placeY - 0.6*l.placeH - 0.02*m - 0.6*l.nameH
		l.accent = [4]float64{margin, l.nameY - 0.6*l.nameH, margin + bar, l.placeY + 0.6*l.placeH}
		return l
	}
	l.textX, l.textW = w/2, 0.9*w
	l.placeY = h - 1.3*margin - 0.6*l.placeH
	l.nameY = l.placeY - 0.6*l.placeH - 0.03*m - 0.6*l.nameH
	line := max(2, 0.005*m)
	l.accent = [4]float64{w/2 - 0.06*w, l.nameY - 0.6*l.nameH - 0.035*m - line, w/2 + 0.06*w, l.nameY - 0.6*l.nameH - 0.035*m}
	return l
}

// centre moves the logos, "VS" and records so that together they sit in
// the middle of a canvas of height h.
func (l *stadiumLayout) centre(h float64) {
	top := min(l.a[1], l.b[1]) - l.s/2
	bottom := max(l.a[1], l.b[1]) + l.s/2
	if l.records {
		bottom = max(l.recA[1], l.recB[1]) + 0.8*l.recSize
	}
	dy := h/2 - (top+bottom)/2
	for _, pt := range []*[2]float64{&l.a, &l.b, &l.vs, &l.recA, &l.recB} {
		pt[1] += dy
	}
}

// stadium draws styles 10-13.
func (p *painter) stadium(sd [2]*side) error {
	v := p.s.Venue
	home := sd[min(max(v.Home, 0), 1)]
	l := stadiumLayoutFor(p.o.Style, p.W, p.H)
	if v.Name == "" && v.Place == "" {
		l.centre(p.H) // no text under the logos: they take the middle
	}
	photo := venuePixels(v.Photo)
	var layer *image.RGBA
	bg := photoTone // what the league logo and the accent are picked against
	bgA, bgB := bg, bg
	if photo != nil {
		if p.layer == nil {
			p.layer = venueLayer(p.venues, v.Photo, photo, p.o.Width, p.o.Height, home.color)
		}
		layer = p.layer
		// Each logo is picked against the photo behind it.
		box := func(c [2]float64) image.Rectangle {
			return image.Rect(int(c[0]-l.s/2), int(c[1]-l.s/2), int(c[0]+l.s/2), int(c[1]+l.s/2))
		}
		bgA, bgB = layerAverage(layer, p.o.Height, box(l.a)), layerAverage(layer, p.o.Height, box(l.b))
	} else {
		bg = venueFallbackBase(home.color, home.alt)
		bgA, bgB = bg, bg
	}
	// The accent under (or beside) the venue text: the home colour, else
	// its alternate, else white, whichever first stands out from bg.
	accent := white
	for _, c := range []colorx.RGB{home.color, home.alt} {
		if colorx.Contrast(c, bg) >= 2 && colorx.Distance(c, bg) >= 60 {
			accent = c
			break
		}
	}
	steps := []func(){func() {
		if layer != nil {
			p.venuePhoto(layer)
			return
		}
		p.venueColour(bg)
	}}
	draws := []func(q *painter){
		func(q *painter) { q.drawSide(sd[0], bgA, l.a[0], l.a[1], l.s, shadowLogo) },
		func(q *painter) { q.drawSide(sd[1], bgB, l.b[0], l.b[1], l.s, shadowLogo) },
	}
	if l.corner {
		draws = append(draws, func(q *painter) {
			lg := q.s.League
			q.drawPicked(q.dst, lg.Logo, lg.LogoDark, bg, false, l.league[0], l.league[1], l.leagueS, shadowLogo)
		})
	}
	p.warm(draws...)
	for _, d := range draws {
		steps = append(steps, func() { d(p) })
	}
	steps = append(steps, func() {
		tb := fitText(fontBlack, "VS", 4*l.vsSize, 1.3*l.vsSize, l.vsSize, 1, 1.15)
		p.drawText(p.dst, tb, l.vs[0], l.vs[1], white, 1, true, shadowVS)
	})
	if l.records {
		for i, at := range [2][2]float64{l.recA, l.recB} {
			rec := p.s.Teams[i].Record
			steps = append(steps, func() { p.recordPill(rec, at[0], at[1], l.recSize, l.s) })
		}
	}
	steps = append(steps, func() { p.venueText(v, l, accent) })
	return p.steps(steps...)
}

// recordPill draws a team's record centred at (cx, cy) in bold type of
// size h on a dark translucent pill; an empty record draws nothing.
func (p *painter) recordPill(rec string, cx, cy, h, maxW float64) {
	if rec == "" {
		return
	}
	tb := fitText(fontBold, rec, maxW, 1.3*h, h, 1, 1.15)
	if len(tb.lines) == 0 {
		return
	}
	padX, padY := 0.55*tb.size, 0.28*tb.size
	var pb raster.Path
	hw, hh := tb.width/2+padX, tb.size*0.62+padY
	pb.RoundRect(cx-hw, cy-hh, cx+hw, cy+hh, hh)
	p.fillPath(&pb, p.dst, p.full, raster.Premul(0, 0, 0, 0.5))
	p.drawText(p.dst, tb, cx, cy, white, 1, true, nil)
}

// venueText draws the venue's name and place (either may be empty) and
// the accent that sets them off, in the home colour.
func (p *painter) venueText(v Venue, l stadiumLayout, accent colorx.RGB) {
	if v.Name == "" && v.Place == "" {
		return
	}
	name := fitText(fontBlack, v.Name, l.textW, 1.3*l.nameH, l.nameH, 1, 1.15)
	place := fitText(fontBold, v.Place, l.textW, 1.3*l.placeH, l.placeH, 1, 1.15)
	nameY, placeY := l.nameY, l.placeY
	if v.Name == "" { // the place alone takes the name's line
		placeY = (nameY + placeY) / 2
	}
	if v.Place == "" {
		nameY = (nameY + placeY) / 2
	}
	var pb raster.Path
	a := l.accent
	if l.corner {
		top, bottom := nameY-0.6*l.nameH, placeY+0.6*l.placeH
		if v.Name == "" {
			top = placeY - 0.6*l.placeH
		}
		if v.Place == "" {
			bottom = nameY + 0.6*l.nameH
		}
		pb.Rect(a[0], top, a[2], bottom)
	} else {
		pb.Rect(a[0], a[1], a[2], a[3])
	}
	p.fillPath(&pb, p.dst, p.full, rgba(accent))
	at := func(tb textBlock) float64 {
		if l.corner {
			return l.textX + tb.width/2
		}
		return l.textX
	}
	p.drawText(p.dst, name, at(name), nameY, white, 1, false, shadowText)
	p.drawText(p.dst, place, at(place), placeY, placeColor, 1, false, shadowText)
}

// venueFallbackBase is the background colour without a photo: the home
// colour, darkened when white type would not read on it, and lifted when
// it is too close to black (the background is never black).
func venueFallbackBase(c, alt colorx.RGB) colorx.RGB {
	if c.Luminance() < 0.012 {
		if alt.Luminance() >= 0.03 && alt.Luminance() < 0.4 {
			c = alt
		} else {
			c = colorx.Mix(c, colorx.RGB{R: 0x3a, G: 0x42, B: 0x55}, 0.7)
		}
	}
	for i := 0; i < 8 && colorx.Contrast(c, white) < 4.5; i++ {
		c = colorx.Darken(c, 0.15)
	}
	return c
}

// venueColour paints the fallback background: base at the top to a
// darker shade at the bottom, with a soft light over the top centre.
func (p *painter) venueColour(base colorx.RGB) {
	low := colorx.Darken(base, 0.55)
	raster.FillLinear(p.dst, p.full, true, raster.OpaqueStops([]float64{0, 0.45, 1}, colorx.Lighten(base, 0.06), base, low))
	raster.OverlayRadial(p.dst, p.W/2, -0.1*p.H, 0, 0.75*max(p.W, p.H), []raster.Stop{
		{T: 0, C: white, A: 0.16},
		{T: 1, C: white, A: 0},
	})
}

// venuePixels returns the photo as *image.RGBA (decoders give one; other
// images are converted), or nil.
func venuePixels(img image.Image) *image.RGBA {
	if img == nil || img.Bounds().Empty() {
		return nil
	}
	if px, ok := pixelsOf(img).(*image.RGBA); ok {
		return px
	}
	b := img.Bounds()
	rgba := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	draw.Draw(rgba, rgba.Rect, img, b.Min, draw.Src)
	return rgba
}
