package catalog

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
)

// leaguesJSON is the league table: a JSON array with one object per league,
// in the order lookups break ties. Each object has the fields of
// leagueEntry; absent fields are empty. It holds every league of the
// reference whose provider chain includes ESPN (team or athlete data), plus
// the generic "ncaa" league the NCAA shorthand falls back to. Logo URLs are
// kept only when they are http(s) URLs.
//
//go:embed leagues.json
var leaguesJSON []byte

// leagueEntry is one object of leagues.json.
type leagueEntry struct {
	Code           string   `json:"code"`
	Name           string   `json:"name"`
	ShortName      string   `json:"shortName"`
	Aliases        []string `json:"aliases"`
	Providers      []string `json:"providers"`
	Sport          string   `json:"sport"`
	Slug           string   `json:"slug"`
	LogoURL        string   `json:"logoUrl"`
	LogoURLDark    string   `json:"logoUrlDark"`
	SkipLogos      bool     `json:"skipLogos"`
	Mode           string   `json:"mode"`
	TeamColors     []string `json:"teamColors"`
	FeederLeagues  []string `json:"feederLeagues"`
	FallbackLeague string   `json:"fallbackLeague"`
	EnvVar         string   `json:"envVar"`
	DefaultImage   string   `json:"defaultImage"`
	Settings                // provider settings, at the top level of the object
}

// Settings are the provider-specific settings of a league: which league
// TheSportsDB, the MLB Stats API and HockeyTech know it as. They live in
// the league table beside the League fields and reach the providers
// through SettingsTable (League itself carries only what every layer
// needs).
type Settings struct {
	TSDBLeagueID         string `json:"tsdbLeagueId,omitempty"`         // TheSportsDB idLeague (league badge)
	TSDBLeagueName       string `json:"tsdbLeagueName,omitempty"`       // TheSportsDB strLeague (team list)
	MLBSportID           int    `json:"mlbSportId,omitempty"`           // MLB Stats API sportId (11 = Triple-A, ...)
	HockeyTechClientCode string `json:"hockeytechClientCode,omitempty"` // HockeyTech client_code ("ohl")
	HockeyTechKey        string `json:"hockeytechKey,omitempty"`        // HockeyTech feed key; empty means the default key
}

// SettingsTable maps league codes to their provider settings. A code
// without settings maps to the zero Settings.
type SettingsTable map[string]Settings

// Get returns the settings of the league with code; nil-safe.
func (t SettingsTable) Get(code string) Settings { return t[code] }

// parseTable decodes and checks a league table in the leagues.json format.
func parseTable(data []byte) ([]League, error) {
	leagues, _, err := parseEntries(data, "league table")
	return leagues, err
}

// parseEntries decodes and checks a league table in the leagues.json
// format and returns the leagues with their provider settings. what names
// the source in error messages.
func parseEntries(data []byte, what string) ([]League, SettingsTable, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var entries []leagueEntry
	if err := dec.Decode(&entries); err != nil {
		return nil, nil, fmt.Errorf("%s: %w", what, err)
	}
	seen := make(map[string]bool, len(entries))
	leagues := make([]League, 0, len(entries))
	settings := make(SettingsTable)
	var errs []error
	for i, e := range entries {
		if err := e.check(); err != nil {
			errs = append(errs, fmt.Errorf("%s entry %d (%q): %w", what, i, e.Code, err))
			continue
		}
		if seen[e.Code] {
			errs = append(errs, fmt.Errorf("%s entry %d: duplicate code %q", what, i, e.Code))
			continue
		}
		seen[e.Code] = true
		leagues = append(leagues, e.league())
		if e.Settings != (Settings{}) {
			settings[e.Code] = e.Settings
		}
	}
	if len(errs) > 0 {
		return nil, nil, errors.Join(errs...)
	}
	return leagues, settings, nil
}

// ParseLeagues decodes user-supplied leagues in the leagues.json format
// (a JSON array of league objects; see the README) and checks every entry
// as the built-in table is checked. what names the source (a file name) in
// error messages.
func ParseLeagues(data []byte, what string) ([]League, SettingsTable, error) {
	return parseEntries(data, what)
}

// BuiltinSettings returns the provider settings of the built-in table. The
// map is a fresh copy.
func BuiltinSettings() SettingsTable {
	_, s, err := parseEntries(leaguesJSON, "league table")
	if err != nil {
		return SettingsTable{}
	}
	return s
}

// NewWith builds the catalogue from the built-in table plus extra leagues
// (custom data). An extra league whose code is built in replaces that
// league in place; the others follow the built-in ones in their order.
// getenv gates leagues as in New.
func NewWith(getenv func(string) string, extra []League) (*Catalog, error) {
	all, err := parseTable(leaguesJSON)
	if err != nil {
		return nil, err
	}
	index := make(map[string]int, len(all))
	for i, l := range all {
		index[l.Code] = i
	}
	for _, l := range extra {
		if i, ok := index[l.Code]; ok {
			all[i] = l
			continue
		}
		index[l.Code] = len(all)
		all = append(all, l)
	}
	return newCatalog(all, getenv), nil
}

