package httpapi

import (
	"strings"
	"unicode/utf8"
)

// maxEcho bounds any client- or provider-supplied text that reaches a log
// line or an error body: a 60 KB path must not become 60 KB of log per
// request.
const maxEcho = 256

// bounded returns s cut at maxEcho bytes (on a character boundary, marked
// with "…") with control characters and invalid UTF-8 escaped as \xNN, so
// that an echoed value can neither flood a log nor forge a line of it.
func bounded(s string) string {
	if len(s) <= maxEcho && printable(s) {
		return s
	}
	var b strings.Builder
	b.Grow(min(len(s), maxEcho) + 8)
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		var piece string
		switch {
		case r == utf8.RuneError && size <= 1, r < 0x20, r == 0x7f:
			piece = `\x` + string("0123456789abcdef"[s[i]>>4]) + string("0123456789abcdef"[s[i]&15])
		case r >= 0x80 && r < 0xa0: // C1 controls
			piece = `\u00` + string("0123456789abcdef"[r>>4]) + string("0123456789abcdef"[r&15])
		default:
			piece = s[i : i+size]
		}
		if b.Len()+len(piece) > maxEcho {
			b.WriteString("…")
			break
		}
		b.WriteString(piece)
		i += size
	}
	return b.String()
}

// printable reports whether s has no control character and is valid UTF-8.
func printable(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c == 0x7f || c >= 0x80 {
			if c < 0x80 {
				return false
			}
			return utf8.ValidString(s[i:]) && !strings.ContainsFunc(s[i:], func(r rune) bool {
				return r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0)
			})
		}
	}
	return true
}
