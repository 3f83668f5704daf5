package xcproxy

import (
	"bufio"
	"io"
)

// jsonListReader streams a JSON body and passes each element of its list
// through edit: the list is the body's top-level array, or the array value
// of a top-level "data" field ({"data":[...]}, as some panels wrap it).
// Every other byte, white space included, passes through as it came, and
// nothing here parses more than the brackets and strings: an element edit
// cannot read (a raw control character, NaN, deep nesting) is the edit's
// to return unchanged, an element over maxElem bytes passes through
// unedited without being held, and a body that is no list passes whole.
type jsonListReader struct {
	src     *bufio.Reader
	edit    func(dst, elem []byte) []byte
	maxElem int
	chunk   []byte
	out     []byte // ready for Read
	off     int
	err     error

	depth     int
	inStr     bool
	esc       bool
	top       byte // '[' or '{' once the body started; 'x' for anything else
	listDepth int  // depth of the list's elements; 0 outside the list
	done      bool // the list ended
	inElem    bool
	overflow  bool // the element outgrew maxElem: passing through
	elem      []byte

	// Finding "data" in a top-level object.
	expectKey  bool
	capturing  bool
	key        []byte
	afterColon bool
}

func newJSONListReader(src *bufio.Reader, maxElem int, edit func(dst, elem []byte) []byte) *jsonListReader {
	return &jsonListReader{src: src, edit: edit, maxElem: maxElem, chunk: make([]byte, 32<<10)}
}

func (l *jsonListReader) Read(p []byte) (int, error) {
	for l.off == len(l.out) {
		l.out, l.off = l.out[:0], 0
		if l.err != nil {
			return 0, l.err
		}
		n, err := l.src.Read(l.chunk)
		for _, c := range l.chunk[:n] {
			l.scan(c)
		}
		if err != nil {
			if l.inElem && len(l.elem) > 0 {
				l.out = append(l.out, l.elem...) // cut short: as it came
				l.elem = l.elem[:0]
			}
			l.err = err
		}
	}
	n := copy(p, l.out[l.off:])
	l.off += n
	return n, nil
}

// emit sends one byte to the element being collected or to the output.
func (l *jsonListReader) emit(c byte) {
	if l.inElem && !l.overflow {
		l.elem = append(l.elem, c)
		if len(l.elem) > l.maxElem {
			l.out = append(l.out, l.elem...)
			l.elem = l.elem[:0]
			l.overflow = true
		}
		return
	}
	l.out = append(l.out, c)
}

// endElem writes the finished element, edited.
func (l *jsonListReader) endElem() {
	if !l.overflow {
		l.out = l.edit(l.out, l.elem)
	}
	l.inElem, l.overflow = false, false
	l.elem = l.elem[:0]
}

func isJSONSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\n' }

func (l *jsonListReader) scan(c byte) {
	if l.inStr {
		l.emit(c)
		switch {
		case l.esc:
			l.esc = false
		case c == '\\':
			l.esc = true
		case c == '"':
			l.inStr = false
			if l.capturing {
				l.capturing = false
			}
		case l.capturing && len(l.key) < 16:
			l.key = append(l.key, c)
		}
		return
	}
	if l.top == 0 {
		if isJSONSpace(c) {
			l.out = append(l.out, c)
			return
		}
		l.top = 'x'
		if c == '[' || c == '{' {
			l.top = c
		}
	}
	if l.top == 'x' {
		l.out = append(l.out, c)
		return
	}
	if l.listDepth > 0 && l.depth == l.listDepth {
		if l.inElem && (c == ',' || c == ']') {
			l.endElem()
		}
		if !l.inElem {
			switch {
			case isJSONSpace(c) || c == ',':
				l.out = append(l.out, c)
				return
			case c == ']':
				l.listDepth, l.done = 0, true
				l.depth--
				l.out = append(l.out, c)
				return
			}
			l.inElem = true
		}
	}
	objTop := l.top == '{' && l.depth == 1 && l.listDepth == 0 && !l.done
	switch c {
	case '"':
		l.inStr = true
		if objTop && l.expectKey {
			l.capturing, l.expectKey = true, false
			l.key = l.key[:0]
		}
		l.afterColon = false
	case '[', '{':
		startList := (l.depth == 0 && c == '[') ||
			(objTop && c == '[' && l.afterColon && string(l.key) == "data")
		if l.depth == 0 && c == '{' {
			l.expectKey = true
		}
		l.depth++
		l.afterColon = false
		if startList {
			l.emit(c)
			l.listDepth = l.depth
			return
		}
	case ']', '}':
		l.depth--
		if l.listDepth > 0 && l.depth < l.listDepth {
			// A bracket closed the list inside an element: the list is
			// broken; what was collected passes as it came.
			l.emit(c)
			if l.inElem && !l.overflow {
				l.out = append(l.out, l.elem...)
			}
			l.inElem, l.overflow, l.elem = false, false, l.elem[:0]
			l.listDepth, l.done = 0, true
			return
		}
	case ',':
		if objTop {
			l.expectKey = true
		}
	case ':':
		if objTop {
			l.afterColon = true
		}
	default:
		if !isJSONSpace(c) {
			l.afterColon = false
		}
	}
	l.emit(c)
}

var _ io.Reader = (*jsonListReader)(nil)
