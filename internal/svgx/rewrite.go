package svgx

import (
	"encoding/xml"
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// Layer is one drawing pass: draw Doc, multiply its alpha by the alpha of
// every Clips document drawn the same way (each a clip region painted
// opaque) and by the luminance of every Masks document (each a <mask>'s
// content, drawn in its colours: white keeps, black hides, grey half),
// and composite the result over the layers before it.
type Layer struct {
	Doc   []byte
	Clips [][]byte
	Masks [][]byte
}

// maxLayers bounds the drawing passes of one document; clip-paths past
// it are ignored (their content is drawn unclipped).
const maxLayers = 8

// Rewrite returns the layers that draw data. A document without
// clip-path is one layer.
func Rewrite(data []byte) ([]Layer, error) {
	root, err := parse(data)
	if err != nil {
		return nil, err
	}
	count := 0
	expandUses(root, ids(root), &count, 0)
	roundRects(root)
	fixTransforms(root)
	textToPaths(root, fontProps{size: 16, weight: 400, anchor: "start"})
	fillPatterns(root, &count)
	return layers(root), nil
}

// expandUses replaces every <use> by a <g> holding a copy of what it
// references, translated by x, y; depth bounds references to uses.
func expandUses(n *node, byID map[string]*node, count *int, depth int) {
	for i, c := range n.children {
		if c.name == "use" && depth < 8 && *count < maxNodes {
			ref := byID[refID(c.attr("href"))]
			g := &node{name: "g"}
			for _, a := range c.attrs {
				switch a.Name.Local {
				case "x", "y", "width", "height", "href", "transform":
				default:
					g.attrs = append(g.attrs, a)
				}
			}
			t := c.attr("transform")
			x, y := num(c.attr("x")), num(c.attr("y"))
			if x != 0 || y != 0 {
				t += fmt.Sprintf(" translate(%g %g)", x, y)
			}
			if t = strings.TrimSpace(t); t != "" {
				g.setAttr("transform", t)
			}
			if ref != nil && ref != c {
				cp := ref.clone(count)
				cp.delAttr("id")
				if cp.name == "symbol" {
					cp.name = "g"
					cp.delAttr("viewBox", "x", "y", "width", "height")
				}
				g.children = []*node{cp}
				expandUses(g, byID, count, depth+1)
			}
			n.children[i] = g
			continue
		}
		expandUses(c, byID, count, depth)
	}
}

// roundRects turns rectangles with rx or ry into paths with arcs.
func roundRects(root *node) {
	walk(root, func(_, n *node) {
		if n.name != "rect" {
			return
		}
		rxs, rys := n.attr("rx"), n.attr("ry")
		if rxs == "" && rys == "" {
			return
		}
		x, y, w, h := num(n.attr("x")), num(n.attr("y")), num(n.attr("width")), num(n.attr("height"))
		rx, ry := num(rxs), num(rys)
		if rxs == "" || rxs == "auto" {
			rx = ry
		}
		if rys == "" || rys == "auto" {
			ry = rx
		}
		rx, ry = min(max(rx, 0), w/2), min(max(ry, 0), h/2)
		if w <= 0 || h <= 0 || rx == 0 || ry == 0 {
			return
		}
		n.name = "path"
		n.delAttr("x", "y", "width", "height", "rx", "ry")
		n.setAttr("d", fmt.Sprintf("M%g %gH%gA%g %g 0 0 1 %g %gV%gA%g %g 0 0 1 %g %gH%gA%g %g 0 0 1 %g %gV%gA%g %g 0 0 1 %g %gZ",
			x+rx, y, x+w-rx, rx, ry, x+w, y+ry, y+h-ry, rx, ry, x+w-rx, y+h, x+rx, rx, ry, x, y+h-ry, y+ry, rx, ry, x+rx, y))
	})
}

// num reads a number, ignoring a "px" unit; anything else is 0.
func num(s string) float64 {
	s = strings.TrimSuffix(strings.TrimSpace(s), "px")
	if i := strings.IndexAny(s, " ,"); i >= 0 {
		s = s[:i] // the first of a list (x="10 20" on text)
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return 0
	}
	return f
}

// nonRendering elements hold definitions; nothing in them is drawn where
// it stands.
var nonRendering = map[string]bool{
	"defs": true, "clipPath": true, "mask": true, "linearGradient": true, "radialGradient": true,
	"pattern": true, "symbol": true, "marker": true, "filter": true, "style": true, "title": true,
	"desc": true, "metadata": true,
}

// clipRef is one clip-path or mask in force: the element carrying it,
// with its ancestors (for their transforms), and the clipPath or mask
// element.
type clipRef struct {
	chain []*node // ancestors of the clipped element (root first), then the element
	clip  *node
	mask  bool
}

// layers splits the drawing at clip-path boundaries.
func layers(root *node) []Layer {
	byID := ids(root)
	type leaf struct {
		n     *node
		clips []clipRef
		key   string
	}
	var leaves []leaf
	var visit func(n *node, chain []*node, clips []clipRef)
	visit = func(n *node, chain []*node, clips []clipRef) {
		chain = append(chain[:len(chain):len(chain)], n)
		if id := refID(prop(n, "clip-path")); id != "" && n != root {
			if c := byID[id]; c != nil && c.name == "clipPath" {
				clips = append(clips[:len(clips):len(clips)], clipRef{chain: chain, clip: c})
			}
		}
		// A mask whose content is in bounding-box units is left out (drawn
		// unmasked): the rewrite does not know the element's bounds.
		if id := refID(prop(n, "mask")); id != "" && n != root {
			if c := byID[id]; c != nil && c.name == "mask" && c.attr("maskContentUnits") != "objectBoundingBox" {
				clips = append(clips[:len(clips):len(clips)], clipRef{chain: chain, clip: c, mask: true})
			}
		}
		if len(n.children) == 0 || n.name == "text" {
			key := ""
			for _, c := range clips {
				key += fmt.Sprintf("%p/", c.chain[len(c.chain)-1])
			}
			leaves = append(leaves, leaf{n, clips, key})
			return
		}
		for _, c := range n.children {
			if !nonRendering[c.name] {
				visit(c, chain, clips)
			}
		}
	}
	for _, c := range root.children {
		if !nonRendering[c.name] {
			visit(c, []*node{root}, nil)
		}
	}
	clipped := false
	for _, l := range leaves {
		clipped = clipped || len(l.clips) > 0
	}
	if !clipped {
		return []Layer{{Doc: serialise(root)}}
	}
	// Runs of leaves with the same clips, in document order.
	var runs [][]leaf
	for _, l := range leaves {
		if len(runs) > 0 && runs[len(runs)-1][0].key == l.key && len(runs) <= maxLayers {
			runs[len(runs)-1] = append(runs[len(runs)-1], l)
			continue
		}
		if len(runs) == maxLayers { // past the bound: the rest unclipped, together
			l.clips, l.key = nil, "rest"
			runs[len(runs)-1] = append(runs[len(runs)-1], l)
			continue
		}
		runs = append(runs, []leaf{l})
	}
	out := make([]Layer, 0, len(runs))
	for _, run := range runs {
		keep := map[*node]bool{}
		for _, l := range run {
			keep[l.n] = true
		}
		doc := prune(root, keep)
		var l Layer
		for _, c := range run[0].clips {
			if c.mask {
				l.Masks = append(l.Masks, clipDoc(root, c))
			} else {
				l.Clips = append(l.Clips, clipDoc(root, c))
			}
		}
		l.Doc = serialise(doc)
		out = append(out, l)
	}
	return out
}

// prune copies the document keeping only the drawable leaves in keep
// (definitions stay), without clip-path attributes.
func prune(n *node, keep map[*node]bool) *node {
	c := &node{name: n.name, text: n.text, attrs: append([]xml.Attr(nil), n.attrs...)}
	c.delAttr("clip-path", "mask")
	for _, ch := range n.children {
		switch {
		case nonRendering[ch.name]:
			c.children = append(c.children, ch)
		case len(ch.children) == 0 || ch.name == "text":
			if keep[ch] {
				c.children = append(c.children, ch)
			}
		default:
			if p := prune(ch, keep); len(p.children) > 0 {
				c.children = append(c.children, p)
			}
		}
	}
	return c
}

// clipDoc is a document that paints the clip region of c opaque (the
// clipPath's shapes) or the content of a mask as it is, with the
// document's gradients, in the user space of the clipped element.
func clipDoc(root *node, c clipRef) []byte {
	doc := &node{name: "svg"}
	for _, a := range root.attrs {
		switch a.Name.Local {
		case "viewBox", "width", "height", "preserveAspectRatio":
			doc.attrs = append(doc.attrs, a)
		}
	}
	parent := doc
	for _, n := range c.chain[1:] {
		g := &node{name: "g"}
		if t := n.attr("transform"); t != "" {
			g.setAttr("transform", t)
		}
		parent.children = append(parent.children, g)
		parent = g
	}
	if t := c.clip.attr("transform"); t != "" {
		g := &node{name: "g"}
		g.setAttr("transform", t)
		parent.children = append(parent.children, g)
		parent = g
	}
	count := 0
	if c.mask {
		defs := &node{name: "defs"}
		walk(root, func(_, n *node) {
			if n.name == "linearGradient" || n.name == "radialGradient" {
				defs.children = append(defs.children, n)
			}
		})
		doc.children = append([]*node{defs}, doc.children...)
	}
	for _, ch := range c.clip.children {
		s := ch.clone(&count)
		if !c.mask {
			paintOpaque(s)
		}
		parent.children = append(parent.children, s)
	}
	return serialise(doc)
}

// paintOpaque makes a clip shape opaque black, without stroke.
func paintOpaque(n *node) {
	n.delAttr("fill", "stroke", "opacity", "fill-opacity", "style", "clip-path")
	n.setAttr("fill", "#000")
	for _, c := range n.children {
		paintOpaque(c)
	}
}

// scaleOne matches scale() with one factor, which oksvg reads as a scale
// of x alone (y by 0, so the drawing vanishes).
var scaleOne = regexp.MustCompile(`scale\(\s*([-+0-9.eE]+)\s*\)`)

// fixTransforms writes scale(s) as scale(s s) in every transform.
func fixTransforms(root *node) {
	fix := func(n *node) {
		for i, a := range n.attrs {
			switch a.Name.Local {
			case "transform", "gradientTransform", "patternTransform":
				n.attrs[i].Value = scaleOne.ReplaceAllString(a.Value, "scale($1 $1)")
			}
		}
	}
	fix(root)
	walk(root, func(_, n *node) { fix(n) })
}
