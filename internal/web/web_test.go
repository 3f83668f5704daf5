package web

import (
	"regexp"
	"strings"
	"testing"
)

func TestAssets(t *testing.T) {
	tests := []struct {
		name, ctype string
	}{
		{"index.html", "text/html; charset=utf-8"},
		{"app.js", "text/javascript; charset=utf-8"},
		{"style.css", "text/css; charset=utf-8"},
		{"icon.svg", "image/svg+xml"},
	}
	for _, tt := range tests {
		a, ok := Get(tt.name)
		if !ok || len(a.Data) == 0 {
			t.Errorf("Get(%q) = %v, want the embedded file", tt.name, ok)
			continue
		}
		if a.ContentType != tt.ctype {
			t.Errorf("Get(%q).ContentType = %q, want %q", tt.name, a.ContentType, tt.ctype)
		}
		if len(a.ETag) < 10 || a.ETag[0] != '"' {
			t.Errorf("Get(%q).ETag = %q", tt.name, a.ETag)
		}
	}
	for _, name := range []string{"", "static/index.html", "../web.go", "web.go", "nope.js"} {
		if _, ok := Get(name); ok {
			t.Errorf("Get(%q) found a file", name)
		}
	}
}

// TestNothingFromOtherSites checks the page works offline: no asset
// refers to another host.
func TestNothingFromOtherSites(t *testing.T) {
	external := regexp.MustCompile(`(?i)(https?:)?//[a-z0-9.-]+\.[a-z]{2,}`)
	for name, a := range assets {
		text := string(a.Data)
		if name == "icon.svg" {
			text = strings.ReplaceAll(text, `xmlns="http://www.w3.org/2000/svg"`, "")
		}
		if m := external.FindString(text); m != "" {
			t.Errorf("%s refers to %q; the page must not load anything from other sites", name, m)
		}
	}
}

// TestPageReferencesExist checks every /ui/ file the page names is embedded.
func TestPageReferencesExist(t *testing.T) {
	index, _ := Get(Index)
	refs := regexp.MustCompile(`"/ui/([^"]+)"`).FindAllStringSubmatch(string(index.Data), -1)
	if len(refs) < 3 {
		t.Fatalf("index.html names %d /ui/ files, want the script, the style sheet and the icon", len(refs))
	}
	for _, r := range refs {
		if _, ok := Get(r[1]); !ok {
			t.Errorf("index.html names /ui/%s, which is not embedded", r[1])
		}
	}
}
