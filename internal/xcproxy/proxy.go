package xcproxy

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"mime"
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
	user  string // query or form credentials, for the guide
	pass  string
	guide *guideFlight // started early for playlist / live-stream requests
	// headAsGet: a HEAD of a rewritten kind is asked upstream as GET and
	// its headers rewritten as GET's are, so both give the same headers.
	headAsGet bool
	// idle ends the request to the panel when a stream's body sends
	// nothing for StreamIdle (nil: no idle limit).
	idle *idleTimer
}

// maxFormBytes bounds a POST body the proxy reads (for the credentials
// and the action) before forwarding it.
const maxFormBytes = 64 << 10

// ServeHTTP implements http.Handler for /xc/<upstream>/... .
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	rt, ok := parseRoute(r.URL.EscapedPath())
	if !ok {
		h.stats.requests.Add(1)
		writeError(w, http.StatusNotFound, "not found: use /xc/<upstream>/...")
		return
	}
	up := h.ups[strings.ToLower(rt.id)]
	if up == nil {
		h.stats.requests.Add(1)
		writeError(w, http.StatusNotFound, "unknown upstream")
		return
	}
	rt.prefix = h.publicPath + rt.prefix
	h.serve(w, r, up, rt)
}

// serve proxies one request to up.
func (h *Handler) serve(w http.ResponseWriter, r *http.Request, up *Upstream, rt route) {
	h.stats.requests.Add(1)
	if r.Method != http.MethodGet && r.Method != http.MethodHead && r.Method != http.MethodPost {
		w.Header().Set("Allow", "GET, HEAD, POST")
		writeError(w, http.StatusMethodNotAllowed, "method not allowed: use GET, HEAD or POST")
		return
	}
	if rt.dotSegs {
		writeError(w, http.StatusBadRequest, "invalid path: dot segments")
		return
	}
	q := r.URL.Query()
	if r.Method == http.MethodPost {
		if !isScript(rt.rest) {
			w.Header().Set("Allow", "GET, HEAD")
			writeError(w, http.StatusMethodNotAllowed, "method not allowed: POST only to player_api.php, get.php and xmltv.php")
			return
		}
		form, status, msg := readForm(r)
		if status != 0 {
			writeError(w, status, msg)
			return
		}
		for k, v := range form {
			if !q.Has(k) {
				q[k] = v
			}
		}
	}
	rt.classify(q)
	if rt.kind == kindStream && r.Method != http.MethodHead {
		if !h.streams.acquire() {
			h.stats.streamsRefused.Add(1)
			w.Header().Set("Retry-After", "5")
			writeError(w, http.StatusServiceUnavailable, "too many open streams (XC_MAX_STREAMS)")
			return
		}
		defer h.streams.release()
	}
	x := &exchange{h: h, up: up, rt: rt, in: r, user: q.Get("username"), pass: q.Get("password")}
	x.headAsGet = r.Method == http.MethodHead && (rt.kind.rewritable() || x.rewritesServerInfo())

	// Streams may last for hours: no write deadline on this route.
	_ = http.NewResponseController(w).SetWriteDeadline(time.Time{})

	if r.Method != http.MethodHead && h.cfg.LogoMode != LogoKeep && (rt.kind == kindPlaylist || rt.kind == kindLiveStreams) {
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
	defer func() {
		if v := recover(); v != nil {
			if v == http.ErrAbortHandler {
				// The client left mid-body or the panel cut it: the
				// response cannot be finished. Counted; the caller's
				// access log marks it aborted.
				h.stats.aborted.Add(1)
			}
			panic(v)
		}
	}()
	rp.ServeHTTP(w, r)
}

// isScript reports whether rest is one of the scripts POST is forwarded to.
func isScript(rest string) bool {
	switch strings.ToLower(strings.Trim(rest, "/")) {
	case "player_api.php", "get.php", "xmltv.php":
		return true
	}
	return false
}

// readForm reads a POST body (bounded), keeps it for forwarding, and
// returns its form values when it is a URL-encoded form. A non-zero
// status is an error to answer.
func readForm(r *http.Request) (url.Values, int, string) {
	body, err := io.ReadAll(io.LimitReader(r.Body, maxFormBytes+1))
	_ = r.Body.Close()
	if err != nil {
		return nil, http.StatusBadRequest, "could not read the request body"
	}
	if len(body) > maxFormBytes {
		return nil, http.StatusRequestEntityTooLarge, "request body over 64 KiB"
	}
	r.Body = io.NopCloser(bytes.NewReader(body))
	r.ContentLength = int64(len(body))
	r.GetBody = func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(body)), nil }
	ct, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if ct != "" && ct != "application/x-www-form-urlencoded" {
		return nil, 0, ""
	}
	form, err := url.ParseQuery(string(body))
	if err != nil {
		return nil, 0, "" // forwarded as it is; the panel judges it
	}
	return form, 0, ""
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
	if x.rt.kind == kindStream && x.h.cfg.StreamIdle > 0 {
		ctx, cancel := context.WithCancel(out.Context())
		x.idle = &idleTimer{d: x.h.cfg.StreamIdle, cancel: cancel}
		pr.Out = out.WithContext(ctx)
		out = pr.Out
	}
	if x.headAsGet {
		out.Method = http.MethodGet
	}
	if base.User != nil {
		pass, _ := base.User.Password()
		out.SetBasicAuth(base.User.Username(), pass)
	}
	// The panel sees the proxy, not the client's address.
	for _, k := range []string{"Forwarded", "X-Real-Ip", "X-Forwarded-For", "X-Forwarded-Host", "X-Forwarded-Proto", "Via"} {
		out.Header.Del(k)
	}
	if x.rt.kind.rewritable() || x.rewritesServerInfo() || x.guideArt() {
		// The body may be rewritten: ask for the whole body, compressed
		// only as the client accepts (the rewrite decodes it; the client
		// gets it plain).
		gz := acceptsGzip(pr.In.Header)
		for _, k := range []string{"Accept-Encoding", "Range", "If-Range", "If-None-Match", "If-Modified-Since", "If-Match", "If-Unmodified-Since"} {
			out.Header.Del(k)
		}
		if gz {
			out.Header.Set("Accept-Encoding", "gzip")
		}
	}
}

