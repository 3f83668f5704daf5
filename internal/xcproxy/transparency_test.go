package xcproxy

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/url"
	"os"
	"strings"
	"testing"
	"time"
)

// TestBytesPassAsEncoded: the proxy asks the panel for the encodings the
// client accepted and passes the answer as it came: a gzip guide is never
// inflated for a client that did not ask for gzip.
func TestBytesPassAsEncoded(t *testing.T) {
	p := newFakePanel(t)
	var zipped bytes.Buffer
	zw := gzip.NewWriter(&zipped)
	zw.Write(bytes.Repeat([]byte("<programme/>"), 10000))
	zw.Close()
	seen := make(chan string, 4)
	p.handle("/xmltv.php", func(w http.ResponseWriter, r *http.Request) {
		seen <- r.Header.Get("Accept-Encoding")
		w.Header().Set("Content-Type", "application/xml")
		w.Header().Set("Content-Encoding", "gzip") // a panel that always compresses
		w.Write(zipped.Bytes())
	})
	tp := newTestProxy(t, p, nil)
	for _, ae := range []string{"", "gzip, br"} {
		var hdr http.Header
		if ae != "" {
			hdr = http.Header{"Accept-Encoding": {ae}}
		}
		resp, body := tp.get(t, "/xc/main/xmltv.php?"+credQuery(), hdr)
		if got := <-seen; got != ae {
			t.Errorf("client Accept-Encoding %q reached the panel as %q", ae, got)
		}
		if resp.Header.Get("Content-Encoding") != "gzip" || !bytes.Equal(body, zipped.Bytes()) {
			t.Errorf("client Accept-Encoding %q: got %d bytes with Content-Encoding %q, want the panel's %d gzip bytes",
				ae, len(body), resp.Header.Get("Content-Encoding"), zipped.Len())
		}
	}
}

// TestGuideWaitCountsFromTheFetch: requests that join a guide fetch that
// hangs wait only what is left of GuideWait, not GuideWait again each.
func TestGuideWaitCountsFromTheFetch(t *testing.T) {
	p := newFakePanel(t)
	in := p.serveFile(t, "/get.php", "testdata/xc_get_m3u_plus.crlf.m3u", "application/octet-stream")
	release := make(chan struct{})
	defer close(release)
	p.handle("/xmltv.php", func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-release:
		case <-r.Context().Done():
		}
	})
	const wait = 2 * time.Second
	tp := newTestProxy(t, p, func(c *Config) { c.GuideWait = wait })
	_, body := tp.get(t, "/xc/main/get.php?type=m3u_plus&"+credQuery(), nil)
	if !bytes.Equal(body, in) {
		t.Errorf("playlist while the guide hangs was changed")
	}
	start := time.Now()
	_, body = tp.get(t, "/xc/main/get.php?type=m3u_plus&"+credQuery(), nil)
	if took := time.Since(start); took > wait*3/4 || !bytes.Equal(body, in) {
		t.Errorf("a request joining the hanging fetch took %v (GuideWait %v already spent) or was changed", took, wait)
	}
	if hits := p.guideHits.Load(); hits != 1 {
		t.Errorf("guide fetched %d times, want 1", hits)
	}
}

func TestLogoModes(t *testing.T) {
	// In the list, BT Sport 1 has an empty tvg-logo, Curious George has one.
	const btLogo, georgeOld, georgeNew = "http://logos.example/btsport1.png?size=big&v=2", "http://old.example/george.png", "http://logos.example/george.png"
	for _, tt := range []struct {
		mode         LogoMode
		bt, george   string
		guideFetched bool
	}{
		{LogoReplace, btLogo, georgeNew, true},
		{LogoFill, btLogo, georgeOld, true},
		{LogoKeep, `tvg-logo=""`, georgeOld, false},
	} {
		p := newFakePanel(t)
		p.serveFile(t, "/get.php", "testdata/xc_get_m3u_plus.crlf.m3u", "application/octet-stream")
		tp := newTestProxy(t, p, func(c *Config) { c.LogoMode = tt.mode })
		_, body := tp.get(t, "/xc/main/get.php?type=m3u_plus&"+credQuery(), nil)
		if (p.guideHits.Load() > 0) != tt.guideFetched {
			t.Errorf("mode %d: guide fetched %d times", tt.mode, p.guideHits.Load())
		}
		if bt := lineWith(body, "BTSport1.uk"); !strings.Contains(bt, tt.bt) {
			t.Errorf("mode %d: BT line %s, want %s", tt.mode, bt, tt.bt)
		}
		if g := lineWith(body, "CURIOUS GEORGE"); !strings.Contains(g, tt.george) {
			t.Errorf("mode %d: George line %s, want %s", tt.mode, g, tt.george)
		}
		if !bytes.Contains(body, []byte(`url-tvg="http://`+tp.srv.Listener.Addr().String())) {
			t.Errorf("mode %d: the guide link does not point at the proxy", tt.mode)
		}
	}
}

func lineWith(body []byte, sub string) string {
	for _, l := range strings.Split(string(body), "\n") {
		if strings.Contains(l, sub) {
			return l
		}
	}
	return ""
}

func TestPostForwardsTheBody(t *testing.T) {
	p := newFakePanel(t)
	live, err := os.ReadFile("testdata/go.xtream-codes_eternal_get_live_streams.trimmed.json")
	if err != nil {
		t.Fatal(err)
	}
	p.handle("/player_api.php", func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		if r.Method != http.MethodPost || !strings.Contains(string(b), "password="+testPass) {
			t.Errorf("panel got %s with body %q", r.Method, b)
		}
		w.Header().Set("Content-Type", "application/json")
		w.Write(live)
	})
	tp := newTestProxy(t, p, nil)
	form := url.Values{"username": {testUser}, "password": {testPass}, "action": {"get_live_streams"}}
	resp, err := http.PostForm(tp.srv.URL+"/xc/main/player_api.php", form)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || bytes.Equal(body, live) || tp.h.Stats().LiveStreamsRewritten != 1 {
		t.Errorf("POST get_live_streams: %d, rewritten %d", resp.StatusCode, tp.h.Stats().LiveStreamsRewritten)
	}
	big := strings.NewReader("username=a&x=" + strings.Repeat("y", maxFormBytes))
	resp, err = http.Post(tp.srv.URL+"/xc/main/player_api.php", "application/x-www-form-urlencoded", big)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusRequestEntityTooLarge {
		t.Errorf("POST over 64 KiB = %d, want 413", resp.StatusCode)
	}
}
