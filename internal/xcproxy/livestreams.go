package xcproxy

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/http"

	"gamethumbs/internal/xcproxy/xmltv"
)

// maxItemBytes bounds one element of the live-stream array.
const maxItemBytes = 4 << 20

var errItemTooLarge = errors.New("xcproxy: live-stream item over 4 MiB")

// rewriteLiveStreams replaces resp.Body with a streaming rewrite of the
// get_live_streams array when the guide is available. Anything that is not
// a top-level array passes through unchanged.
func (x *exchange) rewriteLiveStreams(resp *http.Response) {
	body, ok := plainBody(resp)
	if !ok {
		return
	}
	resp.Body = body
	br := bufio.NewReaderSize(body, 4096)
	if c, err := firstNonSpace(br); err != nil || c != '[' {
		resp.Body = readCloser{br, body}
		return
	}
	g, err := x.waitGuide(resp.Request)
	if err != nil && !x.eventArt().Channels() {
		resp.Body = readCloser{br, body}
		return
	}
	resp.Body = readCloser{newLiveStreamsLookup(br, x.streamLogo(g)), body}
	setRewrittenHeaders(resp, "")
	x.h.stats.liveStreamsRewritten.Add(1)
}

// firstNonSpace peeks at the first byte that is not JSON white space.
func firstNonSpace(br *bufio.Reader) (byte, error) {
	for n := 1; n <= br.Size(); n *= 2 {
		b, err := br.Peek(n)
		for _, c := range b {
			switch c {
			case ' ', '\t', '\r', '\n':
				continue
			}
			return c, nil
		}
		if err != nil {
			return 0, err
		}
	}
	return 0, errors.New("xcproxy: only white space")
}

// liveStreamsReader streams a JSON array element by element, rewriting the
// stream_icon of objects that match the guide. Every other byte of an
// element is kept; elements are joined with ',' (white space between
// elements is not kept).
type liveStreamsReader struct {
	dec     *json.Decoder
	lim     *limitedReader
	logo    func(epgID, num, name string) (string, bool)
	out     []byte
	pending []byte
	state   int // 0 before '[', 1 in the array, 2 done
	n       int // elements written
	err     error
}

func newLiveStreamsReader(r io.Reader, g *xmltv.Guide) *liveStreamsReader {
	return newLiveStreamsLookup(r, func(epgID, num, name string) (string, bool) {
		logo, tier := g.Lookup(epgID, num, name)
		return logo, tier != xmltv.NoMatch
	})
}

// newLiveStreamsLookup is newLiveStreamsReader with any logo lookup (event
// art, see eventart.go).
func newLiveStreamsLookup(r io.Reader, logo func(epgID, num, name string) (string, bool)) *liveStreamsReader {
	lim := &limitedReader{r: r, max: maxItemBytes}
	return &liveStreamsReader{dec: json.NewDecoder(lim), lim: lim, logo: logo}
}

// Read fills p with as many elements as fit (the list is not a live
// stream: waiting for the next element costs little and saves writes).
func (l *liveStreamsReader) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		if len(l.pending) > 0 {
			c := copy(p[n:], l.pending)
			l.pending = l.pending[c:]
			n += c
			continue
		}
		if l.err != nil {
			if n > 0 {
				return n, nil
			}
			return 0, l.err
		}
		l.next()
	}
	return n, nil
}

func (l *liveStreamsReader) next() {
	switch l.state {
	case 0:
		if _, err := l.dec.Token(); err != nil { // '[' (checked by the caller)
			l.err = err
			return
		}
		l.state = 1
		l.pending = []byte{'['}
		return
	case 2:
		l.err = io.EOF
		return
	}
	if !l.dec.More() {
		if _, err := l.dec.Token(); err != nil { // ']'
			l.err = err
			return
		}
		l.state = 2
		l.pending = []byte{']'}
		return
	}
	l.lim.n = 0
	var raw json.RawMessage
	if err := l.dec.Decode(&raw); err != nil {
		l.err = err
		return
	}
	l.out = l.out[:0]
	if l.n > 0 {
		l.out = append(l.out, ',')
	}
	l.n++
	l.out = appendItem(l.out, raw, l.logo)
	l.pending = l.out
}

// appendItem appends the element with its stream_icon set to the logo
// the lookup gives (the guide's: epg_channel_id, then num, then name).
func appendItem(dst, item []byte, lookup func(epgID, num, name string) (string, bool)) []byte {
	f, ok := scanItem(item)
	if !ok {
		return append(dst, item...)
	}
	logo, found := lookup(f.epgID, f.num, f.name)
	if !found {
		return append(dst, item...)
	}
	val, err := json.Marshal(logo)
	if err != nil {
		return append(dst, item...)
	}
	if len(f.icons) == 0 {
		// No stream_icon: add one before the closing brace.
		end := bytes.LastIndexByte(item, '}')
		dst = append(dst, item[:end]...)
		if f.fields > 0 {
			dst = append(dst, ',')
		}
		dst = append(dst, `"stream_icon":`...)
		dst = append(dst, val...)
		return append(dst, item[end:]...)
	}
	cur := 0
	for _, sp := range f.icons {
		dst = append(dst, item[cur:sp[0]]...)
		dst = append(dst, val...)
		cur = sp[1]
	}
	return append(dst, item[cur:]...)
}

// itemFields is what matching needs from one live-stream object.
type itemFields struct {
	epgID, num, name string
	icons            [][2]int // value spans of every "stream_icon"
	fields           int
}

// scanItem reads the top-level fields of a JSON object without decoding
// the values it does not need. It reports false for anything but an
// object.
func scanItem(item []byte) (itemFields, bool) {
	var f itemFields
	dec := json.NewDecoder(bytes.NewReader(item))
	dec.UseNumber()
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return f, false
	}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return f, false
		}
		key, _ := t.(string)
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return f, false
		}
		end := int(dec.InputOffset())
		start := end - len(raw)
		if start < 0 || !bytes.Equal(item[start:end], raw) {
			return f, false
		}
		f.fields++
		switch key {
		case "stream_icon":
			f.icons = append(f.icons, [2]int{start, end})
		case "epg_channel_id":
			f.epgID = scalarText(raw)
		case "num":
			f.num = scalarText(raw)
		case "name":
			f.name = scalarText(raw)
		}
	}
	return f, true
}

// scalarText returns a JSON string's value or a number's text; "" for
// anything else (null, objects…).
func scalarText(raw json.RawMessage) string {
	if len(raw) == 0 {
		return ""
	}
	switch c := raw[0]; {
	case c == '"':
		var s string
		if json.Unmarshal(raw, &s) == nil {
			return s
		}
	case c == '-' || ('0' <= c && c <= '9'):
		return string(raw)
	}
	return ""
}

// limitedReader fails once more than max bytes were read since n was last
// reset, bounding what the JSON decoder buffers for one element.
type limitedReader struct {
	r      io.Reader
	n, max int64
}

func (l *limitedReader) Read(p []byte) (int, error) {
	if l.n > l.max {
		return 0, errItemTooLarge
	}
	if room := l.max - l.n + 1; int64(len(p)) > room {
		p = p[:room]
	}
	n, err := l.r.Read(p)
	l.n += int64(n)
	return n, err
}
