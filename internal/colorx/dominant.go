package colorx

import (
	"cmp"
	"image"
	"slices"
)

// Defaults used when a logo yields no colour (nil, blank or fully
// transparent image): the reference's dark navy pair.
var (
	DefaultPrimary   = RGB{0x1a, 0x1d, 0x2e}
	DefaultAlternate = RGB{0x0f, 0x14, 0x19}
)

const (
	sampleSide        = 64   // images are sampled on at most a 64x64 grid
	minAlpha          = 32   // pixels with less alpha are ignored
	mergeDist         = 60   // buckets closer than this (Distance) form one colour
	saturatedMin      = 0.2  // Saturation at which a colour counts as "not neutral"
	saturatedMinShare = 0.04 // a saturated colour needs this share of the weight to lead
)

// cluster accumulates alpha-weighted channel sums of similar pixels.
type cluster struct {
	r, g, b, w float64
}

// heavierFirst orders clusters by weight, heaviest first.
func heavierFirst(p, q cluster) int { return cmp.Compare(q.w, p.w) }

func (c *cluster) mean() RGB {
	return RGB{Clamp8(c.r / c.w), Clamp8(c.g / c.w), Clamp8(c.b / c.w)}
}

// Dominant returns up to n colours that dominate img, most important first.
//
// The image is sampled on a grid of at most 64x64 points. Pixels with alpha
// below 32/255 are skipped; the others are weighted by their alpha and
// counted in buckets of 8 levels per channel. Every bucket keeps the exact
// weighted mean of its pixels, so a pure #ff0000 logo yields #ff0000 (the
// reference's quantiser rounded 255 up to 260 and overflowed). Buckets whose
// means are within Distance 60 of a heavier colour are merged into it, which
// folds anti-aliased edges into their fill.
//
// Order: saturated colours (Saturation >= 0.2) holding at least 4 % of the
// weight come first, heaviest first; neutral colours (white, black, greys)
// and minor saturated ones follow by weight. A white-and-red logo thus gives
// red, then white; an all-white logo gives white. It returns nil for a nil
// image, n < 1 or an image without visible pixels.
func Dominant(img image.Image, n int) []RGB {
	cs := clusters(img)
	if len(cs) == 0 || n < 1 {
		return nil
	}
	var total float64
	for _, c := range cs {
		total += c.w
	}
	out := make([]RGB, 0, min(n, len(cs)))
	used := make([]bool, len(cs))
	for i, c := range cs {
		if len(out) == n {
			break
		}
		if c.w >= saturatedMinShare*total && Saturation(c.mean()) >= saturatedMin {
			out = append(out, c.mean())
			used[i] = true
		}
	}
	for i, c := range cs {
		if len(out) == n {
			break
		}
		if !used[i] {
			out = append(out, c.mean())
		}
	}
	return out
}

// clusters samples img and returns its merged colour clusters, heaviest first.
func clusters(img image.Image) []cluster {
	if img == nil {
		return nil
	}
	b := img.Bounds()
	if b.Empty() {
		return nil
	}
	stepX := max(1, (b.Dx()+sampleSide-1)/sampleSide)
	stepY := max(1, (b.Dy()+sampleSide-1)/sampleSide)
	var buckets [32 * 32 * 32]int32 // index+1 into list; 0 = unused
	list := make([]cluster, 0, 64)
	add := func(r, g, bl, a uint8) {
		if a < minAlpha {
			return
		}
		w := float64(a) / 255
		k := int(r>>3)<<10 | int(g>>3)<<5 | int(bl>>3)
		if buckets[k] == 0 {
			list = append(list, cluster{})
			buckets[k] = int32(len(list))
		}
		c := &list[buckets[k]-1]
		c.r += w * float64(r)
		c.g += w * float64(g)
		c.b += w * float64(bl)
		c.w += w
	}
	for y := b.Min.Y + stepY/2; y < b.Max.Y; y += stepY {
		for x := b.Min.X + stepX/2; x < b.Max.X; x += stepX {
			r, g, bl, a := nrgbaAt(img, x, y)
			add(r, g, bl, a)
		}
	}
	slices.SortStableFunc(list, heavierFirst)
	// Bound the work on noisy images: only the 512 heaviest buckets are
	// clustered, into at most 64 colours.
	merged := make([]cluster, 0, 16)
	for _, c := range list[:min(len(list), 512)] {
		m := c.mean()
		joined := false
		for i := range merged {
			if Distance(merged[i].mean(), m) < mergeDist {
				merged[i].r += c.r
				merged[i].g += c.g
				merged[i].b += c.b
				merged[i].w += c.w
				joined = true
				break
			}
		}
		if !joined && len(merged) < 64 {
			merged = append(merged, c)
		}
	}
	slices.SortStableFunc(merged, heavierFirst)
	return merged
}

// nrgbaAt returns the non-premultiplied 8-bit colour at (x, y), with fast
// paths for the common decoded types.
func nrgbaAt(img image.Image, x, y int) (r, g, b, a uint8) {
	switch m := img.(type) {
	case *image.NRGBA:
		i := m.PixOffset(x, y)
		p := m.Pix[i : i+4 : i+4]
		return p[0], p[1], p[2], p[3]
	case *image.RGBA:
		i := m.PixOffset(x, y)
		p := m.Pix[i : i+4 : i+4]
		return unpremul(p[0], p[3]), unpremul(p[1], p[3]), unpremul(p[2], p[3]), p[3]
	}
	r32, g32, b32, a32 := img.At(x, y).RGBA()
	if a32 == 0 {
		return 0, 0, 0, 0
	}
	return uint8(r32 * 0xffff / a32 >> 8), uint8(g32 * 0xffff / a32 >> 8), uint8(b32 * 0xffff / a32 >> 8), uint8(a32 >> 8)
}

func unpremul(c, a uint8) uint8 {
	if a == 0 {
		return 0
	}
	if a == 255 {
		return c
	}
	return uint8(min(255, (uint32(c)*255+uint32(a)/2)/uint32(a)))
}

// TeamColors derives a team's primary and alternate colours from its logo,
// for providers that give none. The primary is the first Dominant colour;
// the alternate is the second one, or, for a one-colour logo, the primary
// darkened (light colours) or lightened (dark colours) by 35 %. A logo
// without visible pixels gives DefaultPrimary and DefaultAlternate.
func TeamColors(img image.Image) (primary, alternate RGB) {
	d := Dominant(img, 2)
	switch len(d) {
	case 0:
		return DefaultPrimary, DefaultAlternate
	case 1:
		if d[0].IsDark() {
			return d[0], Lighten(d[0], 0.35)
		}
		return d[0], Darken(d[0], 0.35)
	}
	return d[0], d[1]
}

// Accent returns the most prominent saturated colour of img (Saturation >=
// 0.2 and at least 4 % of the visible weight), and false when the logo is
// neutral (black, white, greys) or blank.
func Accent(img image.Image) (RGB, bool) {
	cs := clusters(img)
	var total float64
	for _, c := range cs {
		total += c.w
	}
	for _, c := range cs {
		if c.w >= saturatedMinShare*total && Saturation(c.mean()) >= saturatedMin {
			return c.mean(), true
		}
	}
	return RGB{}, false
}

// Mood is a dark background colour tinted by a league logo: DefaultPrimary
// mixed with 20 % of the logo's Accent colour, or DefaultPrimary itself for
// a neutral or blank logo. Text and light logos read well on it.
func Mood(img image.Image) RGB {
	if a, ok := Accent(img); ok {
		return Mix(DefaultPrimary, a, 0.2)
	}
	return DefaultPrimary
}
