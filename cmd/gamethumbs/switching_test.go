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

	"gamethumbs/internal/catalog/providerhttp"
	"gamethumbs/internal/espntest"
)

// A game-thumbs user's template URLs: the team facts its teams.json gave
// (aliases, abbreviations, pseudo-teams) work unchanged.
func TestGameThumbsTeamFacts(t *testing.T) {
	svc := start(t, nil)
	raws := []struct{ path, field, want string }{
		{"/nhl/utah/raw", "abbreviation", "UTA"},
		{"/epl/mufc/raw", "abbreviation", "MUN"},
		{"/epl/man%20u/raw", "fullName", "Manchester United"},
		{"/epl/spurs/raw", "fullName", "Tottenham Hotspur"},
		{"/epl/thfc/raw", "fullName", "Tottenham Hotspur"},
		{"/epl/nffc/raw", "fullName", "Nottingham Forest"},
		{"/ncaaf/appalachian%20st/raw", "fullName", "App State Mountaineers"},
		{"/nfl/afc/raw", "fullName", "American Football Conference"},
		{"/nfl/national%20football%20conference/raw", "abbreviation", "NFC"},
	}
	for _, tt := range raws {
		resp, body := svc.get(t, tt.path)
		var rec map[string]string
		if resp.StatusCode != 200 || json.Unmarshal(body, &rec) != nil || rec[tt.field] != tt.want {
			t.Errorf("GET %s = %d %s; want %s %q", tt.path, resp.StatusCode, body, tt.field, tt.want)
		}
	}
	getPictures(t, svc, "/nfl/afc/nfc/thumb", "/nfl/afc/nfc/logo", "/epl/spurs/mufc/cover", "/mls/mls-all-stars/liga-mx-all-stars/thumb")
}

// saveShot writes a picture to $GAMETHUMBS_SHOTS, when set, for looking at.
func saveShot(path string, body []byte) {
	if dir := os.Getenv("GAMETHUMBS_SHOTS"); dir != "" {
		name := strings.NewReplacer("/", "_", "?", "_", "&", "_", "=", "-").Replace(strings.TrimPrefix(path, "/"))
		_ = os.WriteFile(filepath.Join(dir, "switch_"+name+".png"), body, 0o644)
	}
}

// Tried as a game-thumbs user would: their env (NODE_ENV=development, no
// XC upstream), template URLs with network badges and useLight, an
// unknown ESPN league code without fallback, values game-thumbs ignores.
func TestGameThumbsUserSetup(t *testing.T) {
	svc := start(t, map[string]string{"NODE_ENV": "development", "PROVIDER_USER_AGENT": ""})
	if !strings.Contains(svc.logs.String(), "XC proxy stays off") {
		t.Errorf("no start-up warning about the XC proxy in:\n%s", svc.logs.String())
	}
	tests := []struct{ path, warning string }{
		{"/nba/lakers/celtics/thumb?badge=ESPN", ""},
		{"/nfl/chiefs/eagles/cover?badge=FOX&style=2", ""},
		{"/nba/lakers/celtics/thumb?badge=MANNINGCAST", ""},
		{"/nba/lakers/celtics/thumb?badge=SPANISH", ""},
		{"/nba/lakers/celtics/logo?useLight=true&style=2", ""},
		{"/nba/lakers/celtics/logo?size=500", `299 gamethumbs "size 500 ignored"`},
		{"/nba/lakers/celtics/thumb?style=abc", `299 gamethumbs "style abc ignored"`},
		{"/nba/lakers/celtics/thumb?badge=ZZZ", `299 gamethumbs "badge ZZZ ignored"`},
		{"/xfl/thumb", ""}, // an ESPN league code we do not catalogue, no fallback needed
	}
	for _, tt := range tests {
		resp, body := svc.get(t, tt.path)
		if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "image/png" {
			t.Errorf("GET %s = %d %.200s", tt.path, resp.StatusCode, body)
			continue
		}
		if got := resp.Header.Get("Warning"); got != tt.warning {
			t.Errorf("GET %s: Warning %q, want %q", tt.path, got, tt.warning)
		}
		saveShot(tt.path, body)
	}
	if h := svc.espn.Header(espntest.TeamsPath("basketball", "nba")); h.Get("User-Agent") != "curl/8.7.1" {
		t.Errorf("provider User-Agent %q, want curl/8.7.1", h.Get("User-Agent"))
	}
	if resp, body := svc.get(t, "/zz.nosuchcode/thumb"); resp.StatusCode != 404 {
		t.Errorf("unknown code = %d %s, want 404", resp.StatusCode, body)
	}
}

