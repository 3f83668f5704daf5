package render

import (
	"image"
	"image/color"
	"math"
	"slices"

	"gamethumbs/internal/colorx"
	"gamethumbs/internal/raster"
)

// Legibility rule (documented contract, the same in every style):
//
// A logo is legible on what lies behind it when its silhouette and its
// body stand apart from it in colour. Legibility is measured in OKLab
// (colorx.DeltaE; black-white = 1), not by brightness: a purple logo on a
// green half reads although both are about as bright, and a logo whose
// body is the team colour vanishes on that colour however bright its
// detail is.
//
//   - Edge: for every pixel on the logo's silhouette edge (opaque, with a
//     transparent pixel a short step outside it), the colour difference
//     between the edge pixel and what lies just outside it.
//   - Body: for every opaque pixel, the difference from the background.
//
// Each difference counts min(1, ΔE/deGood); the score is edgeWeight of
// the edge mean plus the rest of the body mean, from 0 (vanishes) to 1.
// A logo scoring legibleScore or more reads (render.Legibility measures
// it on finished pictures); one scoring below rescueScore on a flat
// colour gets rescued, a margin for what that measure cannot see (the
// drop shadow, soft edges of scaled logos). Variant choice: the variant
// (default or dark-background logo) with the higher score, the default on
// a near tie. When neither reaches rescueScore the logo is drawn with a
// halo, a soft outline hugging its silhouette in white or near-black
// (whichever the logo reads on best), so its shape stands out whatever
// lies behind; a side colour is never swapped for legibility's sake
// (the colour identity rule, contrast.go, says what comes after the
// halo).
const (
	deGood       = 0.3
	edgeWeight   = 0.65
	legibleScore = 0.5
	rescueScore  = 0.6 // rescue below this: a margin for what the choice cannot see (shadows, soft edges)
	variantTie   = 0.05
	// A logo whose body is mostly the background's colour (a team badge
	// on its own team colour) reads by a thin rim only, which a small
	// drawing loses: below this body score it gets the halo too.
	bodyRescue = 0.35
	// A silhouette that stands off bg by less than this edge score (a
	// dark purple on the near-black grid) reads as a dim shape: it gets
	// the halo too.
	edgeRescue = 0.8
	haloShare  = 0.035 // halo width over the drawn logo's longer side
)

// Halo colours: a white sticker outline for dark logos, a near-black one
// for light logos.
var (
	haloLight = colorx.RGB{R: 255, G: 255, B: 255}
	haloDark  = colorx.RGB{R: 0x14, G: 0x16, B: 0x1c}
)

// legKey is a logo's sampled colours. Like legKeyBg it names the logo by
// a logoID, which does not keep it alive: a render weighs both variants
// of a team's logo, and the one it does not draw must not stay pinned
// (and charged) in the derivative cache for its statistics.
type legKey struct{ id logoID }

// legSample is a sampled logo colour in OKLab, repeated n times in a row
// of the sampling order (most logos are flat colours: a run of samples
// costs one entry).
type legSample struct {
	lab  colorx.Lab
	edge bool
	n    int32
}

// legStats holds a logo's sampled colours: every opaque pixel of a grid
// of about legGrid x legGrid over its trimmed bounds, marked when it lies
// on the silhouette edge, in order, equal neighbours as one run.
type legStats struct {
	samples []legSample
	count   int // samples, runs expanded
	edges   int
}

const legGrid = 56

func legStatsOf(c *derivatives, img image.Image) *legStats {
	return memo(c, img, legKey{idOf(img)}, func() (*legStats, int64) {
		s := &legStats{}
		// The working copy is not cached: only the drawn variant needs one.
		li := normalise(img)
		if li.trim.Empty() {
			return s, 256 + heldBy(img)
		}
		b := li.trim
		step := max(1, max(b.Dx(), b.Dy())/legGrid)
		px := workingPixels(li.img)
		alphaAt := func(x, y int) uint8 {
			if !(image.Point{x, y}).In(b) {
				return 0
			}
			return px.alpha(x, y)
		}
		var last colorx.RGB
		var lab colorx.Lab
		for y := b.Min.Y + step/2; y < b.Max.Y; y += step {
			for x := b.Min.X + step/2; x < b.Max.X; x += step {
				c := px.nrgba(x, y)
				if c.A < 128 {
					continue
				}
				edge := alphaAt(x-step, y) < 64 || alphaAt(x+step, y) < 64 ||
					alphaAt(x, y-step) < 64 || alphaAt(x, y+step) < 64
				if rgb := (colorx.RGB{R: c.R, G: c.G, B: c.B}); s.count == 0 || rgb != last {
					last, lab = rgb, rgb.OKLab()
				}
				if n := len(s.samples); n > 0 && s.samples[n-1].lab == lab && s.samples[n-1].edge == edge {
					s.samples[n-1].n++
				} else {
					s.samples = append(s.samples, legSample{lab, edge, 1})
				}
				s.count++
				if edge {
					s.edges++
				}
			}
		}
		s.samples = slices.Clip(s.samples)
		return s, int64(256+40*len(s.samples)) + heldBy(img)
	})
}

