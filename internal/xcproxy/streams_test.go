package xcproxy

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"runtime"
	"strings"
	"testing"
	"time"
)

// TestStalledStreamIsEnded: a live stream whose panel stops sending is
// ended after StreamIdle (the client's body ends, the panel's request is
// cancelled), while a stream whose client pauses reading is not.
func TestStalledStreamIsEnded(t *testing.T) {
	p, _ := endlessPanel(t)
	cancelled := make(chan struct{}, 1)
	p.handle("/live/u/p/2.ts", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "video/mp2t")
		w.Write(bytes.Repeat([]byte{0x47}, 188*7))
		http.NewResponseController(w).Flush()
		<-r.Context().Done() // stalls: sends nothing more
		cancelled <- struct{}{}
	})
	const idle = 400 * time.Millisecond
	tp := newTestProxy(t, p, func(c *Config) { c.StreamIdle = idle })

	start := time.Now()
	resp, err := http.Get(tp.srv.URL + "/xc/main/live/u/p/2.ts")
	if err != nil {
		t.Fatal(err)
	}
	body, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	took := time.Since(start)
	if len(body) != 188*7 || err == nil || took > 10*idle {
		t.Errorf("stalled stream: %d bytes, end %v after %v; want the first 1316 bytes, then an error after about %v", len(body), err, took, idle)
	}
	select {
	case <-cancelled:
	case <-time.After(5 * time.Second):
		t.Error("the panel's request was not cancelled")
	}
	if n := tp.h.Stats().StreamsIdle; n != 1 {
		t.Errorf("Stats().StreamsIdle = %d, want 1", n)
	}
	if !strings.Contains(tp.logs.String(), "the panel sent nothing") {
		t.Errorf("no log line for the ended stream:\n%q", tp.logs.String())
	}

	// A client that stops reading for longer than StreamIdle keeps its
	// stream: only the panel's silence counts.
	resp, err = http.Get(tp.srv.URL + "/xc/main/live/u/p/1.ts")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	buf := make([]byte, 32<<10)
	if _, err := io.ReadFull(resp.Body, buf); err != nil {
		t.Fatal(err)
	}
	time.Sleep(3 * idle)
	for range 16 { // past what the socket buffers held while we slept
		if _, err := io.ReadFull(resp.Body, buf); err != nil {
			t.Fatalf("a paused client's stream ended: %v", err)
		}
	}
	if n := tp.h.Stats().StreamsIdle; n != 1 {
		t.Errorf("Stats().StreamsIdle = %d after a paused client, want still 1", n)
	}
}

// TestMaxStreams: beyond MaxStreams open streams a stream request gets
// 503 with Retry-After; a closed stream frees its slot. Other requests
// (playlists, the API) are not counted.
func TestMaxStreams(t *testing.T) {
	p, gone := endlessPanel(t)
	p.serveFile(t, "/get.php", "testdata/xc_get_m3u_plus.crlf.m3u", "application/octet-stream")
	tp := newTestProxy(t, p, func(c *Config) { c.MaxStreams = 2 })
	open := func() (*http.Response, context.CancelFunc) {
		ctx, cancel := context.WithCancel(context.Background())
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, tp.srv.URL+"/xc/main/live/u/p/1.ts", nil)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		return resp, cancel
	}
	r1, c1 := open()
	defer c1()
	r2, c2 := open()
	defer c2()
	if r1.StatusCode != 200 || r2.StatusCode != 200 {
		t.Fatalf("first two streams: %d %d", r1.StatusCode, r2.StatusCode)
	}
	if resp, _ := tp.get(t, "/xc/main/get.php?type=m3u_plus&"+credQuery(), nil); resp.StatusCode != 200 {
		t.Errorf("a playlist with the streams full: %d, want 200", resp.StatusCode)
	}
	r3, c3 := open()
	body, _ := io.ReadAll(r3.Body)
	r3.Body.Close()
	c3()
	if r3.StatusCode != 503 || r3.Header.Get("Retry-After") == "" || !strings.Contains(string(body), "XC_MAX_STREAMS") {
		t.Errorf("third stream: %d Retry-After %q %s, want 503", r3.StatusCode, r3.Header.Get("Retry-After"), body)
	}
	if tp.h.OpenStreams() != 2 || tp.h.Stats().StreamsRefused != 1 {
		t.Errorf("open %d refused %d, want 2 and 1", tp.h.OpenStreams(), tp.h.Stats().StreamsRefused)
	}
	c1()
	r1.Body.Close()
	<-gone
	for deadline := time.Now().Add(5 * time.Second); tp.h.OpenStreams() > 1 && time.Now().Before(deadline); {
		time.Sleep(10 * time.Millisecond)
	}
	r4, c4 := open()
	defer c4()
	r4.Body.Close()
	if r4.StatusCode != 200 {
		t.Errorf("a stream after one closed: %d, want 200", r4.StatusCode)
	}
}

// TestMemoryPerOpenStream measures what an open stream costs the proxy:
// the heap with n streams open through it, less the heap with the same n
// streams open directly from the panel (same process, same clients).
// With 256 KiB copy buffers it was about 0.3 MB; docs/xc-proxy.md gives
// the number.
func TestMemoryPerOpenStream(t *testing.T) {
	p, _ := endlessPanel(t)
	tp := newTestProxy(t, p, nil)
	const n = 64
	heapWith := func(base string) uint64 {
		client := &http.Client{Transport: &http.Transport{MaxConnsPerHost: 0}}
		var cancels []context.CancelFunc
		var bodies []io.ReadCloser
		for range n {
			ctx, cancel := context.WithCancel(context.Background())
			req, _ := http.NewRequestWithContext(ctx, http.MethodGet, base+"/live/u/p/1.ts", nil)
			resp, err := client.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			buf := make([]byte, 188*7) // the panel's first write: the stream is open
			if _, err := io.ReadFull(resp.Body, buf); err != nil {
				t.Fatal(err)
			}
			cancels = append(cancels, cancel)
			bodies = append(bodies, resp.Body)
		}
		time.Sleep(200 * time.Millisecond)
		var ms runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&ms)
		for i := range cancels {
			cancels[i]()
			bodies[i].Close()
		}
		client.CloseIdleConnections()
		return ms.HeapInuse + ms.StackInuse
	}
	direct := heapWith(p.srv.URL)
	time.Sleep(300 * time.Millisecond)
	proxied := heapWith(tp.srv.URL + "/xc/main")
	per := (int64(proxied) - int64(direct)) / n
	t.Logf("heap and stacks: %d streams direct %.1f MB, through the proxy %.1f MB: %.0f KB per open stream",
		n, float64(direct)/(1<<20), float64(proxied)/(1<<20), float64(per)/1024)
	if per > 200<<10 { // 90-97 KB measured; 322 KB with 256 KiB buffers
		t.Errorf("an open stream costs the proxy %d KB, want under 200 KB", per>>10)
	}
}
