package custom

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"gamethumbs/internal/catalog"
	"gamethumbs/internal/catalog/thesportsdb/thesportsdbtest"
	"gamethumbs/internal/match"
)

var pngLogo = thesportsdbtest.Badge("BY", "123456", "abcdef", thesportsdbtest.Circle, 32)

// writeTree creates files (path → content) under a new directory.
func writeTree(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for p, c := range files {
		full := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func builtIn(code string) bool { return code == "nfl" || code == "nba" }

func validTree(t *testing.T) string {
	return writeTree(t, map[string]string{
		"leagues/backyard.json": `[{"code":"backyard","name":"Backyard League","aliases":["yard"],"logoUrl":"logos/league.png"}]`,
		"logos/league.png":      string(pngLogo),
		"logos/hawks.png":       string(pngLogo),
		"teams/10-backyard.json": `{"backyard": {
			"hawks": {"custom": true, "override": {"name": "Hawks", "fullName": "Backyard Hawks", "logo": "logos/hawks.png", "color": "#AA0000", "alternateColor": "ffffff"}},
			"owls": {"custom": true, "aliases": ["night birds"], "override": {"name": "Owls", "logoUrl": "https://example.com/owls.png"}}
		}}`,
		"teams/20-nfl.json": `{"nfl": {
			"kansas-city-chiefs": {"aliases": ["chefs"], "override": {"color": "#e31837"}},
			"afc": {"custom": true, "override": {"name": "AFC", "fullName": "American Football Conference"}}
		}}`,
		"teams/30-more.json": `{"nfl": {"kansas-city-chiefs": {"aliases": ["CHEFS", "kc"], "override": {"abbreviation": "KCC"}}}}`,
		"teams/notes.txt":    "ignored",
	})
}

func TestLoadValid(t *testing.T) {
	d, err := Load(validTree(t), builtIn)
	if err != nil {
		t.Fatalf("Load error = %v", err)
	}
	if len(d.Leagues) != 1 || d.Leagues[0].Code != "backyard" || d.Leagues[0].Providers[0] != ProviderID ||
		!strings.HasPrefix(d.Leagues[0].LogoURL, "data:image/png;base64,") {
		t.Fatalf("Leagues = %+v", d.Leagues)
	}
	teams, err := d.Provider().Teams(context.Background(), catalog.League{Code: "backyard"})
	if err != nil || len(teams) != 2 {
		t.Fatalf("custom Teams(backyard) = %+v, %v", teams, err)
	}
	hawks := teams[0]
	if hawks.FullName != "Backyard Hawks" || hawks.Color != "#aa0000" || hawks.AlternateColor != "#ffffff" ||
		hawks.Abbreviation != "HAW" || !strings.HasPrefix(hawks.Logo, "data:image/png;base64,") {
		t.Errorf("hawks = %+v", hawks)
	}
	if owls := teams[1]; owls.Logo != "https://example.com/owls.png" || owls.Aliases[0] != "night birds" || owls.FullName != "Owls" {
		t.Errorf("owls = %+v", owls)
	}
	if _, err := d.Provider().Teams(context.Background(), catalog.League{Code: "nba"}); !errors.Is(err, catalog.ErrNotCovered) {
		t.Errorf("custom Teams(nba) = %v, want ErrNotCovered", err)
	}
}

type fakeProvider struct {
	teams []catalog.Team
	err   error
}

func (f *fakeProvider) ID() string { return "espn" }
func (f *fakeProvider) Teams(context.Context, catalog.League) ([]catalog.Team, error) {
	return f.teams, f.err
}
func (f *fakeProvider) LeagueLogos(context.Context, catalog.League) (string, string, error) {
	return "https://x/l.png", "", nil
}

func TestWrapAppliesOverrides(t *testing.T) {
	d, err := Load(validTree(t), builtIn)
	if err != nil {
		t.Fatal(err)
	}
	inner := &fakeProvider{teams: []catalog.Team{
		{ID: "12", Slug: "kansas-city-chiefs", Name: "Chiefs", FullName: "Kansas City Chiefs", Abbreviation: "KAN", Color: "#000000"},
		{ID: "21", Slug: "philadelphia-eagles", Name: "Eagles", FullName: "Philadelphia Eagles"},
	}}
	w := d.Wrap(inner)
	nfl := catalog.League{Code: "nfl"}
	got, err := w.Teams(context.Background(), nfl)
	if err != nil || len(got) != 3 {
		t.Fatalf("wrapped Teams(nfl) = %d, %v, want AFC + 2", len(got), err)
	}
	if got[0].FullName != "American Football Conference" {
		t.Errorf("first team = %q, want the custom AFC first", got[0].FullName)
	}
	chiefs := got[1]
	if chiefs.Color != "#e31837" || chiefs.Abbreviation != "KCC" || strings.Join(chiefs.Aliases, ",") != "chefs,kc,KAN" {
		t.Errorf("chiefs = %+v, want colour, abbreviation and merged aliases overridden, the provider's abbreviation kept as an alias", chiefs)
	}
	if i, ok := match.Find("KAN", got); !ok || got[i].ID != "12" {
		t.Errorf("the provider's abbreviation KAN does not find the renamed team")
	}
	if i, ok := match.Find("KCC", got); !ok || got[i].ID != "12" {
		t.Errorf("the override's abbreviation KCC does not find the team")
	}
	if inner.teams[0].Color != "#000000" {
		t.Errorf("the provider's record was modified")
	}
	again, _ := w.Teams(context.Background(), nfl)
	if &again[0] != &got[0] {
		t.Errorf("second call returned a new slice; want the same merge")
	}
	// A league without entries passes through untouched.
	nba, _ := w.Teams(context.Background(), catalog.League{Code: "nba"})
	if &nba[0] != &inner.teams[0] {
		t.Errorf("league without entries: got a copy, want the provider's slice")
	}
	// The provider down: custom teams still answer.
	inner.err = &catalog.UpstreamError{Source: "espn", Status: 502}
	got, err = w.Teams(context.Background(), nfl)
	if err != nil || len(got) != 1 || got[0].Name != "AFC" {
		t.Errorf("wrapped Teams with provider down = %+v, %v, want AFC alone", got, err)
	}
	if l, _, _ := w.LeagueLogos(context.Background(), nfl); l != "https://x/l.png" || w.ID() != "espn" {
		t.Errorf("wrapper does not pass LeagueLogos/ID through")
	}
}

func TestLoadRejects(t *testing.T) {
	outside := filepath.Join(t.TempDir(), "secret.png")
	if err := os.WriteFile(outside, pngLogo, 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		files map[string]string
		want  []string // all must appear in the error
	}{
		{"unknown league", map[string]string{"teams/a.json": `{"nfl2": {"x": {"aliases": ["y"]}}}`}, []string{"teams/a.json", "nfl2", "unknown league"}},
		{"bad colour", map[string]string{"teams/a.json": `{"nfl": {"chiefs": {"override": {"color": "red"}}}}`}, []string{"teams/a.json", "nfl.chiefs.override.color", "#rrggbb"}},
		{"unknown field", map[string]string{"teams/a.json": `{"nfl": {"chiefs": {"override": {"colour": "#ffffff"}}}}`}, []string{"nfl.chiefs.override.colour", "unknown field"}},
		{"unknown entry field", map[string]string{"teams/a.json": `{"nfl": {"chiefs": {"alias": ["x"]}}}`}, []string{"nfl.chiefs", "alias"}},
		{"custom without override", map[string]string{"teams/a.json": `{"nfl": {"afc": {"custom": true}}}`}, []string{"nfl.afc", "override"}},
		{"empty entry", map[string]string{"teams/a.json": `{"nfl": {"afc": {}}}`}, []string{"nfl.afc", "does nothing"}},
		{"upper-case key", map[string]string{"teams/a.json": `{"nfl": {"AFC": {"aliases": ["x"]}}}`}, []string{"nfl.AFC", "lower case"}},
		{"syntax", map[string]string{"teams/a.json": "{\"nfl\":\n {\"x\": }"}, []string{"teams/a.json", "line 2"}},
		{"league without name", map[string]string{"leagues/l.json": `[{"code":"x"}]`}, []string{"leagues/l.json", "name is empty"}},
		{"league bad provider config", map[string]string{"leagues/l.json": `[{"code":"x","name":"X","providers":["mlbstats"]}]`}, []string{"leagues/l.json", "mlbSportId"}},
		{"league twice", map[string]string{"leagues/a.json": `[{"code":"x","name":"X"}]`, "leagues/b.json": `[{"code":"x","name":"Y"}]`}, []string{"leagues/b.json", "defined twice"}},
	}
	for _, tt := range tests {
		dir := writeTree(t, tt.files)
		_, err := Load(dir, builtIn)
		if err == nil {
			t.Errorf("%s: Load error = nil", tt.name)
			continue
		}
		for _, w := range tt.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s: Load error = %q, want it to mention %q", tt.name, err, w)
			}
		}
	}
	dir := writeTree(t, nil)
	if _, err := Load(filepath.Join(dir, "missing"), builtIn); err == nil || !strings.Contains(err.Error(), "CUSTOM_DATA_DIR") {
		t.Errorf("missing directory: Load error = %v", err)
	}
}

