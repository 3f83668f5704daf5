package demo

import (
	"image"
	"image/color"
	"math"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"
)

// LogoSize is the side of every demo logo, in pixels.
const LogoSize = 512

// shape is an emblem outline.
type shape struct {
	// outline draws a closed outline of radius r around (cx, cy).
	outline func(z *vector.Rasterizer, cx, cy, r float32)
	// inscribed is the radius of the largest circle around the centre that
	// fits in the outline, as a fraction of r.
	inscribed float32
}

// shapes are the emblem outlines, picked by team index.
var shapes = []shape{
	{circle, 1},
	{shield, 0.84},
	{hexagon, 0.866},
	{roundedSquare, 0.84},
	{diamond, 0.707},
	{octagon, 0.924},
}

// emblem describes one generated logo.
type emblem struct {
	shape     shape
	bars      bool // two bars across the emblem instead of a ring
	letter    rune
	primary   color.NRGBA // fill
	secondary color.NRGBA // border, ring or bars, letter
}

// levels is the number of quantisation steps of the palette: colours
// between the two team colours, and alpha steps of the outer edge.
const levels = 64

// draw renders the emblem on a transparent LogoSize square. Every pixel
// is the secondary colour at some opacity (the anti-aliased outer edge)
// or a mix of the two colours, so the image is paletted: small to encode
// and to store as a data: URL.
func (e emblem) draw() *image.Paletted {
	c, r := float32(LogoSize)/2, float32(LogoSize)/2-14
	inner := r * 0.86

	outer := coverage(func(z *vector.Rasterizer) { e.shape.outline(z, c, c, r) })
	body := coverage(func(z *vector.Rasterizer) { e.shape.outline(z, c, c, inner) })
	// The ring or the bars sit inside the inscribed circle of the body,
	// the monogram inside them.
	in := inner * e.shape.inscribed
	size := in * 0.95 // fits inside the ring
	deco := coverage(func(z *vector.Rasterizer) {
		if e.bars {
			rect(z, 0, c-in*0.84, LogoSize, c-in*0.72)
			rect(z, 0, c+in*0.72, LogoSize, c+in*0.84)
			size = in * 1.15
			return
		}
		arc(z, c, c, in*0.86, false)
		arc(z, c, c, in*0.77, true) // reversed: a hole
	})
	letter := coverage(func(z *vector.Rasterizer) { glyph(z, e.letter, c, c, size, size) })

	dst := image.NewPaletted(image.Rect(0, 0, LogoSize, LogoSize), e.palette())
	for i := range dst.Pix {
		a := int(outer.Pix[i])
		if a < 255 {
			// Outer edge: the secondary colour, partly transparent.
			dst.Pix[i] = uint8(1 + levels + (a*(levels-1)+127)/255)
			if a == 0 {
				dst.Pix[i] = 0
			}
			continue
		}
		// Share of the primary colour: the body, minus the decoration and
		// the monogram painted over it in the secondary colour.
		p := int(body.Pix[i]) * (255 - int(deco.Pix[i])) / 255 * (255 - int(letter.Pix[i])) / 255
		dst.Pix[i] = uint8(1 + (p*(levels-1)+127)/255)
	}
	return dst
}

// palette is: transparent; levels mixes from the secondary (index 1) to
// the primary colour (index levels); levels opacities of the secondary.
func (e emblem) palette() color.Palette {
	pal := make(color.Palette, 0, 1+2*levels)
	pal = append(pal, color.NRGBA{})
	mix := func(a, b uint8, t int) uint8 {
		return uint8((int(a)*(levels-1-t) + int(b)*t + (levels-1)/2) / (levels - 1))
	}
	for t := range levels {
		pal = append(pal, color.NRGBA{
			R: mix(e.secondary.R, e.primary.R, t), G: mix(e.secondary.G, e.primary.G, t),
			B: mix(e.secondary.B, e.primary.B, t), A: 255,
		})
	}
	for t := range levels {
		s := e.secondary
		s.A = uint8((t*255 + (levels-1)/2) / (levels - 1))
		pal = append(pal, s)
	}
	return pal
}

// coverage rasterises the outline drawn by f into an alpha mask.
func coverage(f func(z *vector.Rasterizer)) *image.Alpha {
	z := vector.NewRasterizer(LogoSize, LogoSize)
	f(z)
	m := image.NewAlpha(image.Rect(0, 0, LogoSize, LogoSize))
	z.Draw(m, m.Bounds(), image.Opaque, image.Point{})
	return m
}

// kappa places cubic control points so four curves approximate a circle.
const kappa = 0.5522848

// arc adds a full circle, clockwise or (reverse) counter-clockwise.
func arc(z *vector.Rasterizer, cx, cy, r float32, reverse bool) {
	k := r * kappa
	if !reverse {
		z.MoveTo(cx, cy-r)
		z.CubeTo(cx+k, cy-r, cx+r, cy-k, cx+r, cy)
		z.CubeTo(cx+r, cy+k, cx+k, cy+r, cx, cy+r)
		z.CubeTo(cx-k, cy+r, cx-r, cy+k, cx-r, cy)
		z.CubeTo(cx-r, cy-k, cx-k, cy-r, cx, cy-r)
	} else {
		z.MoveTo(cx, cy-r)
		z.CubeTo(cx-k, cy-r, cx-r, cy-k, cx-r, cy)
		z.CubeTo(cx-r, cy+k, cx-k, cy+r, cx, cy+r)
		z.CubeTo(cx+k, cy+r, cx+r, cy+k, cx+r, cy)
		z.CubeTo(cx+r, cy-k, cx+k, cy-r, cx, cy-r)
	}
	z.ClosePath()
}

