package svgx

import (
	"fmt"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"

	"gamethumbs/internal/fonts"
)

// fontProps are the inherited text properties.
type fontProps struct {
	size   float64
	weight int
	anchor string
}

// maxTextRunes bounds the glyphs drawn for one document.
const maxTextRunes = 2000

var (
	faceOnce    sync.Once
	bold, black *sfnt.Font
)

func faces() (*sfnt.Font, *sfnt.Font) {
	faceOnce.Do(func() {
		bold, _ = sfnt.Parse(fonts.Bold)
		black, _ = sfnt.Parse(fonts.Black)
	})
	return bold, black
}

// textToPaths replaces every <text> by a <g> of glyph outlines drawn with
// the embedded Roboto (Black for weights from 800, Bold otherwise: the
// service embeds no regular weight), keeping the text's paint attributes.
// Positions follow x, y, text-anchor and the font size; the characters of
// <tspan> children join the text.
func textToPaths(root *node, inherited fontProps) {
	runes := 0
	var visit func(n *node, fp fontProps)
	visit = func(n *node, fp fontProps) {
		fp = fontOf(n, fp)
		for i, c := range n.children {
			if c.name == "text" {
				n.children[i] = textPaths(c, fontOf(c, fp), &runes)
				continue
			}
			visit(c, fp)
		}
	}
	visit(root, inherited)
}

// fontOf applies the element's font properties to the inherited ones.
func fontOf(n *node, fp fontProps) fontProps {
	if v := prop(n, "font-size"); v != "" {
		if f := num(v); f > 0 && f < 10000 {
			fp.size = f
		}
	}
	switch w := strings.ToLower(prop(n, "font-weight")); w {
	case "":
	case "bold", "bolder":
		fp.weight = 700
	case "normal", "lighter":
		fp.weight = 400
	default:
		if n, err := strconv.Atoi(w); err == nil {
			fp.weight = n
		}
	}
	if shorthand := prop(n, "font"); shorthand != "" {
		for _, f := range strings.Fields(shorthand) {
			if strings.HasSuffix(f, "px") {
				fp.size = num(f)
			} else if f == "bold" {
				fp.weight = 700
			} else if n, err := strconv.Atoi(f); err == nil {
				fp.weight = n
			}
		}
	}
	if a := prop(n, "text-anchor"); a != "" {
		fp.anchor = a
	}
	return fp
}

// textPaths draws one <text> element as a group of paths.
func textPaths(t *node, fp fontProps, runes *int) *node {
	g := &node{name: "g"}
	for _, a := range t.attrs {
		switch a.Name.Local {
		case "x", "y", "dx", "dy", "font-size", "font-family", "font-weight", "font", "text-anchor",
			"letter-spacing", "dominant-baseline", "lengthAdjust", "textLength":
		default:
			g.attrs = append(g.attrs, a)
		}
	}
	content := t.text
	x, y := num(t.attr("x"))+num(t.attr("dx")), num(t.attr("y"))+num(t.attr("dy"))
	for _, c := range t.children {
		if c.name == "tspan" {
			content += c.text
		}
	}
	content = strings.Join(strings.Fields(content), " ")
	bold, black := faces()
	f := bold
	if fp.weight >= 800 {
		f = black
	}
	if f == nil || content == "" || fp.size <= 0 {
		return g
	}
	var buf sfnt.Buffer
	upem := float64(f.UnitsPerEm())
	ppem := fixed.Int26_6(f.UnitsPerEm()) << 6 // outlines in font units
	scale := fp.size / upem

	type glyph struct {
		idx sfnt.GlyphIndex
		x   float64 // font units from the start
	}
	var glyphs []glyph
	adv := 0.0
	prev := sfnt.GlyphIndex(0)
	for _, r := range content {
		if *runes >= maxTextRunes {
			break
		}
		*runes++
		idx, err := f.GlyphIndex(&buf, r)
		if err != nil {
			continue
		}
		if prev != 0 {
			if k, err := f.Kern(&buf, prev, idx, ppem, font.HintingNone); err == nil {
				adv += float64(k) / 64
			}
		}
		glyphs = append(glyphs, glyph{idx, adv})
		a, err := f.GlyphAdvance(&buf, idx, ppem, font.HintingNone)
		if err == nil {
			adv += float64(a) / 64
		}
		prev = idx
	}
	switch fp.anchor {
	case "middle":
		x -= adv * scale / 2
	case "end":
		x -= adv * scale
	}
	var d strings.Builder
	pt := func(p fixed.Point26_6, gx float64) string {
		return fmt.Sprintf("%.3f %.3f", x+(gx+float64(p.X)/64)*scale, y+float64(p.Y)/64*scale)
	}
	for _, gl := range glyphs {
		segs, err := f.LoadGlyph(&buf, gl.idx, ppem, nil)
		if err != nil {
			continue
		}
		for _, s := range segs {
			switch s.Op {
			case sfnt.SegmentOpMoveTo:
				if d.Len() > 0 {
					d.WriteString("Z")
				}
				d.WriteString("M" + pt(s.Args[0], gl.x))
			case sfnt.SegmentOpLineTo:
				d.WriteString("L" + pt(s.Args[0], gl.x))
			case sfnt.SegmentOpQuadTo:
				d.WriteString("Q" + pt(s.Args[0], gl.x) + " " + pt(s.Args[1], gl.x))
			case sfnt.SegmentOpCubeTo:
				d.WriteString("C" + pt(s.Args[0], gl.x) + " " + pt(s.Args[1], gl.x) + " " + pt(s.Args[2], gl.x))
			}
		}
	}
	if d.Len() > 0 {
		d.WriteString("Z")
	}
	p := &node{name: "path"}
	p.setAttr("d", d.String())
	g.children = []*node{p}
	return g
}
