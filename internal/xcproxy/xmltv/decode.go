package xmltv

import (
	"bytes"
	"fmt"
	"html"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/ianaindex"
)

// charset converts strings of a single-byte, ASCII-compatible encoding.
type charset struct {
	name string
	dec  *encoding.Decoder
}

// declaration reads the encoding from the <?xml …?> body in decl.
func (p *parser) declaration(decl []byte) error {
	if !bytes.HasPrefix(decl, []byte("xml")) {
		return nil // another processing instruction
	}
	name := strings.TrimSpace(string(attrValue(decl[3:], "encoding")))
	if name == "" {
		return nil
	}
	switch strings.ToLower(name) {
	case "utf-8", "utf8", "us-ascii", "ascii":
		return nil
	}
	enc, err := ianaindex.IANA.Encoding(name)
	if err != nil || enc == nil {
		return fmt.Errorf("%w: %q", ErrUnsupportedEncoding, name)
	}
	if !asciiCompatible(enc) {
		return fmt.Errorf("%w: %q", ErrUnsupportedEncoding, name)
	}
	canon, _ := ianaindex.IANA.Name(enc)
	if strings.EqualFold(canon, "UTF-8") || strings.EqualFold(canon, "US-ASCII") {
		return nil
	}
	p.dec = &charset{name: canon, dec: enc.NewDecoder()}
	return nil
}

// asciiCompatible reports whether enc decodes every printable ASCII byte
// and the XML blanks to themselves, which the byte-level lexer relies on,
// and is a single-byte encoding (no shift states).
func asciiCompatible(enc encoding.Encoding) bool {
	var b [0x80 - 0x20 + 3]byte
	for i := range 0x80 - 0x20 {
		b[i] = byte(0x20 + i)
	}
	b[len(b)-3], b[len(b)-2], b[len(b)-1] = '\t', '\n', '\r'
	out, err := enc.NewDecoder().Bytes(b[:])
	return err == nil && bytes.Equal(out, b[:]) && !isMultiByte(enc)
}

// isMultiByte reports whether enc maps some byte sequence of length > 1 to
// one character, by decoding a high byte on its own.
func isMultiByte(enc encoding.Encoding) bool {
	for _, c := range []byte{0x81, 0xa4, 0xe0, 0xfe} {
		out, err := enc.NewDecoder().Bytes([]byte{c, 'A'})
		if err != nil || utf8.RuneCount(out) != 2 {
			return true
		}
	}
	return false
}

// convert returns raw as a UTF-8 string.
func (p *parser) convert(raw []byte) string {
	if p.dec == nil {
		return string(raw)
	}
	out, err := p.dec.dec.Bytes(raw)
	if err != nil {
		return string(raw)
	}
	return string(out)
}

// unescape decodes XML and HTML entities; text without '&' is returned as
// is.
func unescape(s string) string {
	if strings.IndexByte(s, '&') < 0 {
		return s
	}
	return html.UnescapeString(s)
}

// normalizeBlanks turns tabs, CRs and LFs into spaces, as XML does for
// attribute values.
func normalizeBlanks(s string) string {
	if !strings.ContainsAny(s, "\t\r\n") {
		return s
	}
	return strings.Map(func(r rune) rune {
		if r == '\t' || r == '\r' || r == '\n' {
			return ' '
		}
		return r
	}, s)
}

// attrValue returns the raw value of attribute key in the attribute bytes
// of a tag (name=value pairs, either quote style, blanks around '='), or
// nil when the tag has no such attribute.
func attrValue(attrs []byte, key string) []byte {
	i := 0
	for i < len(attrs) {
		for i < len(attrs) && isSpace(attrs[i]) {
			i++
		}
		start := i
		for i < len(attrs) && !isSpace(attrs[i]) && attrs[i] != '=' && attrs[i] != '/' {
			i++
		}
		name := attrs[start:i]
		for i < len(attrs) && isSpace(attrs[i]) {
			i++
		}
		if i >= len(attrs) || attrs[i] != '=' {
			if i == start {
				i++ // a stray '/' or other byte
			}
			continue
		}
		i++
		for i < len(attrs) && isSpace(attrs[i]) {
			i++
		}
		var val []byte
		if i < len(attrs) && (attrs[i] == '"' || attrs[i] == '\'') {
			q := attrs[i]
			end := bytes.IndexByte(attrs[i+1:], q)
			if end < 0 {
				val, i = attrs[i+1:], len(attrs)
			} else {
				val, i = attrs[i+1:i+1+end], i+2+end
			}
		} else {
			vs := i
			for i < len(attrs) && !isSpace(attrs[i]) {
				i++
			}
			val = attrs[vs:i]
		}
		if string(name) == key {
			if val == nil {
				val = []byte{}
			}
			return val
		}
	}
	return nil
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }
