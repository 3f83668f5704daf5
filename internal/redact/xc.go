package redact

import (
	"net/url"
	"strings"
)

// The XC proxy's requests carry credentials in many shapes (query values,
// path segments in several stream forms, tokens of HLS segment paths,
// %2F-encoded paths, form bodies), and panels invent new ones. So text of
// the XC scope is masked by allowlist, not by pattern: whatever is not
// known to be safe is replaced by Mask.

// xcSegments are the path segments shown as they are (compared without
// regard to case): the XC script names and the words of stream paths.
var xcSegments = map[string]bool{
	"live": true, "movie": true, "series": true, "timeshift": true,
	"hls": true, "hlsr": true, "play": true,
	"player_api.php": true, "get.php": true, "xmltv.php": true,
	"panel_api.php": true, "epg.php": true, "index.m3u8": true,
}

// xcExtensions are the file extensions kept on a masked segment, so a log
// still tells a .ts request from a .m3u8 one.
var xcExtensions = map[string]bool{
	"ts": true, "m3u8": true, "m3u": true, "mpegts": true, "mp4": true, "mkv": true,
	"avi": true, "mov": true, "flv": true, "webm": true, "m4s": true, "m4a": true,
	"m4v": true, "aac": true, "mp3": true, "key": true, "vtt": true, "json": true,
	"xml": true, "php": true, "png": true, "jpg": true, "jpeg": true, "gz": true,
}

// xcSafeQuery are the query parameter names whose values are shown (when
// the value is a plain word or number).
var xcSafeQuery = map[string]bool{
	"action": true, "type": true, "output": true, "category_id": true,
	"stream_id": true, "vod_id": true, "series_id": true, "limit": true,
	"start": true, "end": true, "duration": true, "params": true,
}

// xcKnownQuery are further parameter names shown (with their values
// masked). Any other name may itself be a secret and is masked too.
var xcKnownQuery = map[string]bool{
	"username": true, "password": true, "user": true, "pass": true,
	"token": true, "auth": true, "key": true, "epg_id": true,
}

// XC masks an XC request URI (escaped path and query, in /xc/<id>/... or
// root form) by allowlist: every path segment is masked except "xc" and
// the upstream id after it, the XC script names and stream words
// (live, movie, hls, get.php, ...) and a known file extension (kept after
// the mask: ***.ts); every query value is masked except those of a few
// parameters (action, type, output, category_id, ...) that hold a plain
// word; a parameter name is shown only when it is on a short list
// (those, username, password, token, ...): any other may be a secret.
func XC(uri string) string {
	path, query, hasQuery := strings.Cut(uri, "?")
	path, _, _ = strings.Cut(path, "#")
	var b strings.Builder
	b.Grow(len(uri) + 8)
	writeXCPath(&b, path)
	if hasQuery {
		b.WriteByte('?')
		writeXCQuery(&b, query)
	}
	return b.String()
}

// XCURL masks an upstream URL for a log line: the scheme and host stay,
// user information and the query are dropped, the path is masked as by XC.
// Text that does not parse as an absolute URL is masked whole.
func XCURL(raw string) string {
	u, err := url.Parse(raw)
	if err != nil || u.Scheme == "" || u.Host == "" || strings.ContainsAny(u.Host, "@/") {
		return Mask
	}
	var b strings.Builder
	b.WriteString(u.Scheme)
	b.WriteString("://")
	b.WriteString(u.Host)
	writeXCPath(&b, u.EscapedPath())
	if u.RawQuery != "" || u.ForceQuery {
		b.WriteString("?" + Mask)
	}
	return b.String()
}

func writeXCPath(b *strings.Builder, path string) {
	i := 0
	for seg := range strings.SplitSeq(path, "/") {
		if i > 0 {
			b.WriteByte('/')
		}
		i++
		if seg == "" {
			continue
		}
		switch {
		case xcSegments[strings.ToLower(seg)]:
			b.WriteString(seg)
		case i == 2 && strings.EqualFold(seg, "xc"):
			b.WriteString(seg)
		case i == 3 && isXCID(seg) && strings.EqualFold(firstSegment(path), "xc"):
			b.WriteString(seg)
		default:
			writeMasked(b, seg)
		}
	}
}

// firstSegment returns the first segment of an absolute path.
func firstSegment(path string) string {
	if !strings.HasPrefix(path, "/") {
		return ""
	}
	seg, _, _ := strings.Cut(path[1:], "/")
	return seg
}

