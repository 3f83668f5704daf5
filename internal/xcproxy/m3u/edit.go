package m3u

// appendWithLogo appends to dst the #EXTINF line content with its tvg-logo
// set to logo: the first tvg-logo attribute (any key case, empty or not)
// gets the new value and any further tvg-logo attributes are dropped; with
// none, one is inserted after tvg-id when present, else after the duration.
// Every other byte is kept.
func (e *Extinf) appendWithLogo(dst, line []byte, logo string) []byte {
	first := -1
	for i := range e.Attrs {
		if equalFoldASCII(e.Attrs[i].Key, "tvg-logo") {
			first = i
			break
		}
	}
	if first < 0 {
		at := e.durEnd
		for _, a := range e.Attrs {
			if equalFoldASCII(a.Key, "tvg-id") {
				at = a.valEnd
				break
			}
		}
		dst = append(dst, line[:at]...)
		dst = append(dst, ` tvg-logo=`...)
		dst = appendQuoted(dst, logo)
		return append(dst, line[at:]...)
	}
	cur := 0
	for i := first; i < len(e.Attrs); i++ {
		a := e.Attrs[i]
		if !equalFoldASCII(a.Key, "tvg-logo") {
			continue
		}
		if i == first {
			dst = append(dst, line[cur:a.valStart]...)
			dst = appendQuoted(dst, logo)
		} else {
			dst = append(dst, line[cur:a.wsStart]...)
		}
		cur = a.valEnd
	}
	return append(dst, line[cur:]...)
}

// appendWithGuide appends to dst the #EXTM3U line content with the values
// of its url-tvg, x-tvg-url and tvg-url attributes replaced by guideURL,
// except those keep (when not nil) reports true for; a header with none of
// those attributes gets url-tvg="guideURL" at its end. It reports false
// (and appends nothing) when the line is not a header or nothing changed.
func appendWithGuide(dst, line []byte, guideURL string, keep func(string) bool) ([]byte, bool) {
	p := skipBlanks(line, 0)
	if !hasPrefixFold(line[p:], "#EXTM3U") {
		return dst, false
	}
	rest := p + len("#EXTM3U")
	if rest < len(line) && !isBlank(line[rest]) {
		return dst, false // e.g. #EXTM3UX: not a header
	}
	attrs, _ := parseAttrs(nil, line, rest)
	cur, found, changed := 0, false, false
	start := len(dst)
	for _, a := range attrs {
		if !equalFoldASCII(a.Key, "url-tvg") && !equalFoldASCII(a.Key, "x-tvg-url") &&
			!equalFoldASCII(a.Key, "tvg-url") {
			continue
		}
		found = true
		if keep != nil && keep(string(a.Value)) {
			continue
		}
		dst = append(dst, line[cur:a.valStart]...)
		dst = appendQuoted(dst, guideURL)
		cur = a.valEnd
		changed = true
	}
	if !found {
		end := len(line)
		for end > rest && isBlank(line[end-1]) {
			end--
		}
		dst = append(dst, line[:end]...)
		dst = append(dst, ` url-tvg=`...)
		dst = appendQuoted(dst, guideURL)
		return append(dst, line[end:]...), true
	}
	if !changed {
		return dst[:start], false
	}
	return append(dst, line[cur:]...), true
}

// appendQuoted appends "s" with the bytes that would end the value or the
// line (double quote, control characters) percent-encoded.
func appendQuoted(dst []byte, s string) []byte {
	const hex = "0123456789ABCDEF"
	dst = append(dst, '"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '"' || c < 0x20 || c == 0x7f {
			dst = append(dst, '%', hex[c>>4], hex[c&15])
			continue
		}
		dst = append(dst, c)
	}
	return append(dst, '"')
}
