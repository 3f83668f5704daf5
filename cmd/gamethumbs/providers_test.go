package main

import (
	"bytes"
	"encoding/json"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"gamethumbs/internal/catalog/espnathlete/athletetest"
	"gamethumbs/internal/catalog/flags/flagstest"
	"gamethumbs/internal/catalog/hockeytech/hockeytechtest"
	"gamethumbs/internal/catalog/mlbstats/mlbstatstest"
	"gamethumbs/internal/catalog/thesportsdb/thesportsdbtest"
)

// startWithProviders starts the service against fakes of every provider:
// ESPN athletes (core API and CDN), TheSportsDB, the MLB Stats API,
// HockeyTech and flagcdn, with tennis and MMA enabled and a custom data
// directory holding a league of our own.
func startWithProviders(t *testing.T) *service {
	t.Helper()
	athletes := athletetest.New(t)
	tsdb := thesportsdbtest.New(t)
	mlb := mlbstatstest.New(t)
	ht := hockeytechtest.New(t)
	fl := flagstest.New(t)
	dir := t.TempDir()
	writeFiles(t, dir, map[string][]byte{
		"leagues/backyard.json": []byte(`[{"code":"backyard","name":"Backyard League","aliases":["yard"],"logoUrl":"logos/league.png"}]`),
		"logos/league.png":      thesportsdbtest.Badge("BYL", "3d5a80", "ee6c4d", thesportsdbtest.Square, 256),
		"logos/hawks.png":       thesportsdbtest.Badge("HAW", "8b1e3f", "f2c14e", thesportsdbtest.Shield, 256),
		"logos/owls.png":        thesportsdbtest.Badge("OWL", "1b4332", "95d5b2", thesportsdbtest.Circle, 256),
		"teams/backyard.json": []byte(`{"backyard": {
			"hawks": {"custom": true, "aliases": ["red birds"], "override": {"name": "Hawks", "fullName": "Backyard Hawks", "city": "Backyard", "logo": "logos/hawks.png", "color": "#8b1e3f", "alternateColor": "#f2c14e"}},
			"owls":  {"custom": true, "override": {"name": "Owls", "fullName": "Backyard Owls", "logo": "logos/owls.png"}}
		}, "nba": {"los-angeles-lakers": {"aliases": ["showtime"], "override": {"abbreviation": "LAK"}}}}`),
	})
	return start(t, map[string]string{
		"LEAGUES_ENABLE_TENNIS": "true", "LEAGUES_ENABLE_MMA": "true",
		"ESPN_CORE_API_URL": athletes.CoreURL, "ESPN_CDN_URL": athletes.CDNURL,
		"ATHLETE_CACHE_DIR":   t.TempDir(),
		"THESPORTSDB_API_URL": tsdb.URL, "MLBSTATS_API_URL": mlb.URL, "MLB_LOGO_URL": mlb.URL,
		"HOCKEYTECH_API_URL": ht.URL, "HOCKEYTECH_API_KEY": hockeytechtest.PWHLKey, "FLAGCDN_URL": fl.URL,
		"CUSTOM_DATA_DIR": dir,
	})
}

