package httpapi

import (
	"net/http"
	"strings"

	"gamethumbs/internal/connlimit"
)

// errFull answers requests on connections past MAX_CONNECTIONS.
var errFull = &Error{Status: http.StatusServiceUnavailable, Msg: "server at its connection limit; try again shortly",
	Header: http.Header{"Retry-After": {"1"}}}

// overflow handles a request that arrived on an overflow connection (the
// server holds MAX_CONNECTIONS already): /health is answered, anything
// else gets 503, and the connection closes after the answer. It returns
// true when the request has been answered.
func (s *Server) overflow(x *exchange, r *http.Request) bool {
	if !connlimit.Overflow(r.Context()) {
		return false
	}
	x.rec.Header().Set("Connection", "close")
	if strings.EqualFold(strings.Trim(r.URL.Path, "/"), "health") {
		return false
	}
	x.charged = true
	writeError(&x.rec, errFull)
	return true
}
