package espntest

import (
	"bufio"
	"bytes"
	"embed"
	"encoding/json"
	"fmt"
	"net/url"
	"strings"
	"sync"
)

// teamFiles holds one TSV file per team list, named {sport}_{slug}.tsv,
// with a header row naming the columns of Team.
//
//go:embed testdata/*.tsv
var teamFiles embed.FS

// Team is one team of the fake's data, as its ESPN-shaped JSON carries it.
// Empty fields are left out of the JSON.
type Team struct {
	ID, Slug, Abbreviation        string
	Location, Name, Nickname      string
	DisplayName, ShortDisplayName string
	Color, AlternateColor         string // six hex digits, no "#"
	// Logo is the logo format: "png", "jpg", "svg" or "none" (no logos).
	Logo string
}

// league describes one league of the fake.
type league struct {
	sport, slug string
	id, name    string
	abbr        string // short name; its lower case names the league logo files
	logoDir     string // team logos live under /i/teamlogos/{logoDir}/
	keyByID     bool   // logo files are named by team id, not abbreviation
	scoreboard  bool   // teams also have scoreboard logo variants
	coreLogos   bool   // the core league object lists logos
}

// leagues are the leagues with team lists, in the order ESPN might list them.
var leagues = []league{
	{"football", "nfl", "28", "National Football League", "NFL", "nfl", false, false, true},
	{"basketball", "nba", "46", "National Basketball Association", "NBA", "nba", false, true, true},
	{"hockey", "nhl", "90", "National Hockey League", "NHL", "nhl", false, true, true},
	{"baseball", "mlb", "10", "Major League Baseball", "MLB", "mlb", false, false, true},
	{"soccer", "eng.1", "700", "English Premier League", "Prem", "soccer", true, false, true},
	{"soccer", "usa.1", "770", "MLS", "MLS", "soccer", true, false, false},
	{"football", "college-football", "23", "NCAA - Football", "NCAAF", "ncaa", true, false, true},
	// A league no table of gamethumbs names: reached by discovery only.
	{"soccer", "sui.1", "760", "Swiss Super League", "SSL", "soccer", true, false, true},
}

// discovery lists the leagues of each sport in the core API, sports in
// order. "olympics" appears under two sports on purpose.
var discovery = []struct {
	sport   string
	leagues []string
}{
	{"football", []string{"nfl", "college-football", "ufl", "xfl", "cfl"}},
	{"basketball", []string{"nba", "wnba", "nba-development", "mens-college-basketball", "olympics"}},
	{"hockey", []string{"nhl", "mens-college-hockey", "olympics"}},
	{"soccer", []string{"eng.1", "eng.2", "usa.1", "esp.1", "ger.1", "uefa.champions", "sui.1"}},
	{"baseball", []string{"mlb", "college-baseball"}},
}

// LeagueCodes lists the league codes the fake's core API lists (every
// sport's leagues, in order; a code listed under two sports once).
func LeagueCodes() []string {
	var out []string
	seen := map[string]bool{}
	for _, d := range discovery {
		for _, slug := range d.leagues {
			if !seen[slug] {
				seen[slug] = true
				out = append(out, slug)
			}
		}
	}
	return out
}

// extraLeagueLogos are league logo names the CDN serves beyond the
// leagues above: the names the short-name fallback asks for.
var extraLeagueLogos = []string{"epl", "mlb", "wnba", "ncaam", "ncaa"}

var (
	teamsOnce sync.Once
	teamsData map[string][]Team // "sport/slug" → teams
	teamsErr  error
)

// Teams returns the teams the fake serves for a league ("basketball",
// "nba"), in the order it serves them; nil for a league it does not have.
func Teams(sport, slug string) []Team {
	teamsOnce.Do(loadTeams)
	if teamsErr != nil {
		panic(teamsErr) // the embedded data is broken: a bug in this package
	}
	return append([]Team(nil), teamsData[sport+"/"+slug]...)
}

