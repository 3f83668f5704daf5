package httpapi

import (
	"io"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"gamethumbs/internal/cluster"
	"gamethumbs/internal/cluster/redistest"
	"gamethumbs/internal/config"
)

// replicas starts n servers sharing the Redis at url, each with its own
// backend (so renders are counted per replica).
func replicas(t *testing.T, url string, n int, mutate func(*config.Config)) ([]*Server, []*fakeBackend) {
	t.Helper()
	var ss []*Server
	var fbs []*fakeBackend
	for range n {
		cfg := config.Defaults()
		cfg.RateLimitPerMinute = 0
		cfg.Redis.URL = url
		if mutate != nil {
			mutate(&cfg)
		}
		c, err := cluster.New(cluster.Config{URL: url, Prefix: "test:", ProbeEvery: 50 * time.Millisecond,
			Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		fb := &fakeBackend{}
		ss = append(ss, NewServer(Deps{Config: cfg, Backend: fb, Shared: c,
			Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}))
		fbs = append(fbs, fb)
	}
	return ss, fbs
}

func totalRenders(fbs []*fakeBackend) int32 {
	var n int32
	for _, fb := range fbs {
		n += fb.renders.Load()
	}
	return n
}

func TestSharedTierServesOtherReplicas(t *testing.T) {
	srv := redistest.Start(t)
	ss, fbs := replicas(t, srv.URL(), 2, nil)

	a := do(t, ss[0], "/nba/lakers/celtics/thumb")
	b := do(t, ss[1], "/nba/lakers/celtics/thumb")
	if a.Code != 200 || b.Code != 200 {
		t.Fatalf("statuses %d, %d", a.Code, b.Code)
	}
	if n := totalRenders(fbs); n != 1 {
		t.Fatalf("two replicas rendered the picture %d times; want once", n)
	}
	if a.Header().Get("ETag") != b.Header().Get("ETag") || a.Body.String() != b.Body.String() ||
		a.Header().Get("Last-Modified") != b.Header().Get("Last-Modified") {
		t.Fatal("replica B served a different picture, ETag or Last-Modified than replica A rendered")
	}
	// A validator from replica A is honoured by replica B.
	nm := do(t, ss[1], "/nba/lakers/celtics/thumb", "If-None-Match", a.Header().Get("ETag"))
	if nm.Code != http.StatusNotModified {
		t.Fatalf("If-None-Match of replica A's ETag on replica B: %d; want 304", nm.Code)
	}
}

func TestSharedTierRendersOnceUnderConcurrency(t *testing.T) {
	srv := redistest.Start(t)
	ss, fbs := replicas(t, srv.URL(), 2, nil)
	for _, fb := range fbs {
		fb.delay = 150 * time.Millisecond
	}
	var wg sync.WaitGroup
	etags := make([]string, 8)
	for i := range etags {
		wg.Go(func() {
			rec := do(t, ss[i%2], "/nba/lakers/celtics/cover")
			etags[i] = rec.Header().Get("ETag")
		})
	}
	wg.Wait()
	if n := totalRenders(fbs); n != 1 {
		t.Fatalf("8 concurrent requests on 2 replicas rendered %d times; want once", n)
	}
	for _, e := range etags {
		if e != etags[0] || e == "" {
			t.Fatalf("ETags differ: %v", etags)
		}
	}
}

func TestSharedRateLimitAcrossReplicas(t *testing.T) {
	srv := redistest.Start(t)
	ss, _ := replicas(t, srv.URL(), 2, func(c *config.Config) { c.RateLimitPerMinute = 6 })
	ok, limited := 0, 0
	for i := range 12 {
		rec := do(t, ss[i%2], "/nba/lakers/celtics/thumb?style="+[]string{"1", "2", "3", "4", "5", "6"}[i%6])
		switch rec.Code {
		case 200:
			ok++
		case 429:
			limited++
			if rec.Header().Get("Retry-After") == "" {
				t.Fatal("429 without Retry-After")
			}
		default:
			t.Fatalf("status %d", rec.Code)
		}
	}
	if ok != 6 || limited != 6 {
		t.Fatalf("one client over two replicas: %d allowed, %d limited; want the shared limit of 6", ok, limited)
	}
}

func TestRedisDownIsNotAnOutage(t *testing.T) {
	srv := redistest.Start(t)
	ss, fbs := replicas(t, srv.URL(), 2, func(c *config.Config) { c.RateLimitPerMinute = 1000 })
	if rec := do(t, ss[0], "/nba/lakers/celtics/thumb"); rec.Code != 200 {
		t.Fatal(rec.Code)
	}
	srv.Stop()
	start := time.Now()
	for i := range 20 {
		target := "/nba/lakers/celtics/thumb?style=" + []string{"1", "2", "3", "4"}[i%4]
		if rec := do(t, ss[i%2], target); rec.Code != 200 {
			t.Fatalf("request %d with Redis stopped: %d %s", i, rec.Code, rec.Body.String())
		}
	}
	if el := time.Since(start); el > 3*time.Second {
		t.Fatalf("20 requests with Redis stopped took %v; Redis failures must cost at most the short budget", el)
	}
	h := do(t, ss[0], "/health")
	if want := `"redis":"down"`; !strings.Contains(h.Body.String(), want) {
		t.Fatalf("/health = %s; want %s", h.Body.String(), want)
	}

	// Redis back: sharing resumes (a picture new to both replicas renders once).
	srv.Restart()
	deadline := time.Now().Add(3 * time.Second)
	for !(ss[0].shared.Up() && ss[1].shared.Up()) {
		if time.Now().After(deadline) {
			t.Fatal("replicas did not reconnect")
		}
		time.Sleep(20 * time.Millisecond)
	}
	before := totalRenders(fbs)
	do(t, ss[0], "/nba/lakers/celtics/logo?style=2")
	do(t, ss[1], "/nba/lakers/celtics/logo?style=2")
	if n := totalRenders(fbs) - before; n != 1 {
		t.Fatalf("after Redis came back a new picture rendered %d times on two replicas; want once", n)
	}
	if h := do(t, ss[1], "/health"); !strings.Contains(h.Body.String(), `"redis":"up"`) {
		t.Fatalf("/health after recovery = %s", h.Body.String())
	}
}
