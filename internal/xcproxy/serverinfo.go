package xcproxy

import (
	"bytes"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"strconv"
)

// maxLoginBytes bounds the login answer read for the server_info rewrite;
// a longer one passes through unchanged.
const maxLoginBytes = 1 << 20

// rewritesServerInfo reports whether the exchange's login answer gets its
// server_info pointed at the proxy: on root-mode listeners with
// RewriteServerInfo (at /xc/<id> a host and port cannot carry the path).
func (x *exchange) rewritesServerInfo() bool {
	return x.rt.root && x.h.cfg.RewriteServerInfo && x.rt.kind == kindAPI
}

// rewriteServerInfo points the server_info block of the login answer
// (url, port, https_port, server_protocol) at the address the client used,
// so apps that build stream URLs from it stay on the proxy. Every other
// byte stays; an answer it cannot read passes through unchanged.
func (x *exchange) rewriteServerInfo(resp *http.Response) {
	body, ok := plainBody(resp)
	if !ok {
		return
	}
	resp.Body = body
	data, err := io.ReadAll(io.LimitReader(body, maxLoginBytes+1))
	if err != nil || len(data) > maxLoginBytes {
		resp.Body = readCloser{io.MultiReader(bytes.NewReader(data), body), body}
		return
	}
	out, ok := x.editServerInfo(data)
	if !ok {
		resp.Body = readCloser{bytes.NewReader(data), body}
		return
	}
	resp.Body = readCloser{bytes.NewReader(out), body}
	setRewrittenHeaders(resp, "")
	resp.Header.Set("Content-Length", strconv.Itoa(len(out)))
	resp.ContentLength = int64(len(out))
}

// editServerInfo returns data with the server_info fields replaced.
func (x *exchange) editServerInfo(data []byte) ([]byte, bool) {
	top, ok := fieldSpans(data)
	if !ok {
		return nil, false
	}
	si, ok := top["server_info"]
	if !ok {
		return nil, false
	}
	inner, ok := fieldSpans(data[si[0]:si[1]])
	if !ok {
		return nil, false
	}
	host, port, scheme := x.publicHostPort()
	vals := map[string]string{"url": host, "server_protocol": scheme}
	if scheme == "https" {
		vals["https_port"] = port
	} else {
		vals["port"] = port
	}
	type edit struct {
		span [2]int
		val  []byte
	}
	var edits []edit
	for k, v := range vals {
		sp, ok := inner[k]
		if !ok {
			continue
		}
		raw := data[si[0]+sp[0] : si[0]+sp[1]]
		var enc []byte
		if raw[0] == '"' {
			enc, _ = json.Marshal(v)
		} else if _, err := strconv.Atoi(v); err == nil && (raw[0] == '-' || (raw[0] >= '0' && raw[0] <= '9')) {
			enc = []byte(v) // keep a number a number
		} else {
			enc, _ = json.Marshal(v)
		}
		edits = append(edits, edit{[2]int{si[0] + sp[0], si[0] + sp[1]}, enc})
	}
	if len(edits) == 0 {
		return nil, false
	}
	// Apply from the end so earlier offsets stay valid.
	for i := range edits {
		for j := i + 1; j < len(edits); j++ {
			if edits[j].span[0] > edits[i].span[0] {
				edits[i], edits[j] = edits[j], edits[i]
			}
		}
	}
	out := append([]byte(nil), data...)
	for _, e := range edits {
		out = append(out[:e.span[0]], append(e.val, out[e.span[1]:]...)...)
	}
	return out, true
}

// publicHostPort is the host, port and scheme the client reached the
// proxy at (the request's Host; the port from it or the scheme).
func (x *exchange) publicHostPort() (host, port, scheme string) {
	scheme = x.requestScheme()
	host = x.in.Host
	if h, p, err := net.SplitHostPort(host); err == nil {
		return h, p, scheme
	}
	if scheme == "https" {
		return host, "443", scheme
	}
	return host, "80", scheme
}

// fieldSpans returns the value spans of a JSON object's top-level fields
// (the first of each name). It reports false for anything but an object.
func fieldSpans(obj []byte) (map[string][2]int, bool) {
	dec := json.NewDecoder(bytes.NewReader(obj))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil, false
	}
	spans := map[string][2]int{}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return nil, false
		}
		key, _ := t.(string)
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return nil, false
		}
		end := int(dec.InputOffset())
		start := end - len(raw)
		if start < 0 || !bytes.Equal(obj[start:end], raw) {
			return nil, false
		}
		if _, dup := spans[key]; !dup {
			spans[key] = [2]int{start, end}
		}
	}
	return spans, true
}
