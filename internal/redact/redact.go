// Package redact is the one place where credentials are masked before text
// reaches a log line.
//
// Xtream-Codes style panels carry the subscriber's username and password in
// query parameters (?username=u&password=p) and in stream paths
// (/live/u/p/123.ts, /timeshift/u/p/…, and the direct form /u/p/123). URL
// masks both forms, wherever they occur inside a string: a bare URL, a path,
// or a message such as a *url.Error text (`Get "http://…": dial tcp …`).
// Handler wraps an slog.Handler so that every record passes through URL.
package redact

import (
	"strings"
)

// Mask replaces every secret value.
const Mask = "***"

// URL returns s with every credential masked: the values of query
// parameters named username or password (any letter case, every
// occurrence, also when the name, the '=' or the '&' are percent-encoded, as
// in a URL nested in another URL's query), the user information of
// scheme://user:pass@host URLs, the <u>/<p> segments that follow a
// live, movie, series or timeshift segment, and the <u>/<p> of the direct
// stream form .../<u>/<p>/<id> (the two segments before a final numeric
// segment, with an optional extension, in any path).
// Text without credentials is returned unchanged (and not copied).
func URL(s string) string {
	if !mayHoldCredentials(s) {
		return s
	}
	s = maskQuery(s)
	s = maskPaths(s)
	return s
}

// mayHoldCredentials is a cheap filter: every rule needs a '/', '=' or an
// encoded '=' (%3D) to apply.
func mayHoldCredentials(s string) bool {
	return strings.ContainsAny(s, "/=%")
}

// secretKeys are the query parameter names whose values are masked.
var secretKeys = [...]string{"username", "password"}

// maskQuery masks the values of username= and password= parameters.
func maskQuery(s string) string {
	var b strings.Builder
	last := 0 // s[last:i] not yet copied to b
	for i := 0; i < len(s); {
		if !atParamStart(s, i) {
			i++
			continue
		}
		end, encoded, ok := matchSecretKey(s, i)
		if !ok {
			i++
			continue
		}
		vEnd := valueEnd(s, end, encoded)
		if vEnd == end || s[end:vEnd] == Mask {
			i = vEnd
			if i == end {
				i++
			}
			continue
		}
		if b.Len() == 0 {
			b.Grow(len(s))
		}
		b.WriteString(s[last:end])
		b.WriteString(Mask)
		last = vEnd
		i = vEnd
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

// atParamStart reports whether a query parameter name may begin at s[i]:
// at the start of the text, or after '?', '&', ';', a blank, a quote, or a
// percent-encoded '?' or '&'.
func atParamStart(s string, i int) bool {
	if i == 0 {
		return true
	}
	switch s[i-1] {
	case '?', '&', ';', ' ', '\t', '\n', '\r', '"', '\'', '(', '[', '{', ',':
		return true
	}
	if i >= 3 && s[i-3] == '%' {
		enc := strings.ToUpper(s[i-2 : i])
		return enc == "3F" || enc == "26"
	}
	return false
}

// matchSecretKey reports whether a secret parameter name followed by '='
// (literal or %3D) starts at s[i], and returns the index of the value and
// whether the '=' was percent-encoded (a query nested in another value).
func matchSecretKey(s string, i int) (int, bool, bool) {
	for _, key := range secretKeys {
		j, ok := matchFolded(s, i, key)
		if !ok {
			continue
		}
		if j < len(s) && s[j] == '=' {
			return j + 1, false, true
		}
		if j+3 <= len(s) && s[j] == '%' && strings.EqualFold(s[j+1:j+3], "3D") {
			return j + 3, true, true
		}
	}
	return 0, false, false
}

// matchFolded matches the lower-case ASCII word at s[i:], where each letter
// may appear in any case or percent-encoded, and returns the index after it.
func matchFolded(s string, i int, word string) (int, bool) {
	for k := 0; k < len(word); k++ {
		if i >= len(s) {
			return 0, false
		}
		c := s[i]
		if c == '%' && i+2 < len(s) {
			d, ok := unhex2(s[i+1], s[i+2])
			if !ok {
				return 0, false
			}
			c = d
			i += 3
		} else {
			i++
		}
		if c|0x20 != word[k] {
			return 0, false
		}
	}
	return i, true
}

func unhex2(a, b byte) (byte, bool) {
	x, ok1 := unhex(a)
	y, ok2 := unhex(b)
	return x<<4 | y, ok1 && ok2
}

func unhex(c byte) (byte, bool) {
	switch {
	case '0' <= c && c <= '9':
		return c - '0', true
	case 'a' <= c && c <= 'f':
		return c - 'a' + 10, true
	case 'A' <= c && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}

// valueEnd returns the end of the parameter value starting at s[i]: the
// next '&', '#', blank, quote or angle bracket. In a nested query (encoded
// is true) a percent-encoded '&' or '#' ends the value too; in a plain query
// they belong to the value (a password may contain them), so the mask errs
// on the side of hiding more.
func valueEnd(s string, i int, encoded bool) int {
	for j := i; j < len(s); j++ {
		switch s[j] {
		case '&', '#', ' ', '\t', '\n', '\r', '"', '\'', '<', '>':
			return j
		case '%':
			if encoded && j+2 < len(s) && s[j+1] == '2' && (s[j+2] == '6' || s[j+2] == '3') {
				return j // %26 is '&', %23 is '#'
			}
		}
	}
	return len(s)
}
