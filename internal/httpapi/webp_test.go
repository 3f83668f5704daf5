package httpapi

import (
	"net/http/httptest"
	"strings"
	"testing"
)

// TestWebPSuffixOnEveryImageRoute: every route with an optional ".png"
// also matches ".webp" (any case), which asks for WebP; ".png" and no
// suffix do not.
func TestWebPSuffixOnEveryImageRoute(t *testing.T) {
	s := &Server{}
	s.table = s.routes()
	fill := strings.NewReplacer("{league}", "nba", "{team1}", "lakers", "{team2}", "celtics", "{sport}", "football", "{type}", "thumb[.png]")
	n := 0
	for _, rt := range s.table {
		if !strings.Contains(rt.path, "[.png]") && !strings.HasSuffix(rt.path, "{type}") {
			continue
		}
		n++
		base := fill.Replace(rt.path)
		for suffix, webp := range map[string]bool{"": false, ".png": false, ".webp": true, ".WebP": true} {
			path := strings.ReplaceAll(base, "[.png]", suffix)
			segs, _ := cleanSegments(path)
			got, p := s.match(segs)
			if got == nil {
				t.Errorf("%s: no route", path)
				continue
			}
			if strings.HasPrefix(rt.path, "/ncaa/") {
				continue // the NCAA handler reads the suffix of {type}
			}
			r := httptest.NewRequest("GET", path, nil)
			if wantsWebP(p, r) != webp {
				t.Errorf("%s: WebP = %v, want %v", path, !webp, webp)
			}
		}
	}
	if n < 13 {
		t.Errorf("only %d image routes found", n)
	}
	r := httptest.NewRequest("GET", "/nba/thumb?format=WEBP", nil)
	if !wantsWebP(params{}, r) {
		t.Error("format=WEBP does not ask for WebP")
	}
	if wantsWebP(params{}, httptest.NewRequest("GET", "/nba/thumb?format=gif", nil)) {
		t.Error("format=gif asks for WebP")
	}
}
