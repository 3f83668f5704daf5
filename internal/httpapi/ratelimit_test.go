package httpapi

import (
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"
	"time"

	"gamethumbs/internal/config"
)

func doFrom(t *testing.T, s http.Handler, path, remote string, header ...string) *httptest.ResponseRecorder {
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

	// Distinct images: each one is a render.
	for i, path := range []string{"/nba/lakers/thumb", "/nba/celtics/thumb"} {
		rec := doFrom(t, s, path, "10.0.0.1:5000")
		if rec.Code != 200 {
			t.Fatalf("image request %d = %d", i+1, rec.Code)
		}
		if got := rec.Header().Get("RateLimit-Remaining"); got != strconv.Itoa(1-i) {
			t.Errorf("RateLimit-Remaining = %q after %d requests", got, i+1)
		}
	}
	rec := doFrom(t, s, "/nba/lakers/cover", "10.0.0.1:5000")
	if rec.Code != 429 || rec.Header().Get("Retry-After") == "" || rec.Header().Get("RateLimit-Limit") != "2" {
		t.Fatalf("third image request = %d, Retry-After %q, RateLimit-Limit %q", rec.Code, rec.Header().Get("Retry-After"), rec.Header().Get("RateLimit-Limit"))
	}
	jsonError(t, rec)
	// Cached images and revalidations are free, as in game-thumbs.
	for range 10 {
		if rec := doFrom(t, s, "/nba/lakers/thumb", "10.0.0.1:5000"); rec.Code != 200 {
			t.Fatalf("cached image over the limit = %d, want 200", rec.Code)
		}
	}
	etag := doFrom(t, s, "/nba/celtics/thumb", "10.0.0.1:5000").Header().Get("ETag")
	if rec := doFrom(t, s, "/nba/celtics/thumb", "10.0.0.1:5000", "If-None-Match", etag); rec.Code != 304 {
		t.Fatalf("revalidation over the limit = %d, want 304", rec.Code)
	}
	// Other routes have three times the limit, counted separately;
	// unknown routes count too.
	for i := range 5 {
		if rec := doFrom(t, s, "/nba/lakers/raw", "10.0.0.1:5000"); rec.Code != 200 {
			t.Fatalf("data request %d = %d", i+1, rec.Code)
		}
	}
	if rec := doFrom(t, s, "/no/such/route/at/all", "10.0.0.1:5000"); rec.Code != 404 {
		t.Fatalf("unknown route = %d, want 404", rec.Code)
	}
	if rec := doFrom(t, s, "/info", "10.0.0.1:5000"); rec.Code != 429 {
		t.Errorf("7th data request = %d, want 429", rec.Code)
	}
	if rec := doFrom(t, s, "/no/such/route/at/all", "10.0.0.1:5000"); rec.Code != 429 {
		t.Errorf("unknown route over the limit = %d, want 429", rec.Code)
	}
	// /health is never limited.
	for range 10 {
		if rec := doFrom(t, s, "/health", "10.0.0.1:5000"); rec.Code != 200 {
			t.Fatalf("/health = %d", rec.Code)
		}
	}
	// Another client is not affected, and the limit refills.
	if rec := doFrom(t, s, "/nba/celtics/cover", "10.0.0.2:5000"); rec.Code != 200 {
		t.Errorf("other client = %d", rec.Code)
	}
	now = now.Add(61 * time.Second)
	if rec := doFrom(t, s, "/nba/lakers/logo", "10.0.0.1:5000"); rec.Code != 200 {
		t.Errorf("after the window = %d", rec.Code)
	}
}

// TestRateLimitBuilderPage walks through what the URL builder does in a
// busy minute at the default limit: load, two previews per change, and
// "Show every style" for three matchups.
func TestRateLimitBuilderPage(t *testing.T) {
	s, _ := newTestServer(t, func(c *config.Config) { c.RateLimitPerMinute = config.Defaults().RateLimitPerMinute })
	page := []string{"Sec-Fetch-Site", "same-origin"}
	for _, path := range []string{"/", "/ui/app.js", "/ui/style.css", "/openapi.json", "/api/leagues", "/api/nba/teams"} {
		if rec := doFrom(t, s, path, "10.0.0.1:1", page...); rec.Code >= 400 {
			t.Fatalf("page load %s = %d", path, rec.Code)
		}
	}
	n := 0
	for _, m := range []string{"lakers/celtics", "celtics/lakers", "lal/celtics"} {
		for style := range 14 {
			n++
			if rec := doFrom(t, s, fmt.Sprintf("/nba/%s/thumb?style=%d&aspect=1-1", m, style+1), "10.0.0.1:1", page...); rec.Code == 429 {
				t.Fatalf("gallery image %d tripped the limit", n)
			}
		}
	}
	for i := range 20 {
		if rec := doFrom(t, s, fmt.Sprintf("/nba/lakers/celtics/thumb?style=%d&badge=HD", i%8+1), "10.0.0.1:1", page...); rec.Code == 429 {
			t.Fatalf("preview %d tripped the limit", i+1)
		}
	}
}

