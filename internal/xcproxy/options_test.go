package xcproxy

import (
	"bytes"
	"crypto/tls"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"
)

// TestNoWriteTimeoutOnStreams serves the proxy from a server with a short
// WriteTimeout: a stream must outlive it.
func TestNoWriteTimeoutOnStreams(t *testing.T) {
	p := newFakePanel(t)
	p.handle("/live/u/p/3.ts", func(w http.ResponseWriter, r *http.Request) {
		rc := http.NewResponseController(w)
		for i := 0; i < 30; i++ {
			if _, err := w.Write(bytes.Repeat([]byte{0x47}, 188)); err != nil {
				return
			}
			rc.Flush()
			time.Sleep(20 * time.Millisecond)
		}
	})
	tp := newTestProxy(t, p, nil)
	srv := httptest.NewUnstartedServer(tp.h)
	srv.Config.WriteTimeout = 150 * time.Millisecond
	srv.Start()
	defer srv.Close()
	resp, err := http.Get(srv.URL + "/xc/main/live/u/p/3.ts")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil || len(body) != 30*188 {
		t.Errorf("stream over a server WriteTimeout: %d bytes, %v; want %d bytes", len(body), err, 30*188)
	}
}

func TestProxyGuideURL(t *testing.T) {
	tests := []struct {
		name   string
		cfg    func(*Config)
		tls    bool
		header http.Header
		want   string
	}{
		{"from the request", nil, false, nil, "http://tv.lan:3000/xc/Main/xmltv.php?password=p%26w&username=u"},
		{"tls request", nil, true, nil, "https://tv.lan:3000/xc/Main/xmltv.php?password=p%26w&username=u"},
		{"untrusted forwarded proto", nil, false, http.Header{"X-Forwarded-Proto": {"https"}},
			"http://tv.lan:3000/xc/Main/xmltv.php?password=p%26w&username=u"},
		{"trusted forwarded proto", func(c *Config) { c.TrustForwardedProto = true }, false,
			http.Header{"X-Forwarded-Proto": {"https, http"}}, "https://tv.lan:3000/xc/Main/xmltv.php?password=p%26w&username=u"},
		{"public base", func(c *Config) { c.PublicBaseURL = "https://tv.example.com/iptv/" }, false, nil,
			"https://tv.example.com/iptv/xc/Main/xmltv.php?password=p%26w&username=u"},
	}
	for _, tt := range tests {
		cfg := Config{Upstreams: []Upstream{{ID: "main", Base: mustURL(t, "http://panel.invalid")}}}
		if tt.cfg != nil {
			tt.cfg(&cfg)
		}
		h, err := New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		r := httptest.NewRequest(http.MethodGet, "http://tv.lan:3000/xc/Main/get.php", nil)
		if tt.tls {
			r.TLS = &tls.ConnectionState{}
		}
		for k, v := range tt.header {
			r.Header[k] = v
		}
		x := &exchange{h: h, rt: route{id: "Main"}, in: r, user: "u", pass: "p&w"}
		if got := x.proxyGuideURL(); got != tt.want {
			t.Errorf("%s: proxyGuideURL() = %q, want %q", tt.name, got, tt.want)
		}
	}
	if _, err := New(Config{Upstreams: []Upstream{{ID: "main", Base: mustURL(t, "http://p")}}, PublicBaseURL: "tv.example.com"}); err == nil {
		t.Errorf("New with PublicBaseURL without a scheme: no error")
	}
}

func TestHeadGivesGetHeaders(t *testing.T) {
	p := newFakePanel(t)
	p.serveFile(t, "/get.php", "testdata/xc_get_m3u_plus.crlf.m3u", "application/octet-stream")
	p.serveFile(t, "/player_api.php", "testdata/go.xtream-codes_eternal_get_live_streams.trimmed.json", "application/json")
	p.handle("/live/u/p/1.m3u8", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/vnd.apple.mpegurl")
		w.Write([]byte("#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:2,\n/hlsr/t/u/p/1/0.ts\n"))
	})
	tp := newTestProxy(t, p, nil)
	for _, path := range []string{
		"/xc/main/get.php?type=m3u_plus&" + credQuery(),
		"/xc/main/player_api.php?action=get_live_streams&" + credQuery(),
		"/xc/main/live/u/p/1.m3u8",
	} {
		get, getBody := tp.get(t, path, nil)
		req, _ := http.NewRequest(http.MethodHead, tp.srv.URL+path, nil)
		head, body := do(t, req)
		if head.StatusCode != 200 || len(body) != 0 || len(getBody) == 0 {
			t.Errorf("HEAD %s: %d with %d body bytes, want 200 and none", path, head.StatusCode, len(body))
		}
		for _, k := range []string{"Content-Type", "Content-Length", "Content-Encoding", "Etag"} {
			if head.Header.Get(k) != get.Header.Get(k) {
				t.Errorf("HEAD %s: %s = %q, GET gave %q", path, k, head.Header.Get(k), get.Header.Get(k))
			}
		}
	}
}

