package espnathlete_test

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"gamethumbs/internal/catalog"
	"gamethumbs/internal/catalog/espnathlete"
	"gamethumbs/internal/catalog/espnathlete/athletetest"
)

var (
	atp = catalog.League{Code: "atp", ShortName: "ATP", Sport: "tennis", Slug: "atp", Providers: []string{"espnathlete"}}
	wta = catalog.League{Code: "wta", ShortName: "WTA", Sport: "tennis", Slug: "wta", Providers: []string{"espnathlete"}}
	ufc = catalog.League{Code: "ufc", ShortName: "UFC", Sport: "mma", Slug: "ufc", Providers: []string{"espnathlete"}}
)

func newProvider(t *testing.T, fake *athletetest.Server, dir string, rt http.RoundTripper) *espnathlete.Provider {
	t.Helper()
	p := espnathlete.New(espnathlete.Config{
		CoreURL: fake.CoreURL, CDNURL: fake.CDNURL, Dir: dir, Concurrency: 4, Backoff: time.Millisecond,
		Client: &http.Client{Timeout: 5 * time.Second, Transport: rt},
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
	})
	t.Cleanup(p.Close)
	return p
}

// waitLoaded waits until the league's load has ended.
func waitLoaded(t *testing.T, p *espnathlete.Provider, l catalog.League) int {
	t.Helper()
	p.Preload(l)
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		n, loading := p.Status(l)
		if !loading && n > 0 {
			return n
		}
		time.Sleep(5 * time.Millisecond)
	}
	t.Fatalf("roster of %s not loaded in time", l.Code)
	return 0
}

func TestRosterAndMapping(t *testing.T) {
	fake := athletetest.New(t)
	p := newProvider(t, fake, "", nil)
	if n := waitLoaded(t, p, atp); n != 12 {
		t.Fatalf("ATP roster = %d athletes, want 12", n)
	}
	teams, err := p.Teams(context.Background(), atp)
	if err != nil {
		t.Fatalf("Teams(atp) error = %v", err)
	}
	dj := teams[0]
	want := catalog.Team{ID: "296", Slug: "novak-djokovic", City: "Novak", Name: "Djokovic", FullName: "Novak Djokovic",
		ShortName: "N. Djokovic", Abbreviation: "ND",
		Logo:    fake.URL + "/cdn/i/headshots/tennis/players/full/296.png",
		LogoAlt: fake.URL + "/cdn/i/teamlogos/countries/500/srb.png"}
	if dj.ID != want.ID || dj.Slug != want.Slug || dj.City != want.City || dj.Name != want.Name || dj.FullName != want.FullName ||
		dj.ShortName != want.ShortName || dj.Abbreviation != want.Abbreviation || dj.Logo != want.Logo || dj.LogoAlt != want.LogoAlt {
		t.Errorf("Djokovic = %+v, want %+v", dj, want)
	}
	if !strings.HasPrefix(dj.Color, "#") || len(dj.Color) != 7 || dj.AlternateColor == dj.Color {
		t.Errorf("Djokovic colours = %q/%q, want two different #rrggbb", dj.Color, dj.AlternateColor)
	}
	// Without a headshot in the API the CDN pattern is used.
	if got := teams[1].Logo; got != fake.CDNURL+"/i/headshots/tennis/players/full/3782.png" {
		t.Errorf("Alcaraz logo = %q, want the CDN headshot pattern", got)
	}
	// The athlete list named ESPN's host; nothing may have gone there.
	if fake.Hits("athlete") != 12 || fake.Hits("list") != 1 {
		t.Errorf("requests: %d athletes, %d list pages, want 12 and 1", fake.Hits("athlete"), fake.Hits("list"))
	}
	// Colours are a function of the athlete: a second provider agrees.
	p2 := newProvider(t, fake, "", nil)
	waitLoaded(t, p2, atp)
	teams2, _ := p2.Teams(context.Background(), atp)
	for i := range teams {
		if teams[i].Color != teams2[i].Color || teams[i].AlternateColor != teams2[i].AlternateColor {
			t.Errorf("%s colours differ between loads: %s/%s vs %s/%s", teams[i].FullName,
				teams[i].Color, teams[i].AlternateColor, teams2[i].Color, teams2[i].AlternateColor)
		}
	}
}

