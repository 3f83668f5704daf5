package espn

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"testing"

	"gamethumbs/internal/catalog"
	"gamethumbs/internal/espntest"
)

func TestDiscover(t *testing.T) {
	s := espntest.New(t)
	p := newTestProvider(t, s, 0, 0)
	// name and short are ESPN's when the fake has the league object,
	// else the code in upper case.
	tests := []struct {
		code, wantCode, sport, slug, name, short string
	}{
		{"eng.2", "eng.2", "soccer", "eng.2", "ENG.2", "ENG.2"},
		{"USA.1", "usa.1", "soccer", "usa.1", "MLS", "MLS"},
		{" ufl ", "ufl", "football", "ufl", "UFL", "UFL"},
		{"mens-college-hockey", "mens-college-hockey", "hockey", "mens-college-hockey", "MENS-COLLEGE-HOCKEY", "MENS-COLLEGE-HOCKEY"},
		{"olympics", "olympics", "basketball", "olympics", "OLYMPICS", "OLYMPICS"}, // listed under two sports: the first wins
		{"eng.1", "eng.1", "soccer", "eng.1", "English Premier League", "PREM"},
	}
	for _, tt := range tests {
		l, err := p.Discover(context.Background(), tt.code)
		if err != nil {
			t.Errorf("Discover(%q) error = %v", tt.code, err)
			continue
		}
		want := catalog.League{Code: tt.wantCode, Name: tt.name, ShortName: tt.short, Sport: tt.sport, Slug: tt.slug, Providers: []string{"espn"}, Temporary: true}
		if l.Code != want.Code || l.Sport != want.Sport || l.Slug != want.Slug || !l.Temporary ||
			!slices.Equal(l.Providers, want.Providers) || l.Name != want.Name || l.ShortName != want.ShortName ||
			l.IDs["espn"] != tt.sport+"/"+tt.slug {
			t.Errorf("Discover(%q) = %+v, want %+v", tt.code, l, want)
		}
	}
	if got := s.Hits(espntest.SportsPath); got != 1 {
		t.Errorf("sport list requests = %d, want 1 (index cached)", got)
	}
	if got := s.Hits(espntest.LeaguesPath("soccer")); got != 1 {
		t.Errorf("soccer league list requests = %d, want 1", got)
	}
}

func upper(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'a' && c <= 'z' {
			b[i] = c - 'a' + 'A'
		}
	}
	return string(b)
}

func TestDiscoverUnknown(t *testing.T) {
	s := espntest.New(t)
	p := newTestProvider(t, s, 0, 0)
	for _, code := range []string{"eng.99", "nba2", "", "../etc", "a b", "é", string(make([]byte, 100))} {
		_, err := p.Discover(context.Background(), code)
		var ue *catalog.UnknownLeagueError
		if !errors.As(err, &ue) || ue.Code != code {
			t.Errorf("Discover(%q) error = %v, want *UnknownLeagueError for it", code, err)
		}
	}
	if got := s.Hits(espntest.SportsPath); got != 1 {
		t.Errorf("sport list requests = %d, want 1 (invalid codes ask nothing)", got)
	}
}

func TestDiscoverFailures(t *testing.T) {
	s := espntest.New(t)
	p := newTestProvider(t, s, 0, 0)
	s.Fail(espntest.LeaguesPath("hockey"), http.StatusInternalServerError)
	_, err := p.Discover(context.Background(), "eng.2")
	var ue *catalog.UpstreamError
	if !errors.As(err, &ue) || ue.Status != http.StatusInternalServerError {
		t.Fatalf("Discover with a failing league list: error = %v, want *UpstreamError 500", err)
	}
	// A failed load is not cached: once ESPN recovers, discovery works.
	s.Fail(espntest.LeaguesPath("hockey"), 0)
	if l, err := p.Discover(context.Background(), "eng.2"); err != nil || l.Sport != "soccer" {
		t.Errorf("Discover after recovery = %+v, %v; want soccer/eng.2", l, err)
	}

	// A sport whose league list is missing (404) has no leagues.
	s2 := espntest.New(t)
	p2 := newTestProvider(t, s2, 0, 0)
	s2.Fail(espntest.LeaguesPath("football"), http.StatusNotFound)
	if _, err := p2.Discover(context.Background(), "ufl"); !errors.As(err, new(*catalog.UnknownLeagueError)) {
		t.Errorf("Discover(ufl) with football's list missing: error = %v, want unknown league", err)
	}
	if _, err := p2.Discover(context.Background(), "eng.1"); err != nil {
		t.Errorf("Discover(eng.1) with football's list missing: error = %v, want nil", err)
	}

	// Malformed sport list.
	s3 := espntest.New(t)
	p3 := newTestProvider(t, s3, 0, 0)
	s3.SetResponse(espntest.SportsPath, 200, "application/json", []byte(`{"items":[{"$ref":`))
	if _, err := p3.Discover(context.Background(), "eng.1"); !errors.As(err, new(*catalog.UpstreamError)) {
		t.Errorf("Discover with a malformed sport list: error = %v, want *UpstreamError", err)
	}
}

func TestRefSegment(t *testing.T) {
	tests := []struct{ ref, after, want string }{
		{"http://sports.core.api.espn.com/v2/sports/football?lang=en&region=us", "sports", "football"},
		{"http://sports.core.api.espn.com/v2/sports/soccer/leagues/eng.1?lang=en", "leagues", "eng.1"},
		{"https://elsewhere.example/v2/sports/soccer/leagues/usa.1", "leagues", "usa.1"},
		{"/v2/sports/hockey", "sports", "hockey"},
		{"http://x/v2/sports/", "sports", ""},
		{"http://x/v2/other/football", "sports", ""},
		{"", "sports", ""},
		{"%zz/sports/a?b", "sports", "a"},
	}
	for _, tt := range tests {
		if got := refSegment(tt.ref, tt.after); got != tt.want {
			t.Errorf("refSegment(%q, %q) = %q, want %q", tt.ref, tt.after, got, tt.want)
		}
	}
}