// pixelReader reads a working copy's pixels (an *image.RGBA or
// *image.NRGBA) without going through image.Image's interface.
type pixelReader struct {
	pix    []uint8
	stride int
	min    image.Point
	premul bool // RGBA: colours premultiplied by alpha
}

func workingPixels(img image.Image) pixelReader {
	switch m := img.(type) {
	case *image.RGBA:
		return pixelReader{m.Pix, m.Stride, m.Rect.Min, true}
	case *image.NRGBA:
		return pixelReader{m.Pix, m.Stride, m.Rect.Min, false}
	}
	panic("render: a working copy is an *image.RGBA or *image.NRGBA")
}

func (p pixelReader) alpha(x, y int) uint8 {
	return p.pix[(y-p.min.Y)*p.stride+(x-p.min.X)*4+3]
}

// nrgba is the pixel at (x, y) as color.NRGBAModel converts it.
func (p pixelReader) nrgba(x, y int) color.NRGBA {
	i := (y-p.min.Y)*p.stride + (x-p.min.X)*4
	q := p.pix[i : i+4 : i+4]
	if !p.premul || q[3] == 0xff {
		return color.NRGBA{q[0], q[1], q[2], q[3]}
	}
	if q[3] == 0 {
		return color.NRGBA{}
	}
	a := uint32(q[3]) * 0x101
	un := func(v uint8) uint8 { return uint8((uint32(v) * 0x101 * 0xffff / a) >> 8) }
	return color.NRGBA{un(q[0]), un(q[1]), un(q[2]), q[3]}
}

// legibility scores how well img reads on a flat background bg, from 0
// (vanishes) to 1 (see the rule above). A nil or blank logo scores 0.
// Scores are cached by logo and colour: the choices every render makes
// (variant, side colour, halo) then measure nothing once made.
func legibility(c *derivatives, img image.Image, bg colorx.RGB) float64 {
	if img == nil {
		return 0
	}
	return memo(c, img, legKeyBg{idOf(img), bg}, func() (float64, int64) { return measureLegibility(c, img, bg), 64 })
}

// legBodyKey is a logo's body and edge scores on one background colour.
type legBodyKey struct {
	id logoID
	bg colorx.RGB
}

// legParts are the two halves of a legibility score.
type legParts struct{ body, edge float64 }

// legibilityParts returns the halves of legibility: how far img's
// opaque pixels (body) and its silhouette's edge pixels (edge) stand
// from bg on average, each 0 (the colour of bg) to 1.
func legibilityParts(c *derivatives, img image.Image, bg colorx.RGB) legParts {
	if img == nil {
		return legParts{}
	}
	return memo(c, img, legBodyKey{idOf(img), bg}, func() (legParts, int64) {
		s := legStatsOf(c, img)
		if s.count == 0 {
			return legParts{}, 64
		}
		b := bg.OKLab()
		var body, edge float64
		for _, sm := range s.samples {
			v := float64(sm.n) * min(1, sm.lab.DeltaE(b)/deGood)
			body += v
			if sm.edge {
				edge += v
			}
		}
		p := legParts{body: body / float64(s.count), edge: 1}
		if s.edges > 0 {
			p.edge = edge / float64(s.edges)
		}
		return p, 64
	})
}

// bodyLegibility is the body half of legibility (legibilityParts).
func bodyLegibility(c *derivatives, img image.Image, bg colorx.RGB) float64 {
	return legibilityParts(c, img, bg).body
}

// measureLegibility is legibility without the cache.
func measureLegibility(c *derivatives, img image.Image, bg colorx.RGB) float64 {
	s := legStatsOf(c, img)
	if len(s.samples) == 0 {
		return 0
	}
	b := bg.OKLab()
	var edge, body float64
	for _, sm := range s.samples {
		v := min(1, sm.lab.DeltaE(b)/deGood)
		// Added once per sample, in order: the sums of every sample.
		for range sm.n {
			body += v
			if sm.edge {
				edge += v
			}
		}
	}
	body /= float64(s.count)
	if s.edges == 0 {
		return body
	}
	return legibilityScore(edge/float64(s.edges), body)
}

// legibilityScore combines the edge and body means.
func legibilityScore(edge, body float64) float64 {
	return edgeWeight*edge + (1-edgeWeight)*body
}

