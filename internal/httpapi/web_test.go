package httpapi

import (
	"strings"
	"testing"

	"gamethumbs/internal/config"
)

func TestPage(t *testing.T) {
	s, _ := newTestServer(t, nil)
	rec := do(t, s, "/")
	if rec.Code != 200 || !strings.HasPrefix(rec.Header().Get("Content-Type"), "text/html") {
		t.Fatalf("GET / = %d %q", rec.Code, rec.Header().Get("Content-Type"))
	}
	if !strings.Contains(rec.Body.String(), `<script src="/ui/app.js"`) {
		t.Error("the page does not load /ui/app.js")
	}
	if csp := rec.Header().Get("Content-Security-Policy"); !strings.Contains(csp, "script-src 'self'") {
		t.Errorf("Content-Security-Policy = %q", csp)
	}
	etag := rec.Header().Get("ETag")
	if rec := do(t, s, "/", "If-None-Match", etag); rec.Code != 304 {
		t.Errorf("GET / with If-None-Match = %d, want 304", rec.Code)
	}

	tests := []struct {
		path   string
		status int
		ctype  string
	}{
		{"/ui/app.js", 200, "text/javascript"},
		{"/ui/style.css", 200, "text/css"},
		{"/ui/icon.svg", 200, "image/svg+xml"},
		{"/UI/app.js", 200, "text/javascript"},
		{"/ui/nope.js", 404, "application/json"},
		{"/ui/..%2fserver.go", 400, "application/json"},
	}
	for _, tt := range tests {
		rec := do(t, s, tt.path)
		if rec.Code != tt.status || !strings.HasPrefix(rec.Header().Get("Content-Type"), tt.ctype) {
			t.Errorf("GET %s = %d %q, want %d %q", tt.path, rec.Code, rec.Header().Get("Content-Type"), tt.status, tt.ctype)
		}
	}
}

func TestRootRedirect(t *testing.T) {
	s, _ := newTestServer(t, func(c *config.Config) { c.RootRedirectURL = "https://example.org/docs" })
	rec := do(t, s, "/")
	if rec.Code != 301 || rec.Header().Get("Location") != "https://example.org/docs" {
		t.Errorf("GET / with ROOT_REDIRECT_URL = %d Location %q, want 301 to the URL", rec.Code, rec.Header().Get("Location"))
	}
	// The page's assets are still served.
	if rec := do(t, s, "/ui/app.js"); rec.Code != 200 {
		t.Errorf("GET /ui/app.js with ROOT_REDIRECT_URL = %d", rec.Code)
	}
}
