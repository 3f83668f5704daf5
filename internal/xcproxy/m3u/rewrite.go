package m3u

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"sync"
)

// DefaultMaxLine is the longest line the Rewriter inspects; longer lines
// pass through unchanged.
const DefaultMaxLine = 1 << 20

// Channel is what a channel list says about one entry, for matching.
type Channel struct {
	ID     string // tvg-id
	Number string // tvg-chno
	Name   string // display name, blanks trimmed
	Logo   string // the tvg-logo value, "" when absent or empty
}

// Options configures a Rewriter.
type Options struct {
	// Logo returns the logo URL for a channel, or false to leave the line
	// unchanged. Nil changes no #EXTINF line.
	Logo func(Channel) (string, bool)
	// GuideURL, when not empty, replaces the url-tvg, x-tvg-url and
	// tvg-url values of the #EXTM3U header, the list's first line that is
	// not blank (except those KeepGuide reports true for), or is added as
	// url-tvg to a header without them. Later #EXTM3U lines (lists joined
	// together) are left as they are.
	GuideURL string
	// KeepGuide reports whether a header's guide URL stays as it is (a
	// third-party guide). Nil replaces every one.
	KeepGuide func(string) bool
	// Stream, when not nil, is given every URL line of a channel list (a
	// line that is neither blank nor a # tag) and replaces it with what it
	// returns when it reports true.
	Stream func(string) (string, bool)
	// URI, when not nil, makes the Rewriter an HLS playlist rewriter: every
	// URI line and every URI="..." attribute of an #EXT-X- tag is passed
	// to it and replaced by what it returns when it reports true. Logo
	// and GuideURL are then not used.
	URI func(string) (string, bool)
	// MaxLine is the longest line inspected (default DefaultMaxLine).
	// Only DefaultMaxLine-sized readers are pooled.
	MaxLine int
}

// Rewriter is an io.Reader that yields its source with #EXTINF logos and
// header guide URLs rewritten. It holds at most one line in memory.
type Rewriter struct {
	src     *bufio.Reader
	opt     Options
	out     []byte // scratch for a rewritten line
	e, f    Extinf // parsed line and its check, reused
	quoted  []byte // scratch for the quoted logo
	pending []byte // bytes ready for Read; may alias src's buffer
	inLong  bool   // inside a line longer than MaxLine
	started bool   // a line that is not blank was read: the header is behind
	err     error
	changed int
}

var readerPool = sync.Pool{New: func() any { return bufio.NewReaderSize(nil, DefaultMaxLine) }}

// NewRewriter returns a Rewriter over src. Call Close to return its buffer
// to the pool (it does not close src).
func NewRewriter(src io.Reader, opt Options) *Rewriter {
	if opt.MaxLine <= 0 {
		opt.MaxLine = DefaultMaxLine
	}
	var br *bufio.Reader
	if opt.MaxLine == DefaultMaxLine {
		br = readerPool.Get().(*bufio.Reader)
		br.Reset(src)
	} else {
		br = bufio.NewReaderSize(src, opt.MaxLine)
	}
	return &Rewriter{src: br, opt: opt}
}

// Rewritten returns how many #EXTINF lines (or HLS lines) were changed so
// far.
func (r *Rewriter) Rewritten() int { return r.changed }

// Close releases the line buffer. The Rewriter must not be used after.
func (r *Rewriter) Close() error {
	if r.src != nil && r.src.Size() == DefaultMaxLine {
		r.src.Reset(nil)
		readerPool.Put(r.src)
	}
	r.src, r.pending = nil, nil
	if r.err == nil {
		r.err = errors.New("m3u: read after Close")
	}
	return nil
}

// Read implements io.Reader. It fills p with as many lines as are
// already buffered, so that a fast source is passed on in large writes,
// and returns what it has rather than wait for a slow source.
func (r *Rewriter) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		if len(r.pending) > 0 {
			c := copy(p[n:], r.pending)
			r.pending = r.pending[c:]
			n += c
			continue
		}
		if r.err != nil {
			if n > 0 {
				return n, nil
			}
			return 0, r.err
		}
		if n > 0 && !r.lineBuffered() {
			break
		}
		r.next()
	}
	return n, nil
}

