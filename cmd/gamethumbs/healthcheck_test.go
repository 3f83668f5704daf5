package main

import (
	"context"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
)

// portOf returns the port of a test server URL.
func portOf(t *testing.T, raw string) string {
	t.Helper()
	u, err := url.Parse(raw)
	if err != nil {
		t.Fatal(err)
	}
	return u.Port()
}

// deadPort returns a port on 127.0.0.1 where nothing listens.
func deadPort(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	_, port, _ := net.SplitHostPort(ln.Addr().String())
	ln.Close()
	return port
}

func TestHealthcheck(t *testing.T) {
	answer := func(status int, body string) string {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path != "/health" {
				http.NotFound(w, r)
				return
			}
			w.WriteHeader(status)
			io.WriteString(w, body)
		}))
		t.Cleanup(srv.Close)
		return portOf(t, srv.URL)
	}
	tests := []struct {
		name    string
		port    string
		wantErr string // "" means healthy
	}{
		{"healthy", answer(200, `{"status":"ok","uptime":1}`), ""},
		{"unhealthy status", answer(503, `{"error":"down"}`), "answered 503"},
		{"not ok", answer(200, `{"status":"starting"}`), `"starting"`},
		{"not JSON", answer(200, `<html>`), "not JSON"},
		{"nothing listening", deadPort(t), "127.0.0.1"},
		{"bad PORT", "http", "PORT"},
		{"PORT out of range", "70000", "PORT"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			env := map[string]string{"PORT": tt.port}
			var out strings.Builder
			err := run(context.Background(), []string{"healthcheck"}, func(k string) string { return env[k] }, &out)
			if tt.wantErr == "" {
				if err != nil || !strings.Contains(out.String(), "healthy") {
					t.Errorf("healthcheck = %v (output %q), want healthy", err, out.String())
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("healthcheck = %v, want an error mentioning %q", err, tt.wantErr)
			}
		})
	}
}

func TestHealthcheckAgainstTheService(t *testing.T) {
	svc := start(t, nil)
	env := map[string]string{"PORT": portOf(t, svc.base)}
	if err := run(context.Background(), []string{"healthcheck"}, func(k string) string { return env[k] }, io.Discard); err != nil {
		t.Errorf("healthcheck against the running service = %v", err)
	}
}
