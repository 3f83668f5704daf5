package main

import (
	"bufio"
	"encoding/json"
	"net/http"
	"net/url"
	"os"
	"strings"
	"testing"

	"gamethumbs/internal/catalog/flags/flagstest"
	"gamethumbs/internal/catalog/hockeytech/hockeytechtest"
	"gamethumbs/internal/catalog/thesportsdb/thesportsdbtest"
	"gamethumbs/internal/espntest"
)

// leagueFakes are the provider fakes of the league tests: ESPN's site,
// core and CDN on one fake (league lists for discovery), TheSportsDB,
// HockeyTech and the flag CDN. MMA and tennis stay off, as by default.
type leagueFakes struct {
	espn *espntest.Server
	tsdb *thesportsdbtest.Server
}

func startLeagueFakes(t *testing.T) (*service, leagueFakes) {
	t.Helper()
	f := leagueFakes{espn: espntest.New(t), tsdb: thesportsdbtest.New(t)}
	svc := startOn(t, f.espn, nil, map[string]string{
		"THESPORTSDB_API_URL": f.tsdb.URL, "HOCKEYTECH_API_URL": hockeytechtest.New(t).URL,
		"HOCKEYTECH_API_KEY": hockeytechtest.PWHLKey, "FLAGCDN_URL": flagstest.New(t).URL,
	})
	return svc, f
}

// TestTeamarrLeagueCodes: every league of Teamarr's table gives a league
// thumbnail by its league_code and by its league_id (ufc included, with
// MMA off), against the fakes.
func TestTeamarrLeagueCodes(t *testing.T) {
	svc, _ := startLeagueFakes(t)
	f, err := os.Open("../../internal/catalog/testdata/teamarr-leagues.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var paths []string
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		c := strings.Split(sc.Text(), "\t")
		if len(c) != 5 || strings.HasPrefix(c[0], "#") {
			continue
		}
		n++
		// Under -short or the race detector, every fourth league.
		if (testing.Short() || raceDetector) && n%4 != 1 {
			continue
		}
		paths = append(paths, "/"+url.PathEscape(c[0])+"/thumb", "/"+url.PathEscape(c[1])+"/thumb")
	}
	if n != 86 {
		t.Fatalf("%d Teamarr leagues, want 86", n)
	}
	for _, p := range paths {
		checkPicture(t, svc, p, "")
	}
}

// TestEveryListedLeague: every league the fakes' own league lists carry
// (ESPN's core API by code, TheSportsDB's all_leagues.php by name and by
// id) gives a league picture, with or without a table row.
func TestEveryListedLeague(t *testing.T) {
	svc, _ := startLeagueFakes(t)
	for _, code := range espntest.LeagueCodes() {
		checkPicture(t, svc, "/"+code+"/logo", "")
	}
	for _, l := range thesportsdbtest.Leagues {
		checkPicture(t, svc, "/"+url.PathEscape(l.Name)+"/logo", "")
		checkPicture(t, svc, "/"+l.ID+"/logo", "")
	}
}

// TestDiscoveredLeagues: leagues no table names, one listed by ESPN's
// core API (sui.1) and one by TheSportsDB (Danish Superliga), serve
// league, team and matchup pictures and raw records, and keep doing so
// while both providers are down.
func TestDiscoveredLeagues(t *testing.T) {
	svc, f := startLeagueFakes(t)
	paths := []string{
		"/sui.1/logo", "/sui.1/thumb", "/sui.1/basel/thumb", "/sui.1/basel/young-boys/thumb",
		"/Danish%20Superliga/logo", "/danish-superliga/thumb", "/4340/fck/thumb", "/danish-superliga/brondby/fck/cover",
	}
	for _, p := range paths {
		checkPicture(t, svc, p, "")
	}
	raw := func(path string) map[string]any {
		t.Helper()
		resp, body := svc.get(t, path)
		var m map[string]any
		if resp.StatusCode != 200 || json.Unmarshal(body, &m) != nil {
			t.Fatalf("GET %s = %d %s", path, resp.StatusCode, body)
		}
		return m
	}
	if m := raw("/sui.1/raw"); m["name"] != "Swiss Super League" || m["temporary"] != true ||
		m["ids"].(map[string]any)["espn"] != "soccer/sui.1" {
		t.Errorf("/sui.1/raw = %v", m)
	}
	if m := raw("/sui.1/young-boys/raw"); m["color"] != "#FFE500" {
		t.Errorf("/sui.1/young-boys/raw = %v, want ESPN's colour #FFE500", m)
	}
	if m := raw("/danish-superliga/brondby/raw"); m["fullName"] != "Brøndby IF" || m["color"] != "#FFD700" {
		t.Errorf("/danish-superliga/brondby/raw = %v", m)
	}
	// Both providers down: pictures not drawn before (another style) and
	// records still answer from what was loaded.
	f.espn.Fail("/", http.StatusServiceUnavailable)
	for _, call := range []string{"all_leagues.php", "lookupleague.php", "search_all_teams.php"} {
		f.tsdb.Fail(call, http.StatusServiceUnavailable)
	}
	for _, p := range []string{"/sui.1/basel/young-boys/thumb?style=2", "/danish-superliga/brondby/fck/thumb?style=2", "/sui.1/logo?style=2"} {
		checkPicture(t, svc, p, "")
	}
	if m := raw("/Danish%20Superliga/raw"); m["league"] != "danish-superliga" {
		t.Errorf("/Danish Superliga/raw during an outage = %v", m)
	}
	// Unknown stays a clear 404.
	if resp, body := svc.get(t, "/no-such-league/thumb"); resp.StatusCode != 404 || !strings.Contains(string(body), "unknown league") {
		t.Errorf("unknown league = %d %s, want a JSON 404", resp.StatusCode, body)
	}
}

// TestProviderFidelity: raw colours keep ESPN's spelling, a team answers
// to ESPN's abbreviation and to the one an override gave it, and a league
// switched off by its variable keeps its league picture while its
// athletes answer a 404 that names the variable.
func TestProviderFidelity(t *testing.T) {
	svc, _ := startLeagueFakes(t)
	for path, want := range map[string]string{
		"/epl/arsenal/raw": `"color":"#EF0107"`, "/esp.1/raw": `"league":"laliga"`, "/ESP.1/raw": `"ids":{"espn":"soccer/esp.1"}`,
		"/epl/MAN/raw": `"abbreviation":"MUN"`, "/epl/MUN/raw": `"abbreviation":"MUN"`,
	} {
		resp, body := svc.get(t, path)
		if resp.StatusCode != 200 || !strings.Contains(string(body), want) {
			t.Errorf("GET %s = %d %s, want %s", path, resp.StatusCode, body, want)
		}
	}
	checkPicture(t, svc, "/ufc/thumb", "")
	if _, body := svc.get(t, "/api/leagues"); !strings.Contains(string(body), `"code":"ufc"`) || !strings.Contains(string(body), `"enabledBy":"LEAGUES_ENABLE_MMA"`) {
		t.Errorf("/api/leagues does not list ufc with the variable that enables it")
	}
	if resp, body := svc.get(t, "/ufc/jones/thumb"); resp.StatusCode != 404 || !strings.Contains(string(body), "LEAGUES_ENABLE_MMA") {
		t.Errorf("/ufc/jones/thumb with MMA off = %d %s, want a 404 naming LEAGUES_ENABLE_MMA", resp.StatusCode, body)
	}
}
