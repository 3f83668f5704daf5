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
// applies to both (XC_RATE_LIMIT_PER_MINUTE, off by default; never the
// image limit), and the idle-progress write deadline of streams.
func (s *Server) XCRoot(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r = r.WithContext(context.WithValue(r.Context(), xcRootKey{}, true))
		start := s.now()
		x := &exchange{rec: recorder{ResponseWriter: w, stream: true, writeTimeout: s.cfg.ServerTimeout}}
		defer func() { s.finish(recover(), r, x, kindXC, start) }()
		hdr := x.rec.Header()
		hdr["X-Content-Type-Options"] = nosniff
		hdr["Content-Security-Policy"] = sandboxed
		if s.limit(x, r, kindXC) {
			return
		}
		h.ServeHTTP(&x.rec, r)
	})
}
