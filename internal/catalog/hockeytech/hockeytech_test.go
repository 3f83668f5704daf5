package hockeytech_test

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"gamethumbs/internal/catalog"
	"gamethumbs/internal/catalog/hockeytech"
	"gamethumbs/internal/catalog/hockeytech/hockeytechtest"
)

func newProvider(t *testing.T, defaultKey string) (*hockeytech.Provider, *hockeytechtest.Server) {
	t.Helper()
	fake := hockeytechtest.New(t)
	p := hockeytech.New(hockeytech.Config{
		BaseURL: fake.URL, DefaultKey: defaultKey, Client: &http.Client{Timeout: 2 * time.Second},
		Settings: catalog.SettingsTable{
			"pwhl":  {HockeyTechClientCode: "pwhl"},
			"ohl":   {HockeyTechClientCode: "ohl", HockeyTechKey: hockeytechtest.OHLKey},
			"nokey": {HockeyTechClientCode: "pwhl", HockeyTechKey: "wrong-key"},
		},
	})
	return p, fake
}

func TestTeamsOfTheRegularSeason(t *testing.T) {
	p, fake := newProvider(t, hockeytechtest.PWHLKey)
	teams, err := p.Teams(context.Background(), catalog.League{Code: "pwhl"})
	if err != nil {
		t.Fatalf("Teams(pwhl) error = %v", err)
	}
	if len(teams) != 6 {
		t.Fatalf("Teams(pwhl) = %d teams, want the 6 of the regular season, not the playoff bracket", len(teams))
	}
	want := catalog.Team{ID: "3", Slug: "montréal-victoire", City: "Montréal", Name: "Victoire", FullName: "Montréal Victoire",
		Abbreviation: "MTL", Division: "League", Logo: fake.URL + "/logos/pwhl/3.png"}
	if got := teams[2]; got.ID != want.ID || got.Slug != want.Slug || got.City != want.City || got.Name != want.Name ||
		got.FullName != want.FullName || got.Abbreviation != want.Abbreviation || got.Logo != want.Logo {
		t.Errorf("teams[2] = %+v, want %+v", got, want)
	}
	if fake.Hits("pwhl/seasons") != 1 || fake.Hits("pwhl/teamsbyseason") != 1 {
		t.Errorf("requests: seasons %d, teams %d, want 1 and 1", fake.Hits("pwhl/seasons"), fake.Hits("pwhl/teamsbyseason"))
	}
}

func TestBracketSeasonSkipped(t *testing.T) {
	p, fake := newProvider(t, "")
	teams, err := p.Teams(context.Background(), catalog.League{Code: "ohl"})
	if err != nil || len(teams) != 4 || teams[0].FullName != "London Knights" {
		t.Fatalf("Teams(ohl) = %+v, %v, want the four teams of the season before the TBD one", teams, err)
	}
	if fake.Hits("ohl/teamsbyseason") != 2 {
		t.Errorf("team requests = %d, want 2", fake.Hits("ohl/teamsbyseason"))
	}
}

func TestErrors(t *testing.T) {
	p, _ := newProvider(t, "")
	if _, err := p.Teams(context.Background(), catalog.League{Code: "nba"}); !errors.Is(err, catalog.ErrNotCovered) {
		t.Errorf("Teams(nba) = %v, want ErrNotCovered", err)
	}
	_, err := p.Teams(context.Background(), catalog.League{Code: "pwhl"})
	var ue *catalog.UpstreamError
	if !errors.As(err, &ue) || !strings.Contains(err.Error(), "HOCKEYTECH_API_KEY") {
		t.Errorf("Teams(pwhl) without any key = %v, want an UpstreamError naming HOCKEYTECH_API_KEY", err)
	}
	_, err = p.Teams(context.Background(), catalog.League{Code: "nokey"})
	if !errors.As(err, &ue) || ue.Status != http.StatusUnauthorized || strings.Contains(err.Error(), "wrong-key") {
		t.Errorf("Teams with a wrong key = %v, want 401 without the key in the message", err)
	}
	dead := hockeytech.New(hockeytech.Config{BaseURL: "http://127.0.0.1:1", DefaultKey: "k3y-s3cret",
		Settings: catalog.SettingsTable{"x": {HockeyTechClientCode: "x"}}})
	if _, err := dead.Teams(context.Background(), catalog.League{Code: "x"}); err == nil || strings.Contains(err.Error(), "k3y-s3cret") {
		t.Errorf("transport error = %v, want one without the key", err)
	}
}
