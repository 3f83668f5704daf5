// Package m3u reads and rewrites IPTV channel lists (extended M3U) as a
// stream, line by line, from an io.Reader.
//
// Only #EXTINF lines that a caller chooses to change are rewritten; every
// other byte, including line endings, blank lines, junk and a missing final
// newline, comes back unchanged and in order. Lines are bounded (MaxLine);
// a longer line is passed through untouched without being held in memory.
package m3u

import (
	"bytes"
)

// Attr is one key="value" attribute of an #EXTINF or #EXTM3U line. Key
// and Value alias the parsed line.
type Attr struct {
	Key   []byte // as written, e.g. "tvg-ID"
	Value []byte // without the quotes; not unescaped (M3U has no escapes)

	wsStart  int // start of the blank run before the key
	keyStart int
	valStart int // at the opening quote when quoted
	valEnd   int // after the closing quote when quoted
}

// Extinf is a parsed #EXTINF line: "#EXTINF:<duration> <attrs>,<name>".
// Its byte slices alias the parsed line.
type Extinf struct {
	Duration []byte
	Attrs    []Attr
	// Name is the display name: everything after the comma that ends the
	// attribute list, as written (it may contain commas); empty if there
	// is no such comma.
	Name    []byte
	HasName bool

	prefix int // length of leading blanks before "#EXTINF:"
	durEnd int // index after the duration token
}

// Attr returns the value of the first attribute named key, compared
// without regard to ASCII case.
func (e *Extinf) Attr(key string) ([]byte, bool) {
	for _, a := range e.Attrs {
		if equalFoldASCII(a.Key, key) {
			return a.Value, true
		}
	}
	return nil, false
}

// ParseExtinf parses one line (without its line ending). It reports false
// when the line is not an #EXTINF line; leading blanks are allowed. The
// result aliases line.
func ParseExtinf(line []byte) (Extinf, bool) {
	var e Extinf
	ok := e.parse(line)
	return e, ok
}

// parse is ParseExtinf reusing e's attribute slice.
func (e *Extinf) parse(line []byte) bool {
	*e = Extinf{Attrs: e.Attrs[:0]}
	p := skipBlanks(line, 0)
	if !hasPrefixFold(line[p:], "#EXTINF:") {
		return false
	}
	e.prefix = p
	i := skipBlanks(line, p+len("#EXTINF:"))
	start := i
	for i < len(line) && !isBlank(line[i]) && line[i] != ',' {
		i++
	}
	if bytes.ContainsAny(line[start:i], "=\"'") {
		i = start // no duration: the token is an attribute
	}
	e.Duration = line[start:i]
	e.durEnd = i
	var nameAt int
	e.Attrs, nameAt = parseAttrs(e.Attrs, line, i)
	if nameAt >= 0 {
		e.HasName = true
		e.Name = line[nameAt:]
	}
	return true
}

// parseAttrs reads attributes from line[i:] up to the comma that starts the
// display name. It returns the attributes and the index of the name, or -1
// when the line has no name. Tokens that are not key=value are skipped.
func parseAttrs(attrs []Attr, line []byte, i int) ([]Attr, int) {
	for {
		ws := i
		i = skipBlanks(line, i)
		if i >= len(line) {
			return attrs, -1
		}
		if line[i] == ',' {
			return attrs, i + 1
		}
		keyStart := i
		for i < len(line) && isKeyChar(line[i]) {
			i++
		}
		if i == keyStart || i >= len(line) || line[i] != '=' {
			// Junk: skip to the next blank or comma.
			for i < len(line) && !isBlank(line[i]) && line[i] != ',' {
				i++
			}
			continue
		}
		a := Attr{Key: line[keyStart:i], wsStart: ws, keyStart: keyStart}
		i++ // '='
		a.valStart = i
		if i < len(line) && (line[i] == '"' || line[i] == '\'') {
			end, ok := closingQuote(line, i)
			if !ok {
				a.Value = line[i+1:]
				a.valEnd = len(line)
				return append(attrs, a), -1
			}
			a.Value = line[i+1 : end]
			i = end + 1
		} else {
			for i < len(line) && !isBlank(line[i]) && line[i] != ',' {
				i++
			}
			a.Value = line[a.valStart:i]
		}
		a.valEnd = i
		attrs = append(attrs, a)
	}
}

// closingQuote finds the quote that closes the value opened at line[open].
// Values may contain commas and stray quotes, so a quote only closes the
// value when what follows it is the end of the line, a comma, or (after
// optional blanks) the next key=. Failing that, the first matching quote
// closes it; ok is false when there is none.
func closingQuote(line []byte, open int) (int, bool) {
	q := line[open]
	first := -1
	for j := open + 1; j < len(line); j++ {
		if line[j] != q {
			continue
		}
		if first < 0 {
			first = j
		}
		k := j + 1
		if k >= len(line) || line[k] == ',' {
			return j, true
		}
		k = skipBlanks(line, k)
		if k >= len(line) || line[k] == ',' || startsAttr(line[k:]) {
			return j, true
		}
	}
	return first, first >= 0
}

// startsAttr reports whether b begins with key=.
func startsAttr(b []byte) bool {
	i := 0
	for i < len(b) && isKeyChar(b[i]) {
		i++
	}
	return i > 0 && i < len(b) && b[i] == '='
}

func isKeyChar(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' ||
		c == '-' || c == '_' || c == '.' || c == ':'
}

func isBlank(c byte) bool { return c == ' ' || c == '\t' }

func skipBlanks(b []byte, i int) int {
	for i < len(b) && isBlank(b[i]) {
		i++
	}
	return i
}

func hasPrefixFold(b []byte, prefix string) bool {
	if len(b) < len(prefix) {
		return false
	}
	for i := 0; i < len(prefix); i++ {
		if lowerASCII(b[i]) != lowerASCII(prefix[i]) {
			return false
		}
	}
	return true
}

func equalFoldASCII(a []byte, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		if lowerASCII(a[i]) != lowerASCII(b[i]) {
			return false
		}
	}
	return true
}

func lowerASCII(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// splitEOL splits a line into its content and its line ending ("\n",
// "\r\n" or "").
func splitEOL(line []byte) (content, eol []byte) {
	if bytes.HasSuffix(line, []byte("\r\n")) {
		return line[:len(line)-2], line[len(line)-2:]
	}
	if bytes.HasSuffix(line, []byte("\n")) {
		return line[:len(line)-1], line[len(line)-1:]
	}
	return line, nil
}