// lineBuffered reports whether the next line (or chunk of an over-long
// line) can be read without waiting for the source.
func (r *Rewriter) lineBuffered() bool {
	b, _ := r.src.Peek(r.src.Buffered())
	return bytes.IndexByte(b, '\n') >= 0 || (r.inLong && len(b) > 0)
}

// next reads one line (or one chunk of an over-long line) into pending.
func (r *Rewriter) next() {
	line, err := r.src.ReadSlice('\n')
	switch {
	case errors.Is(err, bufio.ErrBufferFull):
		r.inLong, r.started = true, true
		r.pending = line
		return
	case err != nil && !errors.Is(err, io.EOF):
		r.err = err
		r.pending = line
		return
	case err != nil:
		r.err = io.EOF
	}
	if r.inLong {
		r.inLong = false
		r.pending = line
		return
	}
	r.pending = r.rewrite(line)
}

// rewrite returns line, or its rewritten form in r.out.
func (r *Rewriter) rewrite(line []byte) []byte {
	content, eol := splitEOL(line)
	if r.opt.URI != nil {
		if out, ok := appendHLSLine(r.out[:0], content, r.opt.URI); ok {
			r.changed++
			r.out = append(out, eol...)
			return r.out
		}
		return line
	}
	header := !r.started
	if len(bytes.TrimSpace(bytes.TrimPrefix(content, []byte("\ufeff")))) > 0 {
		r.started = true
	}
	if r.opt.GuideURL != "" && header {
		body, bom := bytes.CutPrefix(content, []byte("\ufeff"))
		dst := r.out[:0]
		if bom {
			dst = append(dst, "\ufeff"...)
		}
		if out, ok := appendWithGuide(dst, body, r.opt.GuideURL, r.opt.KeepGuide); ok {
			r.out = append(out, eol...)
			return r.out
		}
	}
	if r.opt.Stream != nil {
		if t := bytes.TrimSpace(content); len(t) > 0 && t[0] != '#' {
			if u, ok := r.opt.Stream(string(t)); ok {
				r.out = append(append(r.out[:0], u...), eol...)
				return r.out
			}
			return line
		}
	}
	if r.opt.Logo == nil {
		return line
	}
	e := &r.e
	if !e.parse(content) {
		return line
	}
	var ch Channel
	if name := bytes.TrimSpace(e.Name); len(name) > 0 {
		ch.Name = string(name)
	}
	if id, _ := e.Attr("tvg-id"); len(id) > 0 {
		ch.ID = string(id)
	}
	if num, _ := e.Attr("tvg-chno"); len(num) > 0 {
		ch.Number = string(num)
	}
	if logo, _ := e.Attr("tvg-logo"); len(bytes.TrimSpace(logo)) > 0 {
		ch.Logo = string(logo)
	}
	logo, ok := r.opt.Logo(ch)
	if !ok {
		return line
	}
	r.out = e.appendWithLogo(r.out[:0], content, logo)
	r.quoted = appendQuoted(r.quoted[:0], logo)
	if !sameChannel(e, &r.f, r.out, r.quoted[1:len(r.quoted)-1]) {
		return line // junk quotes made the edit ambiguous: keep the line
	}
	r.changed++
	r.out = append(r.out, eol...)
	return r.out
}

// sameChannel reports whether the edited line reads back (into f) as the
// channel e with exactly one tvg-logo holding the written value.
func sameChannel(e, f *Extinf, edited, written []byte) bool {
	if !f.parse(edited) || !bytes.Equal(f.Name, e.Name) || f.HasName != e.HasName {
		return false
	}
	for _, key := range [...]string{"tvg-id", "tvg-chno"} {
		a, okA := e.Attr(key)
		b, okB := f.Attr(key)
		if !bytes.Equal(a, b) || okA != okB {
			return false
		}
	}
	logos := 0
	for _, a := range f.Attrs {
		if equalFoldASCII(a.Key, "tvg-logo") {
			logos++
			if !bytes.Equal(a.Value, written) {
				return false
			}
		}
	}
	return logos == 1
}
