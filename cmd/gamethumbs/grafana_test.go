package main

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// dashboardFile is the Grafana dashboard shipped for the service's metrics.
const dashboardFile = "../../deploy/grafana/gamethumbs-dashboard.json"

// grafanaDashboard is what the test reads of the dashboard JSON.
type grafanaDashboard struct {
	Title         string `json:"title"`
	UID           string `json:"uid"`
	SchemaVersion int    `json:"schemaVersion"`
	Inputs        []struct {
		Name, Type, PluginID string
	} `json:"__inputs"`
	Templating struct {
		List []struct {
			Name, Type string
		} `json:"list"`
	} `json:"templating"`
	Panels []struct {
		ID         int    `json:"id"`
		Type       string `json:"type"`
		Title      string `json:"title"`
		Datasource *struct {
			Type, UID string
		} `json:"datasource"`
		GridPos struct{ H, W, X, Y int } `json:"gridPos"`
		Targets []struct {
			RefID string `json:"refId"`
			Expr  string `json:"expr"`
		} `json:"targets"`
	} `json:"panels"`
}

// TestGrafanaDashboard checks that the dashboard is importable (the
// fields and shapes Grafana's import needs: a Prometheus data-source
// input, unique panel ids, panels on the 24-column grid without overlap,
// every query with a refId) and that every PromQL query names only
// metrics the service exports: /metrics of a running service (images,
// providers, a failing provider and logo, the XC proxy, Redis) is
// scraped and parsed.
func TestGrafanaDashboard(t *testing.T) {
	raw, err := os.ReadFile(dashboardFile)
	if err != nil {
		t.Fatal(err)
	}
	var d grafanaDashboard
	if err := json.Unmarshal(raw, &d); err != nil {
		t.Fatalf("%s is not JSON: %v", dashboardFile, err)
	}
	if d.Title == "" || d.UID == "" || d.SchemaVersion < 30 || len(d.Panels) == 0 {
		t.Fatalf("dashboard lacks title, uid, a current schemaVersion or panels: %q %q %d", d.Title, d.UID, d.SchemaVersion)
	}
	if len(d.Inputs) != 1 || d.Inputs[0].Type != "datasource" || d.Inputs[0].PluginID != "prometheus" {
		t.Errorf("__inputs = %+v, want one Prometheus data source", d.Inputs)
	}
	ids := map[int]bool{}
	cells := map[[2]int]int{}
	var exprs []string
	for _, p := range d.Panels {
		g := p.GridPos
		if p.ID == 0 || ids[p.ID] || p.Title == "" || g.W <= 0 || g.H <= 0 || g.X < 0 || g.X+g.W > 24 {
			t.Errorf("panel %d %q: bad id, title or gridPos %+v", p.ID, p.Title, g)
		}
		ids[p.ID] = true
		for x := g.X; x < g.X+g.W; x++ {
			for y := g.Y; y < g.Y+g.H; y++ {
				if other, ok := cells[[2]int{x, y}]; ok {
					t.Errorf("panel %d %q overlaps panel %d at %d,%d", p.ID, p.Title, other, x, y)
				}
				cells[[2]int{x, y}] = p.ID
			}
		}
		if p.Type == "row" {
			continue
		}
		if p.Datasource == nil || p.Datasource.Type != "prometheus" || p.Datasource.UID != "${"+d.Inputs[0].Name+"}" || len(p.Targets) == 0 {
			t.Errorf("panel %q: data source %+v, %d queries", p.Title, p.Datasource, len(p.Targets))
		}
		for _, tg := range p.Targets {
			if tg.RefID == "" || tg.Expr == "" {
				t.Errorf("panel %q: a query without refId or expr", p.Title)
			}
			exprs = append(exprs, tg.Expr)
		}
	}
	want := []string{"gamethumbs_http_requests_total", "gamethumbs_http_request_duration_seconds_bucket", "gamethumbs_cache_hits_total",
		"gamethumbs_renders_total", "gamethumbs_provider_circuit_state", "gamethumbs_xc_streams_open"}
	all := strings.Join(exprs, "\n")
	for _, m := range want {
		if !strings.Contains(all, m) {
			t.Errorf("the dashboard has no panel on %s", m)
		}
	}

	exported := scrapeMetricNames(t)
	metricName := regexp.MustCompile(`\b(?:gamethumbs|process|go)_[a-zA-Z0-9_:]*`)
	for _, e := range exprs {
		names := metricName.FindAllString(e, -1)
		if len(names) == 0 {
			t.Errorf("query names no metric: %s", e)
		}
		for _, n := range names {
			if !exported[n] {
				t.Errorf("query names %s, which /metrics does not export: %s", n, e)
			}
		}
	}
}

// scrapeMetricNames runs the service with everything that exports
// metrics switched on, makes it do a little of everything, and returns
// the sample names of its /metrics.
func scrapeMetricNames(t *testing.T) map[string]bool {
	t.Helper()
	panel := &xcPanel{m: &xcMedia{}}
	panel.srv = httptest.NewServer(http.HandlerFunc(panel.serve))
	t.Cleanup(panel.srv.Close)
	dir := t.TempDir()
	teams := `{"nfl": {"badlogo": {"custom": true, "override": {"name": "Bad Logo", "logo": "http://127.0.0.1:1/x.png"}}}}`
	if err := os.WriteFile(filepath.Join(dir, "teams.json"), []byte(teams), 0o644); err != nil {
		t.Fatal(err)
	}
	svc := start(t, map[string]string{"DEMO": "true", "XC_PROXY": "true", "XC_PROXY_UPSTREAM": "main=" + panel.srv.URL,
		"REDIS_URL": "redis://127.0.0.1:1/0", "CUSTOM_DATA_DIR": dir, "CACHE_DIR": "off"})
	for _, p := range []string{"/demo/herons/comets/thumb", "/demo/herons/comets/thumb", "/nba/lakers/raw",
		"/epl/arsenal/raw", "/nfl/badlogo/thumb", "/xc/main/player_api.php?username=u&password=p", "/nope"} {
		svc.get(t, p)
	}
	_, body := svc.get(t, "/metrics")
	names := map[string]bool{}
	for _, l := range strings.Split(string(body), "\n") {
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		name := l[:strings.IndexAny(l, "{ ")]
		names[name] = true
	}
	if len(names) < 20 {
		t.Fatalf("/metrics has only %d series:\n%s", len(names), body)
	}
	return names
}
