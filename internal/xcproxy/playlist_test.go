package xcproxy

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// checkGolden compares got with testdata/golden/name byte for byte.
func checkGolden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", "golden", name)
	if *update {
		os.MkdirAll(filepath.Dir(path), 0o755)
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("golden %s missing (run with -update and review): %v", name, err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("output differs from %s:\n got: %q\nwant: %q", path, got, want)
	}
}

func TestPlaylistGolden(t *testing.T) {
	tests := []struct {
		file, contentType, golden string
		query                     string
	}{
		// Panels often label get.php output as octet-stream.
		{"testdata/xc_get_m3u_plus.crlf.m3u", "application/octet-stream", "xc_get_m3u_plus.crlf.golden", "type=m3u_plus&output=ts"},
		{"testdata/threadfin_test_list_1.DERIVED-crlf.m3u", "audio/x-mpegurl", "threadfin_crlf.golden", "type=m3u"},
	}
	for _, tt := range tests {
		p := newFakePanel(t)
		in := p.serveFile(t, "/get.php", tt.file, tt.contentType)
		tp := newTestProxy(t, p, nil)
		resp, body := tp.get(t, "/xc/main/get.php?"+credQuery()+"&"+tt.query, http.Header{"Accept-Encoding": {"gzip"}})
		if resp.StatusCode != 200 {
			t.Fatalf("%s: status %d", tt.file, resp.StatusCode)
		}
		// The panel's own type (not HLS) is kept: see contenttype.go.
		if ct := resp.Header.Get("Content-Type"); ct != tt.contentType {
			t.Errorf("%s: Content-Type %q, want the panel's %s", tt.file, ct, tt.contentType)
		}
		if resp.Header.Get("Content-Length") != "" || resp.Header.Get("Content-Encoding") != "" {
			t.Errorf("%s: stale Content-Length %q / Content-Encoding %q", tt.file,
				resp.Header.Get("Content-Length"), resp.Header.Get("Content-Encoding"))
		}
		// The golden holds the proxy's address as PROXY.
		got := bytes.ReplaceAll(body, []byte(tp.srv.Listener.Addr().String()), []byte("PROXY"))
		checkGolden(t, tt.golden, got)
		if bytes.Equal(body, in) {
			t.Errorf("%s: nothing was rewritten", tt.file)
		}
		if s := tp.h.Stats(); s.PlaylistsRewritten != 1 || s.GuideFetches != 1 {
			t.Errorf("%s: Stats() = %+v, want 1 playlist rewritten and 1 guide fetch", tt.file, s)
		}
	}
}

func TestPlaylistPassThrough(t *testing.T) {
	hls, err := os.ReadFile("../xcproxy/m3u/testdata/jamesnetherton-m3u_playlist_stream_info.m3u")
	if err != nil {
		t.Fatal(err)
	}
	media := []byte("#EXTM3U\r\n#EXT-X-TARGETDURATION:10\r\n#EXTINF:10,BT Sport 1\r\nseg1.ts\r\n")
	tests := []struct {
		name, path, contentType string
		body                    []byte
	}{
		{"hls master from get.php", "/get.php?type=m3u8&" + credQuery(), "application/vnd.apple.mpegurl", hls},
		{"hls media under live/", "/live/u/p/1.m3u8", "application/x-mpegURL", media},
		{"html error page", "/get.php?type=m3u_plus&" + credQuery(), "text/html", []byte("<html>Account expired</html>")},
		{"json error", "/get.php?type=m3u_plus&" + credQuery(), "application/json", []byte(`{"error":"banned"}`)},
		{"empty", "/get.php?type=m3u_plus&" + credQuery(), "application/octet-stream", nil},
		{"no credentials", "/get.php?type=m3u_plus", "audio/mpegurl", []byte("#EXTM3U\n#EXTINF:-1 tvg-id=\"BTSport1.uk\",BT\nhttp://x\n")},
	}
	for _, tt := range tests {
		p := newFakePanel(t)
		path, _, _ := strings.Cut(tt.path, "?")
		p.handle(path, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", tt.contentType)
			w.Write(tt.body)
		})
		tp := newTestProxy(t, p, nil)
		resp, body := tp.get(t, "/xc/main"+tt.path, nil)
		if resp.StatusCode != 200 || !bytes.Equal(body, tt.body) {
			t.Errorf("%s: got %d %q, want the body unchanged", tt.name, resp.StatusCode, body)
		}
		if ct := resp.Header.Get("Content-Type"); ct != tt.contentType {
			t.Errorf("%s: Content-Type %q, want the panel's %q", tt.name, ct, tt.contentType)
		}
	}
}