func TestFindTeam(t *testing.T) {
	fake := athletetest.New(t)
	p := newProvider(t, fake, "", nil)
	waitLoaded(t, p, atp)
	tests := []struct{ query, want string }{
		{"djokovic", "Novak Djokovic"},
		{"Novak Djokovic", "Novak Djokovic"},
		{"novak-djokovic", "Novak Djokovic"},
		{"N. Djokovic", "Novak Djokovic"},
		{"DJOKOVIC", "Novak Djokovic"},
		{"djoko", "Novak Djokovic"},
		{"alcaraz", "Carlos Alcaraz"},
		{"murray", "Andy Murray"},
		{"jamie murray", "Jamie Murray"},
		{"auger-aliassime", "Félix Auger-Aliassime"},
		{"felix auger aliassime", "Félix Auger-Aliassime"},
		{"Félix", "Félix Auger-Aliassime"},
		{"federer", "Roger Federer"},
		{"nobody", ""},
		{"", ""},
		{strings.Repeat("a", 300), ""},
	}
	for _, tt := range tests {
		team, ok, err := p.FindTeam(context.Background(), atp, tt.query)
		if err != nil {
			t.Errorf("FindTeam(%q) error = %v", tt.query, err)
			continue
		}
		got := ""
		if ok {
			got = team.FullName
		}
		if got != tt.want {
			t.Errorf("FindTeam(%.20q) = %q, want %q", tt.query, got, tt.want)
		}
	}
}

// gate holds athlete-object requests until opened.
type gate struct {
	mu   sync.Mutex
	open chan struct{}
	base http.RoundTripper
}

func (g *gate) RoundTrip(r *http.Request) (*http.Response, error) {
	if strings.Contains(r.URL.Path, "/athletes/") {
		select {
		case <-g.open:
		case <-r.Context().Done():
			return nil, r.Context().Err()
		}
	}
	return g.base.RoundTrip(r)
}

func TestRequestsDuringTheFirstLoad(t *testing.T) {
	fake := athletetest.New(t)
	g := &gate{open: make(chan struct{}), base: http.DefaultTransport}
	p := newProvider(t, fake, "", g)
	_, ok, err := p.FindTeam(context.Background(), ufc, "jones")
	var ue *catalog.UpstreamError
	if ok || !errors.Is(err, espnathlete.ErrLoading) || !errors.As(err, &ue) || ue.Status != http.StatusServiceUnavailable {
		t.Fatalf("FindTeam during the load = %v, %v, want a 503 UpstreamError wrapping ErrLoading", ok, err)
	}
	if _, err := p.Teams(context.Background(), ufc); !errors.Is(err, espnathlete.ErrLoading) {
		t.Errorf("Teams during the load error = %v, want ErrLoading", err)
	}
	close(g.open)
	waitLoaded(t, p, ufc)
	if team, ok, err := p.FindTeam(context.Background(), ufc, "jones"); !ok || err != nil || team.FullName != "Jon Jones" {
		t.Errorf("FindTeam after the load = %+v, %v, %v, want Jon Jones", team.FullName, ok, err)
	}
	if _, ok, err := p.FindTeam(context.Background(), ufc, "nobody"); ok || err != nil {
		t.Errorf("FindTeam(nobody) after the load = %v, %v, want not found without error", ok, err)
	}
}

