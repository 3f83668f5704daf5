package xcproxy

import (
	"context"
	"encoding/json"
	"errors"
	"net"
	"net/http"
	"net/http/httputil"
	"net/url"
	"strings"
	"time"

	"gamethumbs/internal/redact"
)

// exchange is one proxied request and what is known about it.
type exchange struct {
	h     *Handler
	up    *Upstream
	rt    route
	in    *http.Request
	user  string // query credentials, for the guide
	pass  string
	guide *guideFlight // started early for playlist / live-stream requests
}

// ServeHTTP implements http.Handler.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h.stats.requests.Add(1)
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		writeError(w, http.StatusMethodNotAllowed, "method not allowed: use GET or HEAD")
		return
	}
	rt, ok := parseRoute(r.URL.EscapedPath())
	if !ok {
		writeError(w, http.StatusNotFound, "not found: use /xc/<upstream>/...")
		return
	}
	up := h.ups[strings.ToLower(rt.id)]
	if up == nil {
		writeError(w, http.StatusNotFound, "unknown upstream")
		return
	}
	if rt.dotSegs {
		writeError(w, http.StatusBadRequest, "invalid path: dot segments")
		return
	}
	q := r.URL.Query()
	rt.classify(q)
	x := &exchange{h: h, up: up, rt: rt, in: r, user: q.Get("username"), pass: q.Get("password")}

	// Streams may last for hours: no write deadline on this route.
	_ = http.NewResponseController(w).SetWriteDeadline(time.Time{})

	if r.Method == http.MethodGet && (rt.kind == kindPlaylist || rt.kind == kindLiveStreams) {
		// The guide is needed soon: fetch it while the panel builds the list.
		x.guide = h.startGuide(x)
	}
	rp := &httputil.ReverseProxy{
		Rewrite:        x.rewriteRequest,
		Transport:      h.transport,
		FlushInterval:  -1,
		BufferPool:     h.pool,
		ErrorLog:       h.errLog,
		ModifyResponse: x.modifyResponse,
		ErrorHandler:   x.proxyError,
	}
	rp.ServeHTTP(w, r)
}

// rewriteRequest points the outgoing request at the panel.
func (x *exchange) rewriteRequest(pr *httputil.ProxyRequest) {
	base := x.up.Base
	out := pr.Out
	escaped := strings.TrimRight(base.EscapedPath(), "/") + x.rt.rest
	path, err := url.PathUnescape(escaped)
	if err != nil {
		path = escaped
	}
	out.URL = &url.URL{Scheme: base.Scheme, Host: base.Host, Path: path, RawPath: escaped,
		RawQuery: joinQuery(base.RawQuery, pr.In.URL.RawQuery)}
	out.Host = ""
	if base.User != nil {
		pass, _ := base.User.Password()
		out.SetBasicAuth(base.User.Username(), pass)
	}
	// The panel sees the proxy, not the client's address.
	for _, k := range []string{"Forwarded", "X-Real-Ip", "X-Forwarded-For", "X-Forwarded-Host", "X-Forwarded-Proto", "Via"} {
		out.Header.Del(k)
	}
	if x.rt.kind == kindPlaylist || x.rt.kind == kindLiveStreams || x.rt.kind == kindGuide && x.eventArt().Guides() {
		// The body will be rewritten: ask for the whole, plain body (the
		// transport then asks for gzip itself and decodes it).
		for _, k := range []string{"Accept-Encoding", "Range", "If-Range", "If-None-Match", "If-Modified-Since", "If-Match", "If-Unmodified-Since"} {
			out.Header.Del(k)
		}
	}
}

func joinQuery(a, b string) string {
	switch {
	case a == "":
		return b
	case b == "":
		return a
	}
	return a + "&" + b
}

// modifyResponse counts the body and rewrites channel lists and live
// stream lists. It never fails: anything unexpected passes through.
func (x *exchange) modifyResponse(resp *http.Response) error {
	x.fixLocation(resp.Header)
	if x.in.Method == http.MethodGet && resp.StatusCode == http.StatusOK {
		switch {
		case x.rt.kind == kindLiveStreams:
			x.rewriteLiveStreams(resp)
		case x.rt.kind == kindGuide && x.eventArt().Guides():
			x.rewriteGuideArt(resp)
		case x.rt.kind == kindPlaylist, x.rt.kind == kindOther && isM3UType(resp.Header.Get("Content-Type")):
			x.rewritePlaylist(resp)
		}
	}
	resp.Body = &countingBody{ReadCloser: resp.Body, n: &x.h.stats.bytes}
	return nil
}

// fixLocation keeps a panel's path-only redirect (Location: /live/...)
// inside the proxy; absolute redirects (to a stream server) pass unchanged.
func (x *exchange) fixLocation(h http.Header) {
	loc := h.Get("Location")
	if !strings.HasPrefix(loc, "/") || strings.HasPrefix(loc, "//") {
		return
	}
	if base := strings.TrimRight(x.up.Base.EscapedPath(), "/"); base != "" {
		rest, ok := strings.CutPrefix(loc, base)
		if !ok || (rest != "" && rest[0] != '/' && rest[0] != '?') {
			return // outside the panel's base path: nothing to map it to
		}
		loc = rest
	}
	h.Set("Location", x.h.publicPath+"/xc/"+url.PathEscape(x.rt.id)+loc)
}

// isM3UType reports whether a Content-Type names a playlist.
func isM3UType(ct string) bool {
	ct = strings.ToLower(ct)
	return strings.Contains(ct, "mpegurl") || strings.Contains(ct, "m3u")
}

// proxyError answers when the panel could not be reached or was too slow.
func (x *exchange) proxyError(w http.ResponseWriter, r *http.Request, err error) {
	if r.Context().Err() != nil {
		// The client left; nobody is listening for an answer.
		x.h.log.Debug("xc client went away", "upstream", x.up.ID, "path", x.rt.rest)
		return
	}
	status, msg := http.StatusBadGateway, "upstream unreachable"
	if isTimeout(err) {
		status, msg = http.StatusGatewayTimeout, "upstream timed out"
	}
	x.h.stats.upstreamErrors.Add(1)
	x.h.log.Warn("xc upstream error", "upstream", x.up.ID, "path", redact.URL(x.rt.rest),
		"status", status, "err", redact.URL(err.Error()))
	writeError(w, status, msg)
}

func isTimeout(err error) bool {
	if errors.Is(err, context.DeadlineExceeded) {
		return true
	}
	var ne net.Error
	return errors.As(err, &ne) && ne.Timeout()
}

// writeError writes {"error": msg}. Messages are fixed texts: they never
// carry credentials or the list of upstreams.
func writeError(w http.ResponseWriter, status int, msg string) {
	h := w.Header()
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Del("Content-Length")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(struct {
		Error string `json:"error"`
	}{msg})
}
