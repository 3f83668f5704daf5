package custom

import (
	"slices"
	"strings"
	"testing"

	"gamethumbs/internal/catalog"
)

// game-thumbs' own files work unchanged: leagues.json as an object keyed
// by code (merged over the built-ins), teams.json at the top level.
func TestGameThumbsFiles(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"leagues.json": `{
			"__SECTION__": "=====",
			"nfl": {"aliases": ["pro football"], "logoUrl": "https://example.com/nfl.png"},
			"kleague": {"name": "K League 1", "aliases": ["k league"], "titleFont": "x.ttf",
				"providers": [{"espn": {"espnSlug": "kor.1", "espnSport": "soccer"}}, {"theSportsDB": {"leagueId": 4689, "leagueName": "South Korean K League 1"}}]},
			"juniors": {"name": "Junior Hockey", "providers": [{"hockeyTech": {"clientCode": "jrh", "apiKey": "k1"}}], "mode": "default"},
			"oldstyle": {"name": "Old Style", "providerId": "espn", "espnConfig": {"espnSport": "hockey", "espnSlug": "old"}}
		}`,
		"teams.json":       `{"kleague": {"ulsan": {"aliases": ["horangi"]}}, "nfl": {"pro-bowl": {"custom": true, "override": {"name": "Pro Bowl"}}}}`,
		"teams/later.json": `{"kleague": {"ulsan": {"aliases": ["tigers"]}}}`,
	})
	d, err := Load(dir, builtIn)
	if err != nil {
		t.Fatal(err)
	}
	byCode := map[string]int{}
	for i, l := range d.Leagues {
		byCode[l.Code] = i
	}
	nfl := d.Leagues[byCode["nfl"]]
	if nfl.Name != "National Football League" || nfl.Slug != "nfl" || !slices.Contains(nfl.Aliases, "pro football") || nfl.LogoURL != "https://example.com/nfl.png" || !slices.Equal(nfl.Providers, []string{"espn"}) {
		t.Errorf("nfl merged over the built-in = %+v", nfl)
	}
	k := d.Leagues[byCode["kleague"]]
	if k.Name != "K League 1" || k.Sport != "soccer" || k.Slug != "kor.1" || !slices.Equal(k.Providers, []string{"espn", "thesportsdb"}) {
		t.Errorf("kleague = %+v", k)
	}
	if s := d.Settings["kleague"]; s.TSDBLeagueID != "4689" || s.TSDBLeagueName != "South Korean K League 1" {
		t.Errorf("kleague settings = %+v", s)
	}
	if s := d.Settings["juniors"]; s.HockeyTechClientCode != "jrh" || s.HockeyTechKey != "k1" {
		t.Errorf("juniors settings = %+v", s)
	}
	if o := d.Leagues[byCode["oldstyle"]]; o.Slug != "old" || !slices.Equal(o.Providers, []string{"espn"}) {
		t.Errorf("legacy providerId league = %+v", o)
	}
	var ulsan *entry
	for _, e := range d.teams["kleague"] {
		if e.key == "ulsan" {
			ulsan = e
		}
	}
	if ulsan == nil || !slices.Equal(ulsan.aliases, []string{"horangi", "tigers"}) {
		t.Errorf("ulsan aliases from teams.json then teams/later.json = %+v", ulsan)
	}
	if ts := d.CustomTeams("nfl"); len(ts) != 1 || ts[0].Name != "Pro Bowl" {
		t.Errorf("custom NFL teams = %+v", ts)
	}
}

// Providers gamethumbs does not have are left out with a warning naming
// the league; the service still starts.
func TestGameThumbsLeaguesUnsupportedProviders(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"leagues.json": `{"x": {"name": "X", "providers": [{"supabase": {}}]}, "y": {"name": "Y", "providers": [{"hockeyTech": {"websiteUrl": "https://y"}}]}}`,
	})
	d, err := Load(dir, builtIn)
	if err != nil {
		t.Fatal(err)
	}
	all := strings.Join(d.Warnings, "\n")
	if len(d.Warnings) != 2 || !strings.Contains(all, `league "x": providers.supabase left out`) || !strings.Contains(all, `league "y": providers.hockeyTech left out`) {
		t.Errorf("warnings = %q", d.Warnings)
	}
	if len(d.Leagues) != 2 || len(d.Leagues[0].Providers) != 1 || d.Leagues[0].Providers[0] != ProviderID {
		t.Errorf("leagues = %+v, want both, served by custom teams", d.Leagues)
	}
	if _, err := Load(writeTree(t, map[string]string{"leagues.json": `{"z": {"name": 5}}`}), builtIn); err == nil || !strings.Contains(err.Error(), `league "z"`) {
		t.Errorf("bad field: error %v, want it to name the league", err)
	}
}

// TestTeamarrCodesInCustomData: a game-thumbs leagues file or a teams
// file keyed by another name of a built-in league (Teamarr's "esp.1",
// "ligamx") applies to that league.
func TestTeamarrCodesInCustomData(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"leagues.json": `{"esp.1": {"aliases": ["la liga santander"]}, "mex.1": {"logoUrl": "https://example.com/ligamx.png"}}`,
		"teams.json":   `{"esp.1": {"barcelona": {"aliases": ["barca"]}}}`,
	})
	d, err := Load(dir, builtIn)
	if err != nil {
		t.Fatal(err)
	}
	codes := map[string]catalog.League{}
	for _, l := range d.Leagues {
		codes[l.Code] = l
	}
	if l, ok := codes["laliga"]; !ok || !slices.Contains(l.Aliases, "la liga santander") || l.Slug != "esp.1" {
		t.Errorf("esp.1 entry = %+v, want merged over laliga", d.Leagues)
	}
	if l, ok := codes["ligamx"]; !ok || l.LogoURL != "https://example.com/ligamx.png" {
		t.Errorf("mex.1 entry = %+v, want merged over ligamx", d.Leagues)
	}
	if _, ok := codes["esp.1"]; ok {
		t.Errorf("esp.1 became a league of its own")
	}
	if !d.HasTeams("laliga") {
		t.Errorf("teams keyed esp.1 do not apply to laliga")
	}
}
