package render

import (
	"image"
	"image/draw"
	"math"
	"strings"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"

	"gamethumbs/internal/fonts"
	"gamethumbs/internal/raster"
)

// Embedded fonts (Apache-2.0, see internal/fonts/README.md).
var (
	boldTTF  = fonts.Bold
	blackTTF = fonts.Black
)

type fontID uint8

const (
	fontBold  fontID = iota // badges, overlay titles
	fontBlack               // weight 900: "VS", team names
)

// typeface is a parsed font plus a cache of advances in font units, which
// scale linearly with the size (no hinting), so one cache serves all sizes.
type typeface struct {
	f               *sfnt.Font
	upem            float64
	ascent, descent float64 // font units, both positive
	mu              sync.RWMutex
	glyph           map[rune]glyphInfo
}

type glyphInfo struct {
	idx sfnt.GlyphIndex
	adv float64 // font units
}

var (
	facesOnce sync.Once
	faces     [2]*typeface
)

var bufPool = sync.Pool{New: func() any { return new(sfnt.Buffer) }}

func face(id fontID) *typeface {
	facesOnce.Do(func() {
		for i, data := range [][]byte{boldTTF, blackTTF} {
			f, err := sfnt.Parse(data)
			if err != nil {
				panic("render: embedded font: " + err.Error()) // covered by tests
			}
			upem := float64(f.UnitsPerEm())
			b := new(sfnt.Buffer)
			m, err := f.Metrics(b, fixed.I(int(upem)), font.HintingNone)
			if err != nil {
				panic("render: embedded font metrics: " + err.Error())
			}
			faces[i] = &typeface{f: f, upem: upem,
				ascent: float64(m.Ascent) / 64, descent: float64(m.Descent) / 64,
				glyph: map[rune]glyphInfo{}}
		}
	})
	return faces[id]
}

func (t *typeface) info(b *sfnt.Buffer, r rune) glyphInfo {
	t.mu.RLock()
	g, ok := t.glyph[r]
	t.mu.RUnlock()
	if ok {
		return g
	}
	idx, _ := t.f.GlyphIndex(b, r) // 0 (.notdef) when missing
	adv, _ := t.f.GlyphAdvance(b, idx, fixed.I(int(t.upem)), font.HintingNone)
	g = glyphInfo{idx, float64(adv) / 64}
	t.mu.Lock()
	if len(t.glyph) < 4096 {
		t.glyph[r] = g
	}
	t.mu.Unlock()
	return g
}

// width measures s at size px.
func (t *typeface) width(s string, size float64) float64 {
	b := bufPool.Get().(*sfnt.Buffer)
	defer bufPool.Put(b)
	var w float64
	var prev sfnt.GlyphIndex
	for i, r := range s {
		g := t.info(b, r)
		if i > 0 {
			if k, err := t.f.Kern(b, prev, g.idx, fixed.I(int(t.upem)), font.HintingNone); err == nil {
				w += float64(k) / 64
			}
		}
		w += g.adv
		prev = g.idx
	}
	return w * size / t.upem
}

// textBlock is laid-out text: lines centred on each other.
type textBlock struct {
	font  fontID
	size  float64 // px
	lines []string
	lineH float64 // px between baselines
	width float64 // widest line, px
}

func (tb textBlock) height() float64 { return float64(len(tb.lines)) * tb.lineH }

// wrap breaks text at spaces so lines fit maxW at size (greedy). A word
// wider than maxW gets a line of its own; words are never split.
func wrap(t *typeface, words []string, size, maxW float64) ([]string, float64) {
	var lines []string
	var widest float64
	cur, curW := "", 0.0
	for _, w := range words {
		if cur != "" {
			cand := cur + " " + w
			if cw := t.width(cand, size); cw <= maxW {
				cur, curW = cand, cw
				continue
			}
			lines = append(lines, cur)
			widest = max(widest, curW)
		}
		cur, curW = w, t.width(w, size)
	}
	if cur != "" {
		lines = append(lines, cur)
		widest = max(widest, curW)
	}
	return lines, widest
}

// fitText lays out text in font id so that it fits a maxW x maxH box in at
// most maxLines lines, starting at size start and shrinking by 5 % steps.
// Text is never clipped: it shrinks (below any nominal minimum if needed)
// until it fits, down to 1 px. lineFactor is the line height over the size.
func fitText(id fontID, text string, maxW, maxH, start float64, maxLines int, lineFactor float64) textBlock {
	t := face(id)
	words := strings.Fields(text)
	tb := textBlock{font: id}
	if len(words) == 0 {
		return tb
	}
	for size := start; ; size *= 0.95 {
		lines, widest := wrap(t, words, size, maxW)
		tb = textBlock{id, size, lines, size * lineFactor, widest}
		if (widest <= maxW && len(lines) <= maxLines && tb.height() <= maxH) || size < 1 {
			return tb
		}
	}
}

