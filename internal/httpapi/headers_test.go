package httpapi

import (
	"strings"
	"testing"

	"gamethumbs/internal/web"
)

// TestSafeHeaders: every answer carries nosniff; everything but the page
// is sandboxed (a script in a provider SVG opened from our origin must not
// run); the page has its own policy.
func TestSafeHeaders(t *testing.T) {
	s, _ := newTestServer(t, nil)
	for _, path := range []string{"/health", "/info", "/nba/lakers/thumb", "/nba/lakers/raw", "/nope/x/y/z/w",
		"/nba/unknownteam/thumb", "/ui/app.js", "/openapi.json", "/a%2fb/thumb"} {
		rec := do(t, s, path)
		h := rec.Header()
		if h.Get("X-Content-Type-Options") != "nosniff" || h.Get("Content-Security-Policy") != noContentPolicy {
			t.Errorf("%s (%d): nosniff %q, CSP %q; want nosniff and %q", path, rec.Code,
				h.Get("X-Content-Type-Options"), h.Get("Content-Security-Policy"), noContentPolicy)
		}
	}
	rec := do(t, s, "/")
	if csp := rec.Header().Get("Content-Security-Policy"); csp != web.ContentSecurityPolicy || !strings.Contains(csp, "script-src 'self'") {
		t.Errorf("page CSP = %q, want the page's own policy", csp)
	}
}
