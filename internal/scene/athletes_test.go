package scene

import (
	"bytes"
	"image/png"
	"io"
	"log/slog"
	"net/http"
	"testing"
	"time"

	"gamethumbs/internal/catalog"
	"gamethumbs/internal/catalog/espnathlete"
	"gamethumbs/internal/catalog/espnathlete/athletetest"
	"gamethumbs/internal/catalog/flags"
	"gamethumbs/internal/catalog/flags/flagstest"
	"gamethumbs/internal/fetch"
	"gamethumbs/internal/render"
)

// newAthleteService is a Service with tennis and MMA enabled, athletes
// from a fake ESPN core API and countries from a fake flagcdn; the ATP,
// WTA and UFC rosters are loaded before it returns.
func newAthleteService(t *testing.T) *Service {
	t.Helper()
	fake := athletetest.New(t)
	flagFake := flagstest.New(t)
	cat, err := catalog.New(func(k string) string { return "true" })
	if err != nil {
		t.Fatal(err)
	}
	ap := espnathlete.New(espnathlete.Config{CoreURL: fake.CoreURL, CDNURL: fake.CDNURL, Backoff: time.Millisecond,
		Client: &http.Client{Timeout: 5 * time.Second}, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	t.Cleanup(ap.Close)
	fp := flags.New(flags.Config{BaseURL: flagFake.URL})
	for _, code := range []string{"atp", "wta", "ufc"} {
		l, _ := cat.Get(code)
		ap.Preload(l)
		for i := 0; ; i++ {
			if n, loading := ap.Status(l); n > 0 && !loading {
				break
			}
			if i > 4000 {
				t.Fatalf("%s roster not loaded", code)
			}
			time.Sleep(5 * time.Millisecond)
		}
	}
	return New(Config{
		Catalog:   cat,
		Providers: map[string]catalog.Provider{ap.ID(): ap, fp.ID(): fp},
		Logos:     fetch.New(nil, fetch.Config{}),
	})
}

func TestAthletePairs(t *testing.T) {
	s := newAthleteService(t)
	tests := []struct {
		league, query              string
		wantID, wantName, wantFull string
	}{
		{"atp", "djokovic", "296", "Djokovic", "Novak Djokovic"},
		{"atp", "djokovic+murray", "296+425", "Djokovic / Murray", "Novak Djokovic / Andy Murray"},
		{"atp", " federer + nadal ", "225+678", "Federer / Nadal", "Roger Federer / Rafael Nadal"},
		{"tennis", "djokovic+gauff", "296+2402", "Djokovic / Gauff", "Novak Djokovic / Coco Gauff"},
		{"wta", "serena williams+venus williams+gauff", "394+395+2402", "Williams / Williams / Gauff", "Serena Williams / Venus Williams / Coco Gauff"},
	}
	for _, tt := range tests {
		l, err := s.League(ctx, tt.league, false)
		if err != nil {
			t.Fatal(err)
		}
		tm, err := s.Team(ctx, l, tt.query)
		if err != nil {
			t.Errorf("Team(%s, %q) error = %v", tt.league, tt.query, err)
			continue
		}
		if tm.ID != tt.wantID || tm.Name != tt.wantName || tm.FullName != tt.wantFull {
			t.Errorf("Team(%s, %q) = %q %q %q, want %q %q %q", tt.league, tt.query, tm.ID, tm.Name, tm.FullName, tt.wantID, tt.wantName, tt.wantFull)
		}
	}
	atp, _ := s.League(ctx, "atp", false)
	if _, err := s.Team(ctx, atp, "djokovic+nobody"); err == nil {
		t.Errorf("Team(djokovic+nobody) error = nil, want the missing part to fail the pair")
	}
	nfl := catalog.League{Code: "x", Providers: []string{"espn"}}
	if parts := s.splitAthletes(nfl, "a+b"); parts != nil {
		t.Errorf("splitAthletes in a team league = %v, want nil", parts)
	}
}

func TestAthletePictures(t *testing.T) {
	s := newAthleteService(t)
	atp, _ := s.League(ctx, "atp", false)
	one := s.sideAthletes(ctx, atp, atp, "djokovic", mustTeam(t, s, atp, "djokovic"))
	pair := s.sideAthletes(ctx, atp, atp, "djokovic+murray", mustTeam(t, s, atp, "djokovic+murray"))
	if len(one) != 1 || len(pair) != 2 || pair[1].FullName != "Andy Murray" {
		t.Fatalf("sideAthletes = %d, %d athletes", len(one), len(pair))
	}
	img := s.athleteImage(ctx, one, nil)
	if img == nil || img.Bounds().Dx() != 350 || img.Bounds().Dy() != 254 {
		t.Fatalf("single headshot = %v, want the 350x254 headshot", img)
	}
	img = s.athleteImage(ctx, pair, nil)
	if img == nil || img.Bounds().Dy() != compositeHeight || img.Bounds().Dx() < 2*compositeHeight {
		t.Fatalf("pair picture bounds = %v, want two headshots side by side at height %d", img, compositeHeight)
	}
	// Medvedev has no headshot: his flag stands in.
	med := s.sideAthletes(ctx, atp, atp, "medvedev", mustTeam(t, s, atp, "medvedev"))
	if img := s.athleteImage(ctx, med, nil); img == nil || img.Bounds().Dx() != 200 {
		t.Errorf("Medvedev picture = %v, want the 200px flag", img)
	}
	// Raw logo of a pair: the composed PNG.
	job, err := s.Prepare(ctx, Request{Kind: render.KindLogo, League: "atp", Teams: []string{"djokovic+murray"}})
	if err != nil {
		t.Fatal(err)
	}
	out, err := job.Render(ctx)
	if err != nil || out.ContentType != "image/png" {
		t.Fatalf("raw pair logo = %v, %v", out.ContentType, err)
	}
	cfg, err := png.DecodeConfig(bytes.NewReader(out.Data))
	if err != nil || cfg.Height != compositeHeight {
		t.Errorf("raw pair logo %dx%d (%v), want height %d", cfg.Width, cfg.Height, err, compositeHeight)
	}
}

func TestAthleteMatchupRenders(t *testing.T) {
	s := newAthleteService(t)
	for _, teams := range [][]string{{"djokovic", "alcaraz"}, {"djokovic+murray", "federer+nadal"}} {
		job, err := s.Prepare(ctx, Request{Kind: render.KindCover, League: "atp", Teams: teams, Style: 1, Width: 240, Height: 320})
		if err != nil {
			t.Fatalf("Prepare(%v) = %v", teams, err)
		}
		rj := job.(*renderJob)
		sc, err := rj.scene(ctx, &failures{})
		if err != nil {
			t.Fatal(err)
		}
		for i, tm := range sc.Teams {
			if tm.Logo == nil || tm.LogoDark != nil {
				t.Errorf("%v side %d: logo %v, dark %v; want the headshot picture and no flag as dark logo", teams, i, tm.Logo != nil, tm.LogoDark != nil)
			}
		}
		if _, err := job.Render(ctx); err != nil {
			t.Errorf("Render(%v) = %v", teams, err)
		}
	}
}

func TestSkipLogosStandIns(t *testing.T) {
	s := newAthleteService(t)
	job, err := s.Prepare(ctx, Request{Kind: render.KindThumb, League: "olympics", Teams: []string{"usa", "atlantis"}, Style: 1, Width: 320, Height: 240})
	if err != nil {
		t.Fatalf("Prepare(olympics usa vs atlantis) = %v, want fallback implied", err)
	}
	rj := job.(*renderJob)
	if !rj.req.Fallback || rj.sides[1].missing || rj.sides[1].team.FullName != "Atlantis" || rj.sides[1].team.Color == "" {
		t.Errorf("sides = %+v, want Atlantis as a coloured stand-in", rj.sides)
	}
	if rj.sides[0].team.ID != "us" {
		t.Errorf("usa resolved to %q, want us", rj.sides[0].team.ID)
	}
	if got := displaySegment("max-verstappen"); got != "Max Verstappen" {
		t.Errorf("displaySegment = %q", got)
	}
}

func mustTeam(t *testing.T, s *Service, l catalog.League, q string) catalog.Team {
	t.Helper()
	tm, _, err := s.findTeam(ctx, l, q)
	if err != nil {
		t.Fatalf("findTeam(%q) = %v", q, err)
	}
	return tm
}
