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

// String is the kind's word in URLs: "logo", "thumb" or "cover".
func (k Kind) String() string {
	switch k {
	case KindThumb:
		return "thumb"
	case KindCover:
		return "cover"
	}
	return "logo"
}

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
