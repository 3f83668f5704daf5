package redact

import (
	"strings"
)

// span is a half-open byte range of a string to replace with Mask.
type span struct{ start, end int }

// streamKinds are the path segments after which XC puts <username>/<password>.
var streamKinds = [...]string{"live", "movie", "series", "timeshift"}

// maskPaths masks credentials carried in URL paths and URL user information.
func maskPaths(s string) string {
	var spans []span
	for start := 0; start < len(s); {
		if isTokenDelim(s[start]) {
			start++
			continue
		}
		end := start
		for end < len(s) && !isTokenDelim(s[end]) {
			end++
		}
		spans = tokenSpans(s, start, end, spans)
		start = end
	}
	if len(spans) == 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	last := 0
	for _, sp := range spans {
		if sp.start < last { // overlapping rules: keep the first
			continue
		}
		b.WriteString(s[last:sp.start])
		b.WriteString(Mask)
		last = sp.end
	}
	b.WriteString(s[last:])
	return b.String()
}

// isTokenDelim reports whether c separates URL-like tokens in free text.
func isTokenDelim(c byte) bool {
	switch c {
	case ' ', '\t', '\n', '\r', '"', '\'', '`', '<', '>':
		return true
	}
	return false
}

// tokenSpans appends the ranges of s[start:end] (one token) that hold
// credentials, in increasing order.
func tokenSpans(s string, start, end int, spans []span) []span {
	tok := s[start:end]
	if !strings.Contains(tok, "/") {
		return spans
	}
	pathStart := 0
	if i := strings.Index(tok, "://"); i >= 0 {
		auth := i + 3
		authEnd := auth
		for authEnd < len(tok) && !strings.ContainsRune("/?#", rune(tok[authEnd])) {
			authEnd++
		}
		if at := strings.LastIndexByte(tok[auth:authEnd], '@'); at > 0 {
			spans = append(spans, span{start + auth, start + auth + at})
		}
		pathStart = authEnd
	} else if i := strings.IndexByte(tok, '/'); i >= 0 {
		pathStart = i
	}
	pathEnd := len(tok)
	if i := strings.IndexAny(tok, "?#"); i >= 0 && i < pathEnd {
		pathEnd = i
	}
	if pathStart >= pathEnd {
		return spans
	}
	var buf [16]span // most paths: no allocation
	segs := segments(buf[:0], tok, pathStart, pathEnd)
	masked := false
	for i := 0; i+2 < len(segs); i++ {
		if isStreamKind(tok[segs[i].start:segs[i].end]) {
			spans = appendSeg(spans, start, segs[i+1], segs[i+2])
			masked = true
			i += 2
		}
	}
	if masked {
		return spans
	}
	// Direct stream form: .../<u>/<p>/<id>[.ext] at the end of a path (a
	// panel base URL may have its own path before it). This also masks
	// two segments of other paths that end in a number: in a log line,
	// hiding too much beats showing a password.
	if n := len(segs); n >= 3 && isStreamID(tok[segs[n-1].start:segs[n-1].end]) {
		spans = appendSeg(spans, start, segs[n-3], segs[n-2])
	}
	return spans
}

// segments splits tok[from:to] on '/' and appends the non-empty pieces
// to segs.
func segments(segs []span, tok string, from, to int) []span {
	i := from
	for i < to {
		for i < to && tok[i] == '/' {
			i++
		}
		j := i
		for j < to && tok[j] != '/' {
			j++
		}
		if j > i {
			segs = append(segs, span{i, j})
		}
		i = j
	}
	return segs
}

func appendSeg(spans []span, base int, a, b span) []span {
	return append(spans, span{base + a.start, base + a.end}, span{base + b.start, base + b.end})
}

func isStreamKind(seg string) bool {
	for _, k := range streamKinds {
		if strings.EqualFold(seg, k) {
			return true
		}
	}
	return false
}

// isStreamID reports whether seg looks like an XC stream id: digits with an
// optional short extension (123, 123.ts, 123.m3u8).
func isStreamID(seg string) bool {
	digits := 0
	for digits < len(seg) && '0' <= seg[digits] && seg[digits] <= '9' {
		digits++
	}
	if digits == 0 {
		return false
	}
	if digits == len(seg) {
		return true
	}
	ext := seg[digits:]
	if ext[0] != '.' || len(ext) < 2 || len(ext) > 6 {
		return false
	}
	for i := 1; i < len(ext); i++ {
		c := ext[i] | 0x20
		if (c < 'a' || c > 'z') && (ext[i] < '0' || ext[i] > '9') {
			return false
		}
	}
	return true
}
