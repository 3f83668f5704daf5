package httpapi

import (
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"
)

// rateLimiter counts requests per client IP in fixed one-minute windows.
// Image routes allow perMinute requests, other routes three times that;
// /health is never limited. Memory is bounded: expired windows are swept
// as new ones are created, and the table never holds more than maxClients.
type rateLimiter struct {
	perMinute int // 0 disables limiting
	now       func() time.Time

	mu        sync.Mutex
	windows   map[string]*window
	lastSweep time.Time
}

type window struct {
	start time.Time
	count int
}

const (
	rateWindow = time.Minute
	maxClients = 100_000
)

func newRateLimiter(perMinute int, now func() time.Time) *rateLimiter {
	return &rateLimiter{perMinute: perMinute, now: now, windows: make(map[string]*window)}
}

// allow records one request of client in bucket and reports whether it is
// within limit, with the remaining count and the seconds until reset.
func (l *rateLimiter) allow(client, bucket string, limit int) (ok bool, remaining int, reset int) {
	now := l.now()
	key := bucket + "|" + client
	l.mu.Lock()
	defer l.mu.Unlock()
	if now.Sub(l.lastSweep) > rateWindow || len(l.windows) >= maxClients {
		for k, w := range l.windows {
			if now.Sub(w.start) >= rateWindow {
				delete(l.windows, k)
			}
		}
		l.lastSweep = now
	}
	w, found := l.windows[key]
	if !found || now.Sub(w.start) >= rateWindow {
		if !found && len(l.windows) >= maxClients {
			// Table full of live windows: refuse rather than grow without bound.
			return false, 0, int(rateWindow / time.Second)
		}
		w = &window{start: now}
		l.windows[key] = w
	}
	reset = int((rateWindow - now.Sub(w.start) + time.Second - 1) / time.Second)
	if w.count >= limit {
		return false, 0, reset
	}
	w.count++
	return true, limit - w.count, reset
}

// limit applies the rate limit for kind and writes the 429 answer when the
// client is over it. It returns true when the request must stop.
func (s *Server) limit(w http.ResponseWriter, r *http.Request, kind routeKind) bool {
	if s.limiter.perMinute <= 0 || kind == kindHealth {
		return false
	}
	limit, bucket := s.limiter.perMinute*3, "other"
	if kind == kindImage {
		limit, bucket = s.limiter.perMinute, "image"
	}
	ok, remaining, reset := s.allow(r, s.clientIP(r), bucket, limit)
	h := w.Header()
	h.Set("RateLimit-Policy", strconv.Itoa(limit)+";w=60")
	h.Set("RateLimit-Limit", strconv.Itoa(limit))
	h.Set("RateLimit-Remaining", strconv.Itoa(remaining))
	h.Set("RateLimit-Reset", strconv.Itoa(reset))
	if ok {
		return false
	}
	msg := "too many requests; try again later"
	if kind == kindImage {
		msg = "too many image requests; try again later"
	}
	writeError(w, &Error{Status: http.StatusTooManyRequests, Msg: msg,
		Header: http.Header{"Retry-After": {strconv.Itoa(reset)}}})
	return true
}

// clientIP is the address rate limits and logs use. X-Forwarded-For is
// trusted only for TRUST_PROXY hops: with n trusted proxies in front, the
// client is the n-th address from the right of the header.
func (s *Server) clientIP(r *http.Request) string {
	ip := r.RemoteAddr
	if host, _, err := net.SplitHostPort(ip); err == nil {
		ip = host
	}
	hops := s.cfg.TrustProxy
	if hops <= 0 {
		return ip
	}
	var chain []string
	for _, v := range r.Header.Values("X-Forwarded-For") {
		for _, part := range strings.Split(v, ",") {
			if p := strings.TrimSpace(part); p != "" {
				chain = append(chain, p)
			}
		}
	}
	// The peer itself is the first trusted hop; each further hop appended
	// one address to the header.
	if len(chain) == 0 {
		return ip
	}
	idx := len(chain) - hops
	if idx < 0 {
		idx = 0
	}
	if parsed := net.ParseIP(chain[idx]); parsed != nil {
		return parsed.String()
	}
	return ip
}
