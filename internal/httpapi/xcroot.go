package httpapi

import (
	"context"
	"net/http"
)

// xcRootKey marks the context of a request on a root-mode XC listener.
type xcRootKey struct{}

// XCRoot wraps the handler of a root-mode XC listener (XC_PROXY_LISTEN:
// one panel at the root of its own address) with what /xc routes get from
// ServeHTTP: the access log line (path masked by allowlist), metrics under
// route "xc", panic recovery, aborted streams logged and counted, and the
// rate-limit hook s.limit with kindXC, so the XC rule of the limiter
// applies to both (or none, when it has none).
func (s *Server) XCRoot(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r = r.WithContext(context.WithValue(r.Context(), xcRootKey{}, true))
		start := s.now()
		rec := &recorder{ResponseWriter: w}
		defer func() { s.finish(recover(), r, rec, kindXC, start) }()
		rec.Header().Set("X-Content-Type-Options", "nosniff")
		if s.limit(rec, r, kindXC) {
			return
		}
		h.ServeHTTP(rec, r)
	})
}
