package httpapi

import (
	"log/slog"
	"net/http"
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
func redactedPath(r *http.Request) string {
	return redact.URL(r.URL.RequestURI())
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
	if !s.log.Enabled(r.Context(), level) {
		return // skip masking the path and finding the client for nothing
	}
	s.log.LogAttrs(r.Context(), level, "request",
		slog.String("method", r.Method),
		slog.String("path", redactedPath(r)),
		slog.String("route", string(kind)),
		slog.Int("status", status),
		slog.Int64("bytes", rec.bytes),
		slog.Duration("duration", s.now().Sub(start)),
		slog.String("client", s.clientIP(r)),
	)
}
