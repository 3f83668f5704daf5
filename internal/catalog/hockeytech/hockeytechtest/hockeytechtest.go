// Package hockeytechtest is a fake HockeyTech modulekit feed for tests: an
// httptest server on 127.0.0.1 answering /feed/?feed=modulekit&view=seasons
// and view=teamsbyseason with data written for this project, and logos
// drawn on request at /logos/{client}/{id}.png.
//
// Clients and keys: "pwhl" (key PWHLKey; newest season a playoff bracket,
// then a regular season with six teams) and "ohl" (key OHLKey; newest
// regular season only "TBD" slots, the one before with four teams). A
// wrong key answers 401.
package hockeytechtest

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"gamethumbs/internal/catalog/providertest"
	"gamethumbs/internal/catalog/thesportsdb/thesportsdbtest"
)

// Keys of the fake's clients.
const (
	PWHLKey = "fake-pwhl-key"
	OHLKey  = "fake-ohl-key"
)

// Team is one fake team.
type Team struct {
	ID, Name, Nickname, City, Code, Color, Alt string
}

type season struct {
	id, name, playoff string
	teams             []Team
}

var clients = map[string]struct {
	key     string
	seasons []season
}{
	"pwhl": {PWHLKey, []season{
		{"9", "2025 Playoffs", "1", []Team{{"1", "Boston Fleet", "Fleet", "Boston", "BOS", "154734", "9a9b9b"}}},
		{"8", "2024-25 Regular Season", "0", []Team{
			{"1", "Boston Fleet", "Fleet", "Boston", "BOS", "154734", "9a9b9b"},
			{"2", "Minnesota Frost", "Frost", "Minnesota", "MIN", "250e62", "a77bca"},
			{"3", "Montréal Victoire", "Victoire", "Montréal", "MTL", "862633", "e0c79a"},
			{"4", "New York Sirens", "Sirens", "New York", "NY", "00bcb5", "1a3a5c"},
			{"5", "Ottawa Charge", "Charge", "Ottawa", "OTT", "c8102e", "2a2a2a"},
			{"6", "Toronto Sceptres", "Sceptres", "Toronto", "TOR", "2067b0", "101820"},
		}},
	}},
	"ohl": {OHLKey, []season{
		{"80", "2025-26 Regular Season", "0", []Team{{"0", "TBD", "", "", "TBD", "", ""}, {"-1", "TBD", "", "", "TBD", "", ""}}},
		{"79", "2024-25 Regular Season", "0", []Team{
			{"10", "London Knights", "Knights", "London", "LDN", "00703c", "ffffff"},
			{"11", "Ottawa 67's", "67's", "Ottawa", "OTT", "c8102e", "000000"},
			{"12", "Kitchener Rangers", "Rangers", "Kitchener", "KIT", "041e42", "c8102e"},
			{"13", "Soo Greyhounds", "Greyhounds", "Sault Ste. Marie", "SSM", "c8102e", "000000"},
		}},
	}},
}

// Server is a running fake.
type Server struct {
	URL string

	// Counter counts feed requests by "client/view" ("pwhl/seasons") and
	// other requests by path (Hits).
	providertest.Counter
}

// New starts a fake that is closed when the test ends.
func New(t testing.TB) *Server {
	t.Helper()
	s := &Server{}
	s.URL = providertest.Start(t, s.serve)
	return s
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	if strings.HasPrefix(r.URL.Path, "/logos/") {
		s.Count(r.URL.Path)
		s.logo(w, r)
		return
	}
	if r.URL.Path != "/feed/" || q.Get("feed") != "modulekit" || q.Get("fmt") != "json" {
		http.NotFound(w, r)
		return
	}
	client := q.Get("client_code")
	s.Count(client + "/" + q.Get("view"))
	c, ok := clients[client]
	if !ok || q.Get("key") != c.key {
		http.Error(w, `{"SiteKit":{"Error":"Invalid key"}}`, http.StatusUnauthorized)
		return
	}
	switch q.Get("view") {
	case "seasons":
		list := []map[string]string{}
		for _, se := range c.seasons {
			list = append(list, map[string]string{"season_id": se.id, "season_name": se.name, "playoff": se.playoff, "career": "1"})
		}
		writeJSON(w, map[string]any{"SiteKit": map[string]any{"Parameters": map[string]string{"view": "seasons"}, "Seasons": list}})
	case "teamsbyseason":
		list := []map[string]string{}
		for _, se := range c.seasons {
			if se.id != q.Get("season_id") {
				continue
			}
			for _, t := range se.teams {
				m := map[string]string{"id": t.ID, "name": t.Name, "nickname": t.Nickname, "city": t.City, "code": t.Code,
					"division_long_name": "League"}
				if t.Color != "" {
					m["team_logo_url"] = "http://" + r.Host + "/logos/" + client + "/" + t.ID + ".png"
				}
				list = append(list, m)
			}
		}
		writeJSON(w, map[string]any{"SiteKit": map[string]any{"Teamsbyseason": list}})
	default:
		http.NotFound(w, r)
	}
}

func (s *Server) logo(w http.ResponseWriter, r *http.Request) {
	client, file, _ := strings.Cut(strings.TrimPrefix(r.URL.Path, "/logos/"), "/")
	id := strings.TrimSuffix(file, ".png")
	for _, se := range clients[client].seasons {
		for _, t := range se.teams {
			if t.ID == id && t.Color != "" {
				w.Header().Set("Content-Type", "image/png")
				_, _ = w.Write(thesportsdbtest.Badge(t.Code, t.Color, t.Alt, thesportsdbtest.Circle, 256))
				return
			}
		}
	}
	http.NotFound(w, r)
}

func writeJSON(w http.ResponseWriter, v any) {
	body, _ := json.Marshal(v)
	w.Header().Set("Content-Type", "application/json")
	_, _ = w.Write(body)
}