func loadTeams() {
	teamsData = make(map[string][]Team)
	for _, l := range leagues {
		name := "testdata/" + l.sport + "_" + l.slug + ".tsv"
		data, err := teamFiles.ReadFile(name)
		if err != nil {
			teamsErr = err
			return
		}
		teams, err := parseTeams(data)
		if err != nil {
			teamsErr = fmt.Errorf("%s: %w", name, err)
			return
		}
		teamsData[l.sport+"/"+l.slug] = teams
	}
}

func parseTeams(data []byte) ([]Team, error) {
	sc := bufio.NewScanner(bytes.NewReader(data))
	if !sc.Scan() {
		return nil, fmt.Errorf("no header")
	}
	col := make(map[string]int)
	for i, c := range strings.Split(sc.Text(), "\t") {
		col[c] = i
	}
	var teams []Team
	for line := 2; sc.Scan(); line++ {
		f := strings.Split(sc.Text(), "\t")
		get := func(name string) string {
			if i, ok := col[name]; ok && i < len(f) {
				return f[i]
			}
			return ""
		}
		t := Team{
			ID: get("id"), Slug: get("slug"), Abbreviation: get("abbreviation"),
			Location: get("location"), Name: get("name"), Nickname: get("nickname"),
			DisplayName: get("displayName"), ShortDisplayName: get("shortDisplayName"),
			Color: get("color"), AlternateColor: get("alternateColor"), Logo: get("logo"),
		}
		if t.ID == "" || t.Abbreviation == "" {
			return nil, fmt.Errorf("line %d: id and abbreviation are required", line)
		}
		switch t.Logo {
		case "png", "jpg", "svg", "none":
		default:
			return nil, fmt.Errorf("line %d: logo %q is not png, jpg, svg or none", line, t.Logo)
		}
		teams = append(teams, t)
	}
	return teams, sc.Err()
}

// JSON shapes of the site API team list.
type (
	teamListJSON struct {
		Sports []sportJSON `json:"sports"`
	}
	sportJSON struct {
		ID      string       `json:"id,omitempty"`
		Name    string       `json:"name"`
		Slug    string       `json:"slug"`
		Leagues []leagueJSON `json:"leagues"`
	}
	leagueJSON struct {
		ID           string          `json:"id"`
		Name         string          `json:"name"`
		Abbreviation string          `json:"abbreviation"`
		ShortName    string          `json:"shortName"`
		Slug         string          `json:"slug"`
		Teams        []teamEntryJSON `json:"teams"`
	}
	teamEntryJSON struct {
		Team teamJSON `json:"team"`
	}
	teamJSON struct {
		ID               string     `json:"id"`
		UID              string     `json:"uid"`
		Slug             string     `json:"slug,omitempty"`
		Abbreviation     string     `json:"abbreviation,omitempty"`
		DisplayName      string     `json:"displayName,omitempty"`
		ShortDisplayName string     `json:"shortDisplayName,omitempty"`
		Name             string     `json:"name,omitempty"`
		Nickname         string     `json:"nickname,omitempty"`
		Location         string     `json:"location,omitempty"`
		Color            string     `json:"color,omitempty"`
		AlternateColor   string     `json:"alternateColor,omitempty"`
		IsActive         bool       `json:"isActive"`
		IsAllStar        bool       `json:"isAllStar"`
		Logos            []logoJSON `json:"logos"`
	}
	logoJSON struct {
		Href   string   `json:"href"`
		Alt    string   `json:"alt"`
		Rel    []string `json:"rel"`
		Width  int      `json:"width"`
		Height int      `json:"height"`
	}
)

