// Package athletetest is a fake ESPN core API for athletes: an httptest
// server on 127.0.0.1 answering the paginated athlete list
// (/core/v2/sports/{sport}/leagues/{slug}/athletes?limit=&page=, items as
// $ref links), athlete objects (.../athletes/{id}), headshots
// (/cdn/i/headshots/{sport}/players/full/{id}.png) and country flags
// (/cdn/i/teamlogos/countries/500/{code}.png), with data written for this
// project and images drawn on request.
//
// Rosters: tennis/atp (12 players, Djokovic with a headshot href in his
// object, Medvedev without any headshot), tennis/wta (5), mma/ufc (7,
// Nunes without a headshot). AddSynthetic appends generated athletes for
// scale tests. Knobs: Throttle (answer 429 or 403 to a number of athlete
// requests), Fail, Hits.
package athletetest

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"

	"gamethumbs/internal/catalog/providertest"
	"gamethumbs/internal/catalog/thesportsdb/thesportsdbtest"
)

// Server is a running fake. Its methods are safe for concurrent use.
type Server struct {
	URL     string // root
	CoreURL string // URL + "/core"
	CDNURL  string // URL + "/cdn"

	// Counter counts requests (Hits): "list" (athlete list pages),
	// "athlete" (athlete objects), "headshot", "flag".
	providertest.Counter
	fails providertest.Failures // by path prefix

	mu        sync.Mutex
	rosters   map[string][]Athlete
	throttle  int // athlete requests still to refuse
	throttleC int // the status they get
	pageSize  int
	inFlight  int
	maxFlight int
}

// New starts a fake that is closed when the test ends.
func New(t testing.TB) *Server {
	t.Helper()
	s := &Server{rosters: map[string][]Athlete{}, pageSize: 1000}
	for k, v := range rosters {
		s.rosters[k] = append([]Athlete(nil), v...)
	}
	s.URL = providertest.Start(t, s.serve)
	s.CoreURL, s.CDNURL = s.URL+"/core", s.URL+"/cdn"
	return s
}

// Roster returns the fake's athletes of sport/slug.
func (s *Server) Roster(sport, slug string) []Athlete {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Athlete(nil), s.rosters[sport+"/"+slug]...)
}

// AddSynthetic appends n generated athletes ("First12 Last12") to
// sport/slug, with ids from 900000000 up.
func (s *Server) AddSynthetic(sport, slug string, n int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	key := sport + "/" + slug
	base := len(s.rosters[key])
	for i := 0; i < n; i++ {
		k := base + i
		s.rosters[key] = append(s.rosters[key], Athlete{
			ID: strconv.Itoa(900000000 + k), First: fmt.Sprintf("First%d", k), Last: fmt.Sprintf("Last%d", k),
			Short: fmt.Sprintf("F. Last%d", k), Country: "Spain", CountryCode: "esp", Color: "445566",
		})
	}
}

// SetPageSize changes how many references a list page holds.
func (s *Server) SetPageSize(n int) {
	s.mu.Lock()
	s.pageSize = max(1, n)
	s.mu.Unlock()
}

// Throttle makes the next n athlete-object requests answer status (429 or
// 403) with "Retry-After: 0".
func (s *Server) Throttle(n, status int) {
	s.mu.Lock()
	s.throttle, s.throttleC = n, status
	s.mu.Unlock()
}

// Fail makes requests whose path starts with prefix answer status; 0
// removes the rule.
func (s *Server) Fail(prefix string, status int) { s.fails.Fail(prefix, status) }

// MaxInFlight is the largest number of athlete requests served at once.
func (s *Server) MaxInFlight() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.maxFlight
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	path := r.URL.Path
	if st := s.fails.Prefixed(path); st != 0 {
		providertest.Refuse(w, st)
		return
	}
	parts := strings.Split(strings.Trim(path, "/"), "/")
	switch {
	// core/v2/sports/{sport}/leagues/{slug}/athletes[/{id}]
	case len(parts) >= 7 && parts[0] == "core" && parts[1] == "v2" && parts[2] == "sports" && parts[4] == "leagues" && parts[6] == "athletes":
		key := parts[3] + "/" + parts[5]
		if len(parts) == 7 {
			s.list(w, r, key)
		} else if len(parts) == 8 {
			s.athlete(w, r, key, parts[7])
		} else {
			http.NotFound(w, r)
		}
	// cdn/i/headshots/{sport}/players/full/{id}.png
	case len(parts) == 7 && parts[0] == "cdn" && parts[2] == "headshots":
		s.Count("headshot")
		s.headshot(w, r, parts[3], strings.TrimSuffix(parts[6], ".png"))
	// cdn/i/teamlogos/countries/500/{code}.png
	case len(parts) == 6 && parts[0] == "cdn" && parts[3] == "countries":
		s.Count("flag")
		code := strings.TrimSuffix(parts[5], ".png")
		writePNG(w, thesportsdbtest.Badge(strings.ToUpper(code), "2e7d32", "ffffff", thesportsdbtest.Square, 200))
	default:
		http.NotFound(w, r)
	}
}