func (e *leagueEntry) check() error {
	switch {
	case e.Code == "" || e.Code != strings.ToLower(strings.TrimSpace(e.Code)):
		return errors.New("code must be non-empty, lower case and trimmed")
	case e.Name == "":
		return errors.New("name is empty")
	case (e.Sport == "") != (e.Slug == ""):
		return errors.New("sport and slug must be set together")
	case e.Mode != "" && e.Mode != "name":
		return fmt.Errorf("mode %q is not \"\" or \"name\"", e.Mode)
	}
	for _, p := range e.Providers {
		if err := e.checkProvider(p); err != nil {
			return err
		}
	}
	if e.MLBSportID < 0 {
		return fmt.Errorf("mlbSportId %d is negative", e.MLBSportID)
	}
	for _, u := range []string{e.LogoURL, e.LogoURLDark, e.DefaultImage} {
		if u != "" && !strings.HasPrefix(u, "https://") && !strings.HasPrefix(u, "http://") && !strings.HasPrefix(u, "data:image/") {
			return fmt.Errorf("logo %.60q is not an http(s) URL (or a data:image URL made from a custom data file)", u)
		}
	}
	for _, c := range e.TeamColors {
		if !isHexColor(c) {
			return fmt.Errorf("team colour %q is not #rrggbb", c)
		}
	}
	return nil
}

func (e *leagueEntry) league() League {
	short := e.ShortName
	if short == "" {
		short = strings.ToUpper(e.Code)
	}
	return League{
		Code:           e.Code,
		Name:           e.Name,
		ShortName:      short,
		Aliases:        e.Aliases,
		Sport:          e.Sport,
		Slug:           e.Slug,
		Providers:      e.Providers,
		LogoURL:        e.LogoURL,
		LogoURLDark:    e.LogoURLDark,
		SkipLogos:      e.SkipLogos,
		Mode:           e.Mode,
		TeamColors:     e.TeamColors,
		FeederLeagues:  e.FeederLeagues,
		FallbackLeague: e.FallbackLeague,
		EnvVar:         e.EnvVar,
		IDs:            e.ids(),
		DefaultImage:   e.DefaultImage,
	}
}

// ids collects the league's provider ids (League.IDs).
func (e *leagueEntry) ids() map[string]string {
	m := make(map[string]string, 4)
	if e.Sport != "" {
		m["espn"] = e.Sport + "/" + e.Slug
	}
	if e.TSDBLeagueID != "" {
		m["thesportsdb"] = e.TSDBLeagueID
	}
	if e.HockeyTechClientCode != "" {
		m["hockeytech"] = e.HockeyTechClientCode
	}
	if e.MLBSportID > 0 {
		m["mlbstats"] = strconv.Itoa(e.MLBSportID)
	}
	if len(m) == 0 {
		return nil
	}
	return m
}

// isHexColor reports whether s is "#" followed by six hex digits.
func isHexColor(s string) bool {
	if len(s) != 7 || s[0] != '#' {
		return false
	}
	for i := 1; i < 7; i++ {
		c := s[i]
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F') {
			return false
		}
	}
	return true
}

// checkProvider checks that the league has the settings provider p needs.
func (e *leagueEntry) checkProvider(p string) error {
	switch p {
	case "espn", "espnathlete":
		if e.Sport == "" {
			return fmt.Errorf("provider %q needs sport and slug", p)
		}
	case "thesportsdb":
		if e.TSDBLeagueName == "" && e.TSDBLeagueID == "" {
			return fmt.Errorf("provider %q needs tsdbLeagueName (teams) or tsdbLeagueId (league logo)", p)
		}
	case "mlbstats":
		if e.MLBSportID <= 0 {
			return fmt.Errorf("provider %q needs mlbSportId", p)
		}
	case "hockeytech":
		if e.HockeyTechClientCode == "" {
			return fmt.Errorf("provider %q needs hockeytechClientCode", p)
		}
	}
	return nil
}

// BuiltinEntry returns the object of the built-in league table for code,
// in the leagues.json format (custom data merges game-thumbs' league files
// over it); ok is false for a code that is not built in.
func BuiltinEntry(code string) (obj map[string]json.RawMessage, ok bool) {
	var all []map[string]json.RawMessage
	if json.Unmarshal(leaguesJSON, &all) != nil {
		return nil, false
	}
	for _, o := range all {
		var c string
		if json.Unmarshal(o["code"], &c) == nil && c == code {
			return o, true
		}
	}
	return nil, false
}

// builtinAll is the built-in table with every league enabled, indexed for
// BuiltinCode; built once.
var builtinAll = sync.OnceValue(func() *Catalog {
	all, err := parseTable(leaguesJSON)
	if err != nil {
		return newCatalog(nil, nil)
	}
	return newCatalog(all, func(string) string { return "true" })
})

// BuiltinCode returns the code of the built-in league that name names: its
// code, or any name Lookup accepts (a Teamarr code such as "esp.1" or
// "ligamx", an alias, a provider id). Custom data keyed by such a name
// applies to that league.
func BuiltinCode(name string) (string, bool) {
	l, ok := builtinAll().Lookup(name)
	return l.Code, ok
}