func circle(z *vector.Rasterizer, cx, cy, r float32) { arc(z, cx, cy, r, false) }

// polygon adds a regular n-gon whose first vertex is at angle start
// (radians, 0 = up).
func polygon(z *vector.Rasterizer, cx, cy, r float32, n int, start float64) {
	for i := range n {
		a := start + 2*math.Pi*float64(i)/float64(n)
		x, y := cx+r*float32(math.Sin(a)), cy-r*float32(math.Cos(a))
		if i == 0 {
			z.MoveTo(x, y)
		} else {
			z.LineTo(x, y)
		}
	}
	z.ClosePath()
}

func hexagon(z *vector.Rasterizer, cx, cy, r float32) { polygon(z, cx, cy, r, 6, math.Pi/6) }
func octagon(z *vector.Rasterizer, cx, cy, r float32) { polygon(z, cx, cy, r, 8, math.Pi/8) }
func diamond(z *vector.Rasterizer, cx, cy, r float32) { polygon(z, cx, cy, r, 4, 0) }

// shield is a flat-topped crest whose sides curve into a point.
func shield(z *vector.Rasterizer, cx, cy, r float32) {
	w, top, waist := r*0.86, cy-r*0.92, cy+r*0.12
	z.MoveTo(cx-w, top)
	z.LineTo(cx+w, top)
	z.LineTo(cx+w, waist)
	z.CubeTo(cx+w, cy+r*0.62, cx+r*0.3, cy+r*0.86, cx, cy+r)
	z.CubeTo(cx-r*0.3, cy+r*0.86, cx-w, cy+r*0.62, cx-w, waist)
	z.ClosePath()
}

// roundedSquare is a square of half-side 0.84 r with rounded corners.
func roundedSquare(z *vector.Rasterizer, cx, cy, r float32) {
	h, q := r*0.84, r*0.26
	k := q * (1 - kappa)
	z.MoveTo(cx-h+q, cy-h)
	z.LineTo(cx+h-q, cy-h)
	z.CubeTo(cx+h-k, cy-h, cx+h, cy-h+k, cx+h, cy-h+q)
	z.LineTo(cx+h, cy+h-q)
	z.CubeTo(cx+h, cy+h-k, cx+h-k, cy+h, cx+h-q, cy+h)
	z.LineTo(cx-h+q, cy+h)
	z.CubeTo(cx-h+k, cy+h, cx-h, cy+h-k, cx-h, cy+h-q)
	z.LineTo(cx-h, cy-h+q)
	z.CubeTo(cx-h, cy-h+k, cx-h+k, cy-h, cx-h+q, cy-h)
	z.ClosePath()
}

func rect(z *vector.Rasterizer, x0, y0, x1, y1 float32) {
	z.MoveTo(x0, y0)
	z.LineTo(x1, y0)
	z.LineTo(x1, y1)
	z.LineTo(x0, y1)
	z.ClosePath()
}

// boldFont is the Go Bold typeface (BSD licence, shipped with
// golang.org/x/image), parsed once.
var boldFont = func() *sfnt.Font {
	f, err := sfnt.Parse(gobold.TTF)
	if err != nil {
		panic("demo: Go Bold font: " + err.Error()) // a broken dependency, covered by tests
	}
	return f
}()

// glyph adds the outline of letter centred on (cx, cy), scaled so that it
// is at most maxH tall and maxW wide.
func glyph(z *vector.Rasterizer, letter rune, cx, cy, maxH, maxW float32) {
	var b sfnt.Buffer
	idx, err := boldFont.GlyphIndex(&b, letter)
	if err != nil || idx == 0 {
		return
	}
	const probe = 256 // ppem used to measure, then scaled
	bounds, _, err := boldFont.GlyphBounds(&b, idx, fixed.I(probe), font.HintingNone)
	if err != nil {
		return
	}
	w := float32(bounds.Max.X-bounds.Min.X) / 64
	h := float32(bounds.Max.Y-bounds.Min.Y) / 64
	if w <= 0 || h <= 0 {
		return
	}
	scale := min(maxH/h, maxW/w)
	segs, err := boldFont.LoadGlyph(&b, idx, fixed.I(probe), nil)
	if err != nil {
		return
	}
	// Map glyph space (y down, origin on the baseline) so the bounds'
	// centre lands on (cx, cy).
	mx := float32(bounds.Min.X+bounds.Max.X) / 128
	my := float32(bounds.Min.Y+bounds.Max.Y) / 128
	pt := func(p fixed.Point26_6) (float32, float32) {
		return cx + (float32(p.X)/64-mx)*scale, cy + (float32(p.Y)/64-my)*scale
	}
	for i, s := range segs {
		switch s.Op {
		case sfnt.SegmentOpMoveTo:
			if i > 0 {
				z.ClosePath() // contours close implicitly in fonts
			}
			x, y := pt(s.Args[0])
			z.MoveTo(x, y)
		case sfnt.SegmentOpLineTo:
			x, y := pt(s.Args[0])
			z.LineTo(x, y)
		case sfnt.SegmentOpQuadTo:
			x1, y1 := pt(s.Args[0])
			x, y := pt(s.Args[1])
			z.QuadTo(x1, y1, x, y)
		case sfnt.SegmentOpCubeTo:
			x1, y1 := pt(s.Args[0])
			x2, y2 := pt(s.Args[1])
			x, y := pt(s.Args[2])
			z.CubeTo(x1, y1, x2, y2, x, y)
		}
	}
	z.ClosePath()
}