// textKey identifies a rasterised text block in the cache.
type textKey struct {
	font        fontID
	size, lineH int32 // 1/64 px
	text        string
	blur        int
}

// textMask is a rasterised block: mask Rect is the ink bounds in block
// coordinates, whose origin is the block box's top-left corner.
type textMask struct {
	mask *image.Alpha
	w, h float64
}

// rasterText renders tb (white coverage), cached.
func rasterText(c *derivatives, tb textBlock) *textMask {
	key := textKey{tb.font, int32(tb.size * 64), int32(tb.lineH * 64), strings.Join(tb.lines, "\n"), 0}
	return memo(c, nil, key, func() (*textMask, int64) {
		tm := rasterTextNow(tb)
		return tm, int64(len(tm.mask.Pix)) + 128
	})
}

// blurredText is rasterText's mask blurred with radius r, for shadows.
func blurredText(c *derivatives, tb textBlock, r int) *image.Alpha {
	key := textKey{tb.font, int32(tb.size * 64), int32(tb.lineH * 64), strings.Join(tb.lines, "\n"), r}
	return memo(c, nil, key, func() (*image.Alpha, int64) {
		src := rasterText(c, tb).mask
		m := image.NewAlpha(src.Rect.Inset(-3 * r))
		draw.Draw(m, src.Rect, src, src.Rect.Min, draw.Src)
		raster.BoxBlur(m, r)
		return m, int64(len(m.Pix))
	})
}

func rasterTextNow(tb textBlock) *textMask {
	t := face(tb.font)
	b := new(sfnt.Buffer)
	ppem := fixed.Int26_6(math.Round(tb.size * 64))
	scale := tb.size / t.upem
	asc, desc := t.ascent*scale, t.descent*scale
	type seg struct {
		op  sfnt.SegmentOp
		pts [3][2]float32
	}
	var segs []seg
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for li, line := range tb.lines {
		lw := t.width(line, tb.size)
		x := (tb.width - lw) / 2
		baseline := float64(li)*tb.lineH + (tb.lineH-(asc+desc))/2 + asc
		var prev sfnt.GlyphIndex
		for i, r := range line {
			g := t.info(b, r)
			if i > 0 {
				if k, err := t.f.Kern(b, prev, g.idx, fixed.I(int(t.upem)), font.HintingNone); err == nil {
					x += float64(k) / 64 * scale
				}
			}
			ss, err := t.f.LoadGlyph(b, g.idx, ppem, nil)
			if err == nil {
				for _, s := range ss {
					var q seg
					q.op = s.Op
					for k := range 3 {
						px := x + float64(s.Args[k].X)/64
						py := baseline + float64(s.Args[k].Y)/64
						q.pts[k] = [2]float32{float32(px), float32(py)}
						n := 1
						switch s.Op {
						case sfnt.SegmentOpQuadTo:
							n = 2
						case sfnt.SegmentOpCubeTo:
							n = 3
						}
						if k < n {
							minX, maxX = min(minX, px), max(maxX, px)
							minY, maxY = min(minY, py), max(maxY, py)
						}
					}
					segs = append(segs, q)
				}
			}
			x += g.adv * scale
			prev = g.idx
		}
	}
	tm := &textMask{w: tb.width, h: tb.height()}
	if len(segs) == 0 {
		tm.mask = image.NewAlpha(image.Rect(0, 0, 0, 0))
		return tm
	}
	r := image.Rect(int(math.Floor(minX)), int(math.Floor(minY)), int(math.Ceil(maxX))+1, int(math.Ceil(maxY))+1)
	z := vector.NewRasterizer(r.Dx(), r.Dy())
	ox, oy := float32(r.Min.X), float32(r.Min.Y)
	for i, s := range segs {
		p := s.pts
		switch s.op {
		case sfnt.SegmentOpMoveTo:
			if i > 0 {
				z.ClosePath()
			}
			z.MoveTo(p[0][0]-ox, p[0][1]-oy)
		case sfnt.SegmentOpLineTo:
			z.LineTo(p[0][0]-ox, p[0][1]-oy)
		case sfnt.SegmentOpQuadTo:
			z.QuadTo(p[0][0]-ox, p[0][1]-oy, p[1][0]-ox, p[1][1]-oy)
		case sfnt.SegmentOpCubeTo:
			z.CubeTo(p[0][0]-ox, p[0][1]-oy, p[1][0]-ox, p[1][1]-oy, p[2][0]-ox, p[2][1]-oy)
		}
	}
	z.ClosePath()
	m := image.NewAlpha(r)
	z.DrawOp = draw.Src
	z.Draw(m, r, image.Opaque, image.Point{})
	tm.mask = m
	return tm
}
