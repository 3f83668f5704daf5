package xcproxy

import (
	"bytes"
	"compress/gzip"
	"net/http"
	"strconv"
	"strings"
	"testing"
)

func TestHLSURIsMappedIntoTheProxy(t *testing.T) {
	p := newFakePanel(t)
	panelHost := p.srv.Listener.Addr().String()
	in := "#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:2\n" +
		"#EXT-X-KEY:METHOD=AES-128,URI=\"/hlsr/tok/u/p/1/key.bin\",IV=0x1\n" +
		"#EXT-X-MAP:URI=\"http://" + panelHost + "/hlsr/tok/u/p/1/init.mp4\"\n" +
		"#EXTINF:2,\n/hlsr/tok/u/p/1/h/0.ts\n" +
		"#EXTINF:2,\r\nhttp://" + panelHost + "/hlsr/tok/u/p/1/h/1.ts?x=1\r\n" +
		"#EXTINF:2,\n2.ts\n" +
		"#EXTINF:2,\nhttp://cdn.example/3.ts\n" +
		"#EXT-X-ENDLIST\n"
	want := "#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:2\n" +
		"#EXT-X-KEY:METHOD=AES-128,URI=\"/xc/main/hlsr/tok/u/p/1/key.bin\",IV=0x1\n" +
		"#EXT-X-MAP:URI=\"/xc/main/hlsr/tok/u/p/1/init.mp4\"\n" +
		"#EXTINF:2,\n/xc/main/hlsr/tok/u/p/1/h/0.ts\n" +
		"#EXTINF:2,\r\n/xc/main/hlsr/tok/u/p/1/h/1.ts?x=1\r\n" +
		"#EXTINF:2,\n2.ts\n" +
		"#EXTINF:2,\nhttp://cdn.example/3.ts\n" +
		"#EXT-X-ENDLIST\n"
	for _, gz := range []bool{false, true} {
		p.handle("/live/u/p/1.m3u8", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/vnd.apple.mpegurl")
			w.Header().Set("Content-Length", strconv.Itoa(len(in)))
			if gz {
				if !strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") {
					t.Errorf("the proxy did not ask for gzip although the client accepts it")
				}
				w.Header().Del("Content-Length")
				w.Header().Set("Content-Encoding", "gzip")
				zw := gzip.NewWriter(w)
				zw.Write([]byte(in))
				zw.Close()
				return
			}
			w.Write([]byte(in))
		})
		tp := newTestProxy(t, p, nil)
		var hdr http.Header
		if gz {
			hdr = http.Header{"Accept-Encoding": {"gzip"}}
		}
		resp, body := tp.get(t, "/xc/main/live/u/p/1.m3u8", hdr)
		if string(body) != want {
			t.Errorf("gzip %v: HLS rewrite =\n%s\nwant\n%s", gz, body, want)
		}
		if ct := resp.Header.Get("Content-Type"); ct != "application/vnd.apple.mpegurl" || resp.Header.Get("Content-Encoding") != "" {
			t.Errorf("gzip %v: Content-Type %q Content-Encoding %q", gz, ct, resp.Header.Get("Content-Encoding"))
		}
		if tp.h.Stats().HLSRewritten != 1 {
			t.Errorf("Stats().HLSRewritten = %d", tp.h.Stats().HLSRewritten)
		}
	}
}

func TestRootModeWritesRootURLs(t *testing.T) {
	p := newFakePanel(t)
	p.serveFile(t, "/get.php", "testdata/xc_get_m3u_plus.crlf.m3u", "application/vnd.apple.mpegurl")
	p.handle("/live/u/p/2.m3u8", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "http://"+r.Host+"/hlsr/tok/u/p/2/index.m3u8", http.StatusFound)
	})
	p.handle("/hlsr/tok/u/p/2/index.m3u8", func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte("#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:2,\n/hlsr/tok/u/p/2/0.ts\n"))
	})
	tp := newTestProxy(t, p, nil)
	root, err := tp.h.Root("MAIN")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tp.h.Root("nope"); err == nil {
		t.Errorf("Root of an unknown upstream: no error")
	}
	srv := newServer(t, root)
	resp, body := get(t, srv+"/get.php?type=m3u_plus&"+credQuery(), http.Header{"Accept": {"application/vnd.apple.mpegurl"}})
	if ct := resp.Header.Get("Content-Type"); ct != "application/vnd.apple.mpegurl" {
		t.Errorf("root playlist for a client asking the HLS type: %q", ct)
	}
	wantGuide := `url-tvg="` + srv + `/xmltv.php?password=` + testPass + `&username=` + testUser + `"`
	if !bytes.Contains(body, []byte(wantGuide)) {
		t.Errorf("root playlist header: want %s in\n%.300s", wantGuide, body)
	}
	resp, _ = get(t, srv+"/live/u/p/2.m3u8", nil)
	if loc := resp.Header.Get("Location"); resp.StatusCode != 302 || loc != "/hlsr/tok/u/p/2/index.m3u8" {
		t.Errorf("root redirect = %d %q, want 302 to the root path", resp.StatusCode, loc)
	}
	_, body = get(t, srv+"/hlsr/tok/u/p/2/index.m3u8", nil)
	if !bytes.Contains(body, []byte("\n/hlsr/tok/u/p/2/0.ts\n")) {
		t.Errorf("root HLS = %q", body)
	}
}

func TestParseListeners(t *testing.T) {
	ls, err := ParseListeners(" main=:8081 , b=127.0.0.1:8082")
	if err != nil || len(ls) != 2 || ls[0] != (Listener{"main", ":8081"}) || ls[1] != (Listener{"b", "127.0.0.1:8082"}) {
		t.Errorf("ParseListeners = %v, %v", ls, err)
	}
	if ls, err := ParseListeners(""); err != nil || ls != nil {
		t.Errorf("empty: %v %v", ls, err)
	}
	for _, bad := range []string{"main", "main=8081", "=:1", "a=:1,A=:2", "a=:1,b=:1", "a b=:1", "a=:99999"} {
		if _, err := ParseListeners(bad); err == nil {
			t.Errorf("ParseListeners(%q): no error", bad)
		}
	}
}

func TestChannelListType(t *testing.T) {
	tests := []struct{ panel, accept, want string }{
		{"application/octet-stream", "", "application/octet-stream"},
		{"audio/x-mpegurl", "*/*", "audio/x-mpegurl"},
		{"application/vnd.apple.mpegurl", "", "audio/x-mpegurl"},
		{"application/x-mpegURL; charset=utf-8", "", "audio/x-mpegurl"},
		{"", "", "audio/x-mpegurl"},
		{"application/octet-stream", "application/vnd.apple.mpegurl, */*;q=0.1", "application/vnd.apple.mpegurl"},
		{"application/octet-stream", "application/vnd.apple.mpegurl;q=0", "application/octet-stream"},
	}
	for _, tt := range tests {
		r, _ := http.NewRequest("GET", "/", nil)
		if tt.accept != "" {
			r.Header.Set("Accept", tt.accept)
		}
		if got := channelListType(tt.panel, r); got != tt.want {
			t.Errorf("channelListType(%q, Accept %q) = %q, want %q", tt.panel, tt.accept, got, tt.want)
		}
	}
}