func TestGuideWaitBound(t *testing.T) {
	p := newFakePanel(t)
	in := p.serveFile(t, "/get.php", "testdata/xc_get_m3u_plus.crlf.m3u", "application/octet-stream")
	guide, err := os.ReadFile("testdata/guide.xml")
	if err != nil {
		t.Fatal(err)
	}
	release := make(chan struct{})
	p.handle("/xmltv.php", func(w http.ResponseWriter, r *http.Request) {
		<-release
		w.Write(guide)
	})
	tp := newTestProxy(t, p, func(c *Config) { c.GuideWait = 50 * time.Millisecond })
	_, body := tp.get(t, "/xc/main/get.php?type=m3u_plus&"+credQuery(), nil)
	if !bytes.Equal(body, in) {
		t.Errorf("playlist while the guide loads = %q, want it unchanged", body)
	}
	close(release)
	// The fetch went on: a later request gets the logos.
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		if _, body = tp.get(t, "/xc/main/get.php?type=m3u_plus&"+credQuery(), nil); bytes.Contains(body, []byte("logos.example")) {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if !bytes.Contains(body, []byte("logos.example")) {
		t.Errorf("playlist after the guide loaded was not rewritten")
	}
	if hits := p.guideHits.Load(); hits != 1 {
		t.Errorf("guide fetched %d times, want 1", hits)
	}
	if !strings.Contains(tp.logs.String(), "xc guide still loading") {
		t.Errorf("the pass-through was not logged")
	}
}

func TestFixLocation(t *testing.T) {
	tests := []struct{ base, public, loc, want string }{
		{"http://panel:8080", "", "/live/u/p/1.m3u8", "/xc/Main/live/u/p/1.m3u8"},
		{"http://panel:8080/", "", "/get.php?a=1", "/xc/Main/get.php?a=1"},
		{"http://panel/sub", "", "/sub/live/u/p/1.ts", "/xc/Main/live/u/p/1.ts"},
		{"http://panel/sub", "", "/other/x", "/other/x"},
		{"http://panel/sub", "", "/subway", "/subway"},
		{"http://panel", "https://tv.example.com/iptv", "/live/u/p/1.ts", "/iptv/xc/Main/live/u/p/1.ts"},
		{"http://panel", "", "http://stream:25461/live/u/p/1.ts", "http://stream:25461/live/u/p/1.ts"},
		// A redirect to the panel's own origin (XC's tokenized HLS) stays in the proxy.
		{"http://panel:8080", "", "http://PANEL:8080/hlsr/tok/u/p/1/h/index.m3u8?x=1", "/xc/Main/hlsr/tok/u/p/1/h/index.m3u8?x=1"},
		{"http://panel", "", "http://panel:80/live/u/p/1.ts", "/xc/Main/live/u/p/1.ts"},
		{"http://panel", "", "https://panel/live/u/p/1.ts", "https://panel/live/u/p/1.ts"},
		{"http://panel", "", "//stream/x", "//stream/x"},
		{"http://panel", "", "", ""},
	}
	for _, tt := range tests {
		h, err := New(Config{Upstreams: []Upstream{{ID: "main", Base: mustURL(t, tt.base)}}, PublicBaseURL: tt.public})
		if err != nil {
			t.Fatal(err)
		}
		rt, _ := parseRoute("/xc/Main/live")
		rt.prefix = h.publicPath + rt.prefix
		x := &exchange{h: h, up: h.ups["main"], rt: rt}
		hdr := http.Header{}
		if tt.loc != "" {
			hdr.Set("Location", tt.loc)
		}
		x.fixLocation(hdr)
		if got := hdr.Get("Location"); got != tt.want {
			t.Errorf("fixLocation(base %s, %q) = %q, want %q", tt.base, tt.loc, got, tt.want)
		}
	}
}
