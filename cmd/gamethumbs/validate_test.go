package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestConfigRefusesWhatStartRefuses: for every setting start refuses,
// `gamethumbs config` fails too (exit status 1), with the same message,
// and start really refuses (it never opens its port).
func TestConfigRefusesWhatStartRefuses(t *testing.T) {
	dir := t.TempDir()
	aFile := filepath.Join(dir, "a-file")
	if err := os.WriteFile(aFile, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	broken := filepath.Join(dir, "custom")
	if err := os.MkdirAll(broken, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(broken, "teams.json"), []byte(`{"nfl": {"chiefs": {"override": {"color": "red"}}}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	xc := func(kv ...string) map[string]string {
		env := map[string]string{"XC_PROXY": "true", "XC_PROXY_UPSTREAM": "main=http://127.0.0.1:1"}
		for i := 0; i+1 < len(kv); i += 2 {
			env[kv[i]] = kv[i+1]
		}
		return env
	}
	tests := []struct {
		name string
		env  map[string]string
		want string // in the error
	}{
		{"port", map[string]string{"PORT": "not-a-port"}, "PORT"},
		{"app mode", map[string]string{"APP_MODE": "proxy"}, "APP_MODE"},
		{"log level", map[string]string{"LOG_LEVEL": "loud"}, "LOG_LEVEL"},
		{"rate limit", map[string]string{"RATE_LIMIT_PER_MINUTE": "-1"}, "RATE_LIMIT_PER_MINUTE"},
		{"metrics addr", map[string]string{"METRICS_ADDR": "nowhere"}, "METRICS_ADDR"},
		{"xc without upstream", map[string]string{"XC_PROXY": "true"}, "XC_PROXY_UPSTREAM"},
		{"xcproxy mode without upstream", map[string]string{"APP_MODE": "xcproxy"}, "XC_PROXY_UPSTREAM"},
		{"upstream without id=", xc("XC_PROXY_UPSTREAM", "http://panel.example:8080"), "XC_PROXY_UPSTREAM"},
		{"upstream without id=, development", map[string]string{"NODE_ENV": "development", "XC_PROXY_UPSTREAM": "http://panel.example:8080"}, "XC_PROXY_UPSTREAM"},
		{"upstream not http", xc("XC_PROXY_UPSTREAM", "main=ftp://panel"), "not an http(s) URL"},
		{"upstream twice", xc("XC_PROXY_UPSTREAM", "a=http://x,A=http://y"), "duplicate"},
		{"public url", xc("XC_PROXY_PUBLIC_URL", "panel:8080"), "XC_PROXY_PUBLIC_URL"},
		{"logo mode", xc("XC_LOGO_MODE", "all"), "XC_LOGO_MODE"},
		{"event art", xc("XC_EVENT_ART", "poster"), "XC_EVENT_ART"},
		{"listener syntax", xc("XC_PROXY_LISTEN", "main"), "XC_PROXY_LISTEN"},
		{"listener of no upstream", xc("XC_PROXY_LISTEN", "other=127.0.0.1:0"), "not an upstream id"},
		{"stream idle timeout", xc("XC_STREAM_IDLE_TIMEOUT", "soon"), "XC_STREAM_IDLE_TIMEOUT"},
		{"max streams", xc("XC_MAX_STREAMS", "-3"), "XC_MAX_STREAMS"},
		{"proxy streams", xc("XC_PROXY_STREAMS", "maybe"), "XC_PROXY_STREAMS"},
		{"redis url", map[string]string{"REDIS_URL": "mysql://db:3306"}, "REDIS_URL"},
		{"redis timeout", map[string]string{"REDIS_TIMEOUT": "fast"}, "REDIS_TIMEOUT"},
		{"cache dir is a file", map[string]string{"CACHE_DIR": aFile}, "CACHE_DIR"},
		{"custom data dir missing", map[string]string{"CUSTOM_DATA_DIR": filepath.Join(dir, "missing")}, "CUSTOM_DATA_DIR"},
		{"custom data invalid", map[string]string{"CUSTOM_DATA_DIR": broken}, "nfl.chiefs.override.color"},
	}
	for _, tt := range tests {
		env := map[string]string{"PORT": "0", "CACHE_DIR": "off"}
		for k, v := range tt.env {
			env[k] = v
		}
		getenv := func(k string) string { return env[k] }
		var out strings.Builder
		cfgErr := run(context.Background(), []string{"config"}, getenv, &out)
		if cfgErr == nil || !strings.Contains(cfgErr.Error(), tt.want) {
			t.Errorf("%s: config = %v, want an error naming %q", tt.name, cfgErr, tt.want)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		ready := make(chan string, 1)
		startErr := serve(ctx, nil, getenv, &out, ready)
		cancel()
		select {
		case addr := <-ready:
			t.Errorf("%s: start served on %s; config said %v", tt.name, addr, cfgErr)
			continue
		default:
		}
		if startErr == nil || cfgErr == nil || startErr.Error() != cfgErr.Error() {
			t.Errorf("%s: start = %v, config = %v: want the same refusal", tt.name, startErr, cfgErr)
		}
	}
}

// TestConfigAcceptsWarnings: what start only warns about, config prints
// as warnings and exits 0 on: game-thumbs' own leagues.json with its
// "./assets/..." logos, NODE_ENV=development without an upstream.
func TestConfigAcceptsWarnings(t *testing.T) {
	env := map[string]string{"CUSTOM_DATA_DIR": gameThumbsLeaguesDir(t), "NODE_ENV": "development", "CACHE_DIR": "off"}
	var out strings.Builder
	if err := run(context.Background(), []string{"config"}, func(k string) string { return env[k] }, &out); err != nil {
		t.Fatalf("config = %v", err)
	}
	for _, want := range []string{`warning: custom data (CUSTOM_DATA_DIR): leagues.json: league "pwhl": logoUrl "./assets/PWHL.png"`,
		"warning: NODE_ENV=development without XC_PROXY_UPSTREAM"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("config output lacks %q:\n%s", want, out.String())
		}
	}
}
