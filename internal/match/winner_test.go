package match

import (
	"strings"
	"testing"

	"gamethumbs/internal/catalog"
)

func TestWinner(t *testing.T) {
	lakers, celtics, blazers := nba[13], nba[1], nba[24]
	giants, jets := nfl[23], nfl[24]
	tests := []struct {
		winner, seg1, seg2 string
		t1, t2             catalog.Team
		want               int
	}{
		{"lal", "lal", "bos", lakers, celtics, 1},                         // segment 1 as typed
		{"BOS", "lal", "bos", lakers, celtics, 2},                         // segment 2, case-insensitive
		{"st-louis", "st louis", "la", nhl[25], nhl[13], 1},               // segment, punctuation-insensitive
		{"celtics", "lal", "bos", lakers, celtics, 2},                     // name
		{"LAL", "lakers", "celtics", lakers, celtics, 1},                  // abbreviation
		{"boston", "lakers", "celtics", lakers, celtics, 2},               // city
		{"Boston Celtics", "lakers", "bos", lakers, celtics, 2},           // full name
		{"blazers", "por", "lal", blazers, lakers, 1},                     // partial
		{"heat", "lakers", "celtics", lakers, celtics, 0},                 // neither
		{"", "lakers", "celtics", lakers, celtics, 0},                     // blank
		{"  ", "lakers", "celtics", lakers, celtics, 0},                   // blank
		{"new york", "nyg", "nyj", giants, jets, 0},                       // equal scores
		{"lakers", "lakers", "lakers", lakers, lakers, 0},                 // same team twice
		{"bostonx", "lakers", "celtics", lakers, celtics, 0},              // only the weakest tier (100)
		{strings.Repeat("celtics", 30), "lal", "bos", lakers, celtics, 0}, // over-long
	}
	for _, tt := range tests {
		if got := Winner(tt.winner, tt.seg1, tt.seg2, tt.t1, tt.t2); got != tt.want {
			t.Errorf("Winner(%q, %q, %q) = %d, want %d", tt.winner, tt.seg1, tt.seg2, got, tt.want)
		}
	}
}
