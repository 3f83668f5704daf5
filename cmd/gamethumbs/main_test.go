package main

import (
	"bytes"
	"context"
	"encoding/json"
	"image/png"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"gamethumbs/internal/espntest"
	"gamethumbs/internal/testutil"
)

// service is a gamethumbs started by run() against a fake ESPN.
type service struct {
	base string
	espn *espntest.Server
	logs *syncBuffer
	stop context.CancelFunc
	done chan error
}

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// skipShort skips a slow test under -short: real players, Chromium, long
// waits. `go test -short ./...` is the quick loop (see the README).
func skipShort(t *testing.T, what string) {
	t.Helper()
	if testing.Short() {
		t.Skip(what + ": skipped with -short")
	}
}

// closedURL is a local address where nothing listens.
const closedURL = "http://127.0.0.1:1"

func start(t *testing.T, extra map[string]string) *service {
	t.Helper()
	return startArgs(t, nil, extra)
}

// startArgs starts the service with command-line args and extra
// environment variables over the test defaults.
func startArgs(t *testing.T, args []string, extra map[string]string) *service {
	t.Helper()
	return startOn(t, espntest.New(t), args, extra)
}

// startOn starts the service against the given fake ESPN, so several
// services (replicas) can share one.
func startOn(t *testing.T, fake *espntest.Server, args []string, extra map[string]string) *service {
	t.Helper()
	env := map[string]string{
		"PORT": "0", "RATE_LIMIT_PER_MINUTE": "0",
		"ESPN_SITE_API_URL": fake.SiteURL, "ESPN_CORE_API_URL": fake.CoreURL, "ESPN_CDN_URL": fake.CDNURL,
		// The other providers point at a closed local port: tests never
		// leave the machine (leagues such as epl try TheSportsDB first).
		"THESPORTSDB_API_URL": closedURL, "MLBSTATS_API_URL": closedURL, "MLB_LOGO_URL": closedURL,
		"HOCKEYTECH_API_URL": closedURL, "FLAGCDN_URL": closedURL,
	}
	for k, v := range extra {
		env[k] = v
	}
	ctx, cancel := context.WithCancel(context.Background())
	ready := make(chan string, 1)
	logs := &syncBuffer{}
	svc := &service{espn: fake, logs: logs, stop: cancel, done: make(chan error, 1)}
	go func() { svc.done <- serve(ctx, args, func(k string) string { return env[k] }, logs, ready) }()
	select {
	case addr := <-ready:
		svc.base = "http://" + strings.Replace(addr, "[::]", "127.0.0.1", 1)
	case err := <-svc.done:
		t.Fatalf("service did not start: %v", err)
	case <-time.After(10 * time.Second):
		t.Fatal("service did not start within 10s")
	}
	t.Cleanup(func() {
		cancel()
		<-svc.done
		keepLog(t, logs.String())
	})
	return svc
}

// keepLog appends a test's captured log output to $GAMETHUMBS_TEST_LOG_DIR
// (when set), so that the logs of a whole test run can be searched for
// planted credentials afterwards (TestMain searches them).
func keepLog(t testing.TB, logs string) { testutil.KeepLog(t, "gamethumbs.log", logs) }

