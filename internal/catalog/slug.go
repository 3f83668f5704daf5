package catalog

import (
	"strings"
	"unicode"
)

// Slug is the kebab-case slug providers without slugs of their own give a
// team: ASCII letters and digits lower-cased, other non-ASCII characters
// kept as they are, and every run of anything else turned into one dash
// ("St. John's IceCaps" → "st-john-s-icecaps").
func Slug(s string) string {
	return slug(s, func(r rune) bool { return r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r > 127 })
}

// LetterSlug is the kebab-case slug TheSportsDB teams and ESPN athletes
// get: Unicode letters and digits kept (lower case), every other run of
// characters one dash ("Ottawa 67's" → "ottawa-67-s").
func LetterSlug(s string) string {
	return slug(s, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) })
}

// slug lower-cases s, keeps the runes keep accepts and joins the runs of
// kept runes with single dashes.
func slug(s string, keep func(rune) bool) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(s) {
		if keep(r) {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			b.WriteRune(r)
			dash = false
		} else {
			dash = true
		}
	}
	return b.String()
}