func (s *Server) list(w http.ResponseWriter, r *http.Request, key string) {
	s.Count("list")
	page, _ := strconv.Atoi(r.URL.Query().Get("page"))
	page = max(page, 1)
	s.mu.Lock()
	all := s.rosters[key]
	size := s.pageSize
	s.mu.Unlock()
	if all == nil {
		http.Error(w, `{"error":"not found"}`, http.StatusNotFound)
		return
	}
	pages := (len(all) + size - 1) / size
	items := []map[string]string{}
	for i := (page - 1) * size; i < len(all) && i < page*size; i++ {
		// ESPN's references name its own host; the provider must not follow them.
		items = append(items, map[string]string{"$ref": "http://sports.core.api.espn.com/v2/sports/" + key[:strings.IndexByte(key, '/')] +
			"/leagues/" + key[strings.IndexByte(key, '/')+1:] + "/athletes/" + all[i].ID + "?lang=en&region=us"})
	}
	writeJSON(w, map[string]any{"count": len(all), "pageIndex": page, "pageSize": size, "pageCount": pages, "items": items})
}

func (s *Server) athlete(w http.ResponseWriter, r *http.Request, key, id string) {
	s.Count("athlete")
	s.mu.Lock()
	if s.throttle > 0 {
		s.throttle--
		code := s.throttleC
		s.mu.Unlock()
		w.Header().Set("Retry-After", "0")
		http.Error(w, `{"error":"slow down"}`, code)
		return
	}
	s.inFlight++
	s.maxFlight = max(s.maxFlight, s.inFlight)
	var found *Athlete
	for i, a := range s.rosters[key] {
		if a.ID == id {
			found = &s.rosters[key][i]
			break
		}
	}
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		s.inFlight--
		s.mu.Unlock()
	}()
	if found == nil {
		http.Error(w, `{"error":"not found"}`, http.StatusNotFound)
		return
	}
	a := *found
	base := "http://" + r.Host
	obj := map[string]any{
		"id": a.ID, "uid": "s:850~a:" + a.ID, "firstName": a.First, "lastName": a.Last, "fullName": a.Display(),
		"displayName": a.Display(), "shortName": a.Short, "citizenship": a.Country, "active": true,
		"flag": map[string]any{"href": base + "/cdn/i/teamlogos/countries/500/" + a.CountryCode + ".png", "alt": a.Country, "rel": []string{"country-flag"}},
	}
	if a.APIHeadshot {
		obj["headshot"] = map[string]any{"href": base + "/cdn/i/headshots/" + strings.Split(key, "/")[0] + "/players/full/" + a.ID + ".png", "alt": a.Display()}
	}
	writeJSON(w, obj)
}

func (s *Server) headshot(w http.ResponseWriter, r *http.Request, sport, id string) {
	s.mu.Lock()
	var found *Athlete
	for key, as := range s.rosters {
		if strings.HasPrefix(key, sport+"/") {
			for i := range as {
				if as[i].ID == id {
					found = &as[i]
				}
			}
		}
	}
	s.mu.Unlock()
	if found == nil || found.NoHeadshot {
		http.NotFound(w, r)
		return
	}
	writePNG(w, Headshot(*found))
}

func writeJSON(w http.ResponseWriter, v any) {
	body, _ := json.Marshal(v)
	w.Header().Set("Content-Type", "application/json")
	_, _ = w.Write(body)
}

func writePNG(w http.ResponseWriter, b []byte) {
	w.Header().Set("Content-Type", "image/png")
	_, _ = w.Write(b)
}
