package main

import (
	"net/http"
	"testing"
	"time"
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
			// Let the loads still running in the background fail: by now
			// the breaker has seen three failures in a row and is open.
			time.Sleep(1600 * time.Millisecond)
		}
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
		limit := 2900 * time.Millisecond
		if i == 2 {
			limit = time.Second // the breaker is open: no wait on the provider
		}
		if took > limit {
			t.Errorf("request %d took %v, want under %v", i+1, took.Round(time.Millisecond), limit)
		}
	}
}
