package redact

import "strings"

// Request masks the URI (escaped path and query) of a request that is not
// for the XC proxy, for the access log, by allowlist as XC does: players
// resolve XC paths against any root (/hlsr/<token>/<user>/<pass>/...,
// /live/<user>/<pass>/1.ts) and append ?password= or ?token= to any
// route, so nothing is shown unless known to be safe.
//
// Path segment i (0 for the first non-empty one) is shown when keep(i) says so (the
// caller knows its route's literal words, and which segments named
// something it found), or when XC shows it; any other segment is Mask,
// with a known extension kept. A query parameter's name is shown when
// known(name) or XC knows the name; its value when known(name) and the
// value is short plain text (words, numbers, spaces), or when XC shows
// it. keep and known may be nil (nothing extra shown).
func Request(uri string, keep func(i int) bool, known func(name string) bool) string {
	path, query, hasQuery := strings.Cut(uri, "?")
	path, _, _ = strings.Cut(path, "#")
	var b strings.Builder
	b.Grow(len(uri) + 8)
	i := 0 // index of seg among the non-empty segments
	for n, seg := range strings.Split(path, "/") {
		if n > 0 {
			b.WriteByte('/')
		}
		if seg == "" {
			continue
		}
		i++
		switch {
		case keep != nil && keep(i-1) && URL(seg) == seg, xcSegments[strings.ToLower(seg)]:
			b.WriteString(seg)
		default:
			writeMasked(&b, seg)
		}
	}
	if hasQuery {
		b.WriteByte('?')
		writeRequestQuery(&b, query, known)
	}
	return b.String()
}

func writeRequestQuery(b *strings.Builder, query string, known func(string) bool) {
	for n, part := range strings.Split(query, "&") {
		if n > 0 {
			b.WriteByte('&')
		}
		if part == "" {
			continue
		}
		name, value, hasValue := strings.Cut(part, "=")
		ours := known != nil && known(name)
		if !ours {
			writeXCQuery(b, part) // the XC rule, for names we do not use
			continue
		}
		b.WriteString(name)
		if !hasValue {
			continue
		}
		b.WriteByte('=')
		if isPlainText(value) {
			b.WriteString(value)
		} else if value != "" {
			b.WriteString(Mask)
		}
	}
}

// plainEscapes are the escaped punctuation a plain text value may hold:
// space, ':', '@', '\”, ',', '(', ')', '!', '&'.
var plainEscapes = map[string]bool{"20": true, "3A": true, "40": true, "27": true, "2C": true, "28": true, "29": true, "21": true, "26": true}

// isPlainText reports whether an escaped query value is short text of
// words, numbers, spaces ('+' or %20) and a little punctuation, as a
// style, badge or event title ("NBA 03: Mavs vs Spurs @ 6PM") is.
func isPlainText(s string) bool {
	if len(s) > 160 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case isWordByte(c), c == '.', c == ',', c == ':', c == '+':
		case c == '%' && i+2 < len(s) && plainEscapes[strings.ToUpper(s[i+1:i+3])]:
			i += 2
		default:
			return false
		}
	}
	return true
}
