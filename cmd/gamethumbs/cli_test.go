package main

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"slices"
	"strings"
	"testing"

	"gamethumbs/internal/config"
)

func TestHelpListsEverySetting(t *testing.T) {
	var out strings.Builder
	bad := func(k string) string { return map[string]string{"PORT": "not-a-port"}[k] }
	// -h works even when the environment is invalid: it reads no setting.
	if err := run(context.Background(), []string{"-h"}, bad, &out); err != nil {
		t.Fatalf("run -h = %v", err)
	}
	for _, s := range config.Settings {
		for _, n := range s.Names {
			if !strings.Contains(out.String(), "\n  "+n+"\n") {
				t.Errorf("-h does not list %s on a line of its own", n)
			}
		}
		if !strings.Contains(out.String(), config.Plain(s.Meaning)) {
			t.Errorf("-h lacks the meaning of %v", s.Names)
		}
	}
	// Plain text: no Markdown code marks or links.
	for _, md := range []string{"`", "](", "[Rate limits]"} {
		if strings.Contains(out.String(), md) {
			t.Errorf("-h prints Markdown (%q)", md)
		}
	}
	for _, want := range []string{"default: 3000", "-version", "gamethumbs config", "\n  LEAGUES_ENABLE_TENNIS\n", "\n  LEAGUES_ENABLE_MMA\n", "\n  NODE_ENV\n",
		"redis://[user:pass@]host:6379/0", "See Rate limits (docs/operations.md)"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("-h lacks %q", want)
		}
	}
}

func TestVersionFlag(t *testing.T) {
	var out strings.Builder
	if err := run(context.Background(), []string{"-version"}, func(string) string { return "" }, &out); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(out.String(), "gamethumbs ") || !strings.Contains(out.String(), "go1.") {
		t.Errorf("-version printed %q", out.String())
	}
}

func TestConfigCommandMasksSecrets(t *testing.T) {
	env := map[string]string{"PORT": "8123", "THESPORTSDB_API_KEY": "very-secret",
		"XC_PROXY": "true", "XC_PROXY_UPSTREAM": "main=http://bob:hunter2@panel:8080"}
	var out strings.Builder
	if err := run(context.Background(), []string{"config"}, func(k string) string { return env[k] }, &out); err != nil {
		t.Fatal(err)
	}
	text := out.String()
	for _, secret := range []string{"very-secret", "hunter2", "bob"} {
		if strings.Contains(text, secret) {
			t.Errorf("config shows %q:\n%s", secret, text)
		}
	}
	for _, want := range []string{"PORT", "8123", "(set)", "RENDER_QUEUE", "64", "(default)", "main=http://***@panel:8080"} {
		if !strings.Contains(text, want) {
			t.Errorf("config output lacks %q:\n%s", want, text)
		}
	}
	if err := run(context.Background(), []string{"config"}, func(k string) string { return map[string]string{"PORT": "x"}[k] }, &out); err == nil ||
		!strings.Contains(err.Error(), "PORT") {
		t.Errorf("config with a bad PORT = %v, want an error naming PORT", err)
	}
}

