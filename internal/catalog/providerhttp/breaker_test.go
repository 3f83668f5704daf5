package providerhttp

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// TestBreaker: a provider outage costs one call per cooldown, not one per
// request; Retry-After is honoured; answers such as 404 are not failures.
func TestBreaker(t *testing.T) {
	var hits atomic.Int32
	var mode atomic.Value // "down", "busy", "missing" or "up"
	mode.Store("down")
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		switch mode.Load() {
		case "down":
			w.WriteHeader(http.StatusBadGateway)
		case "busy":
			w.Header().Set("Retry-After", "120")
			w.WriteHeader(http.StatusTooManyRequests)
		case "missing":
			http.NotFound(w, r)
		default:
			w.Write([]byte(`{"id": 1}`))
		}
	}))
	defer srv.Close()
	now := time.Unix(1_000_000, 0)
	b := NewBreaker("testsrc")
	b.now = func() time.Time { return now }
	g := Getter{Source: "testsrc", Client: srv.Client(), MaxBytes: 1 << 10, Breaker: b}
	get := func() error { return g.GetJSON(context.Background(), srv.URL+"/x", "GET /x", new(any)) }
	isOpen := func(err error) bool { var oe *OpenError; return errors.As(err, &oe) }

	for range 20 {
		get()
	}
	if hits.Load() != BreakerThreshold || b.State() != Open || BreakerStates()["testsrc"] != Open {
		t.Fatalf("20 calls to a failing provider: %d reached it, state %v; want %d and open", hits.Load(), b.State(), BreakerThreshold)
	}
	if err := get(); !isOpen(err) {
		t.Fatalf("call while open = %v, want an OpenError", err)
	}
	// After the cooldown one probe goes through; it fails: twice as long.
	now = now.Add(BreakerCooldown + time.Second)
	if b.State() != HalfOpen {
		t.Fatalf("after the cooldown state = %v, want half-open", b.State())
	}
	get()
	get()
	if hits.Load() != BreakerThreshold+1 {
		t.Fatalf("half-open: %d calls reached the provider, want one probe", hits.Load()-BreakerThreshold)
	}
	now = now.Add(BreakerCooldown + time.Second)
	if err := get(); !isOpen(err) {
		t.Fatalf("one cooldown after a failed probe = %v, want still open (cooldown doubled)", err)
	}
	// The provider recovers: the next probe closes the breaker.
	mode.Store("up")
	now = now.Add(BreakerCooldown)
	if err := get(); err != nil || b.State() != Closed {
		t.Fatalf("probe to a recovered provider = %v, state %v; want success, closed", err, b.State())
	}
	// Retry-After opens at once and for as long as asked.
	mode.Store("busy")
	get()
	before := hits.Load()
	now = now.Add(119 * time.Second)
	if err := get(); !isOpen(err) || hits.Load() != before {
		t.Fatalf("within Retry-After = %v (%d more calls), want an OpenError and none", err, hits.Load()-before)
	}
	mode.Store("missing")
	now = now.Add(2 * time.Second)
	for range 5 {
		if err := get(); isOpen(err) {
			t.Fatalf("404s opened the breaker: %v", err)
		}
	}
	if b.State() != Closed {
		t.Errorf("after 404 answers state = %v, want closed", b.State())
	}
}

func TestParseRetryAfter(t *testing.T) {
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	tests := []struct {
		in   string
		want time.Duration
	}{
		{"", 0}, {"30", 30 * time.Second}, {"-5", 0}, {"soon", 0}, {"99999", MaxRetryAfter},
		{now.Add(90 * time.Second).Format(http.TimeFormat), 90 * time.Second},
	}
	for _, tt := range tests {
		if got := parseRetryAfter(tt.in, now); got != tt.want {
			t.Errorf("parseRetryAfter(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

// TestBreakerPerEndpoint: one endpoint of a provider failing while another
// answers (ESPN's site API hanging, its core API fine) opens the failing
// one only.
func TestBreakerPerEndpoint(t *testing.T) {
	var downHits atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, "/site/") {
			downHits.Add(1)
			w.WriteHeader(http.StatusInternalServerError)
			return
		}
		w.Write([]byte(`{}`))
	}))
	defer srv.Close()
	g := Getter{Source: "two", Client: srv.Client(), MaxBytes: 1 << 10, Breaker: NewBreaker("two")}
	for range 10 {
		g.GetJSON(context.Background(), srv.URL+"/site/teams", "GET teams", new(any))
		if err := g.GetJSON(context.Background(), srv.URL+"/core/league", "GET league", new(any)); err != nil {
			t.Fatalf("the answering endpoint failed: %v", err)
		}
	}
	if downHits.Load() != BreakerThreshold {
		t.Errorf("failing endpoint asked %d times among successes elsewhere, want %d", downHits.Load(), BreakerThreshold)
	}
}