func (s *service) get(t *testing.T, path string) (*http.Response, []byte) {
	t.Helper()
	resp, err := http.Get(s.base + path)
	if err != nil {
		t.Fatalf("GET %s: %v", path, err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp, body
}

func TestServiceEndToEnd(t *testing.T) {
	svc := start(t, nil)

	resp, body := svc.get(t, "/health")
	if resp.StatusCode != 200 || !strings.Contains(string(body), `"status":"ok"`) {
		t.Fatalf("/health = %d %s", resp.StatusCode, body)
	}

	resp, body = svc.get(t, "/nba/lakers/raw")
	var team map[string]string
	if err := json.Unmarshal(body, &team); err != nil || resp.StatusCode != 200 {
		t.Fatalf("/nba/lakers/raw = %d %s", resp.StatusCode, body)
	}
	if team["fullName"] != "Los Angeles Lakers" || team["abbreviation"] != "LAL" || !strings.HasPrefix(team["color"], "#") ||
		!strings.HasPrefix(team["logo"], svc.espn.CDNURL) {
		t.Errorf("raw record = %v", team)
	}

	// The raw logo is the provider's bytes, with their real type.
	resp, body = svc.get(t, "/nba/lakers/logo")
	if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "image/png" {
		t.Fatalf("/nba/lakers/logo = %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	upstream, err := http.Get(team["logo"])
	if err != nil {
		t.Fatal(err)
	}
	want, _ := io.ReadAll(upstream.Body)
	upstream.Body.Close()
	if !bytes.Equal(body, want) {
		t.Errorf("raw logo differs from the provider's bytes (%d vs %d bytes)", len(body), len(want))
	}

	resp, body = svc.get(t, "/nba/lakrs/thumb")
	if resp.StatusCode != 404 || !strings.Contains(string(body), "Lakers") {
		t.Errorf("/nba/lakrs/thumb = %d %s, want 404 suggesting the Lakers", resp.StatusCode, body)
	}
	resp, _ = svc.get(t, "/nosuchleague/thumb")
	if resp.StatusCode != 404 {
		t.Errorf("/nosuchleague/thumb = %d, want 404", resp.StatusCode)
	}
}

func TestServiceRendersImages(t *testing.T) {
	svc := start(t, nil)
	tests := []struct {
		path          string
		width, height int
	}{
		{"/nba/lakers/celtics/thumb", 1440, 1080},
		{"/nba/lakers/celtics/cover?aspect=9-16", 1080, 1920},
		{"/nba/lakers/thumb", 1440, 1080},
		{"/nba/cover", 1080, 1440},
		{"/nfl/chiefs/eagles/thumb?style=99&aspect=16-9", 1920, 1080},
		{"/nba/lakers/celtics/thumb?fallback=true", 1440, 1080},
		{"/nba/lakers/nosuchteam/thumb?fallback=true", 1440, 1080},
		{"/eng.1/arsenal/chelsea/thumb?fallback=true", 1440, 1080},
	}
	for _, tt := range tests {
		resp, body := svc.get(t, tt.path)
		if resp.StatusCode == 501 {
			t.Skip("renderer not available yet")
		}
		if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "image/png" {
			t.Errorf("GET %s = %d %s %s", tt.path, resp.StatusCode, resp.Header.Get("Content-Type"), body)
			continue
		}
		cfg, err := png.DecodeConfig(bytes.NewReader(body))
		if err != nil || cfg.Width != tt.width || cfg.Height != tt.height {
			t.Errorf("GET %s: PNG %dx%d (%v), want %dx%d", tt.path, cfg.Width, cfg.Height, err, tt.width, tt.height)
		}
	}
}

func TestProviderFailuresMapToGatewayErrors(t *testing.T) {
	svc := start(t, map[string]string{"REQUEST_TIMEOUT": "300"})
	svc.espn.Fail(espntest.TeamsPath("basketball", "nba"), 503)
	if resp, body := svc.get(t, "/nba/lakers/raw"); resp.StatusCode != 502 {
		t.Errorf("provider 503: %d %s, want 502", resp.StatusCode, body)
	}
	svc.espn.Delay(espntest.TeamsPath("hockey", "nhl"), 2*time.Second)
	if resp, body := svc.get(t, "/nhl/bruins/raw"); resp.StatusCode != 504 {
		t.Errorf("provider slower than REQUEST_TIMEOUT: %d %s, want 504", resp.StatusCode, body)
	}
}

func TestCredentialsNeverLogged(t *testing.T) {
	svc := start(t, nil)
	svc.get(t, "/nba/lakers/raw?username=alice&password=s3cret")
	if logs := svc.logs.String(); strings.Contains(logs, "s3cret") || strings.Contains(logs, "alice") {
		t.Errorf("credentials reached the log:\n%s", logs)
	}
}

func TestGracefulShutdownFinishesInFlightRequests(t *testing.T) {
	svc := start(t, nil)
	svc.espn.Delay(espntest.TeamsPath("football", "nfl"), 400*time.Millisecond)
	got := make(chan int, 1)
	go func() {
		resp, err := http.Get(svc.base + "/nfl/chiefs/raw")
		if err != nil {
			got <- -1
			return
		}
		resp.Body.Close()
		got <- resp.StatusCode
	}()
	time.Sleep(150 * time.Millisecond)
	svc.stop()
	if code := <-got; code != 200 {
		t.Errorf("in-flight request during shutdown = %d, want 200", code)
	}
	if err := <-svc.done; err != nil {
		t.Errorf("run returned %v after shutdown", err)
	}
	svc.done <- nil // for Cleanup
}

func TestInvalidConfigurationStopsStart(t *testing.T) {
	for _, env := range []map[string]string{
		{"PORT": "abc"},
		{"RATE_LIMIT_PER_MINUTE": "-1"},
		{"APP_MODE": "proxy"},
		{"XC_PROXY": "true", "XC_PROXY_UPSTREAM": "broken"},
	} {
		err := run(context.Background(), nil, func(k string) string { return env[k] }, io.Discard)
		for name := range env {
			if name == "XC_PROXY" {
				name = "XC_PROXY_UPSTREAM"
			}
			if err == nil || !strings.Contains(err.Error(), name) {
				t.Errorf("run with %v = %v, want an error naming %s", env, err, name)
			}
		}
	}
}
