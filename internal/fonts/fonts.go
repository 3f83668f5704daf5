// Package fonts holds the fonts embedded in gamethumbs (Roboto Bold and
// Black, Apache-2.0, see README.md): the renderer draws its text with
// them, and the SVG rasteriser draws <text> with them.
package fonts

import _ "embed"

var (
	// Bold is Roboto Bold (weight 700), a TrueType file.
	//
	//go:embed Roboto-Bold.ttf
	Bold []byte
	// Black is Roboto Black (weight 900), a TrueType file.
	//
	//go:embed Roboto-Black.ttf
	Black []byte
)
