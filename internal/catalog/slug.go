package catalog

import "strings"

// Slug is the kebab-case slug providers without slugs of their own give a
// team: ASCII letters and digits lower-cased, other non-ASCII characters
// kept as they are, and every run of anything else turned into one dash
// ("St. John's IceCaps" → "st-john-s-icecaps").
func Slug(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(s) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r > 127 {
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
