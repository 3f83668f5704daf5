package flags_test

import (
	"context"
	"image/png"
	"net/http"
	"testing"
	"time"

	"gamethumbs/internal/catalog"
	"gamethumbs/internal/catalog/flags"
	"gamethumbs/internal/catalog/flags/flagstest"
	"gamethumbs/internal/match"
)

func TestCountriesMatchCodesAndNames(t *testing.T) {
	fake := flagstest.New(t)
	p := flags.New(flags.Config{BaseURL: fake.URL, Client: &http.Client{Timeout: 2 * time.Second}})
	teams, err := p.Teams(context.Background(), catalog.League{Code: "olympics"})
	if err != nil {
		t.Fatalf("Teams error = %v", err)
	}
	tests := []struct{ query, wantID string }{
		{"usa", "us"}, {"USA", "us"}, {"us", "us"}, {"united states", "us"}, {"America", "us"},
		{"canada", "ca"}, {"CAN", "ca"}, {"ca", "ca"},
		{"ger", "de"}, {"germany", "de"}, {"DEU", "de"},
		{"gbr", "gb"}, {"great britain", "gb"}, {"england", "gb-eng"}, {"ENG", "gb-eng"}, {"scotland", "gb-sct"},
		{"ivory coast", "ci"}, {"cote d'ivoire", "ci"}, {"Côte d’Ivoire", "ci"},
		{"south korea", "kr"}, {"kor", "kr"}, {"ned", "nl"}, {"holland", "nl"}, {"sui", "ch"},
		{"rsa", "za"}, {"brunei", "bn"}, {"brn", "bn"}, {"antarctica", "aq"},
	}
	for _, tt := range tests {
		i, ok := match.Find(tt.query, teams)
		if !ok || teams[i].ID != tt.wantID {
			got := "(none)"
			if ok {
				got = teams[i].ID
			}
			t.Errorf("Find(%q) = %s, want %s", tt.query, got, tt.wantID)
		}
	}
	for _, tm := range teams {
		if tm.ID == "us-ca" {
			t.Errorf("roster has the US state %q", tm.FullName)
		}
	}
	us := teams[indexOf(teams, "us")]
	if us.Abbreviation != "USA" || us.Logo != fake.URL+"/w1280/us.png" || us.FullName != "United States" ||
		us.Color != "#0a3161" || us.AlternateColor != "#b31942" {
		t.Errorf("United States = %+v", us)
	}
	resp, err := http.Get(us.Logo)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if _, err := png.Decode(resp.Body); err != nil {
		t.Errorf("flag is not a PNG: %v", err)
	}
}

func TestWorksWithoutCodesJSON(t *testing.T) {
	fake := flagstest.New(t)
	fake.FailCodes(true)
	p := flags.New(flags.Config{BaseURL: fake.URL})
	teams, err := p.Teams(context.Background(), catalog.League{Code: "country"})
	if err != nil || len(teams) < 190 {
		t.Fatalf("Teams with codes.json down = %d teams, %v, want the embedded table", len(teams), err)
	}
	if ca := teams[indexOf(teams, "ca")]; ca.Color != "#d80621" {
		t.Errorf("Canada colour = %q, want the red of its shirts, not the white of its flag", ca.Color)
	}
	if ad := teams[indexOf(teams, "ad")]; ad.Color != "" {
		t.Errorf("Andorra colour = %q, want none (extracted from the flag later)", ad.Color)
	}
	if indexOf(teams, "aq") >= 0 {
		t.Errorf("Antarctica present without codes.json")
	}
	if _, _, err := p.LeagueLogos(context.Background(), catalog.League{Code: "olympics"}); err == nil {
		t.Errorf("LeagueLogos error = nil, want ErrNotCovered")
	}
}

func indexOf(teams []catalog.Team, id string) int {
	for i, t := range teams {
		if t.ID == id {
			return i
		}
	}
	return -1
}