// TestStartLine: one JSON line at start names the page URL and every
// effective setting, masked; durations are milliseconds.
func TestStartLine(t *testing.T) {
	svc := start(t, map[string]string{"LOG_FORMAT": "json", "THESPORTSDB_API_KEY": "very-secret"})
	var line map[string]any
	for _, l := range strings.Split(svc.logs.String(), "\n") {
		if strings.Contains(l, `"gamethumbs listening"`) {
			if err := json.Unmarshal([]byte(l), &line); err != nil {
				t.Fatal(err)
			}
		}
	}
	if line == nil {
		t.Fatalf("no start line in\n%s", svc.logs.String())
	}
	if u, _ := line["url"].(string); !strings.HasPrefix(u, "http://localhost:") || !strings.HasSuffix(u, "/") {
		t.Errorf("start line url = %v", line["url"])
	}
	cfg, _ := line["config"].(map[string]any)
	if cfg["THESPORTSDB_API_KEY"] != "***" || cfg["LOG_FORMAT"] != "json" {
		t.Errorf("start line config = %v", cfg)
	}
	if _, ok := cfg["RENDER_QUEUE"]; ok {
		t.Errorf("start line lists the default RENDER_QUEUE: %v", cfg)
	}
	for name := range cfg { // only what the test set (start() sets a few)
		if !strings.HasSuffix(name, "_URL") && !slices.Contains([]string{"PORT", "RATE_LIMIT_PER_MINUTE", "LOG_FORMAT", "THESPORTSDB_API_KEY"}, name) {
			t.Errorf("start line lists %s, which the test did not set", name)
		}
	}
	svc.stop()
	<-svc.done
	svc.done <- nil // for the cleanup
	if !strings.Contains(svc.logs.String(), `"grace_ms":10000`) {
		t.Errorf("shutdown line lacks grace_ms: %s", svc.logs.String())
	}
}

// TestMetricsAddr: with METRICS_ADDR, /metrics moves to its own listener
// and the public port answers 404 for it.
func TestMetricsAddr(t *testing.T) {
	svc := start(t, map[string]string{"METRICS_ADDR": "127.0.0.1:0"})
	if resp, _ := svc.get(t, "/metrics"); resp.StatusCode != 404 {
		t.Errorf("public /metrics with METRICS_ADDR = %d, want 404", resp.StatusCode)
	}
	i := strings.Index(svc.logs.String(), "metrics listening")
	if i < 0 {
		t.Fatalf("no metrics listener logged:\n%s", svc.logs.String())
	}
	line := svc.logs.String()[i:]
	u := line[strings.Index(line, "http://"):]
	u = u[:strings.IndexAny(u, " \n")]
	resp, err := http.Get(u)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !strings.Contains(string(body), "gamethumbs_build_info") {
		t.Errorf("GET %s = %d %.200s", u, resp.StatusCode, body)
	}
}

// TestCircuitStateMetric: /metrics shows the circuit breaker of every
// provider that has one (closed while the fake ESPN answers).
func TestCircuitStateMetric(t *testing.T) {
	svc := start(t, nil)
	svc.get(t, "/nba/lakers/raw")
	_, body := svc.get(t, "/metrics")
	if !strings.Contains(string(body), "gamethumbs_provider_circuit_state{provider=") {
		t.Errorf("/metrics lacks gamethumbs_provider_circuit_state:\n%.2000s", body)
	}
}

// TestStartLineDebug: with LOG_LEVEL=debug the start line lists every
// setting, defaults included; and one line says where the XC proxy
// listens: the /xc/<id> server URL of each upstream and each root-mode
// listener.
func TestStartLineDebug(t *testing.T) {
	svc := start(t, map[string]string{"LOG_LEVEL": "debug", "XC_PROXY": "true",
		"XC_PROXY_UPSTREAM": "main=" + closedURL + ",backup=" + closedURL, "XC_PROXY_LISTEN": "main=127.0.0.1:0"})
	logs := svc.logs.String()
	if !strings.Contains(logs, "config.RENDER_QUEUE=64") || !strings.Contains(logs, "config.WEBP_QUALITY=80") {
		t.Errorf("debug start line lacks the defaults:\n%s", logs)
	}
	var xcLine string
	for _, l := range strings.Split(logs, "\n") {
		if strings.Contains(l, "xc proxy listening") {
			xcLine = l
		}
	}
	port := strings.TrimPrefix(svc.base, "http://127.0.0.1:")
	for _, want := range []string{"main=http://localhost:" + port + "/xc/main", "backup=http://localhost:" + port + "/xc/backup", "main=http://127.0.0.1:", "(root)", "streams=\"from the panel\""} {
		if !strings.Contains(xcLine, want) {
			t.Errorf("xc line lacks %q: %q", want, xcLine)
		}
	}
}
