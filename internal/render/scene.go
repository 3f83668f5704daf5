// Package render draws gamethumbs images. It is pure: no HTTP, no provider
// calls, no files. It takes a Scene (league, teams with decoded logos and
// colours) and Options, and returns an image; EncodePNG writes it.
//
// Entry points: Render (thumbnails, covers and logos), EncodePNG,
// RenderPNG, Release, SetConcurrency, SetCacheBytes, CacheStats,
// Options.Validate.
//
// Layout of the package, so new image kinds can reuse the primitives:
//
//   - render.go, options.go, errors.go: entry point, painter, validation.
//   - band.go: RenderPNG, which paints thumbnails and covers in bands of
//     about 1 MB and encodes each as soon as it is painted. Drawing code
//     therefore takes its geometry from the painter (W, H, full), never
//     from the bounds of the image it draws on, and clips to that image.
//   - canvas.go, blit.go, shape.go, gradient.go, shadow.go, shadow_half.go,
//     blur.go, layer.go: pixel primitives (pooled canvases, span and mask
//     fills, anti-aliased paths via x/image/vector, gradients, box-blur
//     shadows, half-resolution wide shadows, cached background layers).
//   - scale.go, scale_rows.go: the fixed-point Catmull-Rom scaler.
//   - logo.go, trim.go, greyscale.go, logocache.go, held.go, contrast.go:
//     logo handling (trim, scaling, greyscale, logo+shadow+halo sprites,
//     the byte-bounded derivative cache keyed by image identity and what
//     one render holds of it, the colour-clash rule).
//   - legibility.go, trace.go: the legibility rule (OKLab colour
//     difference over a logo's edge and body) behind variant choice,
//     alternate fills and the halo rescue; WithLogoTrace and Legibility
//     measure finished pictures (the hardcase package's tests use them).
//   - bust.go: athletes' headshots, anchored on an edge or in a circle.
//   - text.go, badge.go: embedded Roboto (internal/fonts), measuring, fitting,
//     wrapping and drawing text; the quality badge.
//   - league.go, team.go, matchup.go and matchup_split.go (styles 1-2),
//     matchup_badge.go (3-4), matchup_grid.go (5-6), matchup_emboss.go
//     (98-99): one file per family of pictures.
//   - logo_kind.go (KindLogo entry, trim, badge), logo_matchup.go (logo
//     styles 1-2 and the compact card), logo_badges.go (3-6),
//     logo_compact.go (team style=1), skiplogos.go (league style=1 and
//     skipLogos matchups), namecard.go (name mode on logos).
//   - png.go, png_rows.go: the PNG encoder (whole images or bands);
//     png_filter.go (Paeth rows), png_deflate.go (deflate for filtered
//     rows), png_adler.go (Adler-32).
//
// Geometry follows behavior-notes §5 as fractions of the canvas; pixel
// values of the reference (blur radii, strokes) are scaled by
// min(W, H)/1080, so any canvas size gives the same picture.
package render

import (
	"image"

	"gamethumbs/internal/colorx"
)

// Kind is the image kind of a request.
type Kind uint8

const (
	KindLogo  Kind = iota // square canvas of Options.Size (matchup, or style=1 league/team)
	KindThumb             // landscape geometry
	KindCover             // portrait geometry
)

// League is the league part of a scene.
type League struct {
	Code, Name string
	Logo       image.Image // logo for light backgrounds; nil when the league has none
	LogoDark   image.Image // logo for dark backgrounds; nil when none (Logo is used)
	SkipLogos  bool        // draw coloured rectangles instead of team logos
}

// Team is one side of a scene (a team, an athlete or a pair of athletes).
type Team struct {
	Name     string // full display name, used by name mode ("Los Angeles Lakers")
	Short    string // short name used when a logo is missing ("Lakers")
	Abbr     string // abbreviation ("LAL")
	Color    colorx.RGB
	AltColor colorx.RGB
	HasAlt   bool        // AltColor is meaningful
	Logo     image.Image // default logo (for light backgrounds); nil when none
	LogoDark image.Image // logo for dark backgrounds; nil when none
	Loser    bool        // winner rule: draw greyscale at 35% opacity with grey colours
	Missing  bool        // fallback stand-in: draw the greyscale league logo instead
	Record   string      // overall record ("10-7"), drawn by styles 12-13; "" unknown
}

// Scene is everything a render needs. Teams has 0 (league image),
// 1 (team image) or 2 (matchup) entries.
type Scene struct {
	League League
	Teams  []Team
	Venue  Venue // the home venue of a matchup, for styles 10-13
}

// Options are the validated drawing options of one request.
type Options struct {
	Kind       Kind
	Width      int    // canvas width (thumb/cover); Size for logos
	Height     int    // canvas height (thumb/cover); Size for logos
	Style      int    // matchup style (1-6, 10-13, 98, 99); 1 = compact for league/team logos
	LeagueLogo bool   // draw the league logo where the style has one
	Badge      string // "" or an upper-case badge text (ALT, 4K, HD, FHD, UHD)
	NameMode   bool   // team names as text instead of logos
	Trim       bool   // logos: crop transparent margins
	Title      string // league thumb/cover overlay (already allowed by config)
	Subtitle   string
	Icon       image.Image // league thumb/cover overlay icon
}