// acceptsGzip reports whether an Accept-Encoding header allows gzip.
func acceptsGzip(h http.Header) bool {
	for _, v := range h.Values("Accept-Encoding") {
		for part := range strings.SplitSeq(v, ",") {
			name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
			name = strings.ToLower(strings.TrimSpace(name))
			if name != "gzip" && name != "x-gzip" && name != "*" {
				continue
			}
			params = strings.ReplaceAll(strings.ToLower(params), " ", "")
			if params == "q=0" || params == "q=0.0" || params == "q=0.00" || params == "q=0.000" {
				continue
			}
			return true
		}
	}
	return false
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

// modifyResponse counts the body and rewrites channel lists, live stream
// lists, HLS playlists and (when set) the login answer's server_info. It
// never fails: anything unexpected passes through.
func (x *exchange) modifyResponse(resp *http.Response) error {
	x.fixLocation(resp.Header)
	if x.in.Method != http.MethodHead || x.headAsGet {
		if resp.StatusCode == http.StatusOK {
			ct := resp.Header.Get("Content-Type")
			switch {
			case x.rt.kind == kindLiveStreams:
				x.rewriteLiveStreams(resp)
			case x.rt.kind == kindPlaylist, x.rt.kind == kindOther && isM3UType(ct):
				x.rewritePlaylist(resp)
			case x.rt.kind == kindHLS, x.rt.kind == kindStream && isM3UType(ct):
				x.rewriteHLS(resp)
			case x.rt.kind == kindAPI && x.rewritesServerInfo():
				x.rewriteServerInfo(resp)
			case x.guideArt():
				x.rewriteGuideArt(resp)
			}
		}
	}
	if x.headAsGet {
		resp.Body.Close()
		resp.Body = http.NoBody
	}
	if x.idle != nil {
		resp.Body = &idleBody{ReadCloser: resp.Body, t: x.idle, ended: func() {
			x.h.stats.streamsIdle.Add(1)
			x.h.log.Info("xc stream ended: the panel sent nothing", "upstream", x.up.ID,
				"path", redact.XC(x.rt.rest), "idle", x.h.cfg.StreamIdle)
		}}
	}
	resp.Body = &countingBody{ReadCloser: resp.Body, n: &x.h.stats.bytes}
	return nil
}

// fixLocation keeps a panel's redirect to itself (path-only, or absolute
// on the panel's own origin, as XC panels redirect a stream to its
// tokenized /hlsr/ address) inside the proxy; redirects to other hosts
// (a separate stream server) pass unchanged.
func (x *exchange) fixLocation(h http.Header) {
	loc := h.Get("Location")
	if loc == "" {
		return
	}
	if to, ok := x.proxyURL(loc); ok {
		h.Set("Location", to)
	}
}

// proxyURL maps a URL the panel wrote to the proxy's path for it: a
// path-only URL, or an absolute one on the panel's origin, under the
// panel's base path. Relative references are left alone (ok false): they
// resolve against the proxy's URL as they did against the panel's.
func (x *exchange) proxyURL(s string) (string, bool) {
	u, err := url.Parse(s)
	if err != nil || u.Opaque != "" {
		return "", false
	}
	base := x.up.Base
	switch {
	case u.Scheme == "" && u.Host == "" && !strings.HasPrefix(u.Path, "/"):
		return "", false
	case u.Scheme == "" && u.Host == "":
		// path-only
	case u.Scheme == "" || strings.EqualFold(u.Scheme, base.Scheme):
		if !sameHost(u, base) {
			return "", false
		}
	default:
		return "", false
	}
	path := u.EscapedPath()
	if bp := strings.TrimRight(base.EscapedPath(), "/"); bp != "" {
		rest, ok := strings.CutPrefix(path, bp)
		if !ok || (rest != "" && rest[0] != '/') {
			return "", false // outside the panel's base path: nothing to map it to
		}
		path = rest
	}
	out := x.rt.prefix + path
	if u.RawQuery != "" || u.ForceQuery {
		out += "?" + u.RawQuery
	}
	if u.Fragment != "" {
		out += "#" + u.EscapedFragment()
	}
	return out, true
}

// sameHost compares the hosts and ports of two http(s) URLs, with the
// scheme's default port filled in.
func sameHost(a, b *url.URL) bool {
	port := func(u *url.URL, scheme string) string {
		if p := u.Port(); p != "" {
			return p
		}
		if strings.EqualFold(scheme, "https") {
			return "443"
		}
		return "80"
	}
	scheme := a.Scheme
	if scheme == "" {
		scheme = b.Scheme
	}
	return strings.EqualFold(a.Hostname(), b.Hostname()) && port(a, scheme) == port(b, b.Scheme)
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
	x.h.log.Warn("xc upstream error", "upstream", x.up.ID, "path", redact.XC(x.rt.rest),
		"status", status, "err", upstreamErrText(err))
	writeError(w, status, msg)
}

// upstreamErrText is an upstream error for a log line: a *url.Error shows
// its operation, the URL without user information, path secrets and
// query, and the cause.
func upstreamErrText(err error) string {
	var ue *url.Error
	if errors.As(err, &ue) {
		return ue.Op + " " + redact.XCURL(ue.URL) + ": " + redact.XCText(ue.Err.Error())
	}
	return redact.XCText(err.Error())
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
