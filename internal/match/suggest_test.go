package match

import (
	"slices"
	"strings"
	"testing"

	"gamethumbs/internal/catalog"
)

func TestSuggest(t *testing.T) {
	tests := []struct {
		query string
		teams []catalog.Team
		n     int
		want  []string
	}{
		{"lakrs", nba, 5, []string{"Los Angeles Lakers"}},
		{"celtcs", nba, 5, []string{"Boston Celtics"}},
		{"gaints", nfl, 5, []string{"New Orleans Saints", "New York Giants"}}, // one edit each: roster order
		{"chefs", nfl, 5, []string{"Kansas City Chiefs"}},
		{"kansas cty", nfl, 5, []string{"Kansas City Chiefs"}},
		{"brondbi", europe, 5, []string{"Brøndby IF"}},
		{"la", nba, 5, []string{"LA Clippers", "Los Angeles Lakers"}},
		{"ohio", ncaa, 5, []string{"Ohio Bobcats", "Ohio State Buckeyes"}},
		{"carolina", ncaa, 2, []string{"East Carolina Pirates", "North Carolina Tar Heels"}},
		{"manchester", epl, 5, []string{"Manchester City", "Manchester United"}},
		{"zzzzzz", nba, 5, nil},
		{"", nba, 5, nil},
		{"lakers", nba, 0, nil},
		{"lakers", nba, -1, nil},
		{strings.Repeat("x", 201), nba, 5, nil},
	}
	for _, tt := range tests {
		got := Suggest(tt.query, tt.teams, tt.n)
		if !slices.Equal(got, tt.want) {
			t.Errorf("Suggest(%q, %d) = %q, want %q", tt.query, tt.n, got, tt.want)
		}
	}
}

// TestSuggestCap checks that a vague query never lists more than 5 names,
// whatever n asks for, and that the list holds no duplicates.
func TestSuggestCap(t *testing.T) {
	for _, q := range []string{"new", "ne", "la", "state", "carolina", "a"} {
		for _, teams := range [][]catalog.Team{nba, nfl, nhl, ncaa, mls} {
			got := Suggest(q, teams, 100)
			if len(got) > maxSuggest {
				t.Errorf("Suggest(%q, 100) returned %d names, want at most %d", q, len(got), maxSuggest)
			}
			if len(slices.Compact(slices.Clone(got))) != len(got) {
				t.Errorf("Suggest(%q, 100) = %q, want no duplicates", q, got)
			}
		}
	}
}

func TestEditDistance(t *testing.T) {
	tests := []struct {
		a, b string
		want int
	}{
		{"", "", 0},
		{"lakers", "lakers", 0},
		{"lakrs", "lakers", 1},
		{"gaints", "giants", 1},
		{"kitten", "sitting", 3},
		{"", "abc", 3},
		{strings.Repeat("a", 65), "a", maxEditLen},
	}
	for _, tt := range tests {
		if got := editDistance([]byte(tt.a), []byte(tt.b)); got != tt.want {
			t.Errorf("editDistance(%q, %q) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
	}
}
