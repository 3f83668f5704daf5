package xcproxy

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
)

// maxItemBytes bounds one element of the live-stream array.
const maxItemBytes = 4 << 20

// rewriteLiveStreams replaces resp.Body with a streaming rewrite of the
// get_live_streams list (a top-level array, or {"data":[...]}) when the
// guide is available. Anything else passes through unchanged.
func (x *exchange) rewriteLiveStreams(resp *http.Response) {
	if x.h.cfg.LogoMode == LogoKeep {
		return
	}
	body, ok := plainBody(resp)
	if !ok {
		return
	}
	resp.Body = body
	br := bufio.NewReaderSize(body, 4096)
	if c, err := firstNonSpace(br); err != nil || (c != '[' && c != '{') {
		resp.Body = readCloser{br, body}
		return
	}
	g, err := x.waitGuide(resp.Request)
	if err != nil {
		resp.Body = readCloser{br, body}
		return
	}
	sources := x.logoSources(g)
	edit := func(dst, elem []byte) []byte { return x.appendItem(dst, elem, sources) }
	resp.Body = readCloser{newJSONListReader(br, maxItemBytes, edit), body}
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

// appendItem appends the element with its stream_icon set to the logo
// found for it (by epg_channel_id, then name; by num too only with
// MatchNumber, since panels use num as the list position). An element
// that is not a readable JSON object passes byte for byte.
func (x *exchange) appendItem(dst, item []byte, sources []logoSource) []byte {
	f, ok := scanItem(item)
	if !ok {
		return append(dst, item...)
	}
	if x.h.cfg.LogoMode == LogoFill && f.hasIcon {
		return append(dst, item...)
	}
	ref := ChannelRef{ID: f.epgID, Name: f.name}
	if x.h.cfg.MatchNumber {
		ref.Number = f.num
	}
	logo, found := lookupLogo(ref, sources)
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
		if end < 0 {
			return append(dst, item...)
		}
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
	hasIcon          bool     // a stream_icon that is a non-empty string
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
			if v := scalarText(raw); strings.TrimSpace(v) != "" && raw[0] == '"' {
				f.hasIcon = true
			}
		case "epg_channel_id":
			f.epgID = scalarText(raw)
		case "num":
			f.num = scalarText(raw)
		case "name":
			f.name = scalarText(raw)
		}
	}
	if t, err := dec.Token(); err != nil || t != json.Delim('}') {
		return f, false
	}
	// Nothing but white space may follow the object.
	if len(bytes.TrimLeft(item[dec.InputOffset():], " \t\r\n")) > 0 {
		return f, false
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
