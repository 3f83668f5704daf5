package espn

import (
	"context"
	"testing"
	"time"

	"gamethumbs/internal/catalog"
	"gamethumbs/internal/espntest"
)

// A team list older than 90% of its TTL is served at once and reloaded in
// the background (stale-while-revalidate).
func TestTeamsRefreshInBackground(t *testing.T) {
	s := espntest.New(t)
	p := New(Config{SiteURL: s.SiteURL, CoreURL: s.CoreURL, CDNURL: s.CDNURL, TeamTTL: 2 * time.Second})
	l := catalog.League{Code: "nba", ShortName: "NBA", Sport: "basketball", Slug: "nba"}
	path := espntest.TeamsPath("basketball", "nba")
	if _, err := p.Teams(context.Background(), l); err != nil {
		t.Fatal(err)
	}
	time.Sleep(1850 * time.Millisecond) // past 90% of the TTL, still fresh (150 ms to spare on a busy machine)
	s.Delay(path, time.Second)          // a refresh would be slow...
	start := time.Now()
	if _, err := p.Teams(context.Background(), l); err != nil {
		t.Fatal(err)
	}
	if waited := time.Since(start); waited > 500*time.Millisecond {
		t.Errorf("Teams waited %v for the refresh; want the cached list at once", waited)
	}
	deadline := time.Now().Add(5 * time.Second)
	for s.Hits(path) < 2 {
		if time.Now().After(deadline) {
			t.Fatalf("no background refresh: %d hits", s.Hits(path))
		}
		time.Sleep(10 * time.Millisecond)
	}
}
