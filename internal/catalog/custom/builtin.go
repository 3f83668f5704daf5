package custom

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"strings"

	"gamethumbs/internal/catalog"
)

// builtinJSON holds the team facts game-thumbs users rely on, in our own
// form: a JSON array of facts, each about one team of one league.
//
//   - "teams" lists the keys that name an existing provider team (its
//     slug after the league prefix, its id, or its name in kebab case; a
//     fact may list several, as providers spell slugs differently), and
//     "abbreviation" and "aliases" adjust it.
//   - "pseudo" is the key of a team no provider lists (All-Star and
//     conference sides): "name", "fullName", "abbreviation", "aliases",
//     "logo" (fetched at run time; "{espn-cdn}" stands for ESPN's image
//     host, ESPN_CDN_URL), "color" and
//     "alternateColor" make its record.
//   - "note" says why the fact is there.
//
//go:embed builtin.json
var builtinJSON []byte

// fact is one object of builtin.json.
type fact struct {
	League         string   `json:"league"`
	Teams          []string `json:"teams"`
	Pseudo         string   `json:"pseudo"`
	Name           string   `json:"name"`
	FullName       string   `json:"fullName"`
	Abbreviation   string   `json:"abbreviation"`
	Aliases        []string `json:"aliases"`
	Logo           string   `json:"logo"`
	Color          string   `json:"color"`
	AlternateColor string   `json:"alternateColor"`
	Note           string   `json:"note"`
}

// Builtin returns the built-in team facts as Data: aliases, abbreviation
// overrides and pseudo-teams (see builtin.json), with logos on espnCDN
// (ESPN_CDN_URL, "https://a.espncdn.com" in production). An error is a
// build defect.
func Builtin(espnCDN string) (*Data, error) {
	return parseFacts(builtinJSON, strings.TrimRight(espnCDN, "/"))
}

func parseFacts(data []byte, espnCDN string) (*Data, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var facts []fact
	if err := dec.Decode(&facts); err != nil {
		return nil, fmt.Errorf("built-in team facts: %w", err)
	}
	d := &Data{Settings: catalog.SettingsTable{}, teams: map[string][]*entry{}}
	for i, f := range facts {
		if f.League == "" || (f.Pseudo == "") == (len(f.Teams) == 0) {
			return nil, fmt.Errorf("built-in team facts: entry %d: needs a league and either teams or pseudo", i)
		}
		var ov fields
		set := func(dst **string, v string) {
			if v != "" {
				*dst = &v
			}
		}
		set(&ov.Name, f.Name)
		set(&ov.FullName, f.FullName)
		set(&ov.Abbreviation, f.Abbreviation)
		f.Logo = strings.Replace(f.Logo, "{espn-cdn}", espnCDN, 1)
		set(&ov.Logo, f.Logo)
		for _, c := range []struct {
			dst **string
			v   string
		}{{&ov.Color, f.Color}, {&ov.AlternateColor, f.AlternateColor}} {
			if c.v == "" {
				continue
			}
			n, ok := normColor(c.v)
			if !ok {
				return nil, fmt.Errorf("built-in team facts: entry %d: colour %q", i, c.v)
			}
			set(c.dst, n)
		}
		if f.Logo != "" && !strings.HasPrefix(f.Logo, "https://") && !strings.HasPrefix(f.Logo, "http://") {
			return nil, fmt.Errorf("built-in team facts: entry %d: logo must be an http(s) URL", i)
		}
		if f.Pseudo != "" {
			e := &entry{key: f.Pseudo, custom: true, aliases: f.Aliases, override: ov}
			e.team = customTeam(e.key, &e.override, e.aliases)
			d.merge(f.League, e)
			continue
		}
		for _, k := range f.Teams {
			d.merge(f.League, &entry{key: k, aliases: f.Aliases, override: ov})
		}
	}
	return d, nil
}

// With returns the built-in data b with user data u merged over it, as
// game-thumbs merges its files: u's leagues and settings are added, team
// entries with the same league and key merged (aliases added, override
// fields replaced), the others added. Neither input is changed. A nil u
// returns b.
func (b *Data) With(u *Data) *Data {
	if u == nil {
		return b
	}
	out := &Data{Leagues: u.Leagues, Settings: u.Settings, Warnings: u.Warnings, teams: map[string][]*entry{}}
	for code, es := range b.teams {
		for _, e := range es {
			c := *e
			c.aliases = append([]string(nil), e.aliases...)
			out.teams[code] = append(out.teams[code], &c)
		}
	}
	for _, code := range sortedKeys(u.teams) {
		for _, e := range u.teams[code] {
			c := *e
			c.aliases = append([]string(nil), e.aliases...)
			out.merge(code, &c)
		}
	}
	return out
}