// teamLogoFiles lists the logo files of a team: CDN path (below the CDN
// root), rel set and image to draw.
func teamLogoFiles(l league, t Team) []logoFile {
	if t.Logo == "none" {
		return nil
	}
	key := strings.ToLower(t.Abbreviation)
	if l.keyByID {
		key = t.ID
	}
	key = url.PathEscape(key)
	base := "/i/teamlogos/" + l.logoDir
	img := logoImage{Label: t.Abbreviation, Color: t.Color, Alt: t.AlternateColor, Format: t.Logo}
	dark := img
	dark.Dark = true
	ext := "." + t.Logo
	files := []logoFile{{base + "/500/" + key + ext, []string{"full", "default"}, img}}
	if t.Logo == "svg" {
		return files
	}
	files = append(files, logoFile{base + "/500-dark/" + key + ext, []string{"full", "dark"}, dark})
	if l.scoreboard {
		sb, sbDark := img, dark
		sb.Scoreboard, sbDark.Scoreboard = true, true
		files = append(files,
			logoFile{base + "/500/scoreboard/" + key + ext, []string{"full", "scoreboard"}, sb},
			logoFile{base + "/500-dark/scoreboard/" + key + ext, []string{"full", "scoreboard", "dark"}, sbDark})
	}
	return files
}

type logoFile struct {
	path string
	rel  []string
	img  logoImage
}

// teamListBody builds the site API team list of l with logo URLs on cdn.
func teamListBody(l league, cdn string) []byte {
	lj := leagueJSON{ID: l.id, Name: l.name, Abbreviation: l.abbr, ShortName: l.abbr, Slug: l.slug, Teams: []teamEntryJSON{}}
	for _, t := range Teams(l.sport, l.slug) {
		tj := teamJSON{
			ID: t.ID, UID: "s:0~l:" + l.id + "~t:" + t.ID, Slug: t.Slug, Abbreviation: t.Abbreviation,
			DisplayName: t.DisplayName, ShortDisplayName: t.ShortDisplayName, Name: t.Name,
			Nickname: t.Nickname, Location: t.Location, Color: t.Color, AlternateColor: t.AlternateColor,
			IsActive: true, Logos: []logoJSON{},
		}
		for _, f := range teamLogoFiles(l, t) {
			tj.Logos = append(tj.Logos, logoJSON{Href: cdn + f.path, Rel: f.rel, Width: 500, Height: 500})
		}
		lj.Teams = append(lj.Teams, teamEntryJSON{tj})
	}
	return mustJSON(teamListJSON{Sports: []sportJSON{{Name: titleCase(l.sport), Slug: l.sport, Leagues: []leagueJSON{lj}}}})
}

// leagueObjectBody builds the core API league object of l.
func leagueObjectBody(l league, core, cdn string) []byte {
	obj := map[string]any{
		"$ref":         core + "/v2/sports/" + l.sport + "/leagues/" + l.slug + "?lang=en&region=us",
		"id":           l.id,
		"name":         l.name,
		"displayName":  l.name,
		"abbreviation": l.abbr,
		"shortName":    l.abbr,
		"slug":         l.slug,
	}
	if l.coreLogos {
		key := strings.ToLower(l.abbr)
		obj["logos"] = []logoJSON{
			{Href: cdn + "/i/teamlogos/leagues/500/" + key + ".png", Rel: []string{"full", "default"}, Width: 500, Height: 500},
			{Href: cdn + "/i/teamlogos/leagues/500-dark/" + key + ".png", Rel: []string{"full", "dark"}, Width: 500, Height: 500},
		}
	}
	return mustJSON(obj)
}

// refListBody builds a core API collection of $ref links. The links point
// at ESPN's real host, as ESPN's do: clients must only read their paths.
func refListBody(paths []string) []byte {
	type ref struct {
		Ref string `json:"$ref"`
	}
	items := make([]ref, len(paths))
	for i, p := range paths {
		items[i] = ref{"http://sports.core.api.espn.com" + p + "?lang=en&region=us"}
	}
	return mustJSON(map[string]any{"count": len(items), "pageIndex": 1, "pageSize": 1000, "pageCount": 1, "items": items})
}

func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err) // only our own types are marshalled
	}
	return b
}

func titleCase(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
