package custom

import (
	"context"
	"testing"

	"gamethumbs/internal/catalog"
)

func TestBuiltinFacts(t *testing.T) {
	b, err := Builtin("http://cdn.test")
	if err != nil {
		t.Fatal(err)
	}
	nfl := b.CustomTeams("nfl")
	if len(nfl) != 2 || nfl[0].Abbreviation != "AFC" || nfl[0].Logo != "http://cdn.test/i/teamlogos/nfl/500/scoreboard/afc.png" || nfl[0].Color == "" {
		t.Errorf("NFL pseudo-teams = %+v", nfl)
	}
	for _, code := range []string{"mlb", "mls"} {
		if len(b.CustomTeams(code)) != 2 {
			t.Errorf("%s pseudo-teams = %d, want 2", code, len(b.CustomTeams(code)))
		}
	}
	utah, ok := b.apply("nhl", catalog.Team{ID: "129764", Slug: "utah-mammoth", Abbreviation: "UTAH"})
	if !ok || utah.Abbreviation != "UTA" {
		t.Errorf("Utah = %+v, %v; want abbreviation UTA", utah, ok)
	}
	mu, _ := b.apply("epl", catalog.Team{Slug: "eng.man_utd", FullName: "Manchester United"})
	if mu.Abbreviation != "MUN" || !containsFold(mu.Aliases, "mufc") {
		t.Errorf("Manchester United = %+v", mu)
	}
}

// User data merges over the built-in facts: aliases are added, override
// fields replace, and the built-in data is left as it was.
func TestBuiltinWithUserData(t *testing.T) {
	b, _ := Builtin("http://cdn.test")
	dir := writeTree(t, map[string]string{"teams/a.json": `{"nhl": {"utah-mammoth": {"aliases": ["yetis"], "override": {"abbreviation": "UT"}}}}`})
	u, err := Load(dir, func(string) bool { return true })
	if err != nil {
		t.Fatal(err)
	}
	m := b.With(u)
	got, _ := m.apply("nhl", catalog.Team{Slug: "utah-mammoth"})
	if got.Abbreviation != "UT" || !containsFold(got.Aliases, "yetis") {
		t.Errorf("merged Utah = %+v", got)
	}
	if again, _ := b.apply("nhl", catalog.Team{Slug: "utah-mammoth"}); again.Abbreviation != "UTA" {
		t.Errorf("built-in changed by With: %+v", again)
	}
	teams, err := m.Provider().Teams(context.Background(), catalog.League{Code: "nfl"})
	if err != nil || len(teams) != 2 {
		t.Errorf("custom provider for nfl = %d teams, %v", len(teams), err)
	}
}
