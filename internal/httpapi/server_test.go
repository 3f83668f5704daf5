package httpapi

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"gamethumbs/internal/catalog"
	"gamethumbs/internal/config"
	"gamethumbs/internal/scene"
)

// fakeBackend resolves leagues "nba" and "ncaaf" with teams "lakers" and
// "celtics"; anything else is unknown. It records the last request.
type fakeBackend struct {
	mu       sync.Mutex
	last     scene.Request
	renders  atomic.Int32
	prepares atomic.Int32
	delay    time.Duration
	err      error // returned by Prepare when set
}

func (f *fakeBackend) League(_ context.Context, id string, fallback bool) (catalog.League, error) {
	switch strings.ToLower(id) {
	case "nba":
		return catalog.League{Code: "nba", Name: "National Basketball Association", ShortName: "NBA", Providers: []string{"espn"}}, nil
	case "ncaaf", "ncaam", "ncaa":
		return catalog.League{Code: strings.ToLower(id), ShortName: strings.ToUpper(id), Providers: []string{"espn"}}, nil
	case "eng.1":
		if fallback {
			return catalog.League{Code: "eng.1", ShortName: "ENG.1", Temporary: true}, nil
		}
	}
	return catalog.League{}, &catalog.UnknownLeagueError{Code: id}
}

func (f *fakeBackend) Team(_ context.Context, l catalog.League, id string) (catalog.Team, error) {
	switch strings.ToLower(id) {
	case "lakers", "lal":
		return catalog.Team{ID: "13", City: "Los Angeles", Name: "Lakers", FullName: "Los Angeles Lakers", Abbreviation: "LAL", Color: "#552583", AlternateColor: "#fdb927", Logo: "http://cdn/lal.png"}, nil
	case "celtics":
		return catalog.Team{ID: "2", Name: "Celtics", FullName: "Boston Celtics", Abbreviation: "BOS", Color: "#008348"}, nil
	}
	return catalog.Team{}, &catalog.UnknownTeamError{League: l.ShortName, Query: id, Suggestions: []string{"Los Angeles Lakers"}}
}

func (f *fakeBackend) Prepare(ctx context.Context, req scene.Request) (scene.Job, error) {
	f.prepares.Add(1)
	f.mu.Lock()
	f.last = req
	f.mu.Unlock()
	if f.err != nil {
		return nil, f.err
	}
	l, err := f.League(ctx, req.League, req.Fallback)
	if err != nil {
		return nil, err
	}
	key := req.Key() + "|" + l.Code
	for _, t := range req.Teams {
		team, err := f.Team(ctx, l, t)
		if err != nil {
			return nil, err
		}
		key += "|" + team.ID
	}
	return &fakeJob{key: key, f: f}, nil
}

func (f *fakeBackend) lastRequest() scene.Request {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.last
}

type fakeJob struct {
	key string
	f   *fakeBackend
}

func (j *fakeJob) Key() string { return j.key }
func (j *fakeJob) Render(ctx context.Context) (scene.Output, error) {
	j.f.renders.Add(1)
	time.Sleep(j.f.delay)
	return scene.Output{Data: []byte("\x89PNG fake " + j.key), ContentType: "image/png"}, nil
}

