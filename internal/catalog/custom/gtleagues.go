package custom

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"gamethumbs/internal/catalog"
)

// gtLeague is one league of a game-thumbs leagues file: an object keyed
// by league code (not an array), with its field names. Fields we do not
// use (titleFont, subtitleFont, ...) are ignored, as game-thumbs ignores
// what it does not know.
type gtLeague struct {
	Name           *string                      `json:"name"`
	ShortName      *string                      `json:"shortName"`
	Aliases        []string                     `json:"aliases"`
	Providers      []map[string]json.RawMessage `json:"providers"`
	ProviderID     string                       `json:"providerId"` // legacy single provider
	ESPNConfig     *gtESPN                      `json:"espnConfig"` // legacy ESPN settings
	LogoURL        *string                      `json:"logoUrl"`
	LogoURLDark    *string                      `json:"logoUrlDark"`
	DefaultImage   *string                      `json:"defaultImage"`
	FeederLeagues  []string                     `json:"feederLeagues"`
	FallbackLeague *string                      `json:"fallbackLeague"`
	SkipLogos      *bool                        `json:"skipLogos"`
	Mode           *string                      `json:"mode"`
	TeamColors     []string                     `json:"teamColors"`
	EnvVar         *string                      `json:"env_var"`
}

type gtESPN struct {
	Sport string `json:"espnSport"`
	Slug  string `json:"espnSlug"`
}

type gtTSDB struct {
	LeagueID   json.Number `json:"leagueId"`
	LeagueName string      `json:"leagueName"`
}

type gtHockeyTech struct {
	ClientCode string `json:"clientCode"`
	APIKey     string `json:"apiKey"`
}

type gtMLB struct {
	SportID json.Number `json:"sportId"`
}

// keyedLeagues converts a game-thumbs leagues file (an object keyed by
// league code) into our leagues format (an array), each league merged over
// the built-in one of the same code as game-thumbs merges: fields given
// replace, aliases are added, providers are appended after the built-in
// ones. Keys starting "__" (its section separators) are skipped; keys are
// lower-cased ("F1" is f1), as game-thumbs compares them.
//
// A provider gamethumbs does not have (supabase), or a HockeyTech entry
// with only a websiteUrl, is left out with a warning rather than stopping
// start: the league keeps its other providers and custom teams.
func keyedLeagues(data []byte) ([]byte, []string, error) {
	var keyed map[string]json.RawMessage
	if err := json.Unmarshal(data, &keyed); err != nil {
		return nil, nil, err
	}
	var warnings []string
	var out []map[string]any
	var errs []error
	for _, key := range sortedKeys(keyed) {
		if strings.HasPrefix(key, "__") {
			continue
		}
		// game-thumbs finds leagues without regard to case and its own
		// file has keys such as "F1": codes here are lower case.
		code := strings.ToLower(strings.TrimSpace(key))
		var gl gtLeague
		if err := json.Unmarshal(keyed[key], &gl); err != nil {
			errs = append(errs, fmt.Errorf("league %q: %v", code, err))
			continue
		}
		// A key that names a built-in league another way (Teamarr's
		// "esp.1", "ligamx") merges over that league.
		target := code
		if b, ok := catalog.BuiltinCode(code); ok {
			target = b
		}
		obj, warns, err := gl.ours(target)
		for _, w := range warns {
			warnings = append(warnings, fmt.Sprintf("league %q: %s", code, w))
		}
		if err != nil {
			errs = append(errs, fmt.Errorf("league %q: %w", code, err))
			continue
		}
		out = append(out, obj)
	}
	if len(errs) > 0 {
		return nil, warnings, errors.Join(errs...)
	}
	b, err := json.Marshal(out)
	return b, warnings, err
}

