package httpapi

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"gamethumbs/internal/catalog"
	"gamethumbs/internal/config"
)

// Leagues and Teams complete fakeBackend (server_test.go) for the page's
// JSON endpoints.
func (f *fakeBackend) Leagues() []catalog.League {
	return []catalog.League{
		{Code: "demo", Name: "Gamethumbs Demo League", ShortName: "DEMO"},
		{Code: "nba", Name: "National Basketball Association", ShortName: "NBA"},
		{Code: "ncaaf", Name: "NCAA Football", ShortName: "NCAAF", Aliases: []string{"college football"},
			Providers: []string{"espn", "ncaa"}, IDs: map[string]string{"espn": "football/college-football"}},
	}
}

func (f *fakeBackend) Teams(_ context.Context, l catalog.League) ([]catalog.Team, error) {
	if f.err != nil {
		return nil, f.err
	}
	switch l.Code {
	case "nba":
		return []catalog.Team{
			{ID: "13", Slug: "los-angeles-lakers", Name: "Lakers", FullName: "Los Angeles Lakers", Abbreviation: "LAL", Logo: "http://cdn/lal.png"},
			{ID: "2", Name: "Celtics", FullName: "Boston Celtics", Abbreviation: "BOS"},
		}, nil
	case "ncaaf":
		return []catalog.Team{
			{ID: "2", Slug: "auburn-tigers", Name: "Tigers", FullName: "Auburn Tigers", Abbreviation: "AUB"},
			{ID: "99", Slug: "lsu-tigers", Name: "Tigers", FullName: "LSU Tigers", Abbreviation: "LSU"},
			{ID: "7", Name: "Trail Blazers", FullName: "Portland Trail Blazers"},
		}, nil
	}
	return nil, nil
}

func TestAPILeagues(t *testing.T) {
	tests := []struct {
		demo bool
		want string
	}{
		{false, "nba"},
		{true, "demo"},
	}
	for _, tt := range tests {
		s, _ := newTestServer(t, func(c *config.Config) { c.Demo = tt.demo })
		rec := do(t, s, "/api/leagues")
		var body struct {
			Default string        `json:"default"`
			Leagues []leagueEntry `json:"leagues"`
		}
		if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil || rec.Code != 200 {
			t.Fatalf("GET /api/leagues = %d %s", rec.Code, rec.Body)
		}
		if body.Default != tt.want || len(body.Leagues) != 3 || body.Leagues[1].leagueItem != (leagueItem{"nba", "National Basketball Association", "NBA"}) {
			t.Errorf("demo=%v: /api/leagues = %+v, want default %q and the three leagues", tt.demo, body, tt.want)
		}
		// Every name a league answers to, for the page's search.
		if l := body.Leagues[2]; strings.Join(l.Aliases, ",") != "college football" || strings.Join(l.Providers, ",") != "espn,ncaa" ||
			l.IDs["espn"] != "football/college-football" {
			t.Errorf("ncaaf in /api/leagues = %+v, want its aliases, providers and ESPN id", l)
		}
		if !strings.Contains(rec.Body.String(), `"providers":[]`) {
			t.Errorf("a league without providers should list none: %s", rec.Body)
		}
	}
}

func TestAPITeams(t *testing.T) {
	s, fb := newTestServer(t, nil)
	rec := do(t, s, "/api/NBA/teams")
	var body struct {
		League leagueItem `json:"league"`
		Teams  []teamItem `json:"teams"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil || rec.Code != 200 {
		t.Fatalf("GET /api/NBA/teams = %d %s", rec.Code, rec.Body)
	}
	if body.League.Code != "nba" || len(body.Teams) != 2 {
		t.Fatalf("/api/NBA/teams = %+v", body)
	}
	want := teamItem{ID: "13", Key: "lakers", Name: "Lakers", FullName: "Los Angeles Lakers", Abbreviation: "LAL", Logo: "http://cdn/lal.png"}
	if body.Teams[0] != want {
		t.Errorf("first team = %+v, want %+v", body.Teams[0], want)
	}

	for path, status := range map[string]int{
		"/api/nosuch/teams":                           404,
		"/api/" + strings.Repeat("x", 300) + "/teams": 400,
	} {
		if rec := do(t, s, path); rec.Code != status {
			t.Errorf("GET %s = %d, want %d", path, rec.Code, status)
		} else {
			jsonError(t, rec)
		}
	}
	fb.err = &catalog.UpstreamError{Source: "espn", Err: errors.New("503")}
	if rec := do(t, s, "/api/nba/teams"); rec.Code != 502 {
		t.Errorf("provider down: /api/nba/teams = %d, want 502", rec.Code)
	}
}

func TestTeamKeys(t *testing.T) {
	s, _ := newTestServer(t, nil)
	teams, _ := s.backend.Teams(context.Background(), catalog.League{Code: "ncaaf"})
	got := teamKeys(teams)
	want := []string{"auburn-tigers", "lsu-tigers", "trail-blazers"}
	if strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("teamKeys = %v, want %v (shared names fall back to slugs)", got, want)
	}
	tests := []struct {
		team catalog.Team
		want string
	}{
		{catalog.Team{ID: "5", Name: "AC/DC", Abbreviation: "ACDC"}, "acdc"},
		{catalog.Team{ID: "5"}, "5"},
		{catalog.Team{FullName: "Only Full"}, "only-full"},
	}
	for _, tt := range tests {
		if got := teamKeys([]catalog.Team{tt.team}); got[0] != tt.want {
			t.Errorf("teamKeys(%+v) = %q, want %q", tt.team, got[0], tt.want)
		}
	}
}
