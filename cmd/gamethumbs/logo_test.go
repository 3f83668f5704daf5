package main

import (
	"bytes"
	"image/png"
	"strings"
	"testing"
)

// TestServiceRendersLogos checks the logo endpoints end to end against the
// fake ESPN: rendered matchup and compact logos are PNGs of the asked size
// (or trimmed within it), and styles 5-6 refuse to draw without the league
// logo.
func TestServiceRendersLogos(t *testing.T) {
	svc := start(t, nil)
	tests := []struct {
		path          string
		status        int
		width, height int  // exact size; 0 = trimmed, at most max
		max           int  // canvas side of a trimmed logo
		opaque        bool // styles 5-6: white background
	}{
		{path: "/nba/lakers/celtics/logo?style=3&size=256", status: 200, max: 256},
		{path: "/nba/lakers/celtics/logo?style=3&size=256&trim=false", status: 200, width: 256, height: 256},
		{path: "/nba/lakers/celtics/logo", status: 200, max: 1024},
		{path: "/nba/lakers/celtics/logo?style=2&size=512&trim=false&logo=true&badge=HD", status: 200, width: 512, height: 512},
		{path: "/nba/lakers/celtics/logo?style=6&size=256&trim=false", status: 200, width: 256, height: 256, opaque: true},
		{path: "/nba/lakers/celtics/logo.png?style=4&winner=lakers&size=512", status: 200, max: 512},
		{path: "/nba/lakers/nosuchteam/logo?style=1&fallback=true&size=256", status: 200, max: 256},
		{path: "/nba/lakers/celtics/logo?style=1&mode=name&size=256", status: 200, max: 256},
		{path: "/nba/lakers/logo?style=1&size=512&trim=false", status: 200, width: 512, height: 512},
		{path: "/nba/lakers/logo?style=1&size=256", status: 200, max: 256},
		{path: "/nba/logo?style=1", status: 200, max: 1024},
		{path: "/nba/logo?style=1&size=2048&trim=false", status: 200, width: 2048, height: 2048},
		{path: "/nba/lakers/celtics/logo?style=5&logo=false", status: 400},
		{path: "/nba/lakers/celtics/logo?style=7", status: 400},
		{path: "/nba/lakers/celtics/logo?size=300", status: 200, max: 1024}, // ignored, as game-thumbs ignores it
	}
	for _, tt := range tests {
		resp, body := svc.get(t, tt.path)
		if resp.StatusCode != tt.status {
			t.Errorf("GET %s = %d %s, want %d", tt.path, resp.StatusCode, body, tt.status)
			continue
		}
		if tt.status != 200 {
			if !strings.Contains(resp.Header.Get("Content-Type"), "json") {
				t.Errorf("GET %s: error Content-Type %q, want JSON", tt.path, resp.Header.Get("Content-Type"))
			}
			continue
		}
		if ct := resp.Header.Get("Content-Type"); ct != "image/png" {
			t.Errorf("GET %s: Content-Type %q, want image/png", tt.path, ct)
			continue
		}
		img, err := png.Decode(bytes.NewReader(body))
		if err != nil {
			t.Errorf("GET %s: PNG does not decode: %v", tt.path, err)
			continue
		}
		b := img.Bounds()
		switch {
		case tt.width != 0 && (b.Dx() != tt.width || b.Dy() != tt.height):
			t.Errorf("GET %s: PNG %dx%d, want exactly %dx%d", tt.path, b.Dx(), b.Dy(), tt.width, tt.height)
		case tt.width == 0 && (b.Dx() > tt.max || b.Dy() > tt.max || b.Dx() < tt.max/2 || b.Dy() < tt.max/10):
			t.Errorf("GET %s: trimmed PNG %dx%d, want within %dx%d and not empty", tt.path, b.Dx(), b.Dy(), tt.max, tt.max)
		}
		_, _, _, a := img.At(b.Min.X, b.Min.Y).RGBA()
		if tt.opaque && a != 0xffff || !tt.opaque && a != 0 {
			t.Errorf("GET %s: corner alpha %d, want %s", tt.path, a>>8, map[bool]string{true: "opaque (white background)", false: "0 (transparent)"}[tt.opaque])
		}
		if tt.opaque {
			if r, g, bl, _ := img.At(b.Min.X, b.Min.Y).RGBA(); r>>8 != 255 || g>>8 != 255 || bl>>8 != 255 {
				t.Errorf("GET %s: corner colour %d,%d,%d, want white", tt.path, r>>8, g>>8, bl>>8)
			}
		}
	}
}

func TestNameModeTeamLogoIsATextCard(t *testing.T) {
	svc := start(t, nil)
	raw, _ := svc.get(t, "/nba/lakers/logo")
	resp, body := svc.get(t, "/nba/lakers/logo?mode=name&size=256&trim=false")
	if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "image/png" {
		t.Fatalf("name card = %d %s", resp.StatusCode, body)
	}
	cfg, err := png.DecodeConfig(bytes.NewReader(body))
	if err != nil || cfg.Width != 256 || cfg.Height != 256 {
		t.Errorf("name card is %dx%d (%v), want 256x256", cfg.Width, cfg.Height, err)
	}
	if resp.Header.Get("ETag") == raw.Header.Get("ETag") {
		t.Error("mode=name returned the provider logo")
	}
}