// ours builds the leagues.json object of code: the built-in one with gl
// merged over it.
func (gl *gtLeague) ours(code string) (map[string]any, []string, error) {
	obj := map[string]any{}
	if base, ok := catalog.BuiltinEntry(code); ok {
		for k, v := range base {
			obj[k] = v
		}
	}
	obj["code"] = code
	str := func(k string, v *string) {
		if v != nil {
			obj[k] = *v
		}
	}
	str("name", gl.Name)
	str("shortName", gl.ShortName)
	str("logoUrl", gl.LogoURL)
	str("logoUrlDark", gl.LogoURLDark)
	str("defaultImage", gl.DefaultImage)
	str("fallbackLeague", gl.FallbackLeague)
	str("envVar", gl.EnvVar)
	if gl.Mode != nil {
		if *gl.Mode == "default" {
			delete(obj, "mode")
		} else {
			obj["mode"] = *gl.Mode
		}
	}
	if gl.SkipLogos != nil {
		obj["skipLogos"] = *gl.SkipLogos
	}
	if gl.FeederLeagues != nil {
		obj["feederLeagues"] = gl.FeederLeagues
	}
	if gl.TeamColors != nil {
		obj["teamColors"] = gl.TeamColors
	}
	if len(gl.Aliases) > 0 {
		var old []string
		if raw, ok := obj["aliases"].(json.RawMessage); ok {
			_ = json.Unmarshal(raw, &old)
		}
		for _, a := range gl.Aliases {
			if !containsFold(old, a) {
				old = append(old, a)
			}
		}
		obj["aliases"] = old
	}
	var providers []string
	if raw, ok := obj["providers"].(json.RawMessage); ok {
		_ = json.Unmarshal(raw, &providers)
	}
	add := func(id string) {
		if !slices.Contains(providers, id) {
			providers = append(providers, id)
		}
	}
	entries := gl.Providers
	if gl.ProviderID != "" { // legacy form
		cfg, _ := json.Marshal(gl.ESPNConfig)
		entries = append(entries, map[string]json.RawMessage{gl.ProviderID: cfg})
	}
	var warnings []string
	for _, e := range entries {
		for _, id := range sortedKeys(e) {
			warn, err := gtProvider(obj, id, e[id], add)
			if err != nil {
				return nil, warnings, err
			}
			if warn != "" {
				warnings = append(warnings, warn)
			}
		}
	}
	if providers == nil {
		providers = []string{}
	}
	obj["providers"] = providers
	if _, ok := obj["name"]; !ok {
		obj["name"] = strings.ToUpper(code)
	}
	return obj, warnings, nil
}

// gtProvider adds one game-thumbs provider entry ({"espn": {...}}) to obj;
// warning names an entry left out.
func gtProvider(obj map[string]any, id string, raw json.RawMessage, add func(string)) (warning string, err error) {
	if len(raw) == 0 || string(raw) == "null" {
		raw = json.RawMessage("{}")
	}
	bad := func(err error) (string, error) { return "", fmt.Errorf("providers.%s: %v", id, err) }
	switch id {
	case "espn", "espnAthlete":
		var c gtESPN
		if err := json.Unmarshal(raw, &c); err != nil {
			return bad(err)
		}
		if c.Sport != "" || c.Slug != "" {
			obj["sport"], obj["slug"] = c.Sport, c.Slug
		}
		add(map[string]string{"espn": "espn", "espnAthlete": "espnathlete"}[id])
	case "theSportsDB":
		var c gtTSDB
		if err := json.Unmarshal(raw, &c); err != nil {
			return bad(err)
		}
		if c.LeagueID != "" {
			obj["tsdbLeagueId"] = c.LeagueID.String()
		}
		if c.LeagueName != "" {
			obj["tsdbLeagueName"] = c.LeagueName
		}
		add("thesportsdb")
	case "hockeyTech":
		var c gtHockeyTech
		if err := json.Unmarshal(raw, &c); err != nil {
			return bad(err)
		}
		if c.ClientCode != "" {
			obj["hockeytechClientCode"] = c.ClientCode
		}
		if c.APIKey != "" {
			obj["hockeytechKey"] = c.APIKey
		}
		if _, ok := obj["hockeytechClientCode"]; !ok {
			return "providers.hockeyTech left out: it needs a clientCode (gamethumbs does not read it from the league's website)", nil
		}
		add("hockeytech")
	case "mlbStats":
		var c gtMLB
		if err := json.Unmarshal(raw, &c); err != nil {
			return bad(err)
		}
		n, err := c.SportID.Int64()
		if err != nil || n <= 0 {
			return bad(errors.New("sportId must be a positive number"))
		}
		obj["mlbSportId"] = n
		add("mlbstats")
	case "flagcdn", "ncaa":
		add(id)
	default:
		return "providers." + id + " left out: gamethumbs has no such provider (espn, espnAthlete, theSportsDB, hockeyTech, mlbStats, flagcdn, ncaa)", nil
	}
	return "", nil
}
