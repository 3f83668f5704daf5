package catalog

import (
	"strings"
	"unicode"
)

// accentBase maps accented Latin letters (lower case) to their base letter.
// It covers the letters that Unicode decomposes into a base letter and a
// combining mark (Latin-1 Supplement and Latin Extended-A); letters that do
// not decompose, such as ø, ß or ł, are left alone, as NFD would leave them.
var accentBase = func() map[rune]rune {
	groups := map[rune]string{
		'a': "àáâãäåāăą",
		'c': "çćĉċč",
		'd': "ď",
		'e': "èéêëēĕėęě",
		'g': "ĝğġģ",
		'h': "ĥ",
		'i': "ìíîïĩīĭį",
		'j': "ĵ",
		'k': "ķ",
		'l': "ĺļľ",
		'n': "ñńņň",
		'o': "òóôõöōŏő",
		'r': "ŕŗř",
		's': "śŝşš",
		't': "ţť",
		'u': "ùúûüũūŭůűų",
		'w': "ŵ",
		'y': "ýÿŷ",
		'z': "źżž",
	}
	m := make(map[rune]rune, 128)
	for base, accented := range groups {
		for _, r := range accented {
			m[r] = base
		}
	}
	return m
}()

// fold lower-cases s, drops combining marks (U+0300–U+036F) and replaces
// accented Latin letters by their base letter: "Segunda División" becomes
// "segunda division".
func fold(s string) string {
	ascii := true
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			ascii = false
			break
		}
	}
	if ascii {
		return strings.ToLower(s) // no allocation when s is already lower case
	}
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		r = unicode.ToLower(r)
		if r >= 0x300 && r <= 0x36f {
			continue
		}
		if base, ok := accentBase[r]; ok {
			r = base
		}
		b.WriteRune(r)
	}
	return b.String()
}

// compact folds s and keeps only the characters a-z and 0-9:
// "NBA G-League" becomes "nbagleague".
func compact(s string) string {
	f := fold(s)
	var b strings.Builder
	b.Grow(len(f))
	for i := 0; i < len(f); i++ {
		c := f[i]
		if (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') {
			b.WriteByte(c)
		}
	}
	return b.String()
}
