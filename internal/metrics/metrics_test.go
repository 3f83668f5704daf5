package metrics

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"gamethumbs/internal/catalog"
	"gamethumbs/internal/xcproxy"
)

// scrape fetches the exposition text of m through its handler.
func scrape(t *testing.T, m *Metrics) string {
	t.Helper()
	rec := httptest.NewRecorder()
	m.Handler().ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/metrics", nil))
	if rec.Code != 200 {
		t.Fatalf("GET /metrics = %d", rec.Code)
	}
	body, _ := io.ReadAll(rec.Body)
	return string(body)
}

// hasLine reports whether the exposition text holds the exact line.
func hasLine(text, line string) bool {
	for _, l := range strings.Split(text, "\n") {
		if l == line {
			return true
		}
	}
	return false
}

func TestRequestsAndRenders(t *testing.T) {
	m := New()
	m.ObserveRequest("image", 200, 30*time.Millisecond)
	m.ObserveRequest("image", 200, 2*time.Second)
	m.ObserveRequest("data", 404, time.Millisecond)
	m.ObserveRender(120*time.Millisecond, nil)
	m.ObserveRender(time.Millisecond, errors.New("boom"))
	text := scrape(t, m)
	for _, want := range []string{
		`gamethumbs_http_requests_total{route="image",status="200"} 2`,
		`gamethumbs_http_requests_total{route="data",status="404"} 1`,
		`gamethumbs_http_request_duration_seconds_count{route="image",status="200"} 2`,
		`gamethumbs_http_request_duration_seconds_bucket{route="image",status="200",le="0.05"} 1`,
		`gamethumbs_http_request_duration_seconds_bucket{route="image",status="200",le="2.5"} 2`,
		`gamethumbs_renders_total{result="ok"} 1`,
		`gamethumbs_renders_total{result="error"} 1`,
		`gamethumbs_render_duration_seconds_count 2`,
	} {
		if !hasLine(text, want) {
			t.Errorf("scrape lacks %q", want)
		}
	}
	for _, want := range []string{"go_goroutines ", "go_memstats_heap_alloc_bytes ", "process_resident_memory_bytes "} {
		if !strings.Contains(text, want) {
			t.Errorf("scrape lacks the runtime metric %q", want)
		}
	}
}

func TestNilMetricsRecordsNothing(t *testing.T) {
	var m *Metrics
	m.ObserveRequest("image", 200, time.Second)
	m.ObserveRender(time.Second, nil)
	m.WatchCache("image", func() CacheStats { return CacheStats{} })
	p := fakeProvider{}
	if got := m.Provider(p); got != catalog.Provider(p) {
		t.Errorf("nil Metrics wrapped the provider: %T", got)
	}
}

func TestWatchCache(t *testing.T) {
	m := New()
	calls := 0
	m.WatchCache("image", func() CacheStats {
		calls++
		return CacheStats{Bytes: 4096, Entries: 3, Hits: 7, Misses: 2, Evictions: 1}
	})
	m.WatchCache("logo", func() CacheStats { return CacheStats{Hits: 5, Entries: -1, Evictions: -1} })
	text := scrape(t, m)
	for _, want := range []string{
		`gamethumbs_cache_bytes{cache="image"} 4096`,
		`gamethumbs_cache_entries{cache="image"} 3`,
		`gamethumbs_cache_hits_total{cache="image"} 7`,
		`gamethumbs_cache_misses_total{cache="image"} 2`,
		`gamethumbs_cache_evictions_total{cache="image"} 1`,
		`gamethumbs_cache_hits_total{cache="logo"} 5`,
	} {
		if !hasLine(text, want) {
			t.Errorf("scrape lacks %q", want)
		}
	}
	for _, unknown := range []string{`gamethumbs_cache_entries{cache="logo"}`, `gamethumbs_cache_evictions_total{cache="logo"}`} {
		if strings.Contains(text, unknown) {
			t.Errorf("scrape has %q, which the cache does not count", unknown)
		}
	}
	if calls != 1 {
		t.Errorf("stats called %d times in one scrape, want 1", calls)
	}
}

type fakeProvider struct{ err error }

func (fakeProvider) ID() string { return "fake" }
func (f fakeProvider) Teams(context.Context, catalog.League) ([]catalog.Team, error) {
	if f.err != nil {
		return nil, f.err
	}
	return []catalog.Team{{ID: "1"}}, nil
}
func (f fakeProvider) LeagueLogos(context.Context, catalog.League) (string, string, error) {
	return "http://x/light.png", "", f.err
}

