// Package xmltv reads the channel list of an XMLTV guide as a stream and
// builds an index from channel id, channel number and display name to the
// channel's logo.
//
// The reader is a small purpose-built XML lexer rather than encoding/xml:
// guides reach hundreds of megabytes and only <channel> elements matter, so
// programme data is skipped at memchr speed while markup is still honoured
// (comments, CDATA, processing instructions, DOCTYPE, either quote style).
// Entities are decoded with the HTML table (XMLTV files in the wild use
// &eacute; and friends), gzip bodies are detected by their magic bytes, and
// single-byte encodings (ISO-8859-x, windows-125x) are converted to UTF-8.
// Everything is bounded: bytes read, channels kept, and the size of every
// token that is kept.
package xmltv

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"

	"github.com/klauspost/compress/gzip"
)

// Defaults for Options.
const (
	DefaultMaxBytes    = 1 << 30
	DefaultMaxChannels = 200_000
)

// Bounds on kept tokens; longer values are dropped.
const (
	maxTag      = 64 << 10 // attribute bytes of a kept tag
	maxText     = 4 << 10  // a display-name or lcn
	maxNameLen  = 64       // element names we compare
	maxNames    = 64       // display-names kept per channel
	maxDeclSize = 1 << 10  // the <?xml …?> declaration
	bufSize     = 256 << 10
)

// Options bounds a parse. The zero value uses the defaults.
type Options struct {
	// MaxBytes caps the (decompressed) bytes read; the guide is then
	// marked Truncated. Zero means DefaultMaxBytes.
	MaxBytes int64
	// MaxChannels caps the channels kept; the guide is then marked
	// Truncated. Zero means DefaultMaxChannels.
	MaxChannels int
	// StopAtProgramme stops reading at the first <programme>. The XMLTV
	// DTD puts every channel before the programmes, so this only misses
	// channels of non-conforming (e.g. concatenated) guides.
	StopAtProgramme bool
}

// ErrUnsupportedEncoding is returned for guides in an encoding that is not
// ASCII-compatible (UTF-16, EBCDIC) or unknown.
var ErrUnsupportedEncoding = errors.New("xmltv: unsupported encoding")

// Parse reads a guide from r (plain or gzip-compressed XML). It returns an
// error only when the input cannot be read or decoded; a guide without
// usable channels is returned empty. Hitting a bound is not an error: the
// guide keeps what was read and reports Truncated.
func Parse(r io.Reader, opt Options) (*Guide, error) {
	if opt.MaxBytes <= 0 {
		opt.MaxBytes = DefaultMaxBytes
	}
	if opt.MaxChannels <= 0 {
		opt.MaxChannels = DefaultMaxChannels
	}
	br := bufio.NewReaderSize(r, 512)
	if magic, _ := br.Peek(2); len(magic) == 2 && magic[0] == 0x1f && magic[1] == 0x8b {
		gz, err := gzip.NewReader(br)
		if err != nil {
			return nil, fmt.Errorf("xmltv: gzip: %w", err)
		}
		defer gz.Close()
		r = gz
	} else {
		r = br
	}
	p := &parser{
		s:   newScanner(r, bufSize, opt.MaxBytes),
		opt: opt,
		g:   newGuide(),
	}
	if err := p.run(); err != nil {
		return nil, err
	}
	return p.g, nil
}

// parser holds the state of one parse.
type parser struct {
	s   *scanner
	opt Options
	g   *Guide
	dec *charset // nil for UTF-8

	nameBuf []byte
	tagBuf  []byte
	rawText []byte // character data not yet entity-decoded
	text    []byte // decoded text of the element being captured
	over    bool   // the kept token passed its bound

	inChannel bool
	capture   captureKind
	ch        channel
	started   bool // first markup seen (the declaration may only come first)
}

type captureKind int

const (
	captureNone captureKind = iota
	captureName
	captureLCN
)

// channel is the element being read.
type channel struct {
	id    string
	names []string
	lcn   string
	icon  string
}

func (p *parser) run() error {
	s := p.s
	if bom := s.peek(3); bytes.HasPrefix(bom, []byte("\xef\xbb\xbf")) {
		s.pos += 3
	} else if bytes.HasPrefix(bom, []byte("\xfe\xff")) || bytes.HasPrefix(bom, []byte("\xff\xfe")) {
		return fmt.Errorf("%w: UTF-16", ErrUnsupportedEncoding)
	}
	for {
		var dst *[]byte
		if p.capture != captureNone {
			dst = &p.rawText
		}
		if !s.text(dst, maxText, &p.over) {
			break
		}
		stop, err := p.markup()
		if err != nil {
			return err
		}
		if stop {
			p.finishChannel()
			return nil
		}
		if p.g.Len() >= p.opt.MaxChannels {
			p.g.truncated = true
			return nil
		}
	}
	p.finishChannel()
	switch {
	case s.err == errLimit:
		p.g.truncated = true
		return nil
	case s.err == io.EOF:
		return nil
	case s.err == nil:
		return nil
	default:
		return fmt.Errorf("xmltv: read: %w", s.err)
	}
}

// markup handles one construct after '<'. It reports stop when parsing
// should end early.
func (p *parser) markup() (stop bool, err error) {
	s := p.s
	if !s.more() {
		return false, nil
	}
	first := !p.started
	p.started = true
	switch s.buf[s.pos] {
	case '/':
		s.pos++
		p.nameBuf = s.name(p.nameBuf, maxNameLen)
		s.tagRest(nil, 0, nil)
		p.endTag(p.nameBuf)
		return false, nil
	case '?':
		s.pos++
		if !first {
			s.skipPast("?>", nil, 0, nil)
			return false, nil
		}
		p.tagBuf, p.over = p.tagBuf[:0], false
		s.skipPast("?>", &p.tagBuf, maxDeclSize, &p.over)
		return false, p.declaration(p.tagBuf)
	case '!':
		b := s.peek(8)
		switch {
		case bytes.HasPrefix(b, []byte("!--")):
			s.pos += 3
			s.skipPast("-->", nil, 0, nil)
		case bytes.HasPrefix(b, []byte("![CDATA[")):
			s.pos += 8
			if p.capture == captureNone {
				s.skipPast("]]>", nil, 0, nil)
				return false, nil
			}
			p.flushText()
			p.rawText = p.rawText[:0]
			s.skipPast("]]>", &p.rawText, maxText, &p.over)
			p.appendDecoded(p.rawText, false)
			p.rawText = p.rawText[:0]
		default:
			s.pos++
			s.doctype()
		}
		return false, nil
	}
	p.nameBuf = s.name(p.nameBuf, maxNameLen)
	return p.startTag(p.nameBuf)
}
