package httpapi

import (
	"net/url"
	"strings"
	"testing"

	"gamethumbs/internal/config"
)

func TestBounded(t *testing.T) {
	tests := []struct{ in, want string }{
		{"/nba/lakers/thumb", "/nba/lakers/thumb"},
		{"Münster ⚽", "Münster ⚽"},
		{"a\nlevel=ERROR msg=forged", `a\x0alevel=ERROR msg=forged`},
		{"nul\x00 esc\x1b[31m del\x7f", `nul\x00 esc\x1b[31m del\x7f`},
		{"bad \xff utf8", `bad \xff utf8`},
		{"c1 \u0085", `c1 \u0085`},
	}
	for _, tt := range tests {
		if got := bounded(tt.in); got != tt.want {
			t.Errorf("bounded(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	long := bounded("/" + strings.Repeat("é", 60_000))
	if len(long) > maxEcho+len("…") || !strings.HasSuffix(long, "…") || strings.Contains(long, `\x`) {
		t.Errorf("bounded(60 KB path) = %d bytes ending %q; want at most %d, cut on a character, marked …", len(long), long[len(long)-8:], maxEcho)
	}
}

func TestTextAndBadgeSanitised(t *testing.T) {
	s, fb := newTestServer(t, func(c *config.Config) { c.AllowEventOverlays = true; c.AllowCustomBadges = true })
	if rec := do(t, s, "/nba/thumb?title="+url.QueryEscape("Final\nFour\x00\x1b[31m")+"&subtitle="+url.QueryEscape("\tDay 2\r\n")); rec.Code != 200 {
		t.Fatalf("title with control characters = %d %s", rec.Code, rec.Body.String())
	}
	if got := fb.lastRequest(); got.Title != "Final Four[31m" || got.Subtitle != "Day 2" {
		t.Errorf("title, subtitle = %q, %q; want control characters gone, line breaks as spaces", got.Title, got.Subtitle)
	}
	for _, badge := range []string{"☃", "🏈 HD", "A\x00B", "e\u0301"} {
		rec := do(t, s, "/nba/lakers/thumb?badge="+url.QueryEscape(badge))
		if rec.Code != 400 || !strings.Contains(jsonError(t, rec), "custom badge has letters, digits") {
			t.Errorf("badge %q = %d %s, want 400 naming the allowed characters", badge, rec.Code, rec.Body.String())
		}
	}
	if rec := do(t, s, "/nba/lakers/thumb?badge="+url.QueryEscape("Día 1 #2")); rec.Code != 200 {
		t.Errorf("custom badge of letters, digits and # = %d", rec.Code)
	}
}