func writeFiles(t *testing.T, dir string, files map[string][]byte) {
	t.Helper()
	for name, data := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// waitAthletes polls until the athlete rosters answer.
func waitAthletes(t *testing.T, svc *service) {
	t.Helper()
	for _, p := range []string{"/atp/djokovic/raw", "/wta/gauff/raw", "/ufc/jones/raw"} {
		deadline := time.Now().Add(20 * time.Second)
		for {
			resp, body := svc.get(t, p)
			if resp.StatusCode == 200 {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s = %d %s; rosters not loaded", p, resp.StatusCode, body)
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
}

func TestProvidersEndToEnd(t *testing.T) {
	svc := startWithProviders(t)
	waitAthletes(t, svc)
	shots := os.Getenv("GAMETHUMBS_SHOTS")
	tests := []struct {
		path          string
		width, height int
	}{
		{"/atp/djokovic/alcaraz/thumb", 1440, 1080},
		{"/atp/djokovic+murray/federer+nadal/cover", 1080, 1440},
		{"/tennis/djokovic+gauff/alcaraz+swiatek/thumb", 1440, 1080},
		{"/ufc/jones/pereira/thumb", 1440, 1080},
		{"/ufc/adesanya/nunes/cover", 1080, 1440},
		{"/cfl/lions/stampeders/thumb", 1440, 1080},
		{"/cfl/roughriders/thumb", 1440, 1080},
		{"/milb-aaa/bulls/clippers/thumb", 1440, 1080},
		{"/pwhl/fleet/frost/thumb", 1440, 1080},
		{"/olympics/usa/canada/thumb", 1440, 1080},
		{"/f1/hamilton/verstappen/thumb", 1440, 1080},
		{"/backyard/hawks/owls/thumb", 1440, 1080},
		{"/yard/red-birds/owls/cover", 1080, 1440},
		{"/atp/djokovic+murray/logo", 0, 400},
	}
	for _, tt := range tests {
		resp, body := svc.get(t, tt.path)
		if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "image/png" {
			t.Errorf("GET %s = %d %s %.200s", tt.path, resp.StatusCode, resp.Header.Get("Content-Type"), body)
			continue
		}
		cfg, err := png.DecodeConfig(bytes.NewReader(body))
		if err != nil || (tt.width != 0 && cfg.Width != tt.width) || cfg.Height != tt.height {
			t.Errorf("GET %s: PNG %dx%d (%v), want %dx%d", tt.path, cfg.Width, cfg.Height, err, tt.width, tt.height)
		}
		if shots != "" {
			name := strings.NewReplacer("/", "_", "+", "-").Replace(strings.TrimPrefix(tt.path, "/"))
			_ = os.WriteFile(filepath.Join(shots, "providers_"+name+".png"), body, 0o644)
		}
	}
	resp, body := svc.get(t, "/ufc/jones/pereira/logo")
	if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "image/png" {
		t.Errorf("/ufc/jones/pereira/logo = %d %s", resp.StatusCode, body)
	} else if shots != "" {
		_ = os.WriteFile(filepath.Join(shots, "providers_ufc_jones_pereira_logo.png"), body, 0o644)
	}
}

func TestProvidersRawRecords(t *testing.T) {
	svc := startWithProviders(t)
	waitAthletes(t, svc)
	tests := []struct {
		path string
		want map[string]string
	}{
		{"/atp/djokovic+murray/raw", map[string]string{"id": "296+425", "name": "Djokovic / Murray", "fullName": "Novak Djokovic / Andy Murray", "abbreviation": "NDAM"}},
		{"/wta/coco-gauff/raw", map[string]string{"id": "2402", "city": "Coco", "name": "Gauff", "abbreviation": "CG"}},
		{"/cfl/riders/raw", map[string]string{"fullName": "Saskatchewan Roughriders", "abbreviation": "SSK", "color": "#00633E"}},
		{"/milb-aaa/durham/raw", map[string]string{"fullName": "Durham Bulls", "abbreviation": "DUR"}},
		{"/pwhl/victoire/raw", map[string]string{"fullName": "Montréal Victoire", "abbreviation": "MTL"}},
		{"/olympics/ger/raw", map[string]string{"id": "de", "fullName": "Germany", "abbreviation": "DEU"}},
		{"/backyard/hawks/raw", map[string]string{"fullName": "Backyard Hawks", "color": "#8b1e3f"}},
		{"/nba/showtime/raw", map[string]string{"fullName": "Los Angeles Lakers", "abbreviation": "LAK"}},
	}
	for _, tt := range tests {
		resp, body := svc.get(t, tt.path)
		var rec map[string]string
		if resp.StatusCode != 200 || json.Unmarshal(body, &rec) != nil {
			t.Errorf("GET %s = %d %.200s", tt.path, resp.StatusCode, body)
			continue
		}
		for k, v := range tt.want {
			if rec[k] != v {
				t.Errorf("GET %s: %s = %q, want %q", tt.path, k, rec[k], v)
			}
		}
	}
	// An athlete that does not exist is a 404, not a provider failure.
	if resp, body := svc.get(t, "/atp/nobody-at-all/raw"); resp.StatusCode != 404 {
		t.Errorf("/atp/nobody-at-all/raw = %d %s, want 404", resp.StatusCode, body)
	}
}

func TestInvalidCustomDataRefusesToStart(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string][]byte{"teams/bad.json": []byte(`{"nfl": {"chiefs": {"override": {"color": "crimson"}}}}`)})
	env := map[string]string{"PORT": "0", "CUSTOM_DATA_DIR": dir}
	err := run(t.Context(), nil, func(k string) string { return env[k] }, &syncBuffer{})
	if err == nil || !strings.Contains(err.Error(), "teams/bad.json") || !strings.Contains(err.Error(), "nfl.chiefs.override.color") {
		t.Errorf("run with an invalid custom file = %v, want an error naming the file and field", err)
	}
}
