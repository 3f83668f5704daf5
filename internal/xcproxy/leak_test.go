package xcproxy

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"runtime"
	"testing"
	"time"
)

// TestNoGoroutineLeak runs every kind of request, closes everything, and
// checks that the goroutine count comes back to where it started.
func TestNoGoroutineLeak(t *testing.T) {
	http.DefaultTransport.(*http.Transport).CloseIdleConnections()
	before := settledGoroutines(0, time.Second)

	func() {
		p, gone := endlessPanel(t)
		p.serveFile(t, "/get.php", "testdata/xc_get_m3u_plus.crlf.m3u", "application/octet-stream")
		p.serveFile(t, "/player_api.php", "testdata/go.xtream-codes_eternal_get_live_streams.trimmed.json", "application/json")
		slowDone := make(chan struct{})
		p.handle("/slow", func(w http.ResponseWriter, r *http.Request) {
			select {
			case <-slowDone:
			case <-r.Context().Done():
			}
		})
		h, err := New(Config{
			Upstreams:     []Upstream{{ID: "main", Base: mustURL(t, p.srv.URL)}},
			HeaderTimeout: 100 * time.Millisecond,
			Logger:        slog.New(slog.NewTextHandler(io.Discard, nil)),
		})
		if err != nil {
			t.Fatal(err)
		}
		srv := httptest.NewServer(h)
		client := &http.Client{Transport: &http.Transport{}}
		get := func(ctx context.Context, path string) {
			req, _ := http.NewRequestWithContext(ctx, http.MethodGet, srv.URL+path, nil)
			resp, err := client.Do(req)
			if err != nil {
				return
			}
			io.Copy(io.Discard, io.LimitReader(resp.Body, 1<<20))
			resp.Body.Close()
		}
		for range 3 {
			get(context.Background(), "/xc/main/get.php?type=m3u_plus&"+credQuery())
			get(context.Background(), "/xc/main/player_api.php?action=get_live_streams&"+credQuery())
			get(context.Background(), "/xc/main/slow")
			get(context.Background(), "/xc/nope/get.php")
			ctx, cancel := context.WithCancel(context.Background())
			go func() { time.Sleep(50 * time.Millisecond); cancel() }()
			get(ctx, "/xc/main/live/u/p/1.ts")
			<-gone
		}
		close(slowDone)
		client.CloseIdleConnections()
		srv.Close()
		h.Close()
		p.srv.Close()
	}()

	if after := settledGoroutines(before, 10*time.Second); after > before {
		buf := make([]byte, 1<<20)
		n := runtime.Stack(buf, true)
		t.Errorf("%d goroutines after the requests, %d before:\n%s", after, before, buf[:n])
	}
}

// settledGoroutines waits up to wait for the goroutine count to drop to
// target (or to stop changing when target is 0) and returns it.
func settledGoroutines(target int, wait time.Duration) int {
	deadline := time.Now().Add(wait)
	n := runtime.NumGoroutine()
	for time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
		m := runtime.NumGoroutine()
		if (target > 0 && m <= target) || (target == 0 && m == n) {
			return m
		}
		n = m
	}
	return n
}