func newTestServer(t *testing.T, mutate func(*config.Config)) (*Server, *fakeBackend) {
	t.Helper()
	cfg := config.Defaults()
	cfg.RateLimitPerMinute = 0
	if mutate != nil {
		mutate(&cfg)
	}
	fb := &fakeBackend{}
	s := NewServer(Deps{Config: cfg, Backend: fb, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	return s, fb
}

func do(t *testing.T, h http.Handler, target string, header ...string) *httptest.ResponseRecorder {
	t.Helper()
	req := httptest.NewRequest(http.MethodGet, "http://gt"+target, nil)
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

// jsonError decodes an error body and checks its shape.
func jsonError(t *testing.T, rec *httptest.ResponseRecorder) string {
	t.Helper()
	if ct := rec.Header().Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		t.Fatalf("Content-Type = %q, want application/json", ct)
	}
	var body struct {
		Error       string   `json:"error"`
		Suggestions []string `json:"suggestions"`
	}
	dec := json.NewDecoder(bytes.NewReader(rec.Body.Bytes()))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&body); err != nil || body.Error == "" {
		t.Fatalf("body %q is not {\"error\": ...[, \"suggestions\": [...]]}: %v", rec.Body.String(), err)
	}
	return body.Error
}

func TestRoutes(t *testing.T) {
	s, _ := newTestServer(t, nil)
	tests := []struct {
		path   string
		status int
		ctype  string
	}{
		{"/nba/logo", 200, "image/png"},
		{"/nba/logo.png", 200, "image/png"},
		{"/nba/thumb", 200, "image/png"},
		{"/nba/cover.png", 200, "image/png"},
		{"/nba/lakers/logo", 200, "image/png"},
		{"/nba/lakers/thumb.png", 200, "image/png"},
		{"/nba/lakers/cover", 200, "image/png"},
		{"/nba/lakers/celtics/logo", 200, "image/png"},
		{"/nba/lakers/celtics/thumb", 200, "image/png"},
		{"/nba/lakers/celtics/cover.png", 200, "image/png"},
		{"/nba/leaguelogo", 200, "image/png"},
		{"/nba/leaguethumb.png", 200, "image/png"},
		{"/nba/leaguecover", 200, "image/png"},
		{"/nba/lakers/teamlogo.png", 200, "image/png"},
		{"/nba/lakers/raw", 200, "application/json"},
		{"/nba/raw", 200, "application/json"},
		{"/info", 200, "application/json"},
		{"/health", 200, "application/json"},
		// Case, trailing and repeated slashes.
		{"/NBA/Lakers/THUMB", 200, "image/png"},
		{"/nba/lakers/thumb/", 200, "image/png"},
		{"//nba///lakers//celtics/thumb.PNG", 200, "image/png"},
		// NCAA shorthand.
		{"/ncaa/football/thumb", 200, "image/png"},
		{"/ncaa/basketballm/lakers/logo", 200, "image/png"},
		{"/ncaa/march-madness/lakers/celtics/cover.png", 200, "image/png"},
		{"/ncaa/football/lakers/raw", 200, "application/json"},
		{"/ncaa/football/raw", 200, "application/json"},
		// Not found and bad input.
		{"/nba/lakers/celtics/bulls/thumb", 404, "application/json"},
		{"/nba/lakers/portrait", 404, "application/json"},
		{"/nba/thumb.jpg", 404, "application/json"},
		{"/nfl/thumb", 404, "application/json"},
		{"/nba/knicks/thumb", 404, "application/json"},
		{"/ncaa/football/lakers/poster", 400, "application/json"},
		{"/nba/lakers/celtics/raw", 404, "application/json"},
	}
	for _, tt := range tests {
		rec := do(t, s, tt.path)
		if rec.Code != tt.status || !strings.HasPrefix(rec.Header().Get("Content-Type"), tt.ctype) {
			t.Errorf("GET %s = %d %q, want %d %q (body %q)", tt.path, rec.Code, rec.Header().Get("Content-Type"), tt.status, tt.ctype, rec.Body.String())
		}
		if tt.status >= 400 {
			jsonError(t, rec)
		}
	}
}

func TestNCAAForwardsToLeagueCode(t *testing.T) {
	s, fb := newTestServer(t, nil)
	for _, sport := range catalog.NCAASports() {
		for _, name := range append([]string{sport.Sport}, sport.Aliases...) {
			rec := do(t, s, "/ncaa/"+name+"/thumb?aspect=16-9")
			if rec.Code != 200 && rec.Code != 404 {
				t.Errorf("/ncaa/%s/thumb = %d", name, rec.Code)
			}
			if got := fb.lastRequest().League; got != sport.Code {
				t.Errorf("/ncaa/%s/thumb resolved league %q, want %q", name, got, sport.Code)
			}
		}
	}
}

func TestDeprecatedAliasesNameTheirSuccessor(t *testing.T) {
	s, _ := newTestServer(t, nil)
	rec := do(t, s, "/nba/lakers/teamlogo")
	if rec.Header().Get("Deprecation") != "true" || rec.Header().Get("Link") != `</nba/lakers/logo>; rel="successor-version"` {
		t.Errorf("teamlogo headers: Deprecation %q Link %q", rec.Header().Get("Deprecation"), rec.Header().Get("Link"))
	}
}

func TestInvalidParameters(t *testing.T) {
	s, _ := newTestServer(t, func(c *config.Config) { c.StrictParams = true })
	tests := []struct{ path, mention string }{
		{"/nba/lakers/celtics/thumb?style=7", "style"},
		{"/nba/lakers/celtics/thumb?style=2abc", "style"},
		{"/nba/lakers/celtics/thumb?aspect=3-4", "aspect"},
		{"/nba/lakers/celtics/cover?aspect=16-9", "aspect"},
		{"/nba/lakers/celtics/logo?style=99", "style"},
		{"/nba/lakers/celtics/logo?size=300", "size"},
		{"/nba/lakers/logo?variant=blue", "variant"},
		{"/nba/lakers/logo?style=2", "style"},
		{"/nba/lakers/celtics/thumb?badge=SUPERHD", "badge"},
		{"/nba/lakers/celtics/thumb?logo=yes", "logo"},
		{"/nba/lakers/thumb?fallback=1", "fallback"},
		{"/nba/lakers/celtics/logo?trim=no", "trim"},
		{"/nba/lakers/celtics/thumb?mode=text", "mode"},
		{"/nba/lakers/celtics/thumb?style=1&style=2", "style"},
		{"/nba/lakers/celtics/thumb?winner=" + strings.Repeat("x", 300), "winner"},
		{"/nba/" + strings.Repeat("a", 300) + "/thumb", "identifier"},
		{"/nba/lakers/thumb?a=%zz", "query"},
		{"/nba/lakers/raw?fallback=maybe", "fallback"},
	}
	for _, tt := range tests {
		rec := do(t, s, tt.path)
		if rec.Code != 400 {
			t.Errorf("GET %s = %d, want 400 (body %q)", tt.path, rec.Code, rec.Body.String())
			continue
		}
		if msg := jsonError(t, rec); !strings.Contains(msg, tt.mention) {
			t.Errorf("GET %s error %q does not name %q", tt.path, msg, tt.mention)
		}
	}
	// The message lists the allowed values.
	msg := jsonError(t, do(t, s, "/nba/lakers/celtics/thumb?style=7"))
	if !strings.Contains(msg, "1, 2, 3, 4, 5, 6, 10, 11, 12, 13, 98, 99") {
		t.Errorf("style error %q does not list the allowed values", msg)
	}
}

func TestDefaultsAndAliasesOfParameters(t *testing.T) {
	s, fb := newTestServer(t, nil)
	tests := []struct {
		path          string
		width, height int
		style         int
	}{
		{"/nba/lakers/celtics/thumb", 1440, 1080, 1},
		{"/nba/lakers/celtics/thumb?aspect=16-9", 1920, 1080, 1},
		{"/nba/lakers/celtics/thumb?aspect=square&style=99", 1080, 1080, 99},
		{"/nba/lakers/celtics/cover", 1080, 1440, 1},
		{"/nba/lakers/celtics/cover?aspect=9-16&style=3", 1080, 1920, 3},
		{"/nba/lakers/celtics/cover?aspect=2-3&style=99", 1000, 1500, 99},
		{"/nba/lakers/celtics/cover?aspect=2x3", 1000, 1500, 1},
		{"/nba/lakers/celtics/logo", 1024, 1024, 1},
		{"/nba/lakers/celtics/logo?size=256&style=6", 256, 256, 6},
		{"/nba/lakers/logo", 1024, 1024, 0},
		{"/nba/lakers/logo?style=1&size=512", 512, 512, 1},
	}
	for _, tt := range tests {
		if rec := do(t, s, tt.path); rec.Code != 200 {
			t.Fatalf("GET %s = %d %s", tt.path, rec.Code, rec.Body.String())
		}
		got := fb.lastRequest()
		if got.Width != tt.width || got.Height != tt.height || got.Style != tt.style {
			t.Errorf("GET %s → %dx%d style %d, want %dx%d style %d", tt.path, got.Width, got.Height, got.Style, tt.width, tt.height, tt.style)
		}
	}
	do(t, s, "/nba/lakers/celtics/thumb?badge=hd&winner=lakers&fallback=true&mode=name")
	if got := fb.lastRequest(); got.Badge != "HD" || got.Winner != "lakers" || !got.Fallback || got.Mode != "name" || !got.LeagueLogo {
		t.Errorf("options parsed as %+v", got)
	}
}

func TestOverlayParametersNeedConfiguration(t *testing.T) {
	s, fb := newTestServer(t, nil)
	do(t, s, "/nba/thumb?title=Final&subtitle=Game+7")
	if got := fb.lastRequest(); got.Title != "" || got.Subtitle != "" {
		t.Errorf("overlays disabled but title %q subtitle %q reached the backend", got.Title, got.Subtitle)
	}
	s, fb = newTestServer(t, func(c *config.Config) { c.AllowEventOverlays = true })
	do(t, s, "/nba/thumb?title=Final&subtitle=Game+7&iconurl=https://example.com/i.png")
	if got := fb.lastRequest(); got.Title != "Final" || got.Subtitle != "Game 7" || got.IconURL != "https://example.com/i.png" {
		t.Errorf("overlays enabled: got %+v", got)
	}
}

func TestErrorStatuses(t *testing.T) {
	tests := []struct {
		err    error
		status int
	}{
		{&catalog.UpstreamError{Source: "espn", Status: 503}, 502},
		{&catalog.UpstreamError{Source: "espn", Timeout: true}, 504},
		{&scene.InputError{Msg: "logo style 5 needs a league logo"}, 400},
		{&scene.NotFoundError{Msg: "team has no logo"}, 404},
		{fmt.Errorf("wrapped: %w", &catalog.UnknownTeamError{League: "NBA", Query: "x"}), 404},
		{context.DeadlineExceeded, 504},
		{fmt.Errorf("something broke"), 500},
	}
	for _, tt := range tests {
		s, fb := newTestServer(t, nil)
		fb.err = tt.err
		rec := do(t, s, "/nba/lakers/celtics/thumb")
		if rec.Code != tt.status {
			t.Errorf("backend error %v → %d, want %d", tt.err, rec.Code, tt.status)
		}
		msg := jsonError(t, rec)
		if tt.status == 500 && strings.Contains(msg, "something broke") {
			t.Errorf("500 body leaks the internal error: %q", msg)
		}
	}
}

func TestUnknownTeamSuggestsAFewNames(t *testing.T) {
	s, _ := newTestServer(t, nil)
	rec := do(t, s, "/nba/lakrs/raw")
	if rec.Code != 404 {
		t.Fatalf("status %d, want 404", rec.Code)
	}
	if msg := jsonError(t, rec); !strings.Contains(msg, "did you mean: Los Angeles Lakers") {
		t.Errorf("error %q has no suggestion", msg)
	}
	if !strings.Contains(rec.Body.String(), `"suggestions":["Los Angeles Lakers"]`) {
		t.Errorf("no suggestions list: %s", rec.Body.String())
	}
}

func TestRawRecordOmitsMissingFields(t *testing.T) {
	s, _ := newTestServer(t, nil)
	rec := do(t, s, "/nba/celtics/raw")
	var m map[string]any
	if err := json.Unmarshal(rec.Body.Bytes(), &m); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"city", "conference", "division", "logo", "logoAlt", "alternateColor"} {
		if _, ok := m[k]; ok {
			t.Errorf("raw record has empty field %q: %s", k, rec.Body.String())
		}
	}
	if m["fullName"] != "Boston Celtics" || m["color"] != "#008348" || m["id"] != "2" {
		t.Errorf("raw record = %s", rec.Body.String())
	}
}

