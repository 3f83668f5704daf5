package main

import (
	"bytes"
	"context"
	"encoding/json"
	"image/png"
	"io"
	"strings"
	"testing"
)

func TestDemoMode(t *testing.T) {
	for _, tt := range []struct {
		name string
		args []string
		env  map[string]string
	}{
		{"flag", []string{"-demo"}, nil},
		{"environment", nil, map[string]string{"DEMO": "true"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			svc := startArgs(t, tt.args, tt.env)
			resp, body := svc.get(t, "/demo/herons/comets/thumb")
			if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "image/png" {
				t.Fatalf("/demo/herons/comets/thumb = %d %s", resp.StatusCode, body)
			}
			if cfg, err := png.DecodeConfig(bytes.NewReader(body)); err != nil || cfg.Width != 1440 || cfg.Height != 1080 {
				t.Errorf("demo thumb is %dx%d (%v), want 1440x1080", cfg.Width, cfg.Height, err)
			}
			var leagues struct{ Default string }
			_, body = svc.get(t, "/api/leagues")
			if json.Unmarshal(body, &leagues); leagues.Default != "demo" {
				t.Errorf("/api/leagues default = %q, want demo", leagues.Default)
			}
			if !strings.Contains(svc.logs.String(), "/demo/herons/comets/thumb") {
				t.Error("the start log does not point at a demo picture")
			}
			// The start line's settings say what the service uses, flag or not.
			if !strings.Contains(svc.logs.String(), "config.DEMO=true") {
				t.Errorf("the start line does not show DEMO=true:\n%s", svc.logs.String())
			}
		})
	}
}

func TestDemoModeKeepsESPNAndCountsProviders(t *testing.T) {
	svc := startArgs(t, []string{"-demo"}, nil)
	for _, path := range []string{"/demo/owls/sharks/logo?size=256", "/demo/wolves/raw", "/nba/lakers/celtics/thumb?aspect=1-1"} {
		if resp, body := svc.get(t, path); resp.StatusCode != 200 {
			t.Errorf("GET %s = %d %s", path, resp.StatusCode, body)
		}
	}
	_, metrics := svc.get(t, "/metrics")
	for _, want := range []string{
		`gamethumbs_provider_calls_total{op="teams",provider="demo"}`,
		`gamethumbs_provider_calls_total{op="teams",provider="espn"}`,
		`gamethumbs_renders_total{result="ok"} 2`,
	} {
		if !bytes.Contains(metrics, []byte(want)) {
			t.Errorf("/metrics lacks %s", want)
		}
	}
}

func TestWithoutDemoThereIsNoDemoLeague(t *testing.T) {
	svc := start(t, nil)
	if resp, _ := svc.get(t, "/demo/herons/comets/thumb"); resp.StatusCode != 404 {
		t.Errorf("/demo/... without -demo = %d, want 404", resp.StatusCode)
	}
}

func TestMetricsOffWithEnvironment(t *testing.T) {
	svc := start(t, map[string]string{"METRICS": "false"})
	if resp, _ := svc.get(t, "/metrics"); resp.StatusCode != 404 {
		t.Errorf("/metrics with METRICS=false = %d, want 404", resp.StatusCode)
	}
}

func TestFlags(t *testing.T) {
	var out strings.Builder
	if err := run(context.Background(), []string{"-h"}, func(string) string { return "" }, &out); err != nil || !strings.Contains(out.String(), "healthcheck") {
		t.Errorf("run -h = %v, output %q; want usage and no error", err, out.String())
	}
	err := run(context.Background(), []string{"-nosuch"}, func(string) string { return "" }, io.Discard)
	if err == nil {
		t.Error("run -nosuch = nil, want an error")
	}
	err = run(context.Background(), []string{"serve-please"}, func(string) string { return "" }, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "serve-please") {
		t.Errorf("run serve-please = %v, want an error naming the argument", err)
	}
}
