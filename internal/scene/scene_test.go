package scene

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image/png"
	"strings"
	"testing"

	"gamethumbs/internal/catalog"
	"gamethumbs/internal/espntest"
	"gamethumbs/internal/render"
)

var ctx = context.Background()

func TestLeagueResolution(t *testing.T) {
	s, _ := newTestService(t)
	for _, id := range []string{"nba", "NBA", "National Basketball Association", "premier league", "eng.1"} {
		if _, err := s.League(ctx, id, false); err != nil {
			t.Errorf("League(%q) = %v", id, err)
		}
	}
	var unknown *catalog.UnknownLeagueError
	// Unknown codes are looked up at ESPN with or without fallback, as
	// game-thumbs does.
	for _, fallback := range []bool{false, true} {
		l, err := s.League(ctx, "xfl", fallback)
		if err != nil || !l.Temporary || l.Sport != "football" || l.Slug != "xfl" {
			t.Errorf("League(xfl, fallback=%v) = %+v, %v; want a temporary football/xfl league", fallback, l, err)
		}
	}
	if _, err := s.League(ctx, "no such league!", true); !errors.As(err, &unknown) {
		t.Errorf("League(garbage, fallback) = %v, want UnknownLeagueError without a provider call", err)
	}
}

// A code ESPN does not list is remembered: asking again costs no
// discovery call.
func TestUnknownCodesAreRemembered(t *testing.T) {
	s, _ := newTestService(t)
	calls := 0
	discover := s.cfg.Discover
	s.cfg.Discover = func(ctx context.Context, code string) (catalog.League, error) {
		calls++
		return discover(ctx, code)
	}
	var unknown *catalog.UnknownLeagueError
	for range 5 {
		if _, err := s.League(ctx, "zz.garbage", false); !errors.As(err, &unknown) {
			t.Fatalf("League(zz.garbage) = %v, want UnknownLeagueError", err)
		}
	}
	if calls != 1 {
		t.Errorf("5 requests for one unknown code made %d discovery calls, want 1", calls)
	}
}

func TestTeamRecordColours(t *testing.T) {
	s, _ := newTestService(t)
	epl, _ := s.League(ctx, "epl", false)
	// Brentford has no colours at the provider: they come from its logo.
	tm, err := s.Team(ctx, epl, "brentford")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []string{tm.Color, tm.AlternateColor} {
		if len(c) != 7 || c[0] != '#' {
			t.Errorf("extracted colour %q is not #rrggbb", c)
		}
	}
	nba, _ := s.League(ctx, "nba", false)
	tm, _ = s.Team(ctx, nba, "celtics")
	if tm.Color != "#008348" {
		t.Errorf("provider colour = %q, want #008348", tm.Color)
	}
}

func TestUnknownTeamSuggestsAtMostFive(t *testing.T) {
	s, _ := newTestService(t)
	nba, _ := s.League(ctx, "nba", false)
	_, err := s.Team(ctx, nba, "lakrs")
	var unknown *catalog.UnknownTeamError
	if !errors.As(err, &unknown) {
		t.Fatalf("Team(lakrs) = %v, want UnknownTeamError", err)
	}
	if len(unknown.Suggestions) == 0 || len(unknown.Suggestions) > 5 || unknown.Suggestions[0] != "Los Angeles Lakers" {
		t.Errorf("suggestions = %v, want ≤5 starting with Los Angeles Lakers", unknown.Suggestions)
	}
}