// isXCID reports whether seg may be an upstream id (letters, digits, '-',
// '_', '.'), which is configuration, not a secret.
func isXCID(seg string) bool {
	if len(seg) == 0 || len(seg) > 64 {
		return false
	}
	for i := 0; i < len(seg); i++ {
		if !isWordByte(seg[i]) && seg[i] != '.' {
			return false
		}
	}
	return true
}

// writeMasked writes Mask in place of the path segment seg, keeping its
// extension when it is on the list ("***.ts").
func writeMasked(b *strings.Builder, seg string) {
	b.WriteString(Mask)
	if ext := knownExt(seg); ext != "" {
		b.WriteByte('.')
		b.WriteString(ext)
	}
}

// knownExt returns the extension of seg when it is on the list.
func knownExt(seg string) string {
	dot := strings.LastIndexByte(seg, '.')
	if dot < 0 {
		return ""
	}
	ext := seg[dot+1:]
	if xcExtensions[strings.ToLower(ext)] {
		return ext
	}
	return ""
}

func writeXCQuery(b *strings.Builder, query string) {
	first := true
	for part := range strings.SplitSeq(query, "&") {
		if !first {
			b.WriteByte('&')
		}
		first = false
		if part == "" {
			continue
		}
		name, value, hasValue := strings.Cut(part, "=")
		lower := strings.ToLower(name)
		if !xcSafeQuery[lower] && !xcKnownQuery[lower] {
			b.WriteString(Mask)
			if hasValue {
				b.WriteString("=" + Mask)
			}
			continue
		}
		b.WriteString(name)
		if !hasValue {
			continue
		}
		b.WriteByte('=')
		if value == "" {
			continue
		}
		if xcSafeQuery[strings.ToLower(name)] && isPlainValue(value) {
			b.WriteString(value)
		} else {
			b.WriteString(Mask)
		}
	}
}

// isPlainWord reports whether s is a short word of letters, digits, '_'
// and '-' (a parameter name as XC uses them).
func isPlainWord(s string) bool {
	if s == "" || len(s) > 32 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isWordByte(s[i]) {
			return false
		}
	}
	return true
}

// isPlainValue reports whether a safe parameter's value is a short word,
// number or comma list of those.
func isPlainValue(s string) bool {
	if len(s) > 64 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; !isWordByte(c) && c != '.' && c != ',' && c != ':' {
			return false
		}
	}
	return true
}

func isWordByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_' || c == '-'
}

// XCText masks free text of the XC scope (a log message or value): every
// token that holds a URL, a path or a query is masked as by XCURL or XC,
// and any credential the pattern rules of URL find in the rest.
func XCText(s string) string {
	if !strings.ContainsAny(s, "/=?%@") {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 16)
	last := 0
	for start := 0; start < len(s); {
		if isTokenDelim(s[start]) {
			start++
			continue
		}
		end := start
		for end < len(s) && !isTokenDelim(s[end]) {
			end++
		}
		if red, changed := xcToken(s[start:end]); changed {
			b.WriteString(s[last:start])
			b.WriteString(red)
			last = end
		}
		start = end
	}
	if last == 0 {
		return URL(s)
	}
	b.WriteString(s[last:])
	return URL(b.String())
}

// xcToken masks one token of free text.
func xcToken(tok string) (string, bool) {
	if i := strings.Index(tok, "://"); i >= 0 {
		// An URL, maybe after a prefix such as `url=` or `"`; a trailing
		// ':' or ',' (from an error text) stays.
		end := len(tok)
		for end > i && strings.ContainsRune(":,;)", rune(tok[end-1])) {
			end--
		}
		prefixEnd := i
		for prefixEnd > 0 && isSchemeByte(tok[prefixEnd-1]) {
			prefixEnd--
		}
		return tok[:prefixEnd] + XCURL(tok[prefixEnd:end]) + tok[end:], true
	}
	if i := strings.IndexAny(tok, "/?"); i >= 0 {
		prefix := tok[:i]
		if prefix != "" && !isPlainWord(strings.TrimSuffix(prefix, "=")) {
			prefix = Mask // e.g. user:pass@host without a scheme
		}
		return prefix + XC(tok[i:]), true
	}
	if strings.ContainsAny(tok, "=%@") {
		return Mask, true
	}
	return tok, false
}

func isSchemeByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '+' || c == '-' || c == '.'
}