func TestProviderDecorator(t *testing.T) {
	tests := []struct {
		name       string
		err        error
		wantErrors string // value of provider_errors_total{op="teams"}, "" when absent
	}{
		{"success", nil, ""},
		{"upstream failure", &catalog.UpstreamError{Source: "fake", Err: errors.New("502")}, "1"},
		{"not covered", fmt.Errorf("no sport: %w", catalog.ErrNotCovered), ""},
		{"client gone", context.Canceled, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := New()
			p := m.Provider(fakeProvider{err: tt.err})
			if p.ID() != "fake" {
				t.Errorf("ID() = %q, want fake", p.ID())
			}
			teams, err := p.Teams(context.Background(), catalog.League{Code: "nba"})
			if !errors.Is(err, tt.err) || (tt.err == nil && len(teams) != 1) {
				t.Errorf("Teams() = %v, %v; want the wrapped provider's answer", teams, err)
			}
			light, _, _ := p.LeagueLogos(context.Background(), catalog.League{Code: "nba"})
			if light != "http://x/light.png" {
				t.Errorf("LeagueLogos() light = %q", light)
			}
			text := scrape(t, m)
			for _, want := range []string{
				`gamethumbs_provider_calls_total{op="teams",provider="fake"} 1`,
				`gamethumbs_provider_calls_total{op="league_logos",provider="fake"} 1`,
				`gamethumbs_provider_call_duration_seconds_count{op="teams",provider="fake"} 1`,
			} {
				if !hasLine(text, want) {
					t.Errorf("scrape lacks %q", want)
				}
			}
			line := `gamethumbs_provider_errors_total{op="teams",provider="fake"} `
			if got := hasLine(text, line+tt.wantErrors); tt.wantErrors != "" && !got {
				t.Errorf("scrape lacks %q", line+tt.wantErrors)
			}
			if tt.wantErrors == "" && strings.Contains(text, line) {
				t.Errorf("scrape counts an error for %v", tt.err)
			}
		})
	}
}

func TestWatchXC(t *testing.T) {
	m := New()
	m.WatchXC(func() xcproxy.Stats {
		return xcproxy.Stats{Requests: 9, BytesStreamed: 1 << 20, GuideFetches: 2, GuideErrors: 1, UpstreamErrors: 3}
	})
	text := scrape(t, m)
	for _, want := range []string{
		`gamethumbs_xc_requests_total 9`,
		`gamethumbs_xc_bytes_streamed_total 1.048576e+06`,
		`gamethumbs_xc_guide_fetches_total 2`,
		`gamethumbs_xc_guide_errors_total 1`,
		`gamethumbs_xc_upstream_errors_total 3`,
		`gamethumbs_xc_playlists_rewritten_total 0`,
	} {
		if !hasLine(text, want) {
			t.Errorf("scrape lacks %q", want)
		}
	}
}

// BenchmarkObserveRequest is the cost metrics add to every request.
func BenchmarkObserveRequest(b *testing.B) {
	m := New()
	b.ReportAllocs()
	for b.Loop() {
		m.ObserveRequest("image", 200, 3*time.Millisecond)
	}
}

func TestWatchRedis(t *testing.T) {
	m := New()
	up := true
	var errs uint64 = 3
	m.WatchRedis(func() bool { return up }, func() uint64 { return errs })
	text := scrape(t, m)
	if !hasLine(text, "gamethumbs_redis_up 1") || !hasLine(text, "gamethumbs_redis_errors_total 3") {
		t.Fatalf("redis metrics missing:\n%s", text)
	}
	up = false
	if text := scrape(t, m); !hasLine(text, "gamethumbs_redis_up 0") {
		t.Fatal("redis_up did not follow the state")
	}
}

func TestWatchRecompress(t *testing.T) {
	m := New()
	m.WatchRecompress(func() RecompressStats { return RecompressStats{Replaced: 2, Yielded: 5, Saved: 1234} })
	text := scrape(t, m)
	for _, want := range []string{`gamethumbs_recompress_total{result="replaced"} 2`, `gamethumbs_recompress_total{result="yielded"} 5`,
		`gamethumbs_recompress_total{result="failed"} 0`, "gamethumbs_recompress_saved_bytes_total 1234"} {
		if !hasLine(text, want) {
			t.Fatalf("no line %s in:\n%s", want, text)
		}
	}
}