func TestLeagueRawNeverShowsProviderConfig(t *testing.T) {
	s, _ := newTestServer(t, nil)
	rec := do(t, s, "/nba/raw")
	var m map[string]any
	json.Unmarshal(rec.Body.Bytes(), &m)
	if m["league"] != "nba" || m["name"] != "National Basketball Association" {
		t.Errorf("league raw = %s", rec.Body.String())
	}
	if rec := do(t, s, "/eng.1/raw"); rec.Code != 404 {
		t.Errorf("/eng.1/raw without fallback = %d, want 404", rec.Code)
	}
	if rec := do(t, s, "/eng.1/raw?fallback=true"); rec.Code != 200 {
		t.Errorf("/eng.1/raw?fallback=true = %d, want 200", rec.Code)
	}
}

func TestHealthRecord(t *testing.T) {
	s, _ := newTestServer(t, nil)
	rec := do(t, s, "/health")
	var h struct {
		Status string  `json:"status"`
		Uptime float64 `json:"uptime"`
		Memory map[string]float64
		Time   string `json:"timestamp"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &h); err != nil {
		t.Fatal(err)
	}
	if h.Status != "ok" || h.Uptime < 0 {
		t.Errorf("health = %s", rec.Body.String())
	}
	for _, k := range []string{"rss", "heapTotal", "heapUsed", "external", "arrayBuffers"} {
		if _, ok := h.Memory[k]; !ok {
			t.Errorf("health.memory has no %s", k)
		}
	}
	if h.Memory["rss"] <= 0 || h.Memory["heapUsed"] <= 0 || h.Memory["heapTotal"] < h.Memory["heapUsed"] {
		t.Errorf("health memory implausible: %v", h.Memory)
	}
	if _, err := time.Parse(time.RFC3339Nano, h.Time); err != nil {
		t.Errorf("timestamp %q is not ISO 8601: %v", h.Time, err)
	}
}

func TestInfo(t *testing.T) {
	s, _ := newTestServer(t, nil)
	var info map[string]any
	json.Unmarshal(do(t, s, "/info").Body.Bytes(), &info)
	if info["name"] != "gamethumbs" || info["version"] == "" || info["go"] == "" {
		t.Errorf("info = %v", info)
	}
	if _, ok := info["git"].(map[string]any); !ok {
		t.Errorf("info.git missing: %v", info)
	}
}

func TestXCProxyModeDisablesOtherRoutes(t *testing.T) {
	cfg := config.Defaults()
	cfg.Mode = config.ModeXCProxy
	xc := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.Write([]byte("xc:" + r.URL.Path)) })
	s := NewServer(Deps{Config: cfg, XC: xc, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if rec := do(t, s, "/health"); rec.Code != 200 {
		t.Errorf("/health = %d in xcproxy mode", rec.Code)
	}
	if rec := do(t, s, "/nba/thumb"); rec.Code != 404 {
		t.Errorf("/nba/thumb = %d in xcproxy mode, want 404", rec.Code)
	}
	if rec := do(t, s, "/xc/main/player_api.php"); rec.Body.String() != "xc:/xc/main/player_api.php" {
		t.Errorf("/xc/main/player_api.php reached %q", rec.Body.String())
	}
}

func TestMethodNotAllowed(t *testing.T) {
	s, _ := newTestServer(t, nil)
	req := httptest.NewRequest(http.MethodPost, "/nba/thumb", nil)
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, req)
	if rec.Code != 405 || rec.Header().Get("Allow") == "" {
		t.Errorf("POST = %d, Allow %q", rec.Code, rec.Header().Get("Allow"))
	}
}

func TestRosterLoadingIs503(t *testing.T) {
	s, fb := newTestServer(t, nil)
	fb.err = &catalog.UpstreamError{Source: "espnathlete", Status: 503, Err: fmt.Errorf("djokovic: %w", catalog.ErrLoading)}
	rec := do(t, s, "/atp/djokovic/alcaraz/thumb")
	if rec.Code != 503 || rec.Header().Get("Retry-After") == "" || !strings.Contains(jsonError(t, rec), "loading") {
		t.Errorf("roster loading = %d Retry-After %q", rec.Code, rec.Header().Get("Retry-After"))
	}
}
