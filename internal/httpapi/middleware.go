package httpapi

import (
	"log/slog"
	"net/http"
	"strings"
	"time"

	"gamethumbs/internal/redact"
)

// recorder remembers the status and size of a response for the access log
// and lets the dispatcher know whether it may still write an error.
type recorder struct {
	http.ResponseWriter
	status      int
	bytes       int64
	wroteHeader bool
	aborted     bool // the handler gave up mid-response (http.ErrAbortHandler)
}

func (r *recorder) WriteHeader(code int) {
	if !r.wroteHeader {
		r.status, r.wroteHeader = code, true
	}
	r.ResponseWriter.WriteHeader(code)
}

func (r *recorder) Write(p []byte) (int, error) {
	if !r.wroteHeader {
		r.WriteHeader(http.StatusOK)
	}
	n, err := r.ResponseWriter.Write(p)
	r.bytes += int64(n)
	return n, err
}

// Unwrap lets http.ResponseController reach Flush and deadlines.
func (r *recorder) Unwrap() http.ResponseWriter { return r.ResponseWriter }

// Flush forwards to the underlying writer (streamed proxy responses).
func (r *recorder) Flush() {
	if f, ok := r.ResponseWriter.(http.Flusher); ok {
		if !r.wroteHeader {
			r.WriteHeader(http.StatusOK)
		}
		f.Flush()
	}
}

// redactedPath is the request path and query with credentials masked.
// XC proxy paths (/xc/..., and every path of a root-mode listener) are
// masked by allowlist: only the words known to be safe show.
func redactedPath(r *http.Request) string {
	if isXCRequest(r) {
		return redact.XC(r.URL.RequestURI())
	}
	return redact.URL(r.URL.RequestURI())
}

// isXCRequest reports whether r is for the XC proxy: under /xc/, or on a
// root-mode listener.
func isXCRequest(r *http.Request) bool {
	if v, _ := r.Context().Value(xcRootKey{}).(bool); v {
		return true
	}
	p := strings.TrimLeft(r.URL.EscapedPath(), "/")
	return len(p) >= 2 && strings.EqualFold(p[:2], "xc") && (len(p) == 2 || p[2] == '/')
}

// logRequest writes the one access-log line of a request. /health is
// logged at debug level only, so probes do not flood the log.
func (s *Server) logRequest(r *http.Request, rec *recorder, kind routeKind, start time.Time) {
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
	attrs := []slog.Attr{
		slog.String("method", r.Method),
		slog.String("path", redactedPath(r)),
		slog.String("route", string(kind)),
		slog.Int("status", status),
		slog.Int64("bytes", rec.bytes),
		slog.Duration("duration", s.now().Sub(start)),
		slog.String("client", s.clientIP(r)),
	}
	if rec.aborted {
		attrs = append(attrs, slog.Bool("aborted", true))
	}
	log.LogAttrs(r.Context(), level, "request", attrs...)
}
