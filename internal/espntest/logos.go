package espntest

import (
	"bytes"
	"fmt"
	"hash/fnv"
	"image"
	"image/color"
	"image/draw"
	"image/jpeg"
	"image/png"
	"math"
	"strconv"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/basicfont"
	"golang.org/x/image/math/fixed"

	"gamethumbs/internal/logogen"
)

// logoSize is the width and height of every generated logo.
const logoSize = 500

// logoImage describes a generated logo: a badge (circle or shield, chosen
// from the label) in the team colour with a ring in the alternate colour
// and the label written across it, on a transparent background (white for
// JPEG). Dark variants use lighter colours; scoreboard variants a square
// badge.
type logoImage struct {
	Label      string
	Color, Alt string // hex without "#"; empty means grey
	Format     string // "png", "jpg" or "svg"
	Dark       bool
	Scoreboard bool
	// Realistic draws the logo with logogen instead (gradients, bevel,
	// fine text, photographic texture: the statistics of real logos),
	// with Name as its fine lettering, and encodes a PNG at
	// DefaultCompression as a logo CDN's optimised file would be.
	Realistic bool
	Name      string
}

// contentType returns the MIME type of the encoded logo.
func (li logoImage) contentType() string {
	switch li.Format {
	case "jpg":
		return "image/jpeg"
	case "svg":
		return "image/svg+xml"
	}
	return "image/png"
}

// encodedLogos caches encoded logos across servers: the bytes depend only
// on the logoImage.
var encodedLogos sync.Map // logoImage → *lazyBytes

type lazyBytes struct {
	once sync.Once
	data []byte
}

// bytes returns the encoded logo, drawing it on first use.
func (li logoImage) bytes() []byte {
	v, _ := encodedLogos.LoadOrStore(li, &lazyBytes{})
	lb := v.(*lazyBytes)
	lb.once.Do(func() { lb.data = li.encode() })
	return lb.data
}

func (li logoImage) encode() []byte {
	if li.Format == "svg" {
		return li.svg()
	}
	var img image.Image
	if li.Realistic {
		img = li.drawRealistic()
	} else {
		img = li.draw()
	}
	var buf bytes.Buffer
	var err error
	switch {
	case li.Format == "jpg":
		flat := image.NewRGBA(img.Bounds())
		draw.Draw(flat, flat.Bounds(), image.White, image.Point{}, draw.Src)
		draw.Draw(flat, flat.Bounds(), img, image.Point{}, draw.Over)
		err = jpeg.Encode(&buf, flat, &jpeg.Options{Quality: 90})
	case li.Realistic:
		err = png.Encode(&buf, img)
	default:
		err = (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&buf, img)
	}
	if err != nil {
		panic(err) // encoding to memory does not fail
	}
	return buf.Bytes()
}

// colours returns the fill and ring colours of the logo.
func (li logoImage) colours() (fill, ring color.NRGBA) {
	fill = parseHex(li.Color, color.NRGBA{0x77, 0x77, 0x77, 0xff})
	ring = parseHex(li.Alt, color.NRGBA{0xcc, 0xcc, 0xcc, 0xff})
	if li.Dark {
		fill, ring = lighten(fill, 0.45), lighten(ring, 0.45)
	}
	return fill, ring
}

func (li logoImage) shield() bool {
	h := fnv.New32a()
	h.Write([]byte(li.Label))
	return h.Sum32()%2 == 1
}

// outline returns a function telling how far (x, y) lies inside the badge
// (positive inside, in pixels), so edges can be anti-aliased.
func (li logoImage) outline() func(x, y float64) float64 {
	const c = logoSize / 2
	switch {
	case li.Scoreboard:
		return func(x, y float64) float64 { return 230 - math.Max(math.Abs(x-c), math.Abs(y-c)) }
	case li.shield():
		return func(x, y float64) float64 {
			if y < 250 {
				return math.Min(math.Min(x-70, 430-x), y-40)
			}
			// Half ellipse from y=250 down to y=470, 180 wide on each side.
			dx, dy := (x-c)/180, (y-250)/220
			return (1 - math.Sqrt(dx*dx+dy*dy)) * 180
		}
	default:
		return func(x, y float64) float64 { return 230 - math.Hypot(x-c, y-c) }
	}
}

// Palette indexes of a drawn logo.
const (
	idxClear = iota
	idxFill
	idxRing
	idxText
	idxEdge // idxEdge+0..2: the ring colour at 1/4, 2/4 and 3/4 opacity
)