// TestRateLimitXC: /xc never counts against the image limit and has its
// own, off by default.
func TestRateLimitXC(t *testing.T) {
	xc := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.Write([]byte("ok")) })
	for _, xcLimit := range []int{0, 3} {
		cfg := config.Defaults()
		cfg.RateLimitPerMinute = 1
		cfg.XCRateLimitPerMinute = xcLimit
		s := NewServer(Deps{Config: cfg, Backend: &fakeBackend{}, XC: xc, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
		limited := 0
		for range 10 {
			if rec := doFrom(t, s, "/xc/main/player_api.php", "10.0.0.1:1"); rec.Code == 429 {
				limited++
			}
		}
		root := s.XCRoot(xc)
		for range 10 {
			if rec := doFrom(t, root, "/live/u/p/1.ts", "10.0.0.1:1"); rec.Code == 429 {
				limited++
			}
		}
		if want := map[int]int{0: 0, 3: 17}[xcLimit]; limited != want {
			t.Errorf("XC_RATE_LIMIT_PER_MINUTE=%d: %d of 20 XC requests limited, want %d", xcLimit, limited, want)
		}
		if rec := doFrom(t, s, "/nba/lakers/thumb", "10.0.0.1:1"); rec.Code != 200 {
			t.Errorf("XC_RATE_LIMIT_PER_MINUTE=%d: first image after XC requests = %d, want 200", xcLimit, rec.Code)
		}
	}
}

// TestRateLimitIPv6Grouping: the addresses of one /64 share a count.
func TestRateLimitIPv6Grouping(t *testing.T) {
	s, _ := newTestServer(t, func(c *config.Config) { c.RateLimitPerMinute = 1; c.RateLimitIPv6Prefix = 64 })
	if rec := doFrom(t, s, "/nba/lakers/thumb", "[2001:db8:1:2::1]:1"); rec.Code != 200 {
		t.Fatal(rec.Code)
	}
	if rec := doFrom(t, s, "/nba/celtics/thumb", "[2001:db8:1:2::2]:1"); rec.Code != 429 {
		t.Errorf("second address of the same /64 = %d, want 429", rec.Code)
	}
	if rec := doFrom(t, s, "/nba/celtics/thumb", "[2001:db8:1:3::1]:1"); rec.Code != 200 {
		t.Errorf("another /64 = %d, want 200", rec.Code)
	}
}

func TestForwardedForIgnoredUnlessTrusted(t *testing.T) {
	s, _ := newTestServer(t, func(c *config.Config) { c.RateLimitPerMinute = 1 })
	doFrom(t, s, "/nba/thumb", "10.0.0.1:1", "X-Forwarded-For", "1.1.1.1")
	// A client cannot reset its limit by changing the header.
	if rec := doFrom(t, s, "/nba/cover", "10.0.0.1:1", "X-Forwarded-For", "2.2.2.2"); rec.Code != 429 {
		t.Errorf("spoofed X-Forwarded-For reset the limit: %d", rec.Code)
	}

	s, _ = newTestServer(t, func(c *config.Config) { c.RateLimitPerMinute = 1; c.TrustProxy = 1 })
	if rec := doFrom(t, s, "/nba/thumb", "10.0.0.9:1", "X-Forwarded-For", "6.6.6.6, 1.1.1.1"); rec.Code != 200 {
		t.Fatal(rec.Code)
	}
	// Behind one trusted proxy the client is the right-most address.
	if rec := doFrom(t, s, "/nba/cover", "10.0.0.9:1", "X-Forwarded-For", "7.7.7.7, 1.1.1.1"); rec.Code != 429 {
		t.Errorf("same right-most address not limited: %d", rec.Code)
	}
	if rec := doFrom(t, s, "/nba/logo", "10.0.0.9:1", "X-Forwarded-For", "1.1.1.1, 3.3.3.3"); rec.Code != 200 {
		t.Errorf("different client behind the proxy limited: %d", rec.Code)
	}
}