// rosterJSON builds an ESPN-shaped team list.
func rosterJSON(teams ...[3]string) []byte {
	var b strings.Builder
	b.WriteString(`{"sports":[{"leagues":[{"teams":[`)
	for i, t := range teams {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"team":{"id":%q,"location":%q,"nickname":%q,"displayName":"%s %s","abbreviation":%q}}`, t[0], t[1], t[2], t[1], t[2], strings.ToUpper(t[2][:3]))
	}
	b.WriteString(`]}]}]}`)
	return []byte(b.String())
}

func TestFallbackLeagueIsSearched(t *testing.T) {
	s, fake := newTestService(t)
	// ncaavb has no roster at ESPN; its fallback league ncaam has.
	fake.SetResponse(espntest.TeamsPath("basketball", "mens-college-basketball"), 200, "application/json",
		rosterJSON([3]string{"150", "Duke", "Blue Devils"}, [3]string{"153", "North Carolina", "Tar Heels"}))
	l, _ := s.League(ctx, "ncaavb", false)
	tm, err := s.Team(ctx, l, "duke")
	if err != nil || tm.ID != "150" {
		t.Fatalf("ncaavb duke = %+v, %v; want the ncaam team 150", tm, err)
	}
}

func TestPrepareKeysAreCanonical(t *testing.T) {
	s, _ := newTestService(t)
	base := Request{Kind: render.KindThumb, Width: 1440, Height: 1080, Style: 1, LeagueLogo: true}
	key := func(league string, teams ...string) string {
		r := base
		r.League, r.Teams = league, teams
		job, err := s.Prepare(ctx, r)
		if err != nil {
			t.Fatalf("Prepare(%s %v) = %v", league, teams, err)
		}
		return job.Key()
	}
	a := key("nba", "lakers", "celtics")
	for _, other := range [][]string{{"LAKERS", "Celtics"}, {"lal", "bos"}, {"los angeles lakers", "boston"}} {
		if k := key("NBA", other...); k != a {
			t.Errorf("key for %v = %q, want %q", other, k, a)
		}
	}
	if key("nba", "celtics", "lakers") == a {
		t.Error("swapped teams share a key")
	}
}

func TestPrepareFallbackAndWinner(t *testing.T) {
	s, _ := newTestService(t)
	req := Request{Kind: render.KindThumb, League: "nba", Width: 1440, Height: 1080, Style: 1}

	r := req
	r.Teams = []string{"lakers", "nosuchteam"}
	var unknown *catalog.UnknownTeamError
	if _, err := s.Prepare(ctx, r); !errors.As(err, &unknown) {
		t.Fatalf("missing team without fallback = %v", err)
	}
	r.Fallback = true
	job, err := s.Prepare(ctx, r)
	if err != nil {
		t.Fatal(err)
	}
	rj := job.(*renderJob)
	if len(rj.sides) != 2 || rj.sides[0].missing || !rj.sides[1].missing {
		t.Errorf("fallback sides = %+v, want the second missing", rj.sides)
	}

	r = req
	r.Teams, r.Fallback = []string{"nosuchteam"}, true
	job, _ = s.Prepare(ctx, r)
	if rj := job.(*renderJob); len(rj.sides) != 0 {
		t.Errorf("single missing team with fallback: %d sides, want the league image", len(rj.sides))
	}

	r = req
	r.Teams, r.Winner = []string{"lakers", "celtics"}, "boston"
	job, _ = s.Prepare(ctx, r)
	rj = job.(*renderJob)
	if !rj.sides[0].loser || rj.sides[1].loser {
		t.Errorf("winner=boston: losers %v %v, want the Lakers", rj.sides[0].loser, rj.sides[1].loser)
	}
	r.Winner = "nobody at all"
	job, err = s.Prepare(ctx, r)
	if err != nil || job.(*renderJob).sides[0].loser || job.(*renderJob).sides[1].loser {
		t.Errorf("winner matching neither team: err %v, want both in colour", err)
	}
}

func TestRawLogoVariants(t *testing.T) {
	s, fake := newTestService(t)
	req := Request{Kind: render.KindLogo, League: "nba", Teams: []string{"lakers"}, Variant: "dark"}
	job, err := s.Prepare(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	if want := "rawpng|" + fake.CDNURL + "/i/teamlogos/nba/500-dark/lal.png"; job.Key() != want {
		t.Errorf("dark logo key = %q, want %q", job.Key(), want)
	}
	out, err := job.Render(ctx)
	if err != nil || out.ContentType != "image/png" || len(out.Data) == 0 {
		t.Errorf("dark logo = %d bytes %q, %v", len(out.Data), out.ContentType, err)
	}
	// A JPEG logo is served as a PNG of the same size.
	req.Teams, req.Variant = []string{"grizzlies"}, "light"
	job, _ = s.Prepare(ctx, req)
	out, err = job.Render(ctx)
	if err != nil || out.ContentType != "image/png" {
		t.Fatalf("JPEG logo served as %q, %v", out.ContentType, err)
	}
	cfg, err := png.DecodeConfig(bytes.NewReader(out.Data))
	if err != nil || cfg.Width < 100 || cfg.Height < 100 {
		t.Errorf("JPEG logo as PNG: %dx%d, %v", cfg.Width, cfg.Height, err)
	}
}

func TestLogoStyle5NeedsTheLeagueLogo(t *testing.T) {
	s, _ := newTestService(t)
	req := Request{Kind: render.KindLogo, League: "nba", Teams: []string{"lakers", "celtics"}, Style: 5, Width: 256, Height: 256, LeagueLogo: false}
	job, err := s.Prepare(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	var input *InputError
	if _, err := job.Render(ctx); !errors.As(err, &input) {
		t.Errorf("style 5 with logo=false = %v, want InputError", err)
	}
}

func TestPaletteColoursAreDeterministic(t *testing.T) {
	palette := []string{"#ef476f", "#ffd166", "#06d6a0", "#118ab2", "#073b4c"}
	a1, b1 := paletteColors(palette, &catalog.Team{ID: "42"})
	a2, b2 := paletteColors(palette, &catalog.Team{ID: "42"})
	if a1 != a2 || b1 != b2 || a1 == b1 {
		t.Errorf("palette picks %s/%s then %s/%s; want stable and distinct", a1, b1, a2, b2)
	}
}

// TestWordmarkStaysOffMatchups: a league without a logo anywhere gets its
// wordmark card on league pictures, but not between the two sides of a
// matchup, where the reference draws its logo or nothing.
func TestWordmarkStaysOffMatchups(t *testing.T) {
	s, _ := newTestService(t)
	cat, err := catalog.NewWith(nil, []catalog.League{{Code: "nologo", Name: "No Logo League", ShortName: "NOLOGO",
		Sport: "soccer", Slug: "usa.1", Providers: []string{"espn"}}})
	if err != nil {
		t.Fatal(err)
	}
	s.cfg.Catalog = cat
	for _, tt := range []struct {
		teams    []string
		wantLogo bool
	}{{nil, true}, {[]string{"orlando"}, true}, {[]string{"orlando", "dallas"}, false}} {
		job, err := s.Prepare(ctx, Request{Kind: render.KindThumb, League: "nologo", Teams: tt.teams, Style: 1, Width: 320, Height: 180, LeagueLogo: true})
		if err != nil {
			t.Fatal(err)
		}
		sc, err := job.(*renderJob).scene(ctx, &failures{})
		if err != nil {
			t.Fatal(err)
		}
		if got := sc.League.Logo != nil; got != tt.wantLogo {
			t.Errorf("teams %v: league logo drawn = %v, want %v", tt.teams, got, tt.wantLogo)
		}
	}
}

// TestDiscoveredCodesStayApart: a discovered league whose code a
// catalogued league already has gets a code of its own.
func TestDiscoveredCodesStayApart(t *testing.T) {
	s, _ := newTestService(t)
	s.cfg.Discover = func(ctx context.Context, id string) (catalog.League, error) {
		return catalog.League{Code: "nba", Name: "NBA", Providers: []string{"thesportsdb"},
			IDs: map[string]string{"thesportsdb": "4387"}, Temporary: true}, nil
	}
	l, err := s.League(ctx, "4387", false)
	if err != nil || l.Code != "thesportsdb-4387" {
		t.Errorf("League(4387) = %q, %v, want code thesportsdb-4387", l.Code, err)
	}
}
