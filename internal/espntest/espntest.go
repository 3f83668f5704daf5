// Package espntest is a fake ESPN for tests: an httptest server on
// 127.0.0.1 that answers the site API (team lists), the core API (league
// objects, sport and league discovery) and the logo CDN with ESPN-shaped
// data written for this project, and generated logo images.
//
// Point the ESPN provider (or ESPN_SITE_API_URL, ESPN_CORE_API_URL and
// ESPN_CDN_URL) at SiteURL, CoreURL and CDNURL. Team lists exist for
// football/nfl, basketball/nba, hockey/nhl, baseball/mlb, soccer/eng.1,
// soccer/usa.1 and football/college-football and soccer/sui.1 (reached by
// discovery only; see Teams). Tests can count requests (Hits),
// inject failures (Fail), slow answers down (Delay) and replace any answer
// (SetResponse).
//
// Each team has a core API franchise naming its home venue (with a
// generated stadium photo on the CDN) and a site API team detail with its
// overall record (see VenueOf, RecordOf): nhl UTAH has neither, nfl GB's
// venue lists no photo, the photos of nba DET and mlb SEA answer 404, and
// nhl TOR's is a PNG (the others JPEG).
//
// Logos are 500x500 badges with the team abbreviation, transparent PNGs
// with lighter dark variants; a few teams have JPEG logos (nba MEM, nfl
// JAX, college-football Miami (OH)), one an SVG logo (nhl SEA), one none
// (usa.1 ATX) and one no colours (eng.1 BRE). By default they are flat (a
// handful of colours, cheap to draw and encode); with RealisticLogos they
// are logogen's, with the colours and compressed size of real logos.
package espntest

