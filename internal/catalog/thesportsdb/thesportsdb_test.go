package thesportsdb_test

import (
	"bytes"
	"context"
	"errors"
	"image/png"
	"net/http"
	"strings"
	"testing"
	"time"

	"gamethumbs/internal/catalog"
	"gamethumbs/internal/catalog/thesportsdb"
	"gamethumbs/internal/catalog/thesportsdb/thesportsdbtest"
)

var settings = catalog.SettingsTable{
	"cfl":   {TSDBLeagueID: "4405", TSDBLeagueName: "CFL"},
	"ohl":   {TSDBLeagueName: "Canadian OHL"},
	"f1":    {TSDBLeagueID: "4370"},
	"indy":  {TSDBLeagueID: "4373"},
	"wta":   {TSDBLeagueName: "WTA Tour"},
	"pwhl":  {TSDBLeagueName: "Womens Hockey"},
	"rwc":   {TSDBLeagueName: "Rugby World Cup"},
	"empty": {TSDBLeagueName: "Empty League", TSDBLeagueID: "9999"},
}

func newProvider(t *testing.T, key string) (*thesportsdb.Provider, *thesportsdbtest.Server) {
	t.Helper()
	fake := thesportsdbtest.New(t)
	p := thesportsdb.New(thesportsdb.Config{BaseURL: fake.URL, APIKey: key, Settings: settings,
		Client: &http.Client{Timeout: 2 * time.Second}})
	return p, fake
}

func TestTeams(t *testing.T) {
	p, fake := newProvider(t, "")
	teams, err := p.Teams(context.Background(), catalog.League{Code: "cfl"})
	if err != nil {
		t.Fatalf("Teams(cfl) error = %v", err)
	}
	if len(teams) != 9 {
		t.Fatalf("Teams(cfl) = %d teams, want 9", len(teams))
	}
	tests := []struct {
		i    int
		want catalog.Team
	}{
		{0, catalog.Team{ID: "135245", Slug: "bc-lions", City: "British Columbia", Name: "BC Lions", FullName: "BC Lions",
			Abbreviation: "BC", Color: "#F05323", AlternateColor: "#000000", Aliases: []string{"Leos"}}},
		{3, catalog.Team{ID: "135248", Slug: "saskatchewan-roughriders", City: "Saskatchewan", Name: "Saskatchewan Roughriders",
			FullName: "Saskatchewan Roughriders", Abbreviation: "SSK", Color: "#00633E", AlternateColor: "#FFFFFF",
			Aliases: []string{"Riders", "Green Riders"}}},
	}
	for _, tt := range tests {
		got := teams[tt.i]
		if !strings.HasPrefix(got.Logo, fake.URL+"/images/team/") {
			t.Errorf("team %d logo = %q, want a badge on the fake", tt.i, got.Logo)
		}
		got.Logo = ""
		if got.ID != tt.want.ID || got.Slug != tt.want.Slug || got.City != tt.want.City || got.Name != tt.want.Name ||
			got.Abbreviation != tt.want.Abbreviation || got.Color != tt.want.Color || got.AlternateColor != tt.want.AlternateColor ||
			strings.Join(got.Aliases, "|") != strings.Join(tt.want.Aliases, "|") {
			t.Errorf("team %d = %+v, want %+v", tt.i, got, tt.want)
		}
	}
	if !fake.SawKey("3") {
		t.Errorf("requests did not use the default key 3")
	}
	// Cached: a second call does not reach the fake.
	if _, err := p.Teams(context.Background(), catalog.League{Code: "cfl"}); err != nil || fake.Hits("search_all_teams.php") != 1 {
		t.Errorf("second Teams(cfl): err %v, hits %d, want cached", err, fake.Hits("search_all_teams.php"))
	}
	ohl, _ := p.Teams(context.Background(), catalog.League{Code: "ohl"})
	if len(ohl) != 4 || ohl[2].Color != "" || ohl[1].Abbreviation != "OTT" {
		t.Errorf("Teams(ohl) = %+v, want 4 teams, Kitchener without colours", ohl)
	}
}

func TestNotCovered(t *testing.T) {
	p, _ := newProvider(t, "")
	for _, code := range []string{"indy", "empty", "nba"} {
		if _, err := p.Teams(context.Background(), catalog.League{Code: code}); !errors.Is(err, catalog.ErrNotCovered) {
			t.Errorf("Teams(%s) error = %v, want ErrNotCovered", code, err)
		}
	}
	if _, _, err := p.LeagueLogos(context.Background(), catalog.League{Code: "ohl"}); !errors.Is(err, catalog.ErrNotCovered) {
		t.Errorf("LeagueLogos(ohl) error = %v, want ErrNotCovered", err)
	}
}

