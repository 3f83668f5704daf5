package main

import (
	"net/http"
	"testing"
	"time"

	"gamethumbs/internal/catalog/providerhttp"
	"gamethumbs/internal/espntest"
)

// TestHangingProviderBreaker: while a provider hangs, matchups with
// fallback=true still get pictures; once its breaker has opened, requests
// no longer ask the provider at all.
func TestHangingProviderBreaker(t *testing.T) {
	svc := start(t, map[string]string{"REQUEST_TIMEOUT": "1000"})
	svc.espn.Delay("/site", time.Minute) // team lists hang; logos answer
	client := &http.Client{Timeout: 60 * time.Second}
	get := func(path string) {
		t.Helper()
		resp, err := client.Get(svc.base + path)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != 200 {
			t.Fatalf("%s on a hanging provider = %d, want a picture", path, resp.StatusCode)
		}
	}
	for i := 1; providerhttp.BreakerStates()["espn"] != providerhttp.Open; i++ {
		if i > 8 {
			t.Fatalf("breaker of espn still %v after %d requests to a hanging provider", providerhttp.BreakerStates()["espn"], i-1)
		}
		get("/nba/lakers/celtics/thumb?fallback=true&style=" + []string{"1", "2", "3", "4", "5", "6", "98", "99"}[i-1])
	}
	teamCalls := svc.espn.Hits(espntest.TeamsPath("basketball", "nba"))
	get("/nba/lakers/celtics/cover?fallback=true")
	if n := svc.espn.Hits(espntest.TeamsPath("basketball", "nba")) - teamCalls; n != 0 {
		t.Errorf("with the breaker open, a request asked the provider %d times, want 0", n)
	}
}