// TestLoadWarnsOnLogos: a logo that cannot be used never stops start (the
// service would not come up over a picture): Load succeeds, the logo is
// left out (nothing outside the directory is read) and one warning names
// the file, the entry by its key, the value and the reason.
func TestLoadWarnsOnLogos(t *testing.T) {
	outside := filepath.Join(t.TempDir(), "secret.png")
	if err := os.WriteFile(outside, pngLogo, 0o644); err != nil {
		t.Fatal(err)
	}
	team := func(logo string) map[string]string {
		return map[string]string{"teams/a.json": `{"nfl": {"afc": {"custom": true, "override": {"name": "AFC", "logo": ` + strconv.Quote(logo) + `}}}}`}
	}
	tests := []struct {
		name  string
		files map[string]string
		want  []string // all must appear in one warning
	}{
		{"missing file", team("nope.png"), []string{"teams/a.json", "nfl.afc.override.logo", "nope.png", "not found"}},
		{"game-thumbs asset", team("./assets/F1.png"), []string{"nfl.afc.override.logo", "./assets/F1.png", "not found"}},
		{"empty", team(""), []string{"nfl.afc.override.logo", "empty"}},
		{"dot dot", team("../secret.png"), []string{"nfl.afc.override.logo", "inside"}},
		{"absolute", team(outside), []string{"nfl.afc.override.logo", "relative"}},
		{"file URL", team("file:///etc/passwd"), []string{"nfl.afc.override.logo", "only http(s) URLs"}},
		{"not an image", team("teams/a.json"), []string{"nfl.afc.override.logo", "not a PNG"}},
		{"league logo outside", map[string]string{"leagues/l.json": `[{"code":"x","name":"X","logoUrl":"../../x.png"}]`}, []string{"leagues/l.json", `league "x"`, "logoUrl", "inside"}},
		{"league logo not a string", map[string]string{"leagues/l.json": `[{"code":"x","name":"X","logoUrl":7}]`}, []string{`league "x"`, "logoUrl", "string"}},
		{"game-thumbs league asset", map[string]string{"leagues.json": `{"f1": {"name": "Formula 1", "logoUrl": "./assets/F1.png"}}`}, []string{"leagues.json", `league "f1"`, "./assets/F1.png", "not found"}},
	}
	for _, tt := range tests {
		d, err := Load(writeTree(t, tt.files), builtIn)
		if err != nil {
			t.Errorf("%s: Load = %v, want a warning only", tt.name, err)
			continue
		}
		found := false
		for _, w := range d.Warnings {
			ok := true
			for _, want := range tt.want {
				ok = ok && strings.Contains(w, want)
			}
			found = found || ok
		}
		if !found {
			t.Errorf("%s: warnings %q, want one naming %q", tt.name, d.Warnings, tt.want)
		}
		for _, tm := range d.CustomTeams("nfl") {
			if tm.Logo != "" {
				t.Errorf("%s: the unusable logo was kept as %.40q", tt.name, tm.Logo)
			}
		}
		for _, l := range d.Leagues {
			if strings.HasPrefix(l.LogoURL, "data:") || strings.Contains(l.LogoURL, "assets") || strings.Contains(l.LogoURL, "x.png") {
				t.Errorf("%s: league %s keeps the logo %.40q", tt.name, l.Code, l.LogoURL)
			}
		}
	}
	// A symbolic link that leaves the directory is not followed.
	dir := writeTree(t, team("link.png"))
	if err := os.Symlink(outside, filepath.Join(dir, "link.png")); err != nil {
		t.Skip("symlinks unavailable:", err)
	}
	d, err := Load(dir, builtIn)
	if err != nil || len(d.Warnings) != 1 || !strings.Contains(d.Warnings[0], "link.png") || d.CustomTeams("nfl")[0].Logo != "" {
		t.Errorf("symlink out of the directory: Load = %v, warnings %q", err, d.Warnings)
	}
}

