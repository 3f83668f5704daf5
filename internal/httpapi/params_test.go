package httpapi

import (
	"strings"
	"testing"
)

// Values game-thumbs ignores render with the default and are named in a
// Warning header; values it accepts render with their meaning and no
// warning; values it refuses stay 400.
func TestTolerantParameters(t *testing.T) {
	s, fb := newTestServer(t, nil)
	tests := []struct {
		path, warning string // warning "" = none
		key           string // substring of the canonical request key, "" = not checked
	}{
		{"/nba/lakers/celtics/thumb?badge=ESPN", "", `"ESPN"`},
		{"/nba/lakers/celtics/thumb?badge=fox", "", `"FOX"`},
		{"/nba/lakers/celtics/thumb?badge=manningcast", "", `"MANNINGCAST"`},
		{"/nba/lakers/celtics/thumb?badge=Peyton%20and%20%20Eli", "", `"PEYTON AND ELI"`},
		{"/nba/lakers/celtics/thumb?badge=nba+tv", "", `"NBA TV"`},
		{"/nba/lakers/celtics/thumb?badge=ENG", "", `"ENG"`},
		{"/nba/lakers/celtics/thumb?badge=spanish", "", `"SPANISH"`},
		{"/nba/lakers/celtics/thumb?badge=ZZZ", `299 gamethumbs "badge ZZZ ignored"`, `"1440"|"1080"|"false"|"true"|""|`},
		{"/nba/lakers/celtics/logo?size=500", `299 gamethumbs "size 500 ignored"`, `"1024"`},
		{"/nba/lakers/celtics/logo?size=512px", "", `"512"`},
		{"/nba/lakers/celtics/thumb?style=abc", `299 gamethumbs "style abc ignored"`, `|"1"|`},
		{"/nba/lakers/celtics/thumb?style=2abc", "", `|"2"|`},
		{"/nba/lakers/celtics/thumb?aspect=5-4", `299 gamethumbs "aspect 5-4 ignored"`, `"1440"|"1080"`},
		{"/nba/lakers/celtics/thumb?aspect=16x9", "", `"1920"|"1080"`},
		{"/nba/lakers/celtics/cover?aspect=square", "", `"1080"|"1080"`},
		{"/nba/lakers/logo?style=2", `299 gamethumbs "style 2 ignored"`, ""},
		{"/nba/lakers/celtics/thumb?logo=yes", `299 gamethumbs "logo yes ignored"`, ""},
		{"/nba/lakers/celtics/thumb?mode=text", `299 gamethumbs "mode text ignored"`, ""},
		{"/nba/lakers/celtics/thumb?badge=%22%0aX", `299 gamethumbs "badge ??X ignored"`, ""},
		{"/nba/lakers/celtics/logo?useLight=true", "", `""|"true"`},
	}
	for _, tt := range tests {
		rec := do(t, s, tt.path)
		if rec.Code != 200 {
			t.Errorf("GET %s = %d %s, want 200", tt.path, rec.Code, rec.Body.String())
			continue
		}
		if got := strings.Join(rec.Header().Values("Warning"), ", "); got != tt.warning {
			t.Errorf("GET %s: Warning %q, want %q", tt.path, got, tt.warning)
		}
		if tt.key != "" && !strings.Contains(fb.lastRequest().Key(), tt.key) {
			t.Errorf("GET %s: request key %s does not contain %s", tt.path, fb.lastRequest().Key(), tt.key)
		}
	}
	for _, path := range []string{
		"/nba/lakers/celtics/thumb?style=7",         // game-thumbs refuses unknown styles too
		"/nba/lakers/logo?variant=blue",             // and unknown variants
		"/nba/lakers/celtics/thumb?style=1&style=2", // and repeated parameters
	} {
		if rec := do(t, s, path); rec.Code != 400 {
			t.Errorf("GET %s = %d, want 400", path, rec.Code)
		}
	}
}

func TestRawRoutesWarnToo(t *testing.T) {
	s, _ := newTestServer(t, nil)
	rec := do(t, s, "/nba/lakers/raw?fallback=maybe")
	if rec.Code != 200 || rec.Header().Get("Warning") != `299 gamethumbs "fallback maybe ignored"` {
		t.Errorf("raw with fallback=maybe: %d, Warning %q", rec.Code, rec.Header().Get("Warning"))
	}
}

func TestWarningsAreBounded(t *testing.T) {
	s, _ := newTestServer(t, nil)
	rec := do(t, s, "/nba/lakers/celtics/thumb?badge=ZZZ&fallback=1&aspect=x&mode=y&logo=z")
	if n := len(rec.Header().Values("Warning")); rec.Code != 200 || n != 4 {
		t.Errorf("five ignored values: %d with %d Warning headers, want 200 with at most 4", rec.Code, n)
	}
}
