package httpapi

import (
	"net"
	"net/http"
	"net/netip"
	"strconv"
	"strings"
	"time"

	"gamethumbs/internal/ratelimit"
)

// Rate-limit classes: each client has one count per class.
const (
	classImage uint8 = iota // renders: RATE_LIMIT_PER_MINUTE
	classOther              // everything else but /health: three times that
	classXC                 // /xc and the XC listeners: XC_RATE_LIMIT_PER_MINUTE
)

// What is counted, and why:
//
//   - An image request is counted against the image limit only when it
//     is not answered from the image cache (memory or disk): a cache hit
//     or a 304 costs nothing, as in game-thumbs. Requests the URL builder
//     page makes (the browser marks them Sec-Fetch-Site: same-origin) are
//     counted against the larger limit of the other routes instead, so
//     previews and "Show every style" do not trip the image limit. A
//     client that forges the header gains that second budget, no more.
//   - Every other request but /health and /metrics, unknown routes and
//     malformed paths included, counts against three times the image
//     limit; a revalidation answered 304 is not counted.
//   - /xc (and the XC root-mode listeners, through XCRoot) count only
//     against XC_RATE_LIMIT_PER_MINUTE, off by default.

// limitsOf returns the limit and class of a request of kind.
func (s *Server) limitsOf(r *http.Request, kind routeKind) (perMinute int, class uint8) {
	switch {
	case kind == kindHealth:
		return 0, classOther
	case kind == kindXC:
		return s.cfg.XCRateLimitPerMinute, classXC
	case kind == kindImage && r.Header.Get("Sec-Fetch-Site") != "same-origin":
		return s.cfg.RateLimitPerMinute, classImage
	}
	return s.cfg.RateLimitPerMinute * 3, classOther
}

// limit counts a request of kind (other than an image request, which
// chargeImage counts) and writes the 429 answer when the client is over
// its limit. It returns true when the request must stop. A conditional
// request is only checked here; ServeHTTP counts it afterwards unless it
// was answered 304.
func (s *Server) limit(x *exchange, r *http.Request, kind routeKind) bool {
	perMinute, class := s.limitsOf(r, kind)
	if perMinute <= 0 {
		x.charged = true
		return false
	}
	key := ratelimit.KeyOf(s.clientAddr(r), s.cfg.RateLimitIPv6Prefix, class)
	var d ratelimit.Decision
	if r.Header.Get("If-None-Match") != "" {
		d = s.peek(key, perMinute)
	} else {
		d = s.take(r, key, perMinute)
		x.charged = true
	}
	if e := s.refuse(&x.rec, kind, d); e != nil {
		writeError(&x.rec, e)
		return true
	}
	return false
}

// chargeImage counts an image request that the cache could not answer
// against the image limit, once per request (the picture route reports
// it in served.charged). It returns the 429 error when the client is
// over it.
func (s *Server) chargeImage(w http.ResponseWriter, r *http.Request) error {
	perMinute, class := s.limitsOf(r, kindImage)
	if perMinute <= 0 {
		return nil
	}
	d := s.take(r, ratelimit.KeyOf(s.clientAddr(r), s.cfg.RateLimitIPv6Prefix, class), perMinute)
	if e := s.refuse(w, kindImage, d); e != nil {
		return e
	}
	return nil
}

// chargeAfter counts a request that was not counted while it was served:
// a conditional request not answered 304, or an image request that ended
// before reaching the cache (a bad parameter, an unknown team).
func (s *Server) chargeAfter(x *exchange, r *http.Request, kind routeKind) {
	if x.charged || x.rec.status == http.StatusNotModified || x.cacheHit {
		return
	}
	perMinute, class := s.limitsOf(r, kind)
	if perMinute > 0 {
		s.take(r, ratelimit.KeyOf(s.clientAddr(r), s.cfg.RateLimitIPv6Prefix, class), perMinute)
	}
}

// refuse sets the RateLimit headers of d and, when d refuses the
// request, returns the 429 answer.
func (s *Server) refuse(w http.ResponseWriter, kind routeKind, d ratelimit.Decision) *Error {
	h := w.Header()
	h.Set("RateLimit-Policy", strconv.Itoa(d.Limit)+";w=60")
	h.Set("RateLimit-Limit", strconv.Itoa(d.Limit))
	h.Set("RateLimit-Remaining", strconv.Itoa(d.Remaining))
	h.Set("RateLimit-Reset", strconv.Itoa(seconds(d.Reset)))
	if d.OK {
		return nil
	}
	msg := "too many requests; try again later"
	if kind == kindImage {
		msg = "too many image requests; try again later"
	}
	return &Error{Status: http.StatusTooManyRequests, Msg: msg,
		Header: http.Header{"Retry-After": {strconv.Itoa(max(1, seconds(d.RetryAfter)))}}}
}

// seconds rounds d up to whole seconds.
func seconds(d time.Duration) int { return int((d + time.Second - 1) / time.Second) }

// clientAddr is clientIP as an address; the zero address when the peer
// is not an IP (a Unix socket), which all such peers share.
func (s *Server) clientAddr(r *http.Request) netip.Addr {
	a, _ := netip.ParseAddr(s.clientIP(r))
	return a
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
