package httpapi

import (
	"strings"
	"testing"
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