// TestGameThumbsLeaguesFile: game-thumbs' own leagues.json (verbatim, with
// its "./assets/*.png" logos) loads as a custom leagues.json; every league
// with a local asset is named in a warning and keeps a usable logo (the
// built-in one, or none: the provider's or the card).
func TestGameThumbsLeaguesFile(t *testing.T) {
	raw, err := os.ReadFile("testdata/game-thumbs_leagues.json")
	if err != nil {
		t.Fatal(err)
	}
	d, err := Load(writeTree(t, map[string]string{"leagues.json": string(raw)}), builtIn)
	if err != nil {
		t.Fatalf("game-thumbs' leagues.json: %v", err)
	}
	var keyed map[string]json.RawMessage
	if err := json.Unmarshal(raw, &keyed); err != nil {
		t.Fatal(err)
	}
	warned := strings.Join(d.Warnings, "\n")
	assets := 0
	for code, v := range keyed {
		if strings.Contains(string(v), `"./assets/`) {
			assets++
			if !strings.Contains(warned, `league "`+strings.ToLower(code)+`"`) {
				t.Errorf("no warning names league %q (a ./assets logo)", code)
			}
		}
	}
	if assets < 10 {
		t.Fatalf("only %d leagues with ./assets logos in the file", assets)
	}
	for _, l := range d.Leagues {
		if strings.Contains(l.LogoURL, "assets/") || strings.Contains(l.LogoURLDark, "assets/") {
			t.Errorf("league %s keeps a relative logo %q / %q", l.Code, l.LogoURL, l.LogoURLDark)
		}
	}
}
