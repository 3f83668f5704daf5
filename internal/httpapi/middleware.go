package httpapi

import (
	"log/slog"
	"net/http"
	"strings"
	"time"

	"gamethumbs/internal/redact"
)

// recorder remembers the status and size of a response for the access log
// and lets the dispatcher know whether it may still write an error. It
// carries nothing else between handlers and the dispatcher. It
// also keeps the connection's write deadline: a response must be taken
// by the client within writeTimeout of its first byte; a stream within
// writeTimeout of its last progress. The deadline is set when the status
// is written, before any byte goes out, so one left by an earlier
// response on the same keep-alive connection never cuts a slow render.
type recorder struct {
	http.ResponseWriter
	status      int
	bytes       int64
	wroteHeader bool
	aborted     bool // the handler gave up mid-response (http.ErrAbortHandler)

	stream       bool          // idle-progress deadline instead of a whole-response one
	writeTimeout time.Duration // SERVER_TIMEOUT; 0 sets no deadline
	deadlineSet  time.Time     // when the deadline was last moved (streams)
}

func (r *recorder) WriteHeader(code int) {
	if !r.wroteHeader && code >= 200 {
		r.status, r.wroteHeader = code, true
		r.setDeadline(time.Now())
	}
	r.ResponseWriter.WriteHeader(code)
}

func (r *recorder) Write(p []byte) (int, error) {
	if !r.wroteHeader {
		r.WriteHeader(http.StatusOK)
	} else if r.stream {
		r.progress()
	}
	n, err := r.ResponseWriter.Write(p)
	r.bytes += int64(n)
	return n, err
}

// setDeadline gives the client writeTimeout from now to take the bytes.
func (r *recorder) setDeadline(now time.Time) {
	if r.writeTimeout > 0 {
		_ = http.NewResponseController(r.ResponseWriter).SetWriteDeadline(now.Add(r.writeTimeout))
		r.deadlineSet = now
	}
}

// progress moves a stream's deadline on; at most a few times per timeout,
// not on every write.
func (r *recorder) progress() {
	if now := time.Now(); r.writeTimeout > 0 && now.Sub(r.deadlineSet) > r.writeTimeout/8 {
		r.setDeadline(now)
	}
}

// Unwrap lets http.ResponseController reach Flush and deadlines.
func (r *recorder) Unwrap() http.ResponseWriter { return r.ResponseWriter }

// Flush forwards to the underlying writer (streamed proxy responses).
func (r *recorder) Flush() {
	if f, ok := r.ResponseWriter.(http.Flusher); ok {
		if !r.wroteHeader {
			r.WriteHeader(http.StatusOK)
		} else if r.stream {
			r.progress()
		}
		f.Flush()
	}
}

// redactedPath is the request path and query with credentials masked,
// cut at maxEcho bytes with control characters escaped (the cut comes
// after masking, so that a credential is never half-shown). Every path is
// masked by allowlist, on every route, known or not: players resolve XC
// paths (/hlsr/<token>/<user>/<pass>/..., /live/<user>/<pass>/1.ts)
// against any root and add ?password= or ?token= to any URL. XC proxy
// paths (/xc/..., every path of a root-mode listener) show only the XC
// words; other paths show the literal words of the route they matched,
// its parameters (league, teams) only when the request was answered (they
// named something found), and the values of the API's own query
// parameters when they are plain text.
func redactedPath(r *http.Request, x *exchange) string {
	if isXCRequest(r) {
		return bounded(redact.XC(r.URL.RequestURI()))
	}
	return bounded(redact.Request(r.URL.RequestURI(), x.shownSegment, isAPIParam))
}

// shownSegment reports whether path segment i (of the non-empty ones) may
// be logged as it is: a literal word of the matched route, or any segment
// of a request answered with success (an image or record of the league
// and teams it names, or a picture answered from the cache of resolved
// URLs).
func (x *exchange) shownSegment(i int) bool {
	if x.cacheHit && x.route == nil {
		return true // answered through resolvedURLs: a URL resolved before
	}
	if x.route == nil || i >= len(x.route.segs) {
		return false
	}
	if x.rec.wroteHeader && x.rec.status < 400 {
		return true
	}
	return !strings.HasPrefix(x.route.segs[i], "{")
}

// apiParams are the query parameters of the API (lower case); their
// plain values are logged.
var apiParams = map[string]bool{
	"aspect": true, "badge": true, "fallback": true, "format": true, "league": true,
	"logo": true, "mode": true, "size": true, "style": true, "subtitle": true,
	"title": true, "trim": true, "uselight": true, "variant": true, "winner": true,
}

func isAPIParam(name string) bool { return apiParams[strings.ToLower(name)] }

// isXCRequest reports whether r is for the XC proxy: under /xc/, or on a
// root-mode listener.
func isXCRequest(r *http.Request) bool {
	if v, _ := r.Context().Value(xcRootKey{}).(bool); v {
		return true
	}
	p := strings.TrimLeft(r.URL.EscapedPath(), "/")
	return len(p) >= 2 && strings.EqualFold(p[:2], "xc") && (len(p) == 2 || p[2] == '/')
}

// logRequest writes the one access-log line of a request, with what the
// dispatcher learnt of it (cached=true: a picture answered from a cache
// tier). /health is logged at debug level only, so probes do not flood
// the log.
func (s *Server) logRequest(r *http.Request, x *exchange, kind routeKind, start time.Time) {
	rec := &x.rec
	status := rec.status
	if !rec.wroteHeader {
		status = statusClientClosed
		if r.Context().Err() == nil {
			status = http.StatusOK
		}
	}
	level := slog.LevelInfo
	if kind == kindHealth {
		level = slog.LevelDebug
	}
	log := s.log
	if kind == kindXC || isXCRequest(r) {
		log = s.xcLog
	}
	if !log.Enabled(r.Context(), level) {
		return // skip masking the path and finding the client for nothing
	}
	attrs := append(make([]slog.Attr, 0, 9),
		slog.String("method", r.Method),
		slog.String("path", redactedPath(r, x)),
		slog.String("route", string(kind)),
		slog.Int("status", status),
		slog.Int64("bytes", rec.bytes),
		slog.Duration("duration", s.now().Sub(start)),
		slog.String("client", s.clientIP(r)),
	)
	if rec.aborted {
		attrs = append(attrs, slog.Bool("aborted", true))
	}
	if x.cacheHit {
		attrs = append(attrs, slog.Bool("cached", true))
	}
	log.LogAttrs(r.Context(), level, "request", attrs...)
}
