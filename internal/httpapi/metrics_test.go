package httpapi

import (
	"io"
	"log/slog"
	"strconv"
	"strings"
	"testing"
	"time"

	"gamethumbs/internal/cache"
	"gamethumbs/internal/config"
	"gamethumbs/internal/metrics"
)

func newMeteredServer(t *testing.T, mutate func(*config.Config)) (*Server, *fakeBackend) {
	t.Helper()
	cfg := config.Defaults()
	cfg.RateLimitPerMinute = 0
	if mutate != nil {
		mutate(&cfg)
	}
	fb := &fakeBackend{}
	s := NewServer(Deps{Config: cfg, Backend: fb, Metrics: metrics.New(), Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	return s, fb
}

// sample returns the value of the exposition line that starts with name
// (labels included), or -1 when there is none.
func sample(t *testing.T, s *Server, name string) float64 {
	t.Helper()
	rec := do(t, s, "/metrics")
	if rec.Code != 200 {
		t.Fatalf("GET /metrics = %d", rec.Code)
	}
	for _, line := range strings.Split(rec.Body.String(), "\n") {
		if rest, ok := strings.CutPrefix(line, name+" "); ok {
			v, err := strconv.ParseFloat(rest, 64)
			if err != nil {
				t.Fatalf("line %q: %v", line, err)
			}
			return v
		}
	}
	return -1
}

func TestMetricsMoveWithRequests(t *testing.T) {
	s, _ := newMeteredServer(t, nil)
	const (
		count    = `gamethumbs_http_requests_total{route="image",status="200"}`
		hist     = `gamethumbs_http_request_duration_seconds_count{route="image",status="200"}`
		inf      = `gamethumbs_http_request_duration_seconds_bucket{route="image",status="200",le="+Inf"}`
		renders  = `gamethumbs_renders_total{result="ok"}`
		rendered = `gamethumbs_render_duration_seconds_count`
		hits     = `gamethumbs_cache_hits_total{cache="image"}`
		misses   = `gamethumbs_cache_misses_total{cache="image"}`
		bytes    = `gamethumbs_cache_bytes{cache="image"}`
		notFound = `gamethumbs_http_requests_total{route="image",status="404"}`
	)
	if v := sample(t, s, count); v != -1 {
		t.Fatalf("%s = %v before any request", count, v)
	}
	if rec := do(t, s, "/nba/lakers/celtics/thumb"); rec.Code != 200 {
		t.Fatalf("thumb = %d", rec.Code)
	}
	for name, want := range map[string]float64{count: 1, hist: 1, inf: 1, renders: 1, rendered: 1, misses: 1, hits: 0} {
		if got := sample(t, s, name); got != want {
			t.Errorf("after one thumb: %s = %v, want %v", name, got, want)
		}
	}
	if got := sample(t, s, bytes); got <= 0 {
		t.Errorf("after one thumb: %s = %v, want the cached image's size", bytes, got)
	}
	// The same picture again comes from the cache: no render.
	do(t, s, "/nba/lakers/celtics/thumb")
	do(t, s, "/nba/knicks/thumb")
	for name, want := range map[string]float64{count: 2, hist: 2, renders: 1, hits: 1, notFound: 1} {
		if got := sample(t, s, name); got != want {
			t.Errorf("after a cached thumb and a 404: %s = %v, want %v", name, got, want)
		}
	}
	// Scrapes count under the health kind.
	if got := sample(t, s, `gamethumbs_http_requests_total{route="health",status="200"}`); got < 1 {
		t.Errorf("scrapes are not counted: %v", got)
	}
}

func TestMetricsNotRateLimited(t *testing.T) {
	s, _ := newMeteredServer(t, func(c *config.Config) { c.RateLimitPerMinute = 1 })
	for i := range 10 {
		if rec := do(t, s, "/metrics"); rec.Code != 200 {
			t.Fatalf("scrape %d = %d, want 200 (never rate limited)", i+1, rec.Code)
		}
	}
}

func TestMetricsOff(t *testing.T) {
	s, _ := newTestServer(t, nil) // no Metrics: METRICS=false
	rec := do(t, s, "/metrics")
	if rec.Code != 404 {
		t.Errorf("GET /metrics with METRICS=false = %d, want 404", rec.Code)
	}
	jsonError(t, rec)
	if rec := do(t, s, "/nba/lakers/celtics/thumb"); rec.Code != 200 {
		t.Errorf("thumb without metrics = %d", rec.Code)
	}
}

func TestMetricsInProxyMode(t *testing.T) {
	s, _ := newMeteredServer(t, func(c *config.Config) { c.Mode = config.ModeXCProxy })
	if rec := do(t, s, "/metrics"); rec.Code != 200 {
		t.Errorf("GET /metrics in xcproxy mode = %d, want 200", rec.Code)
	}
}

// The tiers below memory report their own hit ratio: a picture found on
// disk after a restart counts as a disk hit, the first lookup as a miss.
func TestMetricsCountDiskTierHits(t *testing.T) {
	dir := t.TempDir()
	var d *cache.Disk
	newWithDisk := func() *Server {
		var err error
		d, err = cache.OpenDisk(dir, 1<<20, time.Hour)
		if err != nil {
			t.Fatal(err)
		}
		cfg := config.Defaults()
		cfg.RateLimitPerMinute = 0
		return NewServer(Deps{Config: cfg, Backend: &fakeBackend{}, Disk: d, Metrics: metrics.New(),
			Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	}
	const (
		hits   = `gamethumbs_cache_hits_total{cache="image_disk"}`
		misses = `gamethumbs_cache_misses_total{cache="image_disk"}`
	)
	s1 := newWithDisk()
	do(t, s1, "/nba/lakers/celtics/thumb")
	if got := sample(t, s1, misses); got != 1 {
		t.Errorf("first render: %s = %v, want 1", misses, got)
	}
	for deadline := time.Now().Add(5 * time.Second); d.Used() == 0; time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("image never written to the disk tier")
		}
	}
	d.Close()
	s2 := newWithDisk()
	do(t, s2, "/nba/lakers/celtics/thumb")
	if got := sample(t, s2, hits); got != 1 {
		t.Errorf("after a restart: %s = %v, want 1 (the picture came from disk)", hits, got)
	}
	if got := sample(t, s2, `gamethumbs_cache_bytes{cache="image_disk"}`); got != -1 {
		t.Errorf("the disk tier exports a memory size (%v); it has none", got)
	}
}
