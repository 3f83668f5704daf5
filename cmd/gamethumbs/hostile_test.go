package main

import (
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"
)

// hostileValues are values a client may put in any query parameter.
var hostileValues = []string{
	"", " ", "\x00", "a\x01b\x7f", "line\nbreak\r\n", "\t", "\u202eevil", "e\u0301\u0301\u0301",
	"☃★♛", "🏈🏀⚽", "<script>alert(1)</script>", "%zz", "-1", "0", "99999999999999999999", "1e9", "NaN",
	"true", "dark", "name", "HD", "\xff\xfe", strings.Repeat("W", 300), strings.Repeat("🏈", 40),
	"http://", "https://127.0.0.1/x.png", "data:image/png;base64,AAAA", "javascript:alert(1)",
}

// hostileParams are every query parameter of the image and data routes.
var hostileParams = []string{
	"style", "aspect", "size", "badge", "title", "subtitle", "iconurl", "variant", "trim", "logo",
	"winner", "fallback", "mode", "uselight", "useLight",
}

// hostileRoutes are one route of each shape (league, team, matchup; each
// kind; raw; the NCAA shorthand; a deprecated alias).
var hostileRoutes = []string{
	"/nba/thumb", "/nba/logo", "/nba/raw",
	"/nba/lakers/cover", "/nba/lakers/logo", "/nba/lakers/raw",
	"/nba/lakers/celtics/thumb", "/nba/lakers/celtics/logo",
	"/ncaa/football/cover", "/nba/lakers/teamlogo",
}

// TestEveryRouteAndParameter sends every hostile value in every parameter
// of every route shape, with overlays and custom badges on, against the
// fake providers: no answer is a 5xx except a provider's 502/503/504.
// The icon server answers HTML, an empty body, a corrupt PNG and 11 MB.
func TestEveryRouteAndParameter(t *testing.T) {
	icons := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/html.png":
			w.Header().Set("Content-Type", "text/html")
			io.WriteString(w, "<html><body>not an image</body></html>")
		case "/empty.png":
		case "/corrupt.png":
			w.Header().Set("Content-Type", "image/png")
			io.WriteString(w, "\x89PNG\r\n\x1a\n\x00\x00\x00\x0dIHDR\x00\x00\x10\x00\x00\x00\x10\x00garbage")
		case "/huge.png":
			w.Header().Set("Content-Type", "image/png")
			w.Write(make([]byte, 11<<20))
		default:
			http.NotFound(w, r)
		}
	}))
	defer icons.Close()
	svc := start(t, map[string]string{"ALLOW_EVENT_OVERLAYS": "true", "ALLOW_CUSTOM_BADGES": "true",
		"ALLOW_INSECURE_OVERLAY_URLS": "127.0.0.1", "REQUEST_TIMEOUT": "3000"})
	values := append([]string(nil), hostileValues...)
	for _, p := range []string{"/html.png", "/empty.png", "/corrupt.png", "/huge.png", "/missing.png"} {
		values = append(values, icons.URL+p)
	}
	client := &http.Client{Timeout: 30 * time.Second}
	var targets []string
	for _, route := range hostileRoutes {
		for _, param := range hostileParams {
			for _, v := range values {
				q := param + "=" + url.QueryEscape(v)
				if v == "%zz" {
					q = param + "=%zz" // a malformed escape, as sent
				}
				targets = append(targets, route+"?"+q)
			}
		}
	}
	if raceDetector || testing.Short() {
		// Every 11th case: the whole matrix takes minutes under -race,
		// and 10 s of the -short loop.
		var sample []string
		for i := 0; i < len(targets); i += 11 {
			sample = append(sample, targets[i])
		}
		targets = sample
	}
	work := make(chan string)
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for target := range work {
				resp, err := client.Get(svc.base + target)
				if err != nil {
					t.Errorf("GET %s: %v", target, err)
					continue
				}
				body, _ := io.ReadAll(io.LimitReader(resp.Body, 512))
				resp.Body.Close()
				if resp.StatusCode >= 500 && !providerStatus(resp.StatusCode) {
					t.Errorf("GET %s = %d %s", target, resp.StatusCode, body)
				}
			}
		}()
	}
	for _, target := range targets {
		work <- target
	}
	close(work)
	wg.Wait()
	n := len(targets)
	t.Logf("%d requests", n)
}

func providerStatus(code int) bool { return code == 502 || code == 503 || code == 504 }

// TestUnusableProviderLogos: a raw logo route whose provider logo is HTML,
// empty or over 10 MB answers 502 with the reason, not 500; a render with
// that logo (or a corrupt one) still gives a picture.
func TestUnusableProviderLogos(t *testing.T) {
	cases := []struct {
		name, team, abbr string
		body             []byte
	}{
		{"html", "hawks", "atl", []byte("<!doctype html><title>blocked</title>")},
		{"empty", "nets", "bkn", []byte{}},
		{"corrupt", "bulls", "chi", []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\x0dIHDR\x00\x00\x10\x00\x00\x00\x10\x00garbage")},
		{"huge", "mavericks", "dal", make([]byte, 11<<20)},
	}
	svc := start(t, nil)
	for _, c := range cases {
		for _, dir := range []string{"500", "500-dark"} {
			svc.espn.SetResponse("/cdn/i/teamlogos/nba/"+dir+"/"+c.abbr+".png", 200, "image/png", c.body)
		}
	}
	for _, c := range cases {
		resp, got := svc.get(t, "/nba/"+c.team+"/logo")
		// A corrupt file is served as the provider has it (raw bytes are
		// not decoded), so only the other three must be refused.
		if c.name != "corrupt" && (resp.StatusCode != 502 || !strings.Contains(string(got), "image unusable")) {
			t.Errorf("raw logo that is %s = %d %.100q, want 502 naming the reason", c.name, resp.StatusCode, got)
		}
		if resp, _ := svc.get(t, "/nba/"+c.team+"/celtics/thumb"); resp.StatusCode != 200 {
			t.Errorf("matchup with a logo that is %s = %d, want a picture", c.name, resp.StatusCode)
		}
	}
}