func TestPlaylistGzipFromPanel(t *testing.T) {
	p := newFakePanel(t)
	plain, err := os.ReadFile("testdata/xc_get_m3u_plus.crlf.m3u")
	if err != nil {
		t.Fatal(err)
	}
	var z bytes.Buffer
	zw := gzip.NewWriter(&z)
	zw.Write(plain)
	zw.Close()
	// The panel gzips whatever the request said.
	p.handle("/get.php", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/octet-stream")
		w.Header().Set("Content-Encoding", "gzip")
		w.Header().Set("Content-Length", fmt.Sprint(z.Len()))
		w.Write(z.Bytes())
	})
	tp := newTestProxy(t, p, nil)
	resp, body := tp.get(t, "/xc/main/get.php?type=m3u_plus&output=ts&"+credQuery(), http.Header{"Accept-Encoding": {"gzip"}})
	if resp.Header.Get("Content-Encoding") != "" || resp.Header.Get("Content-Length") != "" {
		t.Errorf("Content-Encoding %q, Content-Length %q, want neither", resp.Header.Get("Content-Encoding"), resp.Header.Get("Content-Length"))
	}
	// Same output as for the plain body.
	checkGolden(t, "xc_get_m3u_plus.crlf.golden", bytes.ReplaceAll(body, []byte(tp.srv.Listener.Addr().String()), []byte("PROXY")))
}

func TestGuideFetchedOnceForConcurrentPlaylists(t *testing.T) {
	p := newFakePanel(t)
	p.serveFile(t, "/get.php", "testdata/xc_get_m3u_plus.crlf.m3u", "application/octet-stream")
	guide, _ := os.ReadFile("testdata/guide.xml")
	release := make(chan struct{})
	p.handle("/xmltv.php", func(w http.ResponseWriter, r *http.Request) {
		<-release // hold the guide until every request waits for it
		w.Write(guide)
	})
	tp := newTestProxy(t, p, nil)
	const n = 16
	var wg sync.WaitGroup
	bodies := make([][]byte, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, bodies[i] = tp.get(t, "/xc/main/get.php?type=m3u_plus&"+credQuery(), nil)
		}()
	}
	// Wait until the guide request has arrived, then a little for the rest to queue.
	for deadline := time.Now().Add(10 * time.Second); p.guideHits.Load() == 0 && time.Now().Before(deadline); {
		time.Sleep(5 * time.Millisecond)
	}
	time.Sleep(100 * time.Millisecond)
	close(release)
	wg.Wait()
	if hits := p.guideHits.Load(); hits != 1 {
		t.Errorf("xmltv.php fetched %d times for %d concurrent playlists, want 1", hits, n)
	}
	for i := range n {
		if !bytes.Contains(bodies[i], []byte("http://logos.example/george.png")) {
			t.Errorf("playlist %d was not rewritten: %q", i, bodies[i])
		}
	}
	// A later request is served from the cache.
	tp.get(t, "/xc/main/get.php?type=m3u_plus&"+credQuery(), nil)
	if hits := p.guideHits.Load(); hits != 1 {
		t.Errorf("xmltv.php fetched %d times after a cached request, want 1", hits)
	}
	if s := tp.h.Stats(); s.GuideCacheHits < 1 {
		t.Errorf("Stats().GuideCacheHits = %d, want at least 1", s.GuideCacheHits)
	}
}

func TestGuideFailureIsCachedAndPlaylistPassesThrough(t *testing.T) {
	p := newFakePanel(t)
	in := p.serveFile(t, "/get.php", "testdata/xc_get_m3u_plus.crlf.m3u", "application/octet-stream")
	p.handle("/xmltv.php", func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "guide disabled", http.StatusInternalServerError)
	})
	tp := newTestProxy(t, p, nil)
	for i := range 3 {
		resp, body := tp.get(t, "/xc/main/get.php?type=m3u_plus&"+credQuery(), nil)
		if resp.StatusCode != 200 || !bytes.Equal(body, in) {
			t.Errorf("request %d with a failed guide: got %d %q, want the playlist unchanged", i, resp.StatusCode, body)
		}
	}
	if hits := p.guideHits.Load(); hits != 1 {
		t.Errorf("failed guide fetched %d times, want 1 (failure cached)", hits)
	}
	if s := tp.h.Stats(); s.GuideErrors != 1 {
		t.Errorf("Stats().GuideErrors = %d, want 1", s.GuideErrors)
	}
	if c := strings.Count(tp.logs.String(), "xc guide unavailable"); c != 1 {
		t.Errorf("guide failure logged %d times, want once", c)
	}
}

func TestGuideIsPerCredentials(t *testing.T) {
	p := newFakePanel(t)
	p.handle("/get.php", func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte("#EXTM3U\n#EXTINF:-1 tvg-id=\"x\",X\nhttp://s/1\n"))
	})
	p.handle("/xmltv.php", func(w http.ResponseWriter, r *http.Request) {
		user := r.URL.Query().Get("username")
		fmt.Fprintf(w, `<tv><channel id="x"><icon src="http://logos.example/%s.png"/></channel></tv>`, user)
	})
	tp := newTestProxy(t, p, nil)
	for _, user := range []string{"alice", "bob", "alice"} {
		_, body := tp.get(t, "/xc/main/get.php?type=m3u&username="+user+"&password=pw", nil)
		if want := "http://logos.example/" + user + ".png"; !bytes.Contains(body, []byte(want)) {
			t.Errorf("%s got %q, want the logo from their own guide %s", user, body, want)
		}
	}
	if hits := p.guideHits.Load(); hits != 2 {
		t.Errorf("xmltv.php fetched %d times for two users, want 2", hits)
	}
	if got := p.lastReq.Load().URL.RawQuery; !strings.Contains(got, "username=alice") {
		t.Errorf("last panel request %q", got)
	}
}