func TestPersistedRosterSurvivesARestart(t *testing.T) {
	fake := athletetest.New(t)
	dir := t.TempDir()
	p := newProvider(t, fake, dir, nil)
	waitLoaded(t, p, wta)
	p.Close()
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 || entries[0].Name() != "tennis_wta.tsv" {
		t.Fatalf("cache dir holds %v, want tennis_wta.tsv only (no temporary files)", entries)
	}
	// A restart with ESPN down: the roster comes from the file, and
	// nothing is asked of ESPN while it is fresh.
	fake.Fail("/core", http.StatusInternalServerError)
	before := fake.Hits("list")
	p2 := newProvider(t, fake, dir, nil)
	if n := waitLoaded(t, p2, wta); n != 5 {
		t.Fatalf("roster after restart = %d athletes, want 5", n)
	}
	if team, ok, err := p2.FindTeam(context.Background(), wta, "gauff"); !ok || err != nil || team.FullName != "Coco Gauff" {
		t.Errorf("FindTeam(gauff) after restart = %q, %v, %v", team.FullName, ok, err)
	}
	if fake.Hits("list") != before {
		t.Errorf("restart asked ESPN for the list again")
	}
}

func TestCorruptFileIsReloaded(t *testing.T) {
	fake := athletetest.New(t)
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "tennis_wta.tsv"), []byte("garbage\x00\n\t\t\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	p := newProvider(t, fake, dir, nil)
	if n := waitLoaded(t, p, wta); n != 5 {
		t.Errorf("roster = %d athletes, want 5 from ESPN", n)
	}
}

func TestBackoffOnThrottling(t *testing.T) {
	for _, status := range []int{http.StatusTooManyRequests, http.StatusForbidden} {
		fake := athletetest.New(t)
		fake.Throttle(6, status)
		p := newProvider(t, fake, "", nil)
		if n := waitLoaded(t, p, ufc); n != 7 {
			t.Errorf("status %d: roster = %d athletes, want all 7 after the throttling", status, n)
		}
		if got := fake.Hits("athlete"); got != 7+6 {
			t.Errorf("status %d: athlete requests = %d, want 13 (7 + 6 retried)", status, got)
		}
	}
}

func TestBoundedConcurrencyAndPaging(t *testing.T) {
	fake := athletetest.New(t)
	fake.AddSynthetic("tennis", "atp", 300)
	fake.SetPageSize(100)
	p := newProvider(t, fake, "", nil)
	if n := waitLoaded(t, p, atp); n != 312 {
		t.Fatalf("roster = %d, want 312", n)
	}
	if fake.Hits("list") != 4 {
		t.Errorf("list pages requested = %d, want 4", fake.Hits("list"))
	}
	if m := fake.MaxInFlight(); m > 4 {
		t.Errorf("athlete requests in flight = %d, want at most Concurrency 4", m)
	}
	if team, ok, _ := p.FindTeam(context.Background(), atp, "first250 last250"); !ok || team.FullName != "First250 Last250" {
		t.Errorf("FindTeam(first250 last250) = %q, %v", team.FullName, ok)
	}
}

func TestUpstreamFailure(t *testing.T) {
	fake := athletetest.New(t)
	fake.Fail("/core", http.StatusBadGateway)
	p := newProvider(t, fake, "", nil)
	p.Preload(wta)
	deadline := time.Now().Add(10 * time.Second)
	var err error
	for time.Now().Before(deadline) {
		if _, loading := p.Status(wta); !loading {
			_, err = p.Teams(context.Background(), wta)
			if err != nil && !errors.Is(err, espnathlete.ErrLoading) {
				break
			}
		}
		time.Sleep(5 * time.Millisecond)
	}
	var ue *catalog.UpstreamError
	if !errors.As(err, &ue) || errors.Is(err, espnathlete.ErrLoading) {
		t.Errorf("Teams after a failed load = %v, want the upstream failure", err)
	}
	if _, err := p.Teams(context.Background(), catalog.League{Code: "x"}); !errors.Is(err, catalog.ErrNotCovered) {
		t.Errorf("Teams(league without sport) = %v, want ErrNotCovered", err)
	}
}
