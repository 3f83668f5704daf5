// Package mlbstatstest is a fake MLB Stats API for tests: an httptest
// server on 127.0.0.1 answering /api/v1/teams?sportId=&season= with team
// data written for this project and serving SVG logos at
// /team-logos/{id}.svg (flat shapes in the team colours, so the SVG
// rasteriser has work to do).
//
// Data: sport 11 (Triple-A) has five teams in Season, one of them
// inactive; sport 14 (Single-A) has three teams only in Season-1, so a
// provider must fall back a season; every other sport is empty.
package mlbstatstest

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"gamethumbs/internal/catalog/providertest"
)

// Season is the season the fake's Triple-A data belongs to.
const Season = 2025

// Team is one fake team.
type Team struct {
	ID                                    int
	Name, TeamName, Location, Short, Abbr string
	League                                string
	Color, Alt                            string // hex without "#", used by the logo only
	Active                                bool
}

// Teams of the fake by sport id and season.
var Teams = map[[2]int][]Team{
	{11, Season}: {
		{234, "Durham Bulls", "Bulls", "Durham", "Durham", "DUR", "International League", "0f4c81", "f47b20", true},
		{445, "Columbus Clippers", "Clippers", "Columbus", "Columbus", "COL", "International League", "0a2240", "e31937", true},
		{564, "Jacksonville Jumbo Shrimp", "Jumbo Shrimp", "Jacksonville", "Jacksonville", "JAX", "International League", "d4472d", "0a2240", true},
		{561, "Salt Lake Bees", "Bees", "Salt Lake", "Salt Lake", "SL", "Pacific Coast League", "2b1e5c", "f2c500", true},
		{999, "Old Town Ghosts", "Ghosts", "Old Town", "Old Town", "OTG", "Pacific Coast League", "555555", "999999", false},
	},
	{14, Season - 1}: {
		{427, "Augusta GreenJackets", "GreenJackets", "Augusta", "Augusta", "AUG", "Carolina League", "006241", "fdb927", true},
		{478, "Fayetteville Woodpeckers", "Woodpeckers", "Fayetteville", "Fayetteville", "FAY", "Carolina League", "c8102e", "000000", true},
		{3705, "Lakeland Flying Tigers", "Flying Tigers", "Lakeland", "Lakeland", "LAK", "Florida State League", "0c2c56", "fa4616", true},
	},
}

// Server is a running fake.
type Server struct {
	URL string

	// Counter counts requests by path, and teams requests also by
	// "teams?sportId=S&season=Y" (Hits).
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
	s.Count(r.URL.Path)
	q := r.URL.Query()
	if r.URL.Path == "/api/v1/teams" {
		s.Count("teams?sportId=" + q.Get("sportId") + "&season=" + q.Get("season"))
	}
	switch {
	case r.URL.Path == "/api/v1/teams":
		sport, _ := strconv.Atoi(q.Get("sportId"))
		season, _ := strconv.Atoi(q.Get("season"))
		list := []map[string]any{}
		for _, t := range Teams[[2]int{sport, season}] {
			list = append(list, map[string]any{
				"id": t.ID, "name": t.Name, "teamName": t.TeamName, "locationName": t.Location, "shortName": t.Short,
				"abbreviation": t.Abbr, "active": t.Active, "season": season, "sport": map[string]any{"id": sport},
				"league": map[string]any{"id": 117, "name": t.League}, "link": fmt.Sprintf("/api/v1/teams/%d", t.ID),
			})
		}
		body, _ := json.Marshal(map[string]any{"copyright": "fake", "teams": list})
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(body)
	case strings.HasPrefix(r.URL.Path, "/team-logos/") && strings.HasSuffix(r.URL.Path, ".svg"):
		id, _ := strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(r.URL.Path, "/team-logos/"), ".svg"))
		for _, teams := range Teams {
			for _, t := range teams {
				if t.ID == id {
					w.Header().Set("Content-Type", "image/svg+xml")
					_, _ = w.Write([]byte(logoSVG(t)))
					return
				}
			}
		}
		http.NotFound(w, r)
	default:
		http.NotFound(w, r)
	}
}

// logoSVG is a flat cap-style logo: a circle in the team colour, a ring
// in the alternate colour and a diamond.
func logoSVG(t Team) string {
	return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" width="200" height="200">` +
		`<circle cx="100" cy="100" r="92" fill="#` + t.Alt + `"/>` +
		`<circle cx="100" cy="100" r="78" fill="#` + t.Color + `"/>` +
		`<path d="M100 40 L160 100 L100 160 L40 100 Z" fill="#` + t.Alt + `"/>` +
		`<rect x="80" y="80" width="40" height="40" fill="#ffffff"/></svg>`
}
