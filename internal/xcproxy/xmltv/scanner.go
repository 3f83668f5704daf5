package xmltv

import (
	"bytes"
	"errors"
	"io"
)

// errLimit is returned by the scanner when MaxBytes have been read.
var errLimit = errors.New("xmltv: byte limit reached")

// scanner is a minimal, allocation-free XML lexer over a fixed buffer. It
// knows markup (tags with single- or double-quoted attributes, comments,
// CDATA, processing instructions, DOCTYPE with an internal subset) and
// leaves character data and entities to its caller.
type scanner struct {
	src      io.Reader
	buf      []byte
	pos, end int
	err      error // sticky: io.EOF, errLimit or a read error
	read     int64 // bytes read from src
	max      int64 // byte limit
}

func newScanner(src io.Reader, bufSize int, max int64) *scanner {
	return &scanner{src: src, buf: make([]byte, bufSize), max: max}
}

// fill moves unread bytes to the front and reads more. It reports whether
// new bytes arrived.
func (s *scanner) fill() bool {
	if s.err != nil {
		return false
	}
	if s.pos > 0 {
		s.end = copy(s.buf, s.buf[s.pos:s.end])
		s.pos = 0
	}
	if s.end == len(s.buf) {
		return false // full; callers never keep a whole buffer
	}
	for tries := 0; tries < 100; tries++ {
		want := len(s.buf) - s.end
		if left := s.max - s.read; int64(want) > left {
			want = int(left)
		}
		if want <= 0 {
			s.err = errLimit
			return false
		}
		n, err := s.src.Read(s.buf[s.end : s.end+want])
		s.end += n
		s.read += int64(n)
		if err != nil {
			s.err = err
			return n > 0
		}
		if n > 0 {
			return true
		}
	}
	s.err = io.ErrNoProgress
	return false
}

// more reports whether at least one unread byte is buffered, filling if
// needed.
func (s *scanner) more() bool {
	return s.pos < s.end || s.fill()
}

// peek makes n bytes available if the input has them and returns what is
// buffered (possibly fewer at the end of the input).
func (s *scanner) peek(n int) []byte {
	for s.end-s.pos < n && s.fill() {
	}
	return s.buf[s.pos:s.end]
}

// text consumes character data up to and including the next '<'. When dst
// is not nil, the data is appended to it while it stays within limit bytes
// (the rest is dropped and *over is set). It reports whether a '<' was
// found (false at the end of the input).
func (s *scanner) text(dst *[]byte, limit int, over *bool) bool {
	for s.more() {
		b := s.buf[s.pos:s.end]
		i := bytes.IndexByte(b, '<')
		chunk := b
		if i >= 0 {
			chunk = b[:i]
		}
		if dst != nil {
			appendBounded(dst, chunk, limit, over)
		}
		if i >= 0 {
			s.pos += i + 1
			return true
		}
		s.pos = s.end
	}
	return false
}

// skipPast consumes input up to and including seq; with dst set, the bytes
// before seq are appended within limit. It reports false at the end of the
// input.
func (s *scanner) skipPast(seq string, dst *[]byte, limit int, over *bool) bool {
	for {
		b := s.buf[s.pos:s.end]
		if i := bytes.Index(b, []byte(seq)); i >= 0 {
			if dst != nil {
				appendBounded(dst, b[:i], limit, over)
			}
			s.pos += i + len(seq)
			return true
		}
		// Keep a tail that may hold the start of seq.
		keep := len(seq) - 1
		if len(b) > keep {
			if dst != nil {
				appendBounded(dst, b[:len(b)-keep], limit, over)
			}
			s.pos = s.end - keep
		}
		if !s.fill() {
			return false
		}
	}
}

// name consumes an XML name at the current position into dst (reset
// first), up to limit bytes.
func (s *scanner) name(dst []byte, limit int) []byte {
	dst = dst[:0]
	for s.more() {
		b := s.buf[s.pos:s.end]
		i := 0
		for i < len(b) && !isNameEnd(b[i]) {
			i++
		}
		if len(dst)+i <= limit {
			dst = append(dst, b[:i]...)
		}
		s.pos += i
		if i < len(b) {
			break
		}
	}
	return dst
}

func isNameEnd(c byte) bool { return nameEnd[c] }

// nameEnd marks the bytes that end an XML name.
var nameEnd = [256]bool{' ': true, '\t': true, '\n': true, '\r': true, '>': true, '/': true,
	'=': true, '"': true, '\'': true, '<': true, '?': true}

// tagRest consumes the rest of a tag after its name, up to and including
// '>', honouring quotes. With dst set, the attribute bytes are appended
// within limit. It reports whether the tag is self-closing ("/>") and false
// for ok at the end of the input.
func (s *scanner) tagRest(dst *[]byte, limit int, over *bool) (selfClosing, ok bool) {
	var quote byte
	var last byte // last non-blank byte outside quotes
	for s.more() {
		b := s.buf[s.pos:s.end]
		for i, c := range b {
			if quote != 0 {
				if c == quote {
					quote = 0
					last = c
				}
				continue
			}
			switch c {
			case '"', '\'':
				quote, last = c, c
			case '>':
				if dst != nil {
					appendBounded(dst, b[:i], limit, over)
				}
				s.pos += i + 1
				return last == '/', true
			case ' ', '\t', '\n', '\r':
			default:
				last = c
			}
		}
		if dst != nil {
			appendBounded(dst, b, limit, over)
		}
		s.pos = s.end
	}
	return false, false
}

// doctype consumes a <!DOCTYPE …> (or other <!…> declaration) body after
// "<!", including an internal subset in brackets and quoted literals.
func (s *scanner) doctype() bool {
	var quote byte
	depth := 0
	for s.more() {
		b := s.buf[s.pos:s.end]
		for i, c := range b {
			if quote != 0 {
				if c == quote {
					quote = 0
				}
				continue
			}
			switch c {
			case '"', '\'':
				quote = c
			case '[':
				depth++
			case ']':
				if depth > 0 {
					depth--
				}
			case '>':
				if depth == 0 {
					s.pos += i + 1
					return true
				}
			}
		}
		s.pos = s.end
	}
	return false
}

// appendBounded appends b to *dst unless that would pass limit, in which
// case it sets *over and drops b.
func appendBounded(dst *[]byte, b []byte, limit int, over *bool) {
	if len(*dst)+len(b) > limit {
		*over = true
		return
	}
	*dst = append(*dst, b...)
}
