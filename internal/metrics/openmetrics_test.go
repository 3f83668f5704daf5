package metrics

import (
	"net/http"
	"net/http/httptest"
	"os/exec"
	"strings"
	"testing"
	"time"

	"gamethumbs/internal/catalog"
	"gamethumbs/internal/xcproxy"
)

// strictParser finds a Python with prometheus_client, whose OpenMetrics
// parser rejects anything the format does not allow (Debian package
// python3-prometheus-client).
func strictParser(t *testing.T) string {
	t.Helper()
	for _, py := range []string{"python3", "/usr/bin/python3"} {
		if exec.Command(py, "-c", "import prometheus_client.openmetrics.parser").Run() == nil {
			return py
		}
	}
	t.Skip("no python3 with prometheus_client (apt-get install python3-prometheus-client): strict OpenMetrics check skipped")
	return ""
}

// TestOpenMetricsStrict: the OpenMetrics exposition of a fully wired
// registry (every collector of the service, with samples) passes the
// strict reference parser.
func TestOpenMetricsStrict(t *testing.T) {
	py := strictParser(t)
	m := New()
	end := m.Begin("image")
	defer end()
	m.ObserveRequest("image", 200, 30*time.Millisecond)
	m.ObserveRequest("xc", 502, time.Second)
	m.ObserveRender(120*time.Millisecond, nil)
	m.WatchCache("image", func() CacheStats { return CacheStats{Bytes: 10, Entries: 1, Hits: 2, Misses: 3, Evictions: 4} })
	m.WatchCache("logo", func() CacheStats { return CacheStats{Bytes: 10, Hits: 2, Misses: 3, Entries: -1, Evictions: -1} })
	m.WatchXC(func() xcproxy.Stats { return xcproxy.Stats{Requests: 3} })
	m.WatchRenders(func() int { return 1 }, func() int { return 2 })
	m.WatchCircuits(func() map[string]string {
		return map[string]string{"espn": "open", "mlbstats": "half-open", "flags": "closed"}
	})
	p := m.Provider(fakeProvider{})
	p.Teams(t.Context(), catalog.League{Code: "nba"})

	req := httptest.NewRequest(http.MethodGet, "/metrics", nil)
	req.Header.Set("Accept", "application/openmetrics-text; version=1.0.0")
	rec := httptest.NewRecorder()
	m.Handler().ServeHTTP(rec, req)
	if ct := rec.Header().Get("Content-Type"); !strings.HasPrefix(ct, "application/openmetrics-text") {
		t.Fatalf("Content-Type = %q, want OpenMetrics", ct)
	}
	text := rec.Body.String()
	cmd := exec.Command(py, "-c", `import sys
from prometheus_client.openmetrics.parser import text_string_to_metric_families
n = sum(len(f.samples) for f in text_string_to_metric_families(sys.stdin.read()))
print(n)`)
	cmd.Stdin = strings.NewReader(text)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("strict OpenMetrics parser rejects /metrics: %v\n%s", err, out)
	}
	for _, want := range []string{
		`gamethumbs_http_requests_in_flight{route="image"} 1`,
		`gamethumbs_http_requests_in_flight{route="data"} 0`,
		`gamethumbs_renders_in_flight 1`,
		`gamethumbs_renders_queued 2`,
		`gamethumbs_provider_circuit_state{provider="espn"} 2.0`,
		`gamethumbs_provider_circuit_state{provider="mlbstats"} 1.0`,
		`gamethumbs_provider_circuit_state{provider="flags"} 0.0`,
		`gamethumbs_build_info{commit="`,
	} {
		if !strings.Contains(text, want) {
			t.Errorf("exposition lacks %q", want)
		}
	}
	t.Logf("strict parser accepted %s samples", strings.TrimSpace(string(out)))
}
