package m3u

import "bytes"

// appendHLSLine appends to dst an HLS playlist line (content without its
// line ending) with its URI mapped: a URI line (not blank, not starting
// with '#') as a whole, or the URI="..." attribute values of an #EXT-X-
// tag (#EXT-X-KEY, -MAP, -MEDIA, -I-FRAME-STREAM-INF, -PART, ...). It
// reports false (and appends nothing) when nothing changed.
func appendHLSLine(dst, line []byte, uri func(string) (string, bool)) ([]byte, bool) {
	p := skipBlanks(line, 0)
	end := len(line)
	for end > p && isBlank(line[end-1]) {
		end--
	}
	if p == end {
		return dst, false
	}
	if line[p] != '#' {
		to, ok := uri(string(line[p:end]))
		if !ok {
			return dst, false
		}
		dst = append(dst, line[:p]...)
		dst = append(dst, to...)
		return append(dst, line[end:]...), true
	}
	if !hasPrefixFold(line[p:], "#EXT-X-") {
		return dst, false
	}
	start, cur, changed := len(dst), 0, false
	for i := p; i+5 <= len(line); i++ {
		// URI=" after the tag's ':' or an attribute list ','.
		if line[i] != 'U' || !bytes.HasPrefix(line[i:], []byte(`URI="`)) || (line[i-1] != ':' && line[i-1] != ',' && !isBlank(line[i-1])) {
			continue
		}
		vs := i + 5
		ve := bytes.IndexByte(line[vs:], '"')
		if ve < 0 {
			break
		}
		ve += vs
		if to, ok := uri(string(line[vs:ve])); ok {
			dst = append(dst, line[cur:vs]...)
			dst = appendHLSAttr(dst, to)
			cur = ve
			changed = true
		}
		i = ve
	}
	if !changed {
		return dst[:start], false
	}
	return append(dst, line[cur:]...), true
}

// appendHLSAttr appends a quoted-string attribute value, percent-encoding
// the bytes it may not hold (double quote, line breaks, controls).
func appendHLSAttr(dst []byte, s string) []byte {
	q := appendQuoted(nil, s)
	return append(dst, q[1:len(q)-1]...)
}