import (
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// Server is a running fake ESPN. Its methods are safe for concurrent use.
type Server struct {
	URL     string // root URL of the server
	SiteURL string // URL + "/site": the site API base
	CoreURL string // URL + "/core": the core API base
	CDNURL  string // URL + "/cdn": the logo CDN base

	srv    *httptest.Server
	routes map[string]response // default answers by path

	mu      sync.Mutex
	hits    map[string]int
	headers map[string]http.Header
	fails   map[string]int           // path prefix → status
	delays  map[string]time.Duration // path prefix → delay
	custom  map[string]response      // path → answer set by a test
}

type response struct {
	status      int
	contentType string
	body        []byte
	logo        *logoImage // drawn lazily instead of body
}

const jsonType = "application/json;charset=UTF-8"

// Option changes what a fake serves.
type Option func(*options)

type options struct {
	realistic bool
}

// RealisticLogos makes the fake serve realistic logos (logogen: thousands
// of colours, gradients, fine text, some photographic, 1.5 to 10 bits per
// visible pixel) in place of the flat badges, at the same paths and in
// the same formats (SVG logos stay SVG). Each is drawn on its first
// request and kept for the process.
func RealisticLogos() Option { return func(o *options) { o.realistic = true } }

// New starts a fake ESPN that is closed when the test ends.
func New(t testing.TB, opts ...Option) *Server {
	t.Helper()
	var o options
	for _, opt := range opts {
		opt(&o)
	}
	s := &Server{
		hits:    make(map[string]int),
		headers: make(map[string]http.Header),
		fails:   make(map[string]int),
		delays:  make(map[string]time.Duration),
		custom:  make(map[string]response),
	}
	s.srv = httptest.NewServer(http.HandlerFunc(s.serve))
	t.Cleanup(s.srv.Close)
	s.URL = s.srv.URL
	s.SiteURL, s.CoreURL, s.CDNURL = s.URL+"/site", s.URL+"/core", s.URL+"/cdn"
	s.routes = buildRoutes(s.CoreURL, s.CDNURL, o)
	return s
}

// TeamsPath is the request path of a league's team list on the fake.
func TeamsPath(sport, slug string) string {
	return "/site/apis/site/v2/sports/" + sport + "/" + slug + "/teams"
}

// LeaguePath is the request path of a league's core object on the fake.
func LeaguePath(sport, slug string) string {
	return "/core/v2/sports/" + sport + "/leagues/" + slug
}

// SportsPath is the request path of the core API's sport list.
const SportsPath = "/core/v2/sports"

// LeaguesPath is the request path of the core API's league list of a sport.
func LeaguesPath(sport string) string { return "/core/v2/sports/" + sport + "/leagues" }

// buildRoutes prepares every default answer; logos are drawn on request.
func buildRoutes(core, cdn string, o options) map[string]response {
	r := make(map[string]response)
	logo := func(img logoImage, name string) response {
		if o.realistic && img.Format != "svg" {
			img.Realistic, img.Name = true, name
		}
		return response{http.StatusOK, img.contentType(), nil, &img}
	}
	for _, l := range leagues {
		r[TeamsPath(l.sport, l.slug)] = response{http.StatusOK, jsonType, teamListBody(l, cdn), nil}
		r[LeaguePath(l.sport, l.slug)] = response{http.StatusOK, jsonType, leagueObjectBody(l, core, cdn), nil}
		addVenueRoutes(r, l, cdn)
		for _, t := range Teams(l.sport, l.slug) {
			for _, f := range teamLogoFiles(l, t) {
				r["/cdn"+f.path] = logo(f.img, t.DisplayName)
			}
		}
	}
	names := append([]string(nil), extraLeagueLogos...)
	for _, l := range leagues {
		names = append(names, strings.ToLower(l.abbr))
	}
	for _, n := range names {
		light := logoImage{Label: strings.ToUpper(n), Color: "1d2b53", Alt: "c0c0c0", Format: "png"}
		dark := light
		dark.Dark = true
		r["/cdn/i/teamlogos/leagues/500/"+n+".png"] = logo(light, "")
		r["/cdn/i/teamlogos/leagues/500-dark/"+n+".png"] = logo(dark, "")
	}
	// Logos of the pseudo-teams gamethumbs knows (conference and
	// All-Star sides), at the paths ESPN serves them.
	for path, label := range map[string]string{
		"/i/teamlogos/nfl/500/scoreboard/afc.png": "AFC", "/i/teamlogos/nfl/500/scoreboard/nfc.png": "NFC",
		"/i/teamlogos/mlb/500/al.png": "AL", "/i/teamlogos/mlb/500/nl.png": "NL",
	} {
		r["/cdn"+path] = logo(logoImage{Label: label, Color: "0b2265", Alt: "c8102e", Format: "png"}, "")
	}
	var sports []string
	for _, d := range discovery {
		sports = append(sports, "/v2/sports/"+d.sport)
		var ls []string
		for _, slug := range d.leagues {
			ls = append(ls, "/v2/sports/"+d.sport+"/leagues/"+slug)
		}
		r[LeaguesPath(d.sport)] = response{http.StatusOK, jsonType, refListBody(ls), nil}
	}
	r[SportsPath] = response{http.StatusOK, jsonType, refListBody(sports), nil}
	return r
}

// Hits returns how many requests reached path (query ignored), including
// failed and delayed ones.
func (s *Server) Hits(path string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.hits[path]
}

// Header returns the request headers of the last request to path, or nil.
func (s *Server) Header(path string) http.Header {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.headers[path].Clone()
}

// Fail makes every request whose path starts with pathPrefix fail with
// status (and a small JSON body). Status 0 removes the rule. When several
// rules match, the longest prefix wins.
func (s *Server) Fail(pathPrefix string, status int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if status == 0 {
		delete(s.fails, pathPrefix)
		return
	}
	s.fails[pathPrefix] = status
}

// Delay holds every request whose path starts with pathPrefix for d before
// answering (less if the client gives up). Zero removes the rule. When
// several rules match, the longest prefix wins.
func (s *Server) Delay(pathPrefix string, d time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if d <= 0 {
		delete(s.delays, pathPrefix)
		return
	}
	s.delays[pathPrefix] = d
}

// SetResponse makes the fake answer requests for exactly path with status,
// contentType and body. "{{CDN}}" in body is replaced by CDNURL when
// served. A nil body removes the custom answer.
func (s *Server) SetResponse(path string, status int, contentType string, body []byte) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if body == nil {
		delete(s.custom, path)
		return
	}
	s.custom[path] = response{status, contentType, append([]byte(nil), body...), nil}
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	path := r.URL.Path
	s.mu.Lock()
	s.hits[path]++
	s.headers[path] = r.Header.Clone()
	delay := longestPrefix(s.delays, path)
	fail := longestPrefix(s.fails, path)
	custom, hasCustom := s.custom[path]
	s.mu.Unlock()

	if delay > 0 {
		t := time.NewTimer(delay)
		select {
		case <-t.C:
		case <-r.Context().Done():
			t.Stop()
			return
		}
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	if fail != 0 {
		writeBody(w, fail, jsonType, []byte(`{"code":`+strconv.Itoa(fail)+`,"message":"injected failure"}`))
		return
	}
	if hasCustom {
		writeBody(w, custom.status, custom.contentType, []byte(strings.ReplaceAll(string(custom.body), "{{CDN}}", s.CDNURL)))
		return
	}
	resp, ok := s.routes[path]
	if !ok {
		writeBody(w, http.StatusNotFound, jsonType, []byte(`{"code":404,"message":"not found"}`))
		return
	}
	body := resp.body
	if resp.logo != nil {
		body = resp.logo.bytes()
	} else if b, ok := photo(path); ok {
		body = b
	}
	writeBody(w, resp.status, resp.contentType, body)
}

func writeBody(w http.ResponseWriter, status int, contentType string, body []byte) {
	w.Header().Set("Content-Type", contentType)
	w.Header().Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(status)
	_, _ = w.Write(body)
}

// longestPrefix returns the value of the longest key of m that prefixes path.
func longestPrefix[V any](m map[string]V, path string) V {
	var best V
	bestLen := -1
	for p, v := range m {
		if len(p) > bestLen && strings.HasPrefix(path, p) {
			best, bestLen = v, len(p)
		}
	}
	return best
}
