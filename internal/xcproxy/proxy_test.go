package xcproxy

import (
	"bytes"
	"encoding/json"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

func errorJSON(t *testing.T, body []byte) string {
	t.Helper()
	var e struct {
		Error string `json:"error"`
	}
	if err := json.Unmarshal(body, &e); err != nil || e.Error == "" {
		t.Fatalf("body %q is not {\"error\":...}: %v", body, err)
	}
	return e.Error
}

func TestRoutingAnswers(t *testing.T) {
	p := newFakePanel(t)
	p.handle("*", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain")
		w.Write([]byte(r.Method + " " + r.URL.EscapedPath() + "?" + r.URL.RawQuery))
	})
	tp := newTestProxy(t, p, func(c *Config) {
		c.Upstreams = append(c.Upstreams, Upstream{ID: "Second.Panel", Base: mustURL(t, p.srv.URL+"/sub/?token=a=b")})
	})
	tests := []struct {
		method, path string
		status       int
		body         string // exact body, or error text for JSON errors
	}{
		{"GET", "/xc/nope/get.php?" + credQuery(), 404, "unknown upstream"},
		{"POST", "/xc/main/live/u/p/1.ts", 405, "method not allowed: POST only to player_api.php, get.php and xmltv.php"},
		{"DELETE", "/xc/main/live/u/p/1.ts", 405, "method not allowed: use GET, HEAD or POST"},
		{"GET", "/xc/main/../etc/passwd", 400, "invalid path: dot segments"},
		{"GET", "/xc/main/player_api.php?action=get_vod_streams&" + credQuery(), 200,
			"GET /player_api.php?action=get_vod_streams&" + credQuery()},
		{"GET", "/XC/MAIN/live/u/p/12.ts?a=%20b&a=c", 200, "GET /live/u/p/12.ts?a=%20b&a=c"},
		{"GET", "/xc/main/movie/us%2Fer/p%40ss/7.mp4", 200, "GET /movie/us%2Fer/p%40ss/7.mp4?"},
		{"GET", "/xc/second.panel/series/u/p/9.mkv?x=1", 200, "GET /sub/series/u/p/9.mkv?token=a=b&x=1"},
		{"GET", "/xc/main?type=xyz", 200, "GET /get.php?type=xyz"},
		{"GET", "/xc/main", 200, "GET /?"},
		{"HEAD", "/xc/main/live/u/p/1.ts", 200, ""},
	}
	for _, tt := range tests {
		req, _ := http.NewRequest(tt.method, tp.srv.URL+tt.path, nil)
		resp, body := do(t, req)
		if resp.StatusCode != tt.status {
			t.Errorf("%s %s: status %d, want %d (body %q)", tt.method, tt.path, resp.StatusCode, tt.status, body)
			continue
		}
		if tt.status != 200 {
			if got := errorJSON(t, body); got != tt.body {
				t.Errorf("%s %s: error %q, want %q", tt.method, tt.path, got, tt.body)
			}
			if bytes.Contains(body, []byte("main")) || bytes.Contains(body, []byte("Second")) {
				t.Errorf("%s %s: error body %q names a configured upstream", tt.method, tt.path, body)
			}
			if allow := resp.Header.Get("Allow"); tt.status == 405 && allow != "GET, HEAD" && allow != "GET, HEAD, POST" {
				t.Errorf("%s %s: Allow = %q, want the methods", tt.method, tt.path, allow)
			}
			continue
		}
		if string(body) != tt.body {
			t.Errorf("%s %s: upstream saw %q, want %q", tt.method, tt.path, body, tt.body)
		}
	}
}

func TestRequestHeaders(t *testing.T) {
	p := newFakePanel(t)
	p.handle("*", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Connection", "X-Upstream-Hop")
		w.Header().Set("X-Upstream-Hop", "1")
		w.Header().Set("X-Panel", "kept")
		w.Write([]byte("ok"))
	})
	tp := newTestProxy(t, p, nil)
	hdr := http.Header{
		"User-Agent":          {"TiviMate/5.1"},
		"Accept":              {"*/*"},
		"Range":               {"bytes=10-20"},
		"If-None-Match":       {`"abc"`},
		"X-Forwarded-For":     {"203.0.113.9"},
		"Forwarded":           {"for=203.0.113.9"},
		"Connection":          {"X-Client-Hop, keep-alive"},
		"X-Client-Hop":        {"secret-hop"},
		"Proxy-Authorization": {"Basic Zm9vOmJhcg=="},
	}
	resp, _ := tp.get(t, "/xc/main/live/u/p/1.ts", hdr)
	got := p.lastReq.Load()
	for k, want := range map[string]string{"User-Agent": "TiviMate/5.1", "Accept": "*/*", "Range": "bytes=10-20", "If-None-Match": `"abc"`} {
		if v := got.Header.Get(k); v != want {
			t.Errorf("upstream %s = %q, want %q", k, v, want)
		}
	}
	for _, k := range []string{"X-Forwarded-For", "Forwarded", "X-Client-Hop", "Proxy-Authorization", "X-Real-Ip"} {
		if v := got.Header.Get(k); v != "" {
			t.Errorf("upstream %s = %q, want none", k, v)
		}
	}
	if got.Host != p.srv.Listener.Addr().String() {
		t.Errorf("upstream Host = %q, want the panel's %q", got.Host, p.srv.Listener.Addr())
	}
	if resp.Header.Get("X-Panel") != "kept" || resp.Header.Get("X-Upstream-Hop") != "" {
		t.Errorf("response headers X-Panel=%q X-Upstream-Hop=%q, want kept and dropped",
			resp.Header.Get("X-Panel"), resp.Header.Get("X-Upstream-Hop"))
	}
	// On a playlist, the proxy asks for the whole plain body.
	tp.get(t, "/xc/main/get.php?type=m3u_plus&"+credQuery(), http.Header{"Range": {"bytes=0-1"}, "Accept-Encoding": {"br"}})
	got = p.lastReq.Load()
	if got.Header.Get("Range") != "" || strings.Contains(got.Header.Get("Accept-Encoding"), "br") {
		t.Errorf("playlist request forwarded Range=%q Accept-Encoding=%q, want none and no br",
			got.Header.Get("Range"), got.Header.Get("Accept-Encoding"))
	}
}

