package httpapi

import (
	"net/http"
	"strings"
	"unicode/utf8"

	"gamethumbs/internal/catalog"
)

// leagueItem is a league in /api/leagues.
type leagueItem struct {
	Code      string `json:"code"`
	Name      string `json:"name"`
	ShortName string `json:"shortName"`
}

// leagueEntry is a league of /api/leagues: what the URL builder shows and
// every name the league answers to besides its code and names (aliases,
// and its ids at its providers: ESPN's "soccer/esp.1" answers as "esp.1").
type leagueEntry struct {
	leagueItem
	Aliases   []string          `json:"aliases,omitempty"`
	Providers []string          `json:"providers"`
	IDs       map[string]string `json:"ids,omitempty"`
	// EnabledBy names the variable that switches on the league's teams
	// (LEAGUES_ENABLE_MMA) while it is off: its league pictures work.
	EnabledBy string `json:"enabledBy,omitempty"`
}

// apiLeagues lists the catalogue for the URL builder, with the league the
// page starts on: the demo league in demo mode, else the NBA.
func (s *Server) apiLeagues(w http.ResponseWriter, _ *http.Request, _ params) error {
	leagues := s.backend.Leagues()
	out := struct {
		Default string        `json:"default"`
		Leagues []leagueEntry `json:"leagues"`
	}{Leagues: make([]leagueEntry, 0, len(leagues))}
	for _, l := range leagues {
		providers := l.Providers
		if providers == nil {
			providers = []string{}
		}
		out.Leagues = append(out.Leagues, leagueEntry{leagueItem: leagueItem{Code: l.Code, Name: l.Name, ShortName: l.ShortName},
			Aliases: l.Aliases, Providers: providers, IDs: l.IDs})
		if l.Disabled {
			out.Leagues[len(out.Leagues)-1].EnabledBy = l.EnvVar
		}
		if out.Default == "" && (l.Code == "nba" && !s.cfg.Demo || l.Code == "demo" && s.cfg.Demo) {
			out.Default = l.Code
		}
	}
	if out.Default == "" && len(out.Leagues) > 0 {
		out.Default = out.Leagues[0].Code
	}
	w.Header().Set("Cache-Control", "public, max-age=300")
	writeJSON(w, http.StatusOK, out)
	return nil
}

// teamItem is a team in /api/{league}/teams. Key is the identifier the
// page puts into image URLs.
type teamItem struct {
	ID           string `json:"id,omitempty"`
	Key          string `json:"key"`
	Name         string `json:"name,omitempty"`
	FullName     string `json:"fullName"`
	Abbreviation string `json:"abbreviation,omitempty"`
	City         string `json:"city,omitempty"`
	Logo         string `json:"logo,omitempty"`
	Color        string `json:"color,omitempty"`
}

// apiTeams lists the teams of a league for the page's team pickers.
func (s *Server) apiTeams(w http.ResponseWriter, r *http.Request, p params) error {
	id := p["league"]
	if utf8.RuneCountInString(id) > maxSegmentLen || !utf8.ValidString(id) {
		return errorf(400, "identifier too long or not valid UTF-8 (at most %d characters)", maxSegmentLen)
	}
	l, err := s.backend.League(r.Context(), id, false)
	if err != nil {
		return err
	}
	teams, err := s.backend.Teams(r.Context(), l)
	if err != nil {
		return err
	}
	keys := teamKeys(teams)
	out := struct {
		League leagueItem `json:"league"`
		Teams  []teamItem `json:"teams"`
	}{League: leagueItem{Code: l.Code, Name: l.Name, ShortName: l.ShortName}, Teams: make([]teamItem, 0, len(teams))}
	for i, t := range teams {
		full := t.FullName
		if full == "" {
			full = t.Name
		}
		out.Teams = append(out.Teams, teamItem{
			ID: t.ID, Key: keys[i], Name: t.Name, FullName: full, Abbreviation: t.Abbreviation,
			City: t.City, Logo: t.Logo, Color: t.Color,
		})
	}
	w.Header().Set("Cache-Control", "public, max-age=300")
	writeJSON(w, http.StatusOK, out)
	return nil
}

// teamKeys picks, for every team, a short URL identifier that names it
// alone in the roster: its name in lower case with hyphens ("lakers",
// "trail-blazers") when no other team has that name, else its provider
// slug, else its abbreviation, else its id.
func teamKeys(teams []catalog.Team) []string {
	count := map[string]int{}
	for _, t := range teams {
		count[urlName(t.Name)]++
	}
	keys := make([]string, len(teams))
	for i, t := range teams {
		for _, k := range []string{urlName(t.Name), t.Slug, strings.ToLower(t.Abbreviation), t.ID, urlName(t.FullName)} {
			if k != "" && !strings.Contains(k, "/") && (k != urlName(t.Name) || count[k] == 1) {
				keys[i] = k
				break
			}
		}
	}
	return keys
}

// urlName is s in lower case with runs of spaces turned into one hyphen.
func urlName(s string) string {
	return strings.ToLower(strings.Join(strings.Fields(s), "-"))
}
