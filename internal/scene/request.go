// Package scene is the use-case layer between HTTP and drawing: it
// resolves leagues and teams through the catalogue and providers, applies
// the spec's fallback and winner rules, loads logos, fills missing colours
// and builds a render.Scene. The HTTP layer only parses and writes.
package scene

import (
	"strconv"

	"gamethumbs/internal/render"
)

// Request is one validated image request, after defaults.
type Request struct {
	Kind   render.Kind
	League string   // league identifier as typed
	Teams  []string // 0, 1 or 2 team identifiers as typed ("a+b" for pairs)

	Style      int    // 0 = none (raw league/team logo); matchup 1-6 (logo) or 1-6, 10-13, 98, 99
	Width      int    // canvas width (thumb/cover) or Size (logo)
	Height     int    // canvas height
	Trim       bool   // logos: crop transparent margins
	LeagueLogo bool   // show the league logo where the style has one
	Badge      string // "" or upper-case badge text
	Winner     string // "" or a team identifier
	Home       string // styles 10-13: "" (league default) or the home team's identifier
	Fallback   bool
	Mode       string // "" (league default), "name" or "default"
	Variant    string // raw logos: "light" or "dark"
	UseLight   bool   // primary logos only, no choice by contrast (game-thumbs useLight=true)
	Title      string // league images, overlays enabled only
	Subtitle   string
	IconURL    string
}

// Key is the canonical form of the request options, independent of query
// order and spelling; resolved league and team ids are added by the caller.
func (r Request) Key() string {
	var buf [256]byte
	return string(r.appendKey(buf[:0]))
}

// appendKey appends Key to b: every field quoted after a "|", numbers and
// booleans quoted as their decimal and true/false text.
func (r Request) appendKey(b []byte) []byte {
	b = strconv.AppendInt(b, int64(r.Kind), 10)
	num := func(n int) {
		b = append(b, '|', '"')
		b = strconv.AppendInt(b, int64(n), 10)
		b = append(b, '"')
	}
	flag := func(v bool) {
		b = append(b, '|', '"')
		b = strconv.AppendBool(b, v)
		b = append(b, '"')
	}
	text := func(s string) {
		b = append(b, '|')
		b = strconv.AppendQuote(b, s)
	}
	num(r.Style)
	num(r.Width)
	num(r.Height)
	flag(r.Trim)
	flag(r.LeagueLogo)
	text(r.Badge)
	flag(r.Fallback)
	text(r.Mode)
	text(r.Variant)
	text(r.Title)
	text(r.Subtitle)
	text(r.IconURL)
	if r.UseLight { // only when set: keys of older cache entries stay valid
		flag(true)
	}
	return b
}
