// Package svgx rewrites an SVG document into the subset the rasteriser
// (oksvg) draws correctly: <use> is expanded in place, rounded rectangles
// (rx/ry) become paths, <text> becomes glyph outlines of the embedded
// Roboto, pattern fills become their tiles clipped by the shape (or the
// tile's average colour), and clip-path and luminance masks split the
// drawing into layers, each with the clip and mask documents that apply
// to it (the caller draws the layers, clips and masks and composites
// them). Input is untrusted: every expansion is bounded.
package svgx

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"strings"

	"golang.org/x/net/html/charset"
)

const (
	nsSVG   = "http://www.w3.org/2000/svg"
	nsXLink = "http://www.w3.org/1999/xlink"
)

// maxNodes bounds the elements of a rewritten document (<use> expansion
// cannot multiply a small document into a huge one).
const maxNodes = 20000

// node is one element of the document.
type node struct {
	name     string
	attrs    []xml.Attr
	children []*node
	text     string // character data (kept for <text>, <tspan>, <style>)
}

func (n *node) attr(name string) string {
	for _, a := range n.attrs {
		if a.Name.Local == name && (a.Name.Space == "" || a.Name.Space == nsXLink || a.Name.Space == nsSVG) {
			return strings.TrimSpace(a.Value)
		}
	}
	return ""
}

func (n *node) setAttr(name, value string) {
	for i, a := range n.attrs {
		if a.Name.Local == name && a.Name.Space == "" {
			n.attrs[i].Value = value
			return
		}
	}
	n.attrs = append(n.attrs, xml.Attr{Name: xml.Name{Local: name}, Value: value})
}

func (n *node) delAttr(names ...string) {
	out := n.attrs[:0]
	for _, a := range n.attrs {
		drop := false
		for _, name := range names {
			drop = drop || a.Name.Local == name
		}
		if !drop {
			out = append(out, a)
		}
	}
	n.attrs = out
}

// clone copies n deeply; count bounds the total copied.
func (n *node) clone(count *int) *node {
	*count++
	c := &node{name: n.name, text: n.text, attrs: append([]xml.Attr(nil), n.attrs...)}
	if *count > maxNodes {
		return c
	}
	for _, ch := range n.children {
		c.children = append(c.children, ch.clone(count))
	}
	return c
}

// parse reads the document into a tree. The caller has checked its size,
// depth and references (fetch.checkSVG).
func parse(data []byte) (*node, error) {
	dec := xml.NewDecoder(bytes.NewReader(data))
	dec.CharsetReader = charset.NewReaderLabel
	dec.Strict = false
	var stack []*node
	var root *node
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			n := &node{name: t.Name.Local}
			for _, a := range t.Attr {
				if a.Name.Space == "xmlns" || a.Name.Local == "xmlns" {
					continue // written again by serialise
				}
				n.attrs = append(n.attrs, a)
			}
			if len(stack) > 0 {
				p := stack[len(stack)-1]
				p.children = append(p.children, n)
			} else if root == nil {
				root = n
			}
			stack = append(stack, n)
		case xml.EndElement:
			if len(stack) > 0 {
				stack = stack[:len(stack)-1]
			}
		case xml.CharData:
			if len(stack) > 0 {
				stack[len(stack)-1].text += string(t)
			}
		}
	}
	if root == nil || root.name != "svg" {
		return nil, errors.New("no <svg> root element")
	}
	return root, nil
}

// serialise writes the tree as a standalone SVG document.
func serialise(root *node) []byte {
	var b bytes.Buffer
	write(&b, root, true)
	return b.Bytes()
}

func write(b *bytes.Buffer, n *node, isRoot bool) {
	b.WriteByte('<')
	b.WriteString(n.name)
	if isRoot {
		b.WriteString(` xmlns="` + nsSVG + `" xmlns:xlink="` + nsXLink + `"`)
	}
	for _, a := range n.attrs {
		b.WriteByte(' ')
		if a.Name.Space == nsXLink || a.Name.Space == "xlink" {
			b.WriteString("xlink:")
		} else if a.Name.Space != "" && a.Name.Space != nsSVG {
			continue // attributes of other namespaces mean nothing to the rasteriser
		}
		b.WriteString(a.Name.Local)
		b.WriteString(`="`)
		xml.EscapeText(b, []byte(a.Value))
		b.WriteByte('"')
	}
	if len(n.children) == 0 && strings.TrimSpace(n.text) == "" {
		b.WriteString("/>")
		return
	}
	b.WriteByte('>')
	if n.name == "style" || n.name == "text" || n.name == "tspan" {
		xml.EscapeText(b, []byte(n.text))
	}
	for _, c := range n.children {
		write(b, c, false)
	}
	b.WriteString("</" + n.name + ">")
}

// walk calls f for every element below n (pre-order) with its parent.
func walk(n *node, f func(parent, n *node)) {
	for _, c := range n.children {
		f(n, c)
		walk(c, f)
	}
}

// ids maps the id attributes of the document to their elements.
func ids(root *node) map[string]*node {
	m := map[string]*node{}
	walk(root, func(_, n *node) {
		if id := n.attr("id"); id != "" {
			if _, dup := m[id]; !dup {
				m[id] = n
			}
		}
	})
	return m
}

// refID returns the id of a local reference "#id" or "url(#id)".
func refID(v string) string {
	v = strings.TrimSpace(v)
	if strings.HasPrefix(v, "url(") {
		v = strings.TrimSuffix(strings.TrimPrefix(v, "url("), ")")
		v = strings.Trim(strings.TrimSpace(v), `'"`)
	}
	if strings.HasPrefix(v, "#") {
		return v[1:]
	}
	return ""
}

// styleProp returns a property of the element's style attribute.
func styleProp(n *node, name string) string {
	for _, decl := range strings.Split(n.attr("style"), ";") {
		k, v, ok := strings.Cut(decl, ":")
		if ok && strings.TrimSpace(k) == name {
			return strings.TrimSpace(v)
		}
	}
	return ""
}

// prop is a presentation property from the style attribute or the
// attribute of the same name.
func prop(n *node, name string) string {
	if v := styleProp(n, name); v != "" {
		return v
	}
	return n.attr(name)
}
