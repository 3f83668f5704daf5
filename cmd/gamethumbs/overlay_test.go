package main

import (
	"bytes"
	"image/png"
	"net/url"
	"strings"
	"testing"
)

func TestOverlayIconURLIsChecked(t *testing.T) {
	svc := start(t, map[string]string{"ALLOW_EVENT_OVERLAYS": "true"})
	icon := url.QueryEscape(svc.espn.CDNURL + "/i/teamlogos/nba/500/lal.png")
	for _, tt := range []struct{ iconurl, reason string }{
		{icon, "127.0.0.1"}, // loopback, after DNS resolution at connect time
		{url.QueryEscape("ftp://example.com/x.png"), "scheme"},
		{url.QueryEscape("http://169.254.169.254/latest/meta-data"), "169.254.169.254"},
		{"not%20a%20url", "URL"},
	} {
		resp, body := svc.get(t, "/nba/thumb?title=Final&iconurl="+tt.iconurl)
		if resp.StatusCode != 400 || !strings.Contains(string(body), `"error":"Invalid iconurl:`) || !strings.Contains(string(body), tt.reason) {
			t.Errorf("iconurl=%s: %d %s, want 400 naming %q", tt.iconurl, resp.StatusCode, body, tt.reason)
		}
	}
	// Title and subtitle alone render.
	resp, body := svc.get(t, "/nba/thumb?title=Game%207&subtitle=Conference%20Finals")
	if resp.StatusCode != 200 {
		t.Fatalf("title overlay = %d %s", resp.StatusCode, body)
	}
	if _, err := png.Decode(bytes.NewReader(body)); err != nil {
		t.Error(err)
	}
}

func TestOverlayInsecureURLsAllowed(t *testing.T) {
	svc := start(t, map[string]string{"ALLOW_EVENT_OVERLAYS": "true", "ALLOW_INSECURE_OVERLAY_URLS": "true"})
	icon := url.QueryEscape(svc.espn.CDNURL + "/i/teamlogos/nba/500/lal.png")
	if resp, body := svc.get(t, "/nba/thumb?title=Final&iconurl="+icon); resp.StatusCode != 200 {
		t.Errorf("iconurl on loopback with ALLOW_INSECURE_OVERLAY_URLS=true = %d %s", resp.StatusCode, body)
	}
}

func TestOverlaysIgnoredWhenDisabled(t *testing.T) {
	svc := start(t, nil)
	plain, _ := svc.get(t, "/nba/thumb")
	resp, _ := svc.get(t, "/nba/thumb?title=Final&iconurl=http://10.0.0.1/x.png")
	if resp.StatusCode != 200 || resp.Header.Get("ETag") != plain.Header.Get("ETag") {
		t.Errorf("overlays off: %d, ETag %q vs %q; want the plain league image", resp.StatusCode, resp.Header.Get("ETag"), plain.Header.Get("ETag"))
	}
}
