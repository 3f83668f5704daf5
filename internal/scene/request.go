// Package scene is the use-case layer between HTTP and drawing: it
// resolves leagues and teams through the catalogue and providers, applies
// the spec's fallback and winner rules, loads logos, fills missing colours
// and builds a render.Scene. The HTTP layer only parses and writes.
package scene

import (
	"strconv"
	"strings"

	"gamethumbs/internal/render"
)

// Request is one validated image request, after defaults.
type Request struct {
	Kind   render.Kind
	League string   // league identifier as typed
	Teams  []string // 0, 1 or 2 team identifiers as typed ("a+b" for pairs)

	Style      int    // 0 = none (raw league/team logo); matchup 1-6 (logo) or 1-6, 98, 99
	Width      int    // canvas width (thumb/cover) or Size (logo)
	Height     int    // canvas height
	Trim       bool   // logos: crop transparent margins
	LeagueLogo bool   // show the league logo where the style has one
	Badge      string // "" or upper-case badge text
	Winner     string // "" or a team identifier
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
	var b strings.Builder
	b.WriteString(strconv.Itoa(int(r.Kind)))
	for _, f := range []string{
		strconv.Itoa(r.Style), strconv.Itoa(r.Width), strconv.Itoa(r.Height),
		strconv.FormatBool(r.Trim), strconv.FormatBool(r.LeagueLogo), r.Badge,
		strconv.FormatBool(r.Fallback), r.Mode, r.Variant, r.Title, r.Subtitle, r.IconURL,
		strconv.FormatBool(r.UseLight),
	} {
		b.WriteByte('|')
		b.WriteString(strconv.Quote(f))
	}
	return b.String()
}
