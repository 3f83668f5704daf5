package main

import (
	"net/http"
	"testing"
	"time"

	"gamethumbs/internal/catalog/providerhttp"
	"gamethumbs/internal/espntest"
)

// TestHangingProviderOneBudget: a matchup with fallback=true on a provider
// that never answers costs one REQUEST_TIMEOUT, not one per team, and
// still gives a picture; the next requests do not wait on the provider at
// all once its breaker is open.
func TestHangingProviderOneBudget(t *testing.T) {
	svc := start(t, map[string]string{"REQUEST_TIMEOUT": "1500"})
	svc.espn.Delay("/site", time.Minute) // team lists hang; logos answer
	client := &http.Client{Timeout: 20 * time.Second}
	paths := []string{"/nba/lakers/celtics/thumb?fallback=true", "/nba/lakers/celtics/cover?fallback=true",
		"/nba/lakers/celtics/logo?style=2&fallback=true"}
	for i, path := range paths {
		if i == 2 {
			// Loads still running in the background fail in turn; after
			// three in a row the breaker opens.
			for end := time.Now().Add(5 * time.Second); providerhttp.BreakerStates()["espn"] != providerhttp.Open; {
				if time.Now().After(end) {
					t.Fatalf("breaker of espn = %v after the failures, want open", providerhttp.BreakerStates()["espn"])
				}
				time.Sleep(50 * time.Millisecond)
			}
		}
		teamCalls := svc.espn.Hits(espntest.TeamsPath("basketball", "nba"))
		began := time.Now()
		resp, err := client.Get(svc.base + path)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		took := time.Since(began)
		if resp.StatusCode != 200 {
			t.Errorf("%s on a hanging provider = %d, want a picture", path, resp.StatusCode)
		}
		// Two lookups in a row would take 3 s; logos have their own timeout.
		if limit := 2900 * time.Millisecond; took > limit {
			t.Errorf("request %d took %v, want under %v", i+1, took.Round(time.Millisecond), limit)
		}
		if n := svc.espn.Hits(espntest.TeamsPath("basketball", "nba")) - teamCalls; i == 2 && n != 0 {
			t.Errorf("with the breaker open, request 3 asked the provider %d times, want 0", n)
		}
	}
}