func TestPassThroughStatusesAndRange(t *testing.T) {
	p := newFakePanel(t)
	movie := bytes.Repeat([]byte("0123456789"), 1000)
	p.handle("/movie/u/p/7.mp4", func(w http.ResponseWriter, r *http.Request) {
		http.ServeContent(w, r, "7.mp4", time.Unix(1700000000, 0), bytes.NewReader(movie))
	})
	p.handle("/player_api.php", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusUnauthorized)
		w.Write([]byte(`{"user_info":{"auth":0}}`))
	})
	p.handle("/live/u/p/5.ts", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "http://stream.example:25461/live/u/p/5.ts?token=abc", http.StatusFound)
	})
	p.handle("/live/u/p/6.ts", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Location", "/live/u/p/6.m3u8?token=1")
		w.WriteHeader(http.StatusFound)
	})
	p.handle("/get.php", func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusForbidden)
		w.Write([]byte("#EXTM3U\nbanned\n"))
	})
	tp := newTestProxy(t, p, nil)

	resp, body := tp.get(t, "/xc/main/movie/u/p/7.mp4", http.Header{"Range": {"bytes=100-199"}})
	if resp.StatusCode != http.StatusPartialContent || resp.Header.Get("Content-Range") != "bytes 100-199/10000" ||
		!bytes.Equal(body, movie[100:200]) {
		t.Errorf("Range: status %d, Content-Range %q, %d bytes; want 206, bytes 100-199/10000, the 100 bytes",
			resp.StatusCode, resp.Header.Get("Content-Range"), len(body))
	}
	resp, body = tp.get(t, "/xc/main/movie/u/p/7.mp4", nil)
	if resp.StatusCode != 200 || resp.ContentLength != int64(len(movie)) || !bytes.Equal(body, movie) {
		t.Errorf("full movie: status %d, length %d, want 200, %d", resp.StatusCode, resp.ContentLength, len(movie))
	}
	resp, body = tp.get(t, "/xc/main/player_api.php?"+credQuery(), nil)
	if resp.StatusCode != 401 || string(body) != `{"user_info":{"auth":0}}` {
		t.Errorf("panel 401: got %d %q, want it passed through", resp.StatusCode, body)
	}
	resp, _ = tp.get(t, "/xc/main/live/u/p/5.ts", nil)
	if resp.StatusCode != http.StatusFound || resp.Header.Get("Location") != "http://stream.example:25461/live/u/p/5.ts?token=abc" {
		t.Errorf("panel redirect: got %d Location %q, want 302 unchanged", resp.StatusCode, resp.Header.Get("Location"))
	}
	resp, _ = tp.get(t, "/xc/main/live/u/p/6.ts", nil)
	if resp.StatusCode != http.StatusFound || resp.Header.Get("Location") != "/xc/main/live/u/p/6.m3u8?token=1" {
		t.Errorf("panel path redirect: got %d Location %q, want 302 to /xc/main/live/u/p/6.m3u8?token=1",
			resp.StatusCode, resp.Header.Get("Location"))
	}
	resp, body = tp.get(t, "/xc/main/get.php?type=m3u_plus&"+credQuery(), nil)
	if resp.StatusCode != 403 || string(body) != "#EXTM3U\nbanned\n" {
		t.Errorf("panel 403 on get.php: got %d %q, want it passed through", resp.StatusCode, body)
	}
}

func TestUpstreamFailures(t *testing.T) {
	// A port with nothing listening: take one and close it.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	refused := "http://" + ln.Addr().String()
	ln.Close()

	p := newFakePanel(t)
	release := make(chan struct{})
	p.handle("/slow", func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-release:
		case <-r.Context().Done():
		}
	})
	tp := newTestProxy(t, p, func(c *Config) {
		c.HeaderTimeout = 200 * time.Millisecond
		c.Upstreams = append(c.Upstreams, Upstream{ID: "down", Base: mustURL(t, refused)})
	})
	defer close(release)

	resp, body := tp.get(t, "/xc/down/live/"+testUser+"/"+testPass+"/1.ts?"+credQuery(), nil)
	if resp.StatusCode != http.StatusBadGateway || errorJSON(t, body) != "upstream unreachable" {
		t.Errorf("refused: got %d %q, want 502 upstream unreachable", resp.StatusCode, body)
	}
	resp, body = tp.get(t, "/xc/main/slow?"+credQuery(), nil)
	if resp.StatusCode != http.StatusGatewayTimeout || errorJSON(t, body) != "upstream timed out" {
		t.Errorf("header timeout: got %d %q, want 504 upstream timed out", resp.StatusCode, body)
	}
	if bytes.Contains(body, []byte(testPass)) {
		t.Errorf("error body shows the password: %q", body)
	}
	if s := tp.h.Stats(); s.UpstreamErrors != 2 {
		t.Errorf("Stats().UpstreamErrors = %d, want 2", s.UpstreamErrors)
	}
	if !strings.Contains(tp.logs.String(), "xc upstream error") {
		t.Errorf("no upstream error was logged:\n%s", tp.logs.String())
	}
}
