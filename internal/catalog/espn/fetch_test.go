package espn

import (
	"context"
	"errors"
	"net/http"
	"sync"
	"testing"
	"time"

	"gamethumbs/internal/catalog"
	"gamethumbs/internal/espntest"
)

func TestTeamsErrors(t *testing.T) {
	big := append([]byte(`{"sports":[{"leagues":[{"teams":[],"pad":"`), make([]byte, maxBody)...)
	tests := []struct {
		name        string
		league      catalog.League
		setup       func(s *espntest.Server)
		timeout     time.Duration
		wantStatus  int
		wantTimeout bool
		notCovered  bool
	}{
		{"5xx", nba, func(s *espntest.Server) { s.Fail("/site/", http.StatusServiceUnavailable) }, 0, 503, false, false},
		{"403", nba, func(s *espntest.Server) { s.Fail("/site/", http.StatusForbidden) }, 0, 403, false, false},
		{"404 means not covered", missing, nil, 0, 0, false, true},
		{"league without ESPN", noESPN, nil, 0, 0, false, true},
		{"slow upstream", nba, func(s *espntest.Server) { s.Delay("/site/", time.Minute) }, 100 * time.Millisecond, 0, true, false},
		{"malformed JSON", nba, func(s *espntest.Server) {
			s.SetResponse(espntest.TeamsPath("basketball", "nba"), 200, "application/json", []byte(`{"sports":[{"leagues":[{"teams":[{"team":{"id":"1"`))
		}, 0, 0, false, false},
		{"not JSON", nba, func(s *espntest.Server) {
			s.SetResponse(espntest.TeamsPath("basketball", "nba"), 200, "text/html", []byte(`<html>Access denied</html>`))
		}, 0, 0, false, false},
		{"wrong shape", nba, func(s *espntest.Server) {
			s.SetResponse(espntest.TeamsPath("basketball", "nba"), 200, "application/json", []byte(`[1,2,3]`))
		}, 0, 0, false, false},
		{"no leagues", nba, func(s *espntest.Server) {
			s.SetResponse(espntest.TeamsPath("basketball", "nba"), 200, "application/json", []byte(`{"sports":[]}`))
		}, 0, 0, false, false},
		{"too large", nba, func(s *espntest.Server) {
			s.SetResponse(espntest.TeamsPath("basketball", "nba"), 200, "application/json", big)
		}, 0, 0, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := espntest.New(t)
			if tt.setup != nil {
				tt.setup(s)
			}
			p := newTestProvider(t, s, tt.timeout, 0)
			teams, err := p.Teams(context.Background(), tt.league)
			if err == nil {
				t.Fatalf("Teams() = %d teams, nil error; want an error", len(teams))
			}
			if tt.notCovered {
				if !errors.Is(err, catalog.ErrNotCovered) {
					t.Errorf("Teams() error = %v, want ErrNotCovered", err)
				}
				return
			}
			var ue *catalog.UpstreamError
			if !errors.As(err, &ue) {
				t.Fatalf("Teams() error = %T %v, want *catalog.UpstreamError", err, err)
			}
			if ue.Status != tt.wantStatus || ue.Timeout != tt.wantTimeout || ue.Source != "espn" {
				t.Errorf("Teams() error = %+v, want Source espn, Status %d, Timeout %v", ue, tt.wantStatus, tt.wantTimeout)
			}
		})
	}
}

func TestTeamsCallerDeadline(t *testing.T) {
	s := espntest.New(t)
	p := newTestProvider(t, s, 0, 0)
	s.Delay("/site/", 300*time.Millisecond)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	_, err := p.Teams(ctx, nba)
	var ue *catalog.UpstreamError
	if !errors.As(err, &ue) || !ue.Timeout {
		t.Errorf("Teams() with an expired context: error = %v, want *UpstreamError with Timeout", err)
	}
	// The shared load goes on and fills the cache for the next caller.
	if _, err := p.Teams(context.Background(), nba); err != nil {
		t.Errorf("Teams() after the first caller left: error = %v", err)
	}
	if got := s.Hits(espntest.TeamsPath("basketball", "nba")); got != 1 {
		t.Errorf("requests = %d, want 1", got)
	}
}

func TestTeamsSendsUserAgent(t *testing.T) {
	s := espntest.New(t)
	p := newTestProvider(t, s, 0, 0)
	if _, err := p.Teams(context.Background(), nba); err != nil {
		t.Fatal(err)
	}
	h := s.Header(espntest.TeamsPath("basketball", "nba"))
	if got := h.Get("User-Agent"); got != "gamethumbs-test/1" {
		t.Errorf("User-Agent = %q, want gamethumbs-test/1", got)
	}
}

func TestTeamsCaching(t *testing.T) {
	s := espntest.New(t)
	p := newTestProvider(t, s, 0, 0)
	path := espntest.TeamsPath("basketball", "nba")
	for i := range 3 {
		if _, err := p.Teams(context.Background(), nba); err != nil {
			t.Fatalf("Teams() call %d error = %v", i, err)
		}
	}
	if got := s.Hits(path); got != 1 {
		t.Errorf("3 Teams() calls made %d requests, want 1", got)
	}
	// Another league sharing the sport is a separate entry.
	if _, err := p.Teams(context.Background(), catalog.League{Code: "x", Sport: "basketball", Slug: "nba"}); err != nil {
		t.Fatal(err)
	}
	if got := s.Hits(path); got != 1 {
		t.Errorf("a league with the same sport/slug made %d requests in all, want 1 (cached by sport/slug)", got)
	}
}

func TestTeamsCoalescing(t *testing.T) {
	s := espntest.New(t)
	p := newTestProvider(t, s, 0, 0)
	s.Delay("/site/", 200*time.Millisecond)
	const n = 8
	var wg sync.WaitGroup
	errs := make([]error, n)
	counts := make([]int, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			teams, err := p.Teams(context.Background(), nba)
			errs[i], counts[i] = err, len(teams)
		}()
	}
	wg.Wait()
	for i := range n {
		if errs[i] != nil || counts[i] != 30 {
			t.Errorf("caller %d: %d teams, error %v; want 30, nil", i, counts[i], errs[i])
		}
	}
	if got := s.Hits(espntest.TeamsPath("basketball", "nba")); got != 1 {
		t.Errorf("%d concurrent Teams() calls made %d requests, want 1", n, got)
	}
}

func TestTeamsServesStaleOnFailure(t *testing.T) {
	s := espntest.New(t)
	p := newTestProvider(t, s, 0, time.Nanosecond) // every call finds the entry expired
	path := espntest.TeamsPath("basketball", "nba")
	first, err := p.Teams(context.Background(), nba)
	if err != nil {
		t.Fatal(err)
	}
	s.Fail(path, http.StatusBadGateway)
	for i := range 2 {
		got, err := p.Teams(context.Background(), nba)
		if err != nil || len(got) != len(first) {
			t.Errorf("Teams() call %d while ESPN fails = %d teams, %v; want the %d stale teams", i, len(got), err, len(first))
		}
	}
	if got := s.Hits(path); got != 2 {
		t.Errorf("requests = %d, want 2 (one load, one failed reload, then back-off)", got)
	}
}

func BenchmarkTeamsWarm(b *testing.B) {
	s := espntest.New(b)
	p := newTestProvider(b, s, 0, 0)
	ctx := context.Background()
	if _, err := p.Teams(ctx, ncaaf); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := p.Teams(ctx, ncaaf); err != nil {
			b.Fatal(err)
		}
	}
}