// With fallback=true a provider outage still gives a picture (the league
// image, a greyscale league logo for the missing side), marked short-lived
// so the real one is drawn once the provider is back; without fallback
// the outage is a 502.
func TestFallbackOnProviderOutage(t *testing.T) {
	svc := start(t, map[string]string{"REQUEST_TIMEOUT": "500"})
	svc.espn.Fail(espntest.TeamsPath("basketball", "nba"), 503)
	if resp, body := svc.get(t, "/nba/lakers/celtics/thumb"); resp.StatusCode != 502 {
		t.Errorf("outage without fallback = %d %s, want 502", resp.StatusCode, body)
	}
	for _, path := range []string{"/nba/lakers/celtics/thumb?fallback=true", "/nba/lakers/thumb?fallback=true", "/nba/lakers/logo?fallback=true", "/nba/lakers/celtics/logo?fallback=true"} {
		resp, body := svc.get(t, path)
		if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "image/png" {
			t.Errorf("GET %s during an outage = %d %.200s, want a picture", path, resp.StatusCode, body)
			continue
		}
		if cc := resp.Header.Get("Cache-Control"); cc != "public, max-age=60" {
			t.Errorf("GET %s during an outage: Cache-Control %q, want short-lived", path, cc)
		}
		saveShot("outage"+path, body)
	}
	if testing.Short() {
		return // the recovery below waits out the breaker's 30 s cooldown
	}
	svc.espn.Fail(espntest.TeamsPath("basketball", "nba"), 0)
	// Back: the real picture, cached as usual (the stand-in was not stored),
	// once the provider's circuit breaker lets a probe through.
	deadline := time.Now().Add(providerhttp.BreakerCooldown + 10*time.Second)
	for {
		resp, _ := svc.get(t, "/nba/lakers/celtics/thumb?fallback=true")
		if resp.Header.Get("Cache-Control") != "public, max-age=60" {
			if resp.StatusCode != 200 {
				t.Errorf("after the outage: %d", resp.StatusCode)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("still the stand-in after the breaker cooldown and 10 s more")
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// Raw logos are PNG whatever the provider serves (the MLB Stats fake
// serves SVG); a league without any logo source gets its wordmark card.
func TestRawLogosArePNG(t *testing.T) {
	svc := startWithProviders(t)
	for _, path := range []string{"/milb-aaa/bulls/logo", "/milb-aaa/logo", "/pwhl/logo", "/cbl/logo", "/boxing/thumb",
		"/boxing/fury/usyk/thumb", "/box/canelo/logo"} {
		resp, body := svc.get(t, path)
		if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "image/png" {
			t.Errorf("GET %s = %d %s %.100s", path, resp.StatusCode, resp.Header.Get("Content-Type"), body)
			continue
		}
		cfg, err := png.DecodeConfig(bytes.NewReader(body))
		if err != nil || cfg.Width < 100 {
			t.Errorf("GET %s: %dx%d %v", path, cfg.Width, cfg.Height, err)
		}
		saveShot(path, body)
	}
}

// TestGameThumbsLeaguesFileServes: game-thumbs' own leagues.json, with its
// "./assets/*.png" logos, mounted as the custom data directory: the
// service starts, warns once per such logo naming the league, and serves
// those leagues' logos (the card stands in for the missing file).
func TestGameThumbsLeaguesFileServes(t *testing.T) {
	svc := start(t, map[string]string{"CUSTOM_DATA_DIR": gameThumbsLeaguesDir(t)})
	if !strings.Contains(svc.logs.String(), `league \"f1\": logoUrl \"./assets/F1.png\"`) {
		t.Errorf("no warning names f1's logo:\n%s", lastLines(svc.logs.String(), 20))
	}
	getPictures(t, svc, "/f1/logo.png", "/F1/thumb", "/nascar/cover")
}

// getPictures asks svc for each path and requires a PNG that decodes;
// each is kept as a shot.
func getPictures(t *testing.T, svc *service, paths ...string) {
	t.Helper()
	for _, path := range paths {
		resp, body := svc.get(t, path)
		if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "image/png" {
			t.Errorf("GET %s = %d %.200s", path, resp.StatusCode, body)
			continue
		}
		if _, err := png.Decode(bytes.NewReader(body)); err != nil {
			t.Errorf("GET %s: %v", path, err)
		}
		saveShot(path, body)
	}
}

// gameThumbsLeaguesDir is a custom data directory holding game-thumbs'
// own leagues.json (its logos name "./assets/*.png" files it lacks).
func gameThumbsLeaguesDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	raw, err := os.ReadFile("../../internal/catalog/custom/testdata/game-thumbs_leagues.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "leagues.json"), raw, 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}
