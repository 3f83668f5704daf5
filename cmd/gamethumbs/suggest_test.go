package main

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

// TestUnknownLeagueSuggests: an unknown league's 404 says "did you mean"
// with a few close league codes, in the message and as a list.
func TestUnknownLeagueSuggests(t *testing.T) {
	svc := start(t, nil)
	for _, tt := range []struct{ path, want string }{
		{"/nbaa/lakers/thumb", "nba"},
		{"/nfll/logo", "nfl"},
		{"/nhll/raw", "nhl"},
		{"/bundesliag/logo", "bundesliga"},
	} {
		resp, body := svc.get(t, tt.path)
		var e struct {
			Error       string
			Suggestions []string
		}
		if err := json.Unmarshal(body, &e); err != nil || resp.StatusCode != 404 {
			t.Errorf("GET %s = %d %s", tt.path, resp.StatusCode, body)
			continue
		}
		if !slices.Contains(e.Suggestions, tt.want) || len(e.Suggestions) > 5 || !strings.Contains(e.Error, "did you mean: ") {
			t.Errorf("GET %s: %s; want %q among at most 5 suggestions", tt.path, body, tt.want)
		}
	}
}
