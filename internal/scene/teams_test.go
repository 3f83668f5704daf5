package scene

import (
	"context"
	"errors"
	"strings"
	"testing"

	"gamethumbs/internal/catalog"
	"gamethumbs/internal/espntest"
)

// rosterProvider serves fixed rosters by league code.
type rosterProvider struct {
	rosters map[string][]catalog.Team
	err     error
}

func (rosterProvider) ID() string { return "fake" }
func (p rosterProvider) Teams(_ context.Context, l catalog.League) ([]catalog.Team, error) {
	if p.err != nil {
		return nil, p.err
	}
	r, ok := p.rosters[l.Code]
	if !ok {
		return nil, catalog.ErrNotCovered
	}
	return r, nil
}
func (rosterProvider) LeagueLogos(context.Context, catalog.League) (string, string, error) {
	return "", "", nil
}

func TestTeamsOfARoster(t *testing.T) {
	s, fake := newTestService(t)
	nba, _ := s.League(ctx, "nba", false)
	teams, err := s.Teams(ctx, nba)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := len(teams), len(espntest.Teams("basketball", "nba")); got != want {
		t.Errorf("Teams(nba) has %d teams, want %d", got, want)
	}
	logoPath := strings.TrimPrefix(teams[0].Logo, fake.URL)
	if logoPath == teams[0].Logo {
		t.Fatalf("logo %q is not on the fake CDN", teams[0].Logo)
	}
	// The result is the caller's: changing it does not change the roster.
	teams[0].Name = "changed"
	again, _ := s.Teams(ctx, nba)
	if again[0].Name == "changed" {
		t.Error("Teams returned the provider's cached slice")
	}
	// Logos are not downloaded to fill colours.
	if n := fake.Hits(logoPath); n != 0 {
		t.Errorf("Teams downloaded a logo %d times", n)
	}
}

func TestTeamsOfFeederLeaguesAndPalettes(t *testing.T) {
	a := catalog.Team{ID: "1", FullName: "Alpha United", Abbreviation: "ALP"}
	b := catalog.Team{ID: "2", FullName: "Beta City", Abbreviation: "BET"}
	c := catalog.Team{ID: "3", FullName: "Gamma Town", Abbreviation: "GAM"}
	base, err := catalog.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	cat := base.With(
		catalog.League{Code: "cup", Name: "Cup", Providers: []string{"fake"}, FeederLeagues: []string{"east", "west", "nowhere"},
			TeamColors: []string{"#112233", "#445566"}},
		catalog.League{Code: "east", Name: "East", Providers: []string{"fake"}},
		catalog.League{Code: "west", Name: "West", Providers: []string{"fake"}},
	)
	p := rosterProvider{rosters: map[string][]catalog.Team{"east": {a, b}, "west": {b, c}}}
	s := New(Config{Catalog: cat, Providers: map[string]catalog.Provider{"fake": p}})
	cup, _ := cat.Get("cup")
	teams, err := s.Teams(context.Background(), cup)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tm := range teams {
		names = append(names, tm.FullName)
		if tm.Color != "#112233" && tm.Color != "#445566" {
			t.Errorf("%s colour = %q, want one of the league palette", tm.FullName, tm.Color)
		}
	}
	if len(names) != 3 || names[0] != "Alpha United" || names[1] != "Beta City" || names[2] != "Gamma Town" {
		t.Errorf("Teams(cup) = %v, want the feeders' teams once each, in order", names)
	}

	failing := New(Config{Catalog: cat, Providers: map[string]catalog.Provider{"fake": rosterProvider{err: &catalog.UpstreamError{Source: "fake", Err: errors.New("503")}}}})
	var upstream *catalog.UpstreamError
	if _, err := failing.Teams(context.Background(), cup); !errors.As(err, &upstream) {
		t.Errorf("Teams with a failing provider = %v, want the UpstreamError", err)
	}
}

func TestLeagues(t *testing.T) {
	s, _ := newTestService(t)
	leagues := s.Leagues()
	if len(leagues) < 50 || leagues[0].Code == "" {
		t.Errorf("Leagues() = %d leagues", len(leagues))
	}
}