// draw renders the badge with its label as a paletted image (a handful of
// colours, so drawing and encoding stay fast even under the race
// detector). Each row is scanned by sphere tracing: the outline functions
// change by at most one per pixel along x, so the scan jumps over clear
// and solid runs and evaluates the outline only near edges.
func (li logoImage) draw() *image.Paletted {
	fill, ring := li.colours()
	pal := color.Palette{color.NRGBA{}, fill, ring, textColour(fill)}
	for i := 1; i <= 3; i++ {
		c := ring
		c.A = uint8(64 * i)
		pal = append(pal, c)
	}
	inside := li.outline()
	img := image.NewPaletted(image.Rect(0, 0, logoSize, logoSize), pal)
	for y := 0; y < logoSize; y++ {
		row := img.Pix[y*img.Stride : y*img.Stride+logoSize]
		fy := float64(y) + 0.5
		for x := 0; x < logoSize; {
			d := inside(float64(x)+0.5, fy)
			switch {
			case d <= -1: // clear: skip to where the edge may start
				x += max(1, int(-d))
			case d >= 19: // solid fill: paint up to where the ring may start
				n := min(max(1, int(d-18)), logoSize-x)
				for i := range n {
					row[x+i] = idxFill
				}
				x += n
			default:
				switch {
				case d >= 18:
					row[x] = idxFill
				case d >= 0:
					row[x] = idxRing
				default: // anti-aliased edge, opacity d+1 in (0, 1)
					row[x] = uint8(idxEdge + min(2, max(0, int((d+1)*4)-1)))
				}
				x++
			}
		}
	}
	li.drawLabel(img)
	return img
}

// drawLabel writes the label in the middle of img, scaled up from a 7x13
// bitmap font so it spans at most 300 pixels.
func (li logoImage) drawLabel(img *image.Paletted) {
	face := basicfont.Face7x13
	w := font.MeasureString(face, li.Label).Ceil()
	if w == 0 {
		return
	}
	small := image.NewAlpha(image.Rect(0, 0, w, 13))
	d := font.Drawer{Dst: small, Src: image.Opaque, Face: face, Dot: fixed.P(0, 11)}
	d.DrawString(li.Label)
	scale := max(1, min(300/w, 12))
	x0 := (logoSize - w*scale) / 2
	y0 := (logoSize - 13*scale) / 2
	for y := 0; y < 13*scale; y++ {
		for x := 0; x < w*scale; x++ {
			if small.AlphaAt(x/scale, y/scale).A > 127 {
				img.SetColorIndex(x0+x, y0+y, idxText)
			}
		}
	}
}

// drawRealistic draws the logo with logogen in the logo's colours.
func (li logoImage) drawRealistic() *image.NRGBA {
	fill, ring := li.colours()
	return logogen.Draw(logogen.Spec{Label: li.Label, Name: li.Name, Primary: fill, Secondary: ring,
		Size: logoSize, Square: li.Scoreboard})
}

// svg returns an SVG badge: a circle in the team colour with a ring and a
// band (no text, so any rasteriser draws it the same).
func (li logoImage) svg() []byte {
	fill, ring := li.colours()
	return fmt.Appendf(nil, `<svg xmlns="http://www.w3.org/2000/svg" width="500" height="500" viewBox="0 0 500 500">`+
		`<circle cx="250" cy="250" r="221" fill="%s" stroke="%s" stroke-width="18"/>`+
		`<rect x="90" y="215" width="320" height="70" fill="%s"/></svg>`, hex(fill), hex(ring), hex(ring))
}

func parseHex(s string, def color.NRGBA) color.NRGBA {
	if len(s) != 6 {
		return def
	}
	v, err := strconv.ParseUint(s, 16, 32)
	if err != nil {
		return def
	}
	return color.NRGBA{uint8(v >> 16), uint8(v >> 8), uint8(v), 0xff}
}

func hex(c color.NRGBA) string { return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B) }

// lighten mixes c with white by t (0..1).
func lighten(c color.NRGBA, t float64) color.NRGBA {
	mix := func(v uint8) uint8 { return uint8(float64(v) + (255-float64(v))*t + 0.5) }
	return color.NRGBA{mix(c.R), mix(c.G), mix(c.B), c.A}
}

// textColour is white on dark fills and black on light ones.
func textColour(fill color.NRGBA) color.NRGBA {
	if 0.299*float64(fill.R)+0.587*float64(fill.G)+0.114*float64(fill.B) > 150 {
		return color.NRGBA{0, 0, 0, 0xff}
	}
	return color.NRGBA{0xff, 0xff, 0xff, 0xff}
}
