package catalog

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
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
}

// parseTable decodes and checks a league table in the leagues.json format.
func parseTable(data []byte) ([]League, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var entries []leagueEntry
	if err := dec.Decode(&entries); err != nil {
		return nil, fmt.Errorf("league table: %w", err)
	}
	seen := make(map[string]bool, len(entries))
	leagues := make([]League, 0, len(entries))
	var errs []error
	for i, e := range entries {
		if err := e.check(); err != nil {
			errs = append(errs, fmt.Errorf("league table entry %d (%q): %w", i, e.Code, err))
			continue
		}
		if seen[e.Code] {
			errs = append(errs, fmt.Errorf("league table entry %d: duplicate code %q", i, e.Code))
			continue
		}
		seen[e.Code] = true
		leagues = append(leagues, e.league())
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return leagues, nil
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
		if (p == "espn" || p == "espnathlete") && e.Sport == "" {
			return fmt.Errorf("provider %q needs sport and slug", p)
		}
	}
	for _, u := range []string{e.LogoURL, e.LogoURLDark} {
		if u != "" && !strings.HasPrefix(u, "https://") && !strings.HasPrefix(u, "http://") {
			return fmt.Errorf("logo %q is not an http(s) URL", u)
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
	}
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
