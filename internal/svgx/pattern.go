package svgx

import (
	"encoding/xml"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// maxTiles bounds the copies of one pattern's tile; a finer pattern is
// drawn in its average colour instead.
const maxTiles = 400

// fillPatterns rewrites shapes filled with a <pattern> (which the
// rasteriser cannot paint): the pattern's tile is repeated over the
// shape's bounds inside a group clipped by the shape, and the shape itself
// stays for its stroke. Where that is not possible (a pattern in
// bounding-box units or with a transform or viewBox, a shape whose bounds
// are unknown, too many tiles) the shape is filled with the tile's
// average colour, which is what a fine pattern looks like from afar.
func fillPatterns(root *node, count *int) {
	byID := ids(root)
	defs := &node{name: "defs"}
	n := 0
	var visit func(parent *node)
	visit = func(parent *node) {
		for i, c := range parent.children {
			if nonRendering[c.name] {
				continue
			}
			visit(c)
			pat := byID[refID(prop(c, "fill"))]
			if pat == nil || pat.name != "pattern" {
				if p := byID[refID(prop(c, "stroke"))]; p != nil && p.name == "pattern" {
					setProp(c, "stroke", averageColour(patternTile(p, byID)))
				}
				continue
			}
			tile := patternTile(pat, byID)
			g := tiled(c, tile, count)
			if g == nil || *count > maxNodes {
				setProp(c, "fill", averageColour(tile))
				continue
			}
			n++
			id := fmt.Sprintf("gamethumbs-pattern-%d", n)
			shape := c.clone(count)
			shape.delAttr("transform", "id", "clip-path", "mask", "style", "stroke", "fill")
			clip := &node{name: "clipPath", children: []*node{shape}}
			clip.setAttr("id", id)
			defs.children = append(defs.children, clip)
			g.setAttr("clip-path", "url(#"+id+")")
			outer := &node{name: "g", children: []*node{g}}
			if t := c.attr("transform"); t != "" {
				outer.setAttr("transform", t)
			}
			if s := prop(c, "stroke"); s != "" && s != "none" {
				stroke := c.clone(count)
				stroke.delAttr("transform", "id")
				setProp(stroke, "fill", "none")
				outer.children = append(outer.children, stroke)
			}
			parent.children[i] = outer
		}
	}
	visit(root)
	if len(defs.children) > 0 {
		root.children = append([]*node{defs}, root.children...)
	}
}

// patternTile returns the pattern whose attributes and children define
// the tile: pat, or the pattern it inherits them from (href, one level).
func patternTile(pat *node, byID map[string]*node) *node {
	if len(pat.children) == 0 {
		if p := byID[refID(pat.attr("href"))]; p != nil && p.name == "pattern" && p != pat {
			return &node{name: "pattern", attrs: append(append([]xml.Attr(nil), pat.attrs...), p.attrs...), children: p.children}
		}
	}
	return pat
}

// tiled returns a group holding copies of the tile covering the bounds
// of shape, or nil when the tile cannot be laid in the shape's user
// space.
func tiled(shape, tile *node, count *int) *node {
	if tile.attr("patternUnits") != "userSpaceOnUse" || tile.attr("patternTransform") != "" ||
		tile.attr("viewBox") != "" || tile.attr("patternContentUnits") == "objectBoundingBox" {
		return nil
	}
	x0, y0, tw, th := num(tile.attr("x")), num(tile.attr("y")), num(tile.attr("width")), num(tile.attr("height"))
	bx, by, bw, bh, ok := bounds(shape)
	if !ok || tw <= 0 || th <= 0 || bw <= 0 || bh <= 0 {
		return nil
	}
	i0, i1 := math.Floor((bx-x0)/tw), math.Ceil((bx+bw-x0)/tw)
	j0, j1 := math.Floor((by-y0)/th), math.Ceil((by+bh-y0)/th)
	if tiles := (i1 - i0) * (j1 - j0); tiles > maxTiles || tiles*float64(len(tile.children)+1) > float64(maxNodes-*count) {
		return nil
	}
	g := &node{name: "g"}
	for j := j0; j < j1; j++ {
		for i := i0; i < i1; i++ {
			t := &node{name: "g"}
			t.setAttr("transform", fmt.Sprintf("translate(%g %g)", x0+i*tw, y0+j*th))
			for _, ch := range tile.children {
				if !nonRendering[ch.name] {
					t.children = append(t.children, ch.clone(count))
				}
			}
			g.children = append(g.children, t)
		}
	}
	return g
}

// bounds is the bounding box of a basic shape in its own user space
// (before its transform): rect, circle, ellipse, or a polygon, polyline
// or path whose coordinates are all absolute.
func bounds(n *node) (x, y, w, h float64, ok bool) {
	switch n.name {
	case "rect":
		return num(n.attr("x")), num(n.attr("y")), num(n.attr("width")), num(n.attr("height")), true
	case "circle":
		r := num(n.attr("r"))
		return num(n.attr("cx")) - r, num(n.attr("cy")) - r, 2 * r, 2 * r, r > 0
	case "ellipse":
		rx, ry := num(n.attr("rx")), num(n.attr("ry"))
		return num(n.attr("cx")) - rx, num(n.attr("cy")) - ry, 2 * rx, 2 * ry, rx > 0 && ry > 0
	case "polygon", "polyline":
		return pointBounds(n.attr("points"))
	case "path":
		d := n.attr("d")
		// Relative commands, arcs (whose numbers are radii and flags)
		// and H/V (one coordinate each) would need a real path parser.
		if strings.ContainsAny(d, "mlhvcsqtazAHV") {
			return 0, 0, 0, 0, false
		}
		return pointBounds(d)
	}
	return 0, 0, 0, 0, false
}

// pointBounds is the bounding box of the x,y pairs in s (command letters
// are separators).
func pointBounds(s string) (x, y, w, h float64, ok bool) {
	f := strings.FieldsFunc(s, func(r rune) bool {
		return !(r >= '0' && r <= '9' || r == '.' || r == '-' || r == '+' || r == 'e' || r == 'E')
	})
	if len(f) < 2 || len(f)%2 != 0 {
		return 0, 0, 0, 0, false
	}
	x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for i := 0; i+1 < len(f); i += 2 {
		px, err1 := strconv.ParseFloat(f[i], 64)
		py, err2 := strconv.ParseFloat(f[i+1], 64)
		if err1 != nil || err2 != nil {
			return 0, 0, 0, 0, false
		}
		x0, y0, x1, y1 = min(x0, px), min(y0, py), max(x1, px), max(y1, py)
	}
	return x0, y0, x1 - x0, y1 - y0, true
}

// averageColour is the tile's colour seen from afar: the fills of its
// rectangles weighted by their area over the tile (the rest of the tile
// counting as transparent white), or the first solid fill when the tile
// holds other shapes.
func averageColour(tile *node) string {
	tw, th := num(tile.attr("width")), num(tile.attr("height"))
	var r, g, b, area float64
	first := ""
	for _, ch := range tile.children {
		fill := prop(ch, "fill")
		if first == "" && fill != "" && fill != "none" && !strings.HasPrefix(fill, "url(") {
			first = fill
		}
		c, ok := parseHex(fill)
		if !ok {
			continue
		}
		if ch.name != "rect" || tw <= 0 || th <= 0 || tile.attr("patternUnits") != "userSpaceOnUse" {
			continue
		}
		a := min(num(ch.attr("width")), tw) * min(num(ch.attr("height")), th)
		if ch.attr("width") == "100%" || ch.attr("height") == "100%" {
			a = tw * th
		}
		// Later rectangles cover earlier ones: take their area away from
		// what is already counted, in proportion.
		if area+a > tw*th && area > 0 {
			k := max(0, tw*th-a) / area
			r, g, b, area = r*k, g*k, b*k, area*k
		}
		r, g, b, area = r+c[0]*a, g+c[1]*a, b+c[2]*a, area+a
	}
	if area <= 0 {
		if first == "" {
			return "none"
		}
		return first
	}
	return fmt.Sprintf("#%02x%02x%02x", uint8(r/area+0.5), uint8(g/area+0.5), uint8(b/area+0.5))
}

// parseHex reads #rgb and #rrggbb colours.
func parseHex(s string) ([3]float64, bool) {
	s = strings.TrimPrefix(strings.TrimSpace(s), "#")
	if len(s) == 3 {
		s = string([]byte{s[0], s[0], s[1], s[1], s[2], s[2]})
	}
	v, err := strconv.ParseUint(s, 16, 32)
	if len(s) != 6 || err != nil {
		return [3]float64{}, false
	}
	return [3]float64{float64(v >> 16), float64(v >> 8 & 0xff), float64(v & 0xff)}, true
}

// setProp sets a presentation property, in the style attribute when it
// is there already.
func setProp(n *node, name, value string) {
	if styleProp(n, name) != "" {
		var out []string
		for _, decl := range strings.Split(n.attr("style"), ";") {
			if k, _, ok := strings.Cut(decl, ":"); ok && strings.TrimSpace(k) == name {
				continue
			}
			if strings.TrimSpace(decl) != "" {
				out = append(out, decl)
			}
		}
		if len(out) == 0 {
			n.delAttr("style")
		} else {
			n.setAttr("style", strings.Join(out, ";"))
		}
	}
	n.setAttr(name, value)
}
