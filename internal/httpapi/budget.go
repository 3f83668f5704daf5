package httpapi

import (
	"context"
	"net/http"
)

// lookupContext bounds the provider lookups of one request (league,
// teams) by one REQUEST_TIMEOUT in total, not one per provider call: a
// matchup with fallback=true on a hanging provider waits one timeout,
// then draws the missing side as a stand-in. Loads that run out of the
// budget go on in the background and serve the next request.
func (s *Server) lookupContext(r *http.Request) (context.Context, context.CancelFunc) {
	if s.cfg.RequestTimeout <= 0 {
		return context.WithCancel(r.Context())
	}
	return context.WithTimeout(r.Context(), s.cfg.RequestTimeout)
}
