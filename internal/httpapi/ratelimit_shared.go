package httpapi

import (
	"net/http"
	"time"
)

// allow asks the limit shared by all replicas (GCRA in Redis, one round
// trip) when REDIS_URL is set and Redis answers, and this replica's own
// limiter otherwise. A shared answer is not also counted locally: while
// Redis is up the shared bucket is the only one, and when it goes down
// each replica falls back to its own full limit (a client may then get
// up to one limit per replica until Redis is back).
func (s *Server) allow(r *http.Request, client, bucket string, limit int) (ok bool, remaining, reset int) {
	if s.shared.Up() {
		d, err := s.shared.Allow(r.Context(), bucket+"|"+client, limit, rateWindow)
		if err == nil {
			reset = int((d.Reset + time.Second - 1) / time.Second)
			if !d.Allowed {
				reset = int((d.RetryAfter + time.Second - 1) / time.Second)
			}
			return d.Allowed, d.Remaining, max(reset, 1)
		}
	}
	return s.limiter.allow(client, bucket, limit)
}
