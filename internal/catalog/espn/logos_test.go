package espn

import (
	"context"
	"errors"
	"net/http"
	"testing"

	"gamethumbs/internal/catalog"
	"gamethumbs/internal/espntest"
)

func TestLeagueLogos(t *testing.T) {
	withOwn := ncaaf
	withOwn.LogoURL = "https://example.org/ncaaf.png"
	darkOnly := nba
	darkOnly.LogoURLDark = "https://example.org/nba-dark.png"
	unknown := catalog.League{Code: "eng.2", ShortName: "ENG.2", Sport: "soccer", Slug: "eng.2", Temporary: true}
	tests := []struct {
		name        string
		league      catalog.League
		setup       func(s *espntest.Server)
		light, dark string // "{cdn}" stands for the fake's CDN URL
		coreHits    int
	}{
		{"league's own logo", withOwn, nil, "https://example.org/ncaaf.png", "", 0},
		{"league's own dark logo", darkOnly, nil, "", "https://example.org/nba-dark.png", 0},
		{"core logos", nba, nil, "{cdn}/i/teamlogos/leagues/500/nba.png", "{cdn}/i/teamlogos/leagues/500-dark/nba.png", 1},
		{"core object without logos", mls, nil, "{cdn}/i/teamlogos/leagues/500/mls.png", "", 1},
		{"core object unknown", unknown, nil, "{cdn}/i/teamlogos/leagues/500/eng.2.png", "", 1},
		{"core API failing", nba, func(s *espntest.Server) { s.Fail("/core/", http.StatusInternalServerError) },
			"{cdn}/i/teamlogos/leagues/500/nba.png", "", 1},
		{"core logos with odd rels", nba, func(s *espntest.Server) {
			s.SetResponse(espntest.LeaguePath("basketball", "nba"), 200, "application/json", []byte(`{"logos":[
				{"href":"{{CDN}}/dark.png","rel":["full","dark"]},{"href":"{{CDN}}/sb.png","rel":["full","scoreboard"]},
				{"href":"{{CDN}}/light.png","rel":["default","full"]}]}`))
		}, "{cdn}/light.png", "{cdn}/dark.png", 1},
		{"core logos malformed", nba, func(s *espntest.Server) {
			s.SetResponse(espntest.LeaguePath("basketball", "nba"), 200, "application/json", []byte(`{"logos":[{`))
		}, "{cdn}/i/teamlogos/leagues/500/nba.png", "", 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := espntest.New(t)
			if tt.setup != nil {
				tt.setup(s)
			}
			p := newTestProvider(t, s, 0, 0)
			expand := func(u string) string {
				if len(u) >= 5 && u[:5] == "{cdn}" {
					return s.CDNURL + u[5:]
				}
				return u
			}
			for range 2 {
				light, dark, err := p.LeagueLogos(context.Background(), tt.league)
				if err != nil || light != expand(tt.light) || dark != expand(tt.dark) {
					t.Errorf("LeagueLogos(%s) = %q, %q, %v; want %q, %q, nil", tt.league.Code, light, dark, err, expand(tt.light), expand(tt.dark))
				}
			}
			if tt.league.Sport != "" {
				if got := s.Hits(espntest.LeaguePath(tt.league.Sport, tt.league.Slug)); got > tt.coreHits {
					t.Errorf("core requests = %d, want at most %d", got, tt.coreHits)
				}
			}
		})
	}
}

func TestLeagueLogosFallbackIsServed(t *testing.T) {
	s := espntest.New(t)
	p := newTestProvider(t, s, 0, 0)
	light, _, err := p.LeagueLogos(context.Background(), mls)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.Get(light)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != "image/png" {
		t.Errorf("GET %s = %d %q, want 200 image/png", light, resp.StatusCode, resp.Header.Get("Content-Type"))
	}
}

func TestLeagueLogosNotCovered(t *testing.T) {
	s := espntest.New(t)
	p := newTestProvider(t, s, 0, 0)
	if _, _, err := p.LeagueLogos(context.Background(), noESPN); !errors.Is(err, catalog.ErrNotCovered) {
		t.Errorf("LeagueLogos(league without ESPN) error = %v, want ErrNotCovered", err)
	}
}

func TestPickLogos(t *testing.T) {
	lg := func(href string, rel ...string) logoDTO {
		ts := make(texts, len(rel))
		for i, r := range rel {
			ts[i] = text(r)
		}
		return logoDTO{Href: text(href), Rel: ts}
	}
	tests := []struct {
		name        string
		logos       []logoDTO
		light, dark string
	}{
		{"none", nil, "", ""},
		{"espn order", []logoDTO{lg("http://a/d", "full", "default"), lg("http://a/k", "full", "dark")}, "http://a/d", "http://a/k"},
		{"scoreboard first", []logoDTO{lg("http://a/sb", "full", "scoreboard"), lg("http://a/sbk", "full", "scoreboard", "dark"),
			lg("http://a/d", "full", "default"), lg("http://a/k", "full", "dark")}, "http://a/d", "http://a/k"},
		{"default+scoreboard beats plain", []logoDTO{lg("http://a/x", "primary"), lg("http://a/sbd", "full", "default", "scoreboard")}, "http://a/sbd", ""},
		{"non-dark beats dark for light", []logoDTO{lg("http://a/k", "full", "dark"), lg("http://a/x", "primary_logo_on_white")}, "http://a/x", "http://a/k"},
		{"first of equals wins", []logoDTO{lg("http://a/1", "full", "default"), lg("http://a/2", "full", "default")}, "http://a/1", ""},
		{"dark without full is not dark", []logoDTO{lg("http://a/d", "full", "default"), lg("http://a/k", "dark")}, "http://a/d", ""},
		{"bad hrefs skipped", []logoDTO{lg("", "full", "default"), lg("ftp://a/x", "full", "default"), lg("https:///x", "full", "default")}, "", ""},
	}
	for _, tt := range tests {
		light, dark := pickLogos(tt.logos)
		if light != tt.light || dark != tt.dark {
			t.Errorf("pickLogos(%s) = %q, %q, want %q, %q", tt.name, light, dark, tt.light, tt.dark)
		}
	}
}
