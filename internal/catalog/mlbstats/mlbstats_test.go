package mlbstats_test

import (
	"context"
	"errors"
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"gamethumbs/internal/catalog"
	"gamethumbs/internal/catalog/mlbstats"
	"gamethumbs/internal/catalog/mlbstats/mlbstatstest"
)

func newProvider(t *testing.T) (*mlbstats.Provider, *mlbstatstest.Server) {
	t.Helper()
	fake := mlbstatstest.New(t)
	p := mlbstats.New(mlbstats.Config{
		BaseURL: fake.URL, LogoURL: fake.URL,
		Settings: catalog.SettingsTable{"milb-aaa": {MLBSportID: 11}, "milb-a": {MLBSportID: 14}, "milb-winter": {MLBSportID: 17}},
		Now:      func() time.Time { return time.Date(mlbstatstest.Season, 7, 1, 0, 0, 0, 0, time.UTC) },
		Client:   &http.Client{Timeout: 2 * time.Second},
	})
	return p, fake
}

func TestTeams(t *testing.T) {
	p, fake := newProvider(t)
	teams, err := p.Teams(context.Background(), catalog.League{Code: "milb-aaa"})
	if err != nil {
		t.Fatalf("Teams(milb-aaa) error = %v", err)
	}
	if len(teams) != 4 {
		t.Fatalf("Teams(milb-aaa) = %d teams, want 4 (the inactive one dropped)", len(teams))
	}
	want := catalog.Team{ID: "234", Slug: "durham-bulls", City: "Durham", Name: "Bulls", FullName: "Durham Bulls",
		ShortName: "Durham", Abbreviation: "DUR", Conference: "International League", Logo: fake.URL + "/team-logos/234.svg"}
	if got := teams[0]; got.ID != want.ID || got.Slug != want.Slug || got.City != want.City || got.Name != want.Name ||
		got.FullName != want.FullName || got.Abbreviation != want.Abbreviation || got.Conference != want.Conference || got.Logo != want.Logo {
		t.Errorf("teams[0] = %+v, want %+v", got, want)
	}
	resp, err := http.Get(teams[0].Logo)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if !strings.HasPrefix(string(body), "<svg") {
		t.Errorf("logo = %.40q, want an SVG", body)
	}
}

func TestSeasonFallback(t *testing.T) {
	p, fake := newProvider(t)
	teams, err := p.Teams(context.Background(), catalog.League{Code: "milb-a"})
	if err != nil || len(teams) != 3 {
		t.Fatalf("Teams(milb-a) = %d teams, %v, want 3 from the season before", len(teams), err)
	}
	for _, season := range []int{mlbstatstest.Season, mlbstatstest.Season - 1} {
		if n := fake.Hits("teams?sportId=14&season=" + strconv.Itoa(season)); n != 1 {
			t.Errorf("requests for season %d = %d, want 1", season, n)
		}
	}
	_, err = p.Teams(context.Background(), catalog.League{Code: "milb-winter"})
	if !errors.Is(err, catalog.ErrNotCovered) || fake.Hits("/api/v1/teams") != 2+3 {
		t.Errorf("Teams(milb-winter) error = %v after %d requests, want ErrNotCovered after three seasons", err, fake.Hits("/api/v1/teams")-2)
	}
	if _, err := p.Teams(context.Background(), catalog.League{Code: "nba"}); !errors.Is(err, catalog.ErrNotCovered) {
		t.Errorf("Teams(nba) error = %v, want ErrNotCovered", err)
	}
}

func TestUpstreamFailure(t *testing.T) {
	p := mlbstats.New(mlbstats.Config{BaseURL: "http://127.0.0.1:1", Settings: catalog.SettingsTable{"x": {MLBSportID: 11}}})
	_, err := p.Teams(context.Background(), catalog.League{Code: "x"})
	var ue *catalog.UpstreamError
	if !errors.As(err, &ue) {
		t.Errorf("Teams against a closed port = %v, want *catalog.UpstreamError", err)
	}
}
