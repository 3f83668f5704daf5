package httpapi

import (
	"net/http"

	"gamethumbs/internal/ratelimit"
)

// take counts one request of key against perMinute in the limit shared by
// all replicas (GCRA in Redis, one round trip) when REDIS_URL is set and
// Redis answers, and in this replica's own limiter otherwise. A shared
// answer is not also counted locally: while Redis is up the shared bucket
// is the only one, and when it goes down each replica falls back to its
// own full limit (a client may then get up to one limit per replica until
// Redis is back).
func (s *Server) take(r *http.Request, key ratelimit.Key, perMinute int) ratelimit.Decision {
	if s.shared.Up() {
		d, err := s.shared.Allow(r.Context(), key.String(), perMinute, ratelimit.Window)
		if err == nil {
			return ratelimit.Decision{OK: d.Allowed, Limit: perMinute, Remaining: d.Remaining,
				Reset: d.Reset, RetryAfter: d.RetryAfter}
		}
	}
	return s.limiter.Take(key, perMinute)
}

// peek reports whether key may make a request without counting it. The
// shared limit has no such question (it would cost a round trip for a
// request that is then counted anyway): with Redis up it says yes, and
// the request is counted afterwards unless it was answered 304.
func (s *Server) peek(key ratelimit.Key, perMinute int) ratelimit.Decision {
	if s.shared.Up() {
		return ratelimit.Decision{OK: true, Limit: perMinute, Remaining: perMinute}
	}
	return s.limiter.Peek(key, perMinute)
}
