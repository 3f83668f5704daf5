package render

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Canvas limits enforced by Options.Validate.
const (
	MinSide       = 64
	MaxSide       = 4096
	MaxPixels     = 8 << 20 // about 8.4 megapixels
	MaxBadgeRunes = 24
	MaxTextRunes  = 160 // Title, Subtitle
)

// validStyle reports whether s is a matchup style for thumbnails and covers.
// 0 means the default (1).
func validStyle(s int) bool {
	return (s >= 0 && s <= 6) || IsVenueStyle(s) || s == 98 || s == 99
}

// Validate checks the options Render depends on and returns an
// *OptionError naming the first bad field.
func (o Options) Validate() error {
	switch o.Kind {
	case KindLogo, KindThumb, KindCover:
	default:
		return &OptionError{"Kind", o.Kind, "unknown kind"}
	}
	if o.Width < MinSide || o.Width > MaxSide {
		return &OptionError{"Width", o.Width, "out of range"}
	}
	if o.Height < MinSide || o.Height > MaxSide {
		return &OptionError{"Height", o.Height, "out of range"}
	}
	if o.Width*o.Height > MaxPixels {
		return &OptionError{"Width", o.Width, "canvas too large"}
	}
	if !validStyle(o.Style) || IsVenueStyle(o.Style) && o.Kind == KindLogo {
		return &OptionError{"Style", o.Style, "unknown style"}
	}
	if _, err := normBadge(o.Badge); err != nil {
		return err
	}
	for _, f := range []struct{ name, v string }{{"Title", o.Title}, {"Subtitle", o.Subtitle}} {
		if utf8.RuneCountInString(f.v) > MaxTextRunes {
			return &OptionError{f.name, len(f.v), "too long"}
		}
		if strings.IndexFunc(f.v, unicode.IsControl) >= 0 {
			return &OptionError{f.name, f.v, "control character"}
		}
	}
	return nil
}

// normBadge trims, collapses spaces and upper-cases a badge text, and
// rejects long texts and characters other than letters, digits, spaces and
// & + - . ! ' / : #.
func normBadge(s string) (string, error) {
	s = strings.ToUpper(strings.Join(strings.Fields(s), " "))
	if utf8.RuneCountInString(s) > MaxBadgeRunes {
		return "", &OptionError{"Badge", s, "too long"}
	}
	for _, r := range s {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) && !strings.ContainsRune(" &+-.!'/:#", r) {
			return "", &OptionError{"Badge", s, "unsupported character"}
		}
	}
	return s, nil
}
