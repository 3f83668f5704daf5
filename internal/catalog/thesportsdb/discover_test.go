package thesportsdb_test

import (
	"context"
	"errors"
	"net/http"
	"testing"
	"time"

	"gamethumbs/internal/catalog"
	"gamethumbs/internal/catalog/thesportsdb"
	"gamethumbs/internal/catalog/thesportsdb/thesportsdbtest"
)

// TestDiscover: a league no table names is found by its name, an
// alternate name, its slug or its id, and the league it gives has teams
// (with the provider's colours) and a badge; an outage after the first
// load keeps it working; unknown names stay unknown.
func TestDiscover(t *testing.T) {
	ctx := context.Background()
	p, fake := newProvider(t, "")
	for _, id := range []string{"Danish Superliga", "danish-superliga", "DANISH SUPERLIGA", "3F Superliga", "4340"} {
		l, err := p.Discover(ctx, id)
		if err != nil {
			t.Fatalf("Discover(%q) error = %v", id, err)
		}
		if l.Code != "danish-superliga" || l.Name != "Danish Superliga" || !l.Temporary || l.IDs["thesportsdb"] != "4340" {
			t.Errorf("Discover(%q) = %+v", id, l)
		}
	}
	l, _ := p.Discover(ctx, "danish superliga")
	teams, err := p.Teams(ctx, l)
	if err != nil || len(teams) != 4 || teams[0].Name != "FC København" || teams[1].Color != "#FFD700" {
		t.Fatalf("Teams(discovered) = %+v, %v", teams, err)
	}
	light, _, err := p.LeagueLogos(ctx, l)
	if err != nil || light == "" {
		t.Errorf("LeagueLogos(discovered) = %q, %v, want the badge", light, err)
	}
	// TheSportsDB down: the cached list and league still answer.
	for _, call := range []string{"all_leagues.php", "lookupleague.php", "search_all_teams.php"} {
		fake.Fail(call, http.StatusServiceUnavailable)
	}
	if got, err := p.Discover(ctx, "Danish Superliga"); err != nil || got.Code != l.Code {
		t.Errorf("Discover during an outage = %+v, %v, want the cached league", got, err)
	}
	if teams, err := p.Teams(ctx, l); err != nil || len(teams) != 4 {
		t.Errorf("Teams during an outage = %d, %v", len(teams), err)
	}
	var unknown *catalog.UnknownLeagueError
	if _, err := p.Discover(ctx, "No Such League"); !errors.As(err, &unknown) {
		t.Errorf("Discover(unknown) error = %v, want UnknownLeagueError", err)
	}
}

// TestDiscoverIDOutsideTheList: an id all_leagues.php does not list is
// asked of lookupleague.php; one TheSportsDB does not know is unknown.
func TestDiscoverIDOutsideTheList(t *testing.T) {
	ctx := context.Background()
	p, _ := newProvider(t, "")
	if l, err := p.Discover(ctx, "4416"); err != nil || l.Name != "NRL" || l.IDs["thesportsdb"] != "4416" {
		t.Errorf("Discover(4416) = %+v, %v, want the league lookupleague.php names", l, err)
	}
	var unknown *catalog.UnknownLeagueError
	if _, err := p.Discover(ctx, "999999"); !errors.As(err, &unknown) {
		t.Errorf("Discover(999999) error = %v, want UnknownLeagueError", err)
	}
}

// TestDiscoverOutageFirst: with TheSportsDB down before anything was
// loaded, discovery is a provider error (502 with fallback), not an
// unknown league.
func TestDiscoverOutageFirst(t *testing.T) {
	fake := thesportsdbtest.New(t)
	fake.Fail("all_leagues.php", http.StatusBadGateway)
	p := thesportsdb.New(thesportsdb.Config{BaseURL: fake.URL, Client: &http.Client{Timeout: 2 * time.Second}})
	var ue *catalog.UpstreamError
	if _, err := p.Discover(context.Background(), "Danish Superliga"); !errors.As(err, &ue) {
		t.Errorf("Discover with TheSportsDB down = %v, want UpstreamError", err)
	}
}

// TestTeamsByIDAlone: a league known by its TheSportsDB id alone gets its
// team list through the name lookupleague.php gives.
func TestTeamsByIDAlone(t *testing.T) {
	p := thesportsdb.New(thesportsdb.Config{BaseURL: thesportsdbtest.New(t).URL,
		Settings: catalog.SettingsTable{"afl": {TSDBLeagueID: "4456"}}, Client: &http.Client{Timeout: 2 * time.Second}})
	teams, err := p.Teams(context.Background(), catalog.League{Code: "afl"})
	if err != nil || len(teams) != 2 {
		t.Errorf("Teams(afl by id) = %+v, %v", teams, err)
	}
}
