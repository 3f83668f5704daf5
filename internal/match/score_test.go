package match

import (
	"testing"

	"gamethumbs/internal/catalog"
)

func TestScoreTiers(t *testing.T) {
	lakers, celtics, blazers := nba[13], nba[1], nba[24]
	blues := nhl[25]
	tests := []struct {
		query string
		team  catalog.Team
		want  int
	}{
		{"LAL", lakers, 1000},               // abbreviation
		{"l.a.l.", lakers, 1000},            // abbreviation with punctuation
		{"lakers", lakers, 900},             // name
		{"blues", blues, 850},               // short name (NHL name is the city)
		{"miami oh redhawks", ncaa[8], 800}, // full name
		{"man utd", epl[13], 800},           // slug
		{"losangeleslakers", lakers, 950},   // city + nickname
		{"Los Angeles Lakers", lakers, 950}, // same, spaced
		{"la lakers", lakers, 950},          // shorthand + nickname
		{"los angeles", lakers, 500},        // city
		{"la", lakers, 495},                 // city through the shorthand, 5 lower
		{"penn st", ncaa[16], 895},          // "st" read as "state", 5 lower
		{"penn st", ncaa[15], 732},          // Penn: contains "penn", 2 characters after
		{"lakersx", lakers, 742},            // contains the name
		{"trai", blazers, 683},              // start of the name
		{"blaz", blazers, 658},              // inside the name
		{"crimson tide", ncaa[0], 214},      // inside the full name
		{"bostonx", celtics, 100},           // contains the city
		{"heat", lakers, 0},                 // no match
		{"", lakers, 0},                     // blank
		{"kobenhavn", catalog.Team{City: "København"}, 500},
		{"lake show", catalog.Team{Name: "Lakers", Aliases: []string{"Lake-Show"}}, 1000},
		{"lakers", catalog.Team{}, 0},
	}
	for _, tt := range tests {
		if got := Score(tt.query, tt.team); got != tt.want {
			t.Errorf("Score(%q, %q) = %d, want %d", tt.query, tt.team.FullName, got, tt.want)
		}
	}
}

// TestScoreRange checks every roster against a few queries: scores stay
// inside 0..1000 and Find picks a team with the maximum score.
func TestScoreRange(t *testing.T) {
	rosters := [][]catalog.Team{nba, nfl, nhl, epl, mls, ncaa, europe}
	for _, q := range []string{"la", "ny", "lakers", "carolina", "st louis", "fc", "miami", "united", "state"} {
		for _, teams := range rosters {
			best := 0
			for _, tm := range teams {
				s := Score(q, tm)
				if s < 0 || s > 1000 {
					t.Fatalf("Score(%q, %q) = %d, want 0..1000", q, tm.FullName, s)
				}
				best = max(best, s)
			}
			i, ok := Find(q, teams)
			if ok != (best > 0) {
				t.Errorf("Find(%q) ok = %v, want %v (best score %d)", q, ok, best > 0, best)
			}
			if ok && Score(q, teams[i]) != best {
				t.Errorf("Find(%q) = %q with score %d, want a team with score %d", q, teams[i].FullName, Score(q, teams[i]), best)
			}
		}
	}
}
