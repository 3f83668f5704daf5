package httpapi

import (
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"
	"time"

	"gamethumbs/internal/config"
)

func doFrom(t *testing.T, s *Server, path, remote string, header ...string) *httptest.ResponseRecorder {
	t.Helper()
	req := httptest.NewRequest(http.MethodGet, path, nil)
	req.RemoteAddr = remote
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, req)
	return rec
}

func TestRateLimitImagesAndOthers(t *testing.T) {
	now := time.Unix(1_000_000, 0)
	s, _ := newTestServer(t, func(c *config.Config) { c.RateLimitPerMinute = 2 })
	s.now = func() time.Time { return now }
	s.limiter.now = s.now

	for i := range 2 {
		rec := doFrom(t, s, "/nba/lakers/thumb", "10.0.0.1:5000")
		if rec.Code != 200 {
			t.Fatalf("image request %d = %d", i+1, rec.Code)
		}
		if got := rec.Header().Get("RateLimit-Remaining"); got != strconv.Itoa(1-i) {
			t.Errorf("RateLimit-Remaining = %q after %d requests", got, i+1)
		}
	}
	rec := doFrom(t, s, "/nba/lakers/thumb", "10.0.0.1:5000")
	if rec.Code != 429 || rec.Header().Get("Retry-After") == "" || rec.Header().Get("RateLimit-Limit") != "2" {
		t.Fatalf("third image request = %d, Retry-After %q, RateLimit-Limit %q", rec.Code, rec.Header().Get("Retry-After"), rec.Header().Get("RateLimit-Limit"))
	}
	jsonError(t, rec)
	// Other routes have three times the limit, counted separately.
	for i := range 6 {
		if rec := doFrom(t, s, "/nba/lakers/raw", "10.0.0.1:5000"); rec.Code != 200 {
			t.Fatalf("data request %d = %d", i+1, rec.Code)
		}
	}
	if rec := doFrom(t, s, "/info", "10.0.0.1:5000"); rec.Code != 429 {
		t.Errorf("7th data request = %d, want 429", rec.Code)
	}
	// /health is never limited.
	for range 10 {
		if rec := doFrom(t, s, "/health", "10.0.0.1:5000"); rec.Code != 200 {
			t.Fatalf("/health = %d", rec.Code)
		}
	}
	// Another client is not affected, and the window resets.
	if rec := doFrom(t, s, "/nba/lakers/thumb", "10.0.0.2:5000"); rec.Code != 200 {
		t.Errorf("other client = %d", rec.Code)
	}
	now = now.Add(61 * time.Second)
	if rec := doFrom(t, s, "/nba/lakers/thumb", "10.0.0.1:5000"); rec.Code != 200 {
		t.Errorf("after the window = %d", rec.Code)
	}
}

func TestForwardedForIgnoredUnlessTrusted(t *testing.T) {
	s, _ := newTestServer(t, func(c *config.Config) { c.RateLimitPerMinute = 1 })
	doFrom(t, s, "/nba/thumb", "10.0.0.1:1", "X-Forwarded-For", "1.1.1.1")
	// A client cannot reset its limit by changing the header.
	if rec := doFrom(t, s, "/nba/thumb", "10.0.0.1:1", "X-Forwarded-For", "2.2.2.2"); rec.Code != 429 {
		t.Errorf("spoofed X-Forwarded-For reset the limit: %d", rec.Code)
	}

	s, _ = newTestServer(t, func(c *config.Config) { c.RateLimitPerMinute = 1; c.TrustProxy = 1 })
	if rec := doFrom(t, s, "/nba/thumb", "10.0.0.9:1", "X-Forwarded-For", "6.6.6.6, 1.1.1.1"); rec.Code != 200 {
		t.Fatal(rec.Code)
	}
	// Behind one trusted proxy the client is the right-most address.
	if rec := doFrom(t, s, "/nba/thumb", "10.0.0.9:1", "X-Forwarded-For", "7.7.7.7, 1.1.1.1"); rec.Code != 429 {
		t.Errorf("same right-most address not limited: %d", rec.Code)
	}
	if rec := doFrom(t, s, "/nba/thumb", "10.0.0.9:1", "X-Forwarded-For", "1.1.1.1, 3.3.3.3"); rec.Code != 200 {
		t.Errorf("different client behind the proxy limited: %d", rec.Code)
	}
}