func TestLeagueLogos(t *testing.T) {
	p, fake := newProvider(t, "")
	light, dark, err := p.LeagueLogos(context.Background(), catalog.League{Code: "f1"})
	if err != nil || dark != "" || !strings.HasPrefix(light, fake.URL) {
		t.Fatalf("LeagueLogos(f1) = %q, %q, %v", light, dark, err)
	}
	resp, err := http.Get(light)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if _, err := png.Decode(resp.Body); err != nil {
		t.Errorf("league badge is not a PNG: %v", err)
	}
	light, _, err = p.LeagueLogos(context.Background(), catalog.League{Code: "empty"})
	if err != nil || light != "" {
		t.Errorf("LeagueLogos(empty) = %q, %v, want no logo and no error", light, err)
	}
}

func TestErrorsHideTheKey(t *testing.T) {
	p, fake := newProvider(t, "s3cr3tkey")
	fake.Fail("search_all_teams.php", 500)
	_, err := p.Teams(context.Background(), catalog.League{Code: "cfl"})
	var ue *catalog.UpstreamError
	if !errors.As(err, &ue) || ue.Status != 500 {
		t.Fatalf("Teams with a failing upstream: %v, want UpstreamError 500", err)
	}
	if strings.Contains(err.Error(), "s3cr3tkey") || strings.Contains(ue.Err.Error(), "s3cr3tkey") {
		t.Errorf("error %q shows the API key", ue.Err)
	}
	if !fake.SawKey("s3cr3tkey") {
		t.Errorf("configured key not used")
	}
	// A closed server: transport errors quote the URL; the key is masked.
	dead := thesportsdb.New(thesportsdb.Config{BaseURL: "http://127.0.0.1:1", APIKey: "s3cr3tkey", Settings: settings})
	_, err = dead.Teams(context.Background(), catalog.League{Code: "cfl"})
	if err == nil || strings.Contains(err.Error(), "s3cr3tkey") {
		t.Errorf("transport error = %v, want one without the key", err)
	}
}

func TestBadgeIsAPNG(t *testing.T) {
	img, err := png.Decode(bytes.NewReader(thesportsdbtest.Badge("ABC", "ff0000", "000000", thesportsdbtest.Circle, 64)))
	if err != nil || img.Bounds().Dx() != 64 {
		t.Fatalf("Badge: %v", err)
	}
	if _, _, _, a := img.At(0, 0).RGBA(); a != 0 {
		t.Errorf("corner alpha = %d, want transparent", a)
	}
	if r, _, _, _ := img.At(32, 8).RGBA(); r>>8 != 0xff {
		t.Errorf("badge body red = %d, want 255", r>>8)
	}
}

// A league with a TheSportsDB name but no id gets its badge by id found
// by name in all_leagues.php: its tsdbLeagueName, else its own name;
// a name the list lacks is not covered.
func TestLeagueLogosByName(t *testing.T) {
	p, fake := newProvider(t, "")
	for _, tt := range []struct {
		l     catalog.League
		badge string
	}{
		{catalog.League{Code: "wta", Name: "WTA Tour"}, "/images/league/WTA.png"},
		{catalog.League{Code: "pwhl", Name: "Professional Women's Hockey League", ShortName: "PWHL"}, "/images/league/PWHL.png"},
	} {
		light, _, err := p.LeagueLogos(context.Background(), tt.l)
		if err != nil || light != fake.URL+tt.badge {
			t.Errorf("LeagueLogos(%s) = %q, %v, want %s", tt.l.Code, light, err, fake.URL+tt.badge)
		}
	}
	if _, _, err := p.LeagueLogos(context.Background(), catalog.League{Code: "rwc", Name: "Rugby World Cup"}); !errors.Is(err, catalog.ErrNotCovered) {
		t.Errorf("LeagueLogos(rwc) error = %v, want ErrNotCovered (not listed)", err)
	}
	if _, _, err := p.LeagueLogos(context.Background(), catalog.League{Code: "nba", Name: "WTA Tour"}); !errors.Is(err, catalog.ErrNotCovered) {
		t.Errorf("LeagueLogos(nba) error = %v, want ErrNotCovered (no tsdbLeagueName)", err)
	}
	if n := fake.Hits("all_leagues.php"); n != 1 {
		t.Errorf("all_leagues.php asked %d times, want once (cached)", n)
	}
}

// TestTeamVenues: strStadium, strStadiumThumb and strLocation become the
// team's venue; a team without a stadium has none.
func TestTeamVenues(t *testing.T) {
	p, fake := newProvider(t, "")
	teams, err := p.Teams(context.Background(), catalog.League{Code: "cfl"})
	if err != nil {
		t.Fatal(err)
	}
	want := catalog.Venue{Name: "Mosaic Stadium", City: "Regina", State: "Saskatchewan",
		Image: fake.URL + thesportsdbtest.StadiumPath("Mosaic Stadium")}
	if got := teams[3].Venue; got != want {
		t.Errorf("Saskatchewan venue = %+v, want %+v", got, want)
	}
	if got := teams[2].Venue; got.Known() {
		t.Errorf("Edmonton (no stadium in the data) venue = %+v, want none", got)
	}
}
