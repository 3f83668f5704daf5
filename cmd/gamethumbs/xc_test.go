package main

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// fakePanel is an Xtream-Codes panel with one playlist and its guide.
func fakePanel(t *testing.T) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Query().Get("password") != "s3cret" {
			http.Error(w, "forbidden", http.StatusForbidden)
			return
		}
		switch r.URL.Path {
		case "/get.php":
			w.Header().Set("Content-Type", "application/octet-stream")
			w.Write([]byte("#EXTM3U\n#EXTINF:-1 tvg-id=\"news.1\" tvg-logo=\"\" group-title=\"News, World\",News One\nhttp://panel/alice/s3cret/1\n"))
		case "/xmltv.php":
			w.Header().Set("Content-Type", "application/xml")
			w.Write([]byte(`<?xml version="1.0"?><tv><channel id="news.1"><display-name>News One</display-name><icon src="http://logos/news1.png?a=1&amp;b=2"/></channel></tv>`))
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(srv.Close)
	return srv
}

func TestXCProxyInStandardMode(t *testing.T) {
	panel := fakePanel(t)
	svc := start(t, map[string]string{"XC_PROXY": "true", "XC_PROXY_UPSTREAM": "main=" + panel.URL})
	resp, body := svc.get(t, "/xc/main/get.php?username=alice&password=s3cret&type=m3u_plus")
	if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "application/octet-stream" { // the panel's own type
		t.Fatalf("playlist = %d %q", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	want := "#EXTINF:-1 tvg-id=\"news.1\" tvg-logo=\"http://logos/news1.png?a=1&b=2\" group-title=\"News, World\",News One\n"
	if !strings.Contains(string(body), want) {
		t.Errorf("playlist not rewritten:\n%s\nwant line\n%s", body, want)
	}
	if resp, _ := svc.get(t, "/xc/main/get.php?username=alice&password=wrong"); resp.StatusCode != 403 {
		t.Errorf("panel 403 came back as %d", resp.StatusCode)
	}
	if resp, _ := svc.get(t, "/xc/other/get.php"); resp.StatusCode != 404 {
		t.Errorf("unknown upstream = %d, want 404", resp.StatusCode)
	}
	// Images still work next to the proxy.
	if resp, _ := svc.get(t, "/nba/lakers/raw"); resp.StatusCode != 200 {
		t.Errorf("/nba/lakers/raw = %d with the proxy on", resp.StatusCode)
	}
	if logs := svc.logs.String(); strings.Contains(logs, "s3cret") {
		t.Errorf("password in the logs:\n%s", logs)
	}
}

func TestXCProxyModeServesOnlyTheProxy(t *testing.T) {
	panel := fakePanel(t)
	svc := start(t, map[string]string{"APP_MODE": "xcproxy", "XC_PROXY_UPSTREAM": "main=" + panel.URL})
	if resp, _ := svc.get(t, "/health"); resp.StatusCode != 200 {
		t.Errorf("/health = %d", resp.StatusCode)
	}
	if resp, _ := svc.get(t, "/nba/lakers/raw"); resp.StatusCode != 404 {
		t.Errorf("/nba/lakers/raw in xcproxy mode = %d, want 404", resp.StatusCode)
	}
	if resp, _ := svc.get(t, "/xc/main/get.php?username=alice&password=s3cret"); resp.StatusCode != 200 {
		t.Errorf("proxy in xcproxy mode = %d", resp.StatusCode)
	}
}
