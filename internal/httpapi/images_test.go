package httpapi

import (
	"context"
	"io"
	"log/slog"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"gamethumbs/internal/cache"
	"gamethumbs/internal/config"
	"gamethumbs/internal/scene"
)

func TestImageCachingHeadersAnd304(t *testing.T) {
	s, fb := newTestServer(t, nil)
	rec := do(t, s, "/nba/lakers/celtics/thumb?style=2&badge=HD")
	etag := rec.Header().Get("ETag")
	if rec.Code != 200 || !strings.HasPrefix(etag, `"`) || rec.Header().Get("Cache-Control") != "public, max-age=86400" ||
		rec.Header().Get("Last-Modified") == "" || rec.Header().Get("Content-Length") == "" {
		t.Fatalf("headers: %v", rec.Header())
	}
	// Same picture, other spelling and query order: served from the cache.
	rec2 := do(t, s, "/NBA/LAL/celtics/thumb.png?badge=hd&style=2")
	if rec2.Header().Get("ETag") != etag || rec2.Body.String() != rec.Body.String() {
		t.Errorf("equivalent URL got ETag %q, want %q", rec2.Header().Get("ETag"), etag)
	}
	if n := fb.renders.Load(); n != 1 {
		t.Errorf("two equivalent requests rendered %d times, want 1", n)
	}
	rec3 := do(t, s, "/nba/lakers/celtics/thumb?style=2&badge=HD", "If-None-Match", etag)
	if rec3.Code != 304 || rec3.Body.Len() != 0 {
		t.Errorf("If-None-Match: %d with %d body bytes, want 304 and none", rec3.Code, rec3.Body.Len())
	}
}

func TestImageCacheDisabled(t *testing.T) {
	s, fb := newTestServer(t, func(c *config.Config) { c.ImageCacheHours = 0 })
	do(t, s, "/nba/thumb")
	do(t, s, "/nba/thumb")
	if n := fb.renders.Load(); n != 2 {
		t.Errorf("IMAGE_CACHE_HOURS=0: %d renders for 2 requests, want 2", n)
	}
}

func TestConcurrentIdenticalRequestsRenderOnce(t *testing.T) {
	s, fb := newTestServer(t, nil)
	fb.delay = 50 * time.Millisecond
	var wg sync.WaitGroup
	codes := make([]int, 100)
	for i := range codes {
		wg.Go(func() {
			rec := httptest.NewRecorder()
			s.ServeHTTP(rec, httptest.NewRequest("GET", "/nba/lakers/celtics/thumb", nil))
			codes[i] = rec.Code
		})
	}
	wg.Wait()
	for i, c := range codes {
		if c != 200 {
			t.Fatalf("request %d = %d", i, c)
		}
	}
	if n := fb.renders.Load(); n != 1 {
		t.Errorf("100 concurrent identical requests rendered %d times, want 1", n)
	}
}

func TestFullRenderQueueAnswers503(t *testing.T) {
	s, fb := newTestServer(t, func(c *config.Config) { c.RenderConcurrency = 1; c.RenderQueue = 0 })
	fb.delay = 200 * time.Millisecond
	var wg sync.WaitGroup
	codes := make([]int, 4)
	for i, team := range []string{"lakers", "celtics", "lal", "lakers"} {
		wg.Go(func() {
			rec := httptest.NewRecorder()
			path := "/nba/" + team + "/thumb"
			if i == 3 {
				path = "/nba/thumb"
			}
			s.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
			codes[i] = rec.Code
			if rec.Code == 503 && rec.Header().Get("Retry-After") == "" {
				t.Error("503 without Retry-After")
			}
		})
		time.Sleep(10 * time.Millisecond)
	}
	wg.Wait()
	busy := 0
	for _, c := range codes {
		if c == 503 {
			busy++
		}
	}
	if busy == 0 {
		t.Errorf("codes %v: a full render queue never answered 503", codes)
	}
}

func TestDiskTierSurvivesRestart(t *testing.T) {
	dir := t.TempDir()
	var d *cache.Disk
	newWithDisk := func() (*Server, *fakeBackend) {
		var err error
		d, err = cache.OpenDisk(dir, 1<<20, time.Hour)
		if err != nil {
			t.Fatal(err)
		}
		cfg := config.Defaults()
		cfg.RateLimitPerMinute = 0
		fb := &fakeBackend{}
		return NewServer(Deps{Config: cfg, Backend: fb, Disk: d, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}), fb
	}
	s1, fb1 := newWithDisk()
	first := do(t, s1, "/nba/lakers/celtics/thumb")
	if fb1.renders.Load() != 1 {
		t.Fatal("first request did not render")
	}
	// The write is asynchronous: wait until its record is written whole
	// (the next OpenDisk would cut off a partial one).
	deadline := time.Now().Add(5 * time.Second)
	for {
		if d.Used() > 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("image never written to the disk tier")
		}
		time.Sleep(5 * time.Millisecond)
	}
	d.Close() // the first process ends
	s2, fb2 := newWithDisk()
	second := do(t, s2, "/nba/lakers/celtics/thumb")
	if fb2.renders.Load() != 0 {
		t.Errorf("after restart the image was rendered again (%d renders); want it from disk", fb2.renders.Load())
	}
	if second.Body.String() != first.Body.String() || second.Header().Get("ETag") != first.Header().Get("ETag") {
		t.Error("image from disk differs from the rendered one")
	}
}

// hangingBackend resolves each team of a request the way a lookup on a
// hanging provider does: it waits for its own 1 s timeout or the
// request's context, whichever ends first.
type hangingBackend struct{ fakeBackend }

func (h *hangingBackend) Prepare(ctx context.Context, req scene.Request) (scene.Job, error) {
	for range req.Teams {
		select {
		case <-time.After(time.Second):
		case <-ctx.Done():
		}
	}
	return &fakeJob{key: req.Key(), f: &h.fakeBackend}, nil
}

// TestOneLookupBudget: the provider lookups of one request share one
// REQUEST_TIMEOUT; a matchup on a hanging provider waits it once, not
// once per team.
func TestOneLookupBudget(t *testing.T) {
	cfg := config.Defaults()
	cfg.RateLimitPerMinute = 0
	cfg.RequestTimeout = 300 * time.Millisecond
	s := NewServer(Deps{Config: cfg, Backend: &hangingBackend{}, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	began := time.Now()
	if rec := do(t, s, "/nba/lakers/celtics/thumb?fallback=true"); rec.Code != 200 {
		t.Fatalf("matchup = %d", rec.Code)
	}
	if took := time.Since(began); took > 900*time.Millisecond {
		t.Errorf("matchup on a hanging provider took %v, want about one 300 ms budget (two 1 s lookups without it)", took.Round(time.Millisecond))
	}
}