// pickLogo chooses between the default logo and the dark-background variant
// for background bg: the more legible, the default on a near tie. Either
// may be nil.
func pickLogo(c *derivatives, def, dark image.Image, bg colorx.RGB) image.Image {
	return pickBy(def, dark, bg, choiceScore(
		func(img image.Image, bg colorx.RGB) float64 { return legibility(c, img, bg) },
		func(img image.Image, bg colorx.RGB) float64 { return bodyLegibility(c, img, bg) }))
}

// choiceScore is the score variant choice weighs: the legibility, held
// below rescueScore for a variant whose body is mostly bg's colour (it
// reads by its rim only), so a variant that stands on bg as a whole
// shape wins over one that needs the halo.
func choiceScore(score, body func(image.Image, colorx.RGB) float64) func(image.Image, colorx.RGB) float64 {
	return func(img image.Image, bg colorx.RGB) float64 {
		v := score(img, bg)
		if body(img, bg) < bodyRescue {
			v = min(v, rescueScore-2*variantTie)
		}
		return v
	}
}

func pickBy(def, dark image.Image, bg colorx.RGB, score func(image.Image, colorx.RGB) float64) image.Image {
	switch {
	case dark == nil:
		return def
	case def == nil:
		return dark
	}
	if score(dark, bg) > score(def, bg)+variantTie {
		return dark
	}
	return def
}

// legKeyBg is a logo's legibility on one background colour, held by a
// render so a banded render measures it once.
type legKeyBg struct {
	id logoID
	bg colorx.RGB
}

// legible is legibility(img, bg), cached and held for the render: a warm
// render measures nothing.
func (p *painter) legible(img image.Image, bg colorx.RGB) float64 {
	if img == nil {
		return 0
	}
	k := legKeyBg{idOf(img), bg}
	v, _ := held(p, k, func() (float64, bool) { return legibility(p.cache, img, bg), true })
	return v
}

// pickLogo is pickLogo with the render's held scores.
func (p *painter) pickLogo(def, dark image.Image, bg colorx.RGB) image.Image {
	return pickBy(def, dark, bg, choiceScore(p.legible, p.bodyLegible))
}

// halo is the rescue outline of a logo that is not legible on its
// background: on is false when none is needed.
type halo struct {
	on bool
	c  colorx.RGB
}

// haloFor returns the halo img needs on bg: none when it is legible there,
// otherwise the halo colour it reads on best.
func (p *painter) haloFor(img image.Image, bg colorx.RGB) halo {
	if img == nil {
		return halo{}
	}
	if lp := p.legParts(img, bg); p.legible(img, bg) >= rescueScore && lp.body >= bodyRescue && lp.edge >= edgeRescue {
		return halo{}
	}
	if p.legible(img, haloLight) >= p.legible(img, haloDark) {
		return halo{true, haloLight}
	}
	return halo{true, haloDark}
}

// legParts is legibilityParts, held for the render.
func (p *painter) legParts(img image.Image, bg colorx.RGB) legParts {
	k := legBodyKey{idOf(img), bg}
	v, _ := held(p, k, func() (legParts, bool) { return legibilityParts(p.cache, img, bg), true })
	return v
}

// bodyLegible is the body half of legibility, held for the render.
func (p *painter) bodyLegible(img image.Image, bg colorx.RGB) float64 {
	return p.legParts(img, bg).body
}

// haloScore is how well img reads with the halo haloFor would give it on
// bg: on bg itself when it needs none, else on the halo's colour (the
// halo is what lies around it).
func (p *painter) haloScore(img image.Image, bg colorx.RGB) float64 {
	h := p.haloFor(img, bg)
	if !h.on {
		return p.legible(img, bg)
	}
	return p.legible(img, h.c)
}

// key packs the halo into a cache-key word.
func (h halo) key() uint32 {
	if !h.on {
		return 0
	}
	return 1<<24 | rgbKey(h.c)
}

// haloMask returns the halo of logo (premultiplied, at its drawn size):
// its alpha dilated by about r pixels with a soft edge, relative to the
// logo's top-left corner (padded by 2r on every side).
func haloMask(logo *image.RGBA, r int) *image.Alpha {
	m := raster.PaddedAlpha(logo, 2*r)
	raster.BoxBlur(m, max(1, r/2))
	// A blur of sigma r/2 falls to a few percent about r outside the
	// silhouette: stretching the low end moves the edge out to there.
	var lut [256]uint8
	for v := range lut {
		lut[v] = uint8(min(255, v*10))
	}
	for i, v := range m.Pix {
		m.Pix[i] = lut[v]
	}
	return m
}

// haloRadius is the halo width for a logo drawn w x h.
func haloRadius(w, h int) int {
	return max(2, int(math.Round(haloShare*float64(max(w, h)))))
}
