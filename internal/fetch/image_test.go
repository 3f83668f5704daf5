package fetch

import (
	"context"
	"encoding/base64"
	"errors"
	"image"
	"image/color"
	"net/http"
	"sync"
	"testing"
	"time"

	"golang.org/x/sync/singleflight"
)

// fakeClock is a settable clock for cache expiry.
type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *fakeClock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *fakeClock) advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

func newTestFetcher(cfg Config) (*Fetcher, *fakeClock) {
	clock := &fakeClock{t: time.Unix(1_700_000_000, 0)}
	f := New(nil, cfg)
	f.now = clock.now
	return f, clock
}

func TestImageCoalescesConcurrentCalls(t *testing.T) {
	const callers = 100
	release := make(chan struct{})
	img := pngBytes(t, 20, 10, color.NRGBA{0, 0, 255, 255})
	srv, hits := countingServer(t, func(w http.ResponseWriter, r *http.Request) {
		<-release
		_, _ = w.Write(img)
	})
	// Caching off: only coalescing can keep the upstream at one hit.
	f, _ := newTestFetcher(Config{CacheBytes: -1, RawCacheBytes: -1})
	var joined sync.WaitGroup
	joined.Add(callers)
	f.testHookWait = func(g *singleflight.Group) {
		if g == &f.imgSF {
			joined.Done()
		}
	}
	results := make([]image.Image, callers)
	errs := make([]error, callers)
	var done sync.WaitGroup
	for i := range callers {
		done.Go(func() { results[i], errs[i] = f.Image(context.Background(), srv.URL+"/logo.png") })
	}
	joined.Wait() // every caller waits on the flight, the server still holds the answer
	close(release)
	done.Wait()
	if n := hits.Load(); n != 1 {
		t.Errorf("upstream hits for %d concurrent Image calls = %d, want 1", callers, n)
	}
	for i := range callers {
		if errs[i] != nil || results[i] != results[0] {
			t.Fatalf("Image call %d = %p, %v; want the shared image %p", i, results[i], errs[i], results[0])
		}
	}
	if b := results[0].Bounds(); b != image.Rect(0, 0, 20, 10) {
		t.Errorf("Image bounds = %v, want 20x10", b)
	}
}

func TestImageWarmReturnsSamePointer(t *testing.T) {
	srv, hits := countingServer(t, serveBytes(pngBytes(t, 4, 4, color.NRGBA{1, 2, 3, 255}), "image/png"))
	f, clock := newTestFetcher(Config{})
	first, err := f.Image(context.Background(), srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	second, err := f.Image(context.Background(), srv.URL)
	if err != nil || second != first {
		t.Errorf("warm Image = %p, %v; want the cached %p", second, err, first)
	}
	if hits.Load() != 1 {
		t.Errorf("upstream hits = %d, want 1", hits.Load())
	}
	clock.advance(DefaultCacheTTL + time.Second)
	if _, err := f.Image(context.Background(), srv.URL); err != nil {
		t.Fatal(err)
	}
	if hits.Load() != 2 {
		t.Errorf("upstream hits after the TTL = %d, want 2", hits.Load())
	}
}

func TestImageNegativeCaching(t *testing.T) {
	tests := []struct {
		name   string
		h      http.HandlerFunc
		cached bool
		check  func(error) bool
	}{
		{"404", func(w http.ResponseWriter, r *http.Request) { http.NotFound(w, r) }, true, IsNotFound},
		{"html", serveBytes([]byte("<html><body>blocked</body></html>"), "image/png"), true,
			func(err error) bool { var ni *NotImageError; return errors.As(err, &ni) }},
		{"corrupt png", serveBytes([]byte("\x89PNG\r\n\x1a\nbroken"), "image/png"), true,
			func(err error) bool { var de *DecodeError; return errors.As(err, &de) }},
		{"500", func(w http.ResponseWriter, r *http.Request) { http.Error(w, "oops", 500) }, false,
			func(err error) bool { return err != nil && !IsNotFound(err) }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv, hits := countingServer(t, tt.h)
			f, clock := newTestFetcher(Config{})
			for range 2 {
				if _, err := f.Image(context.Background(), srv.URL); !tt.check(err) {
					t.Fatalf("Image(%s) err = %v, not the expected kind", tt.name, err)
				}
			}
			wantHits := int64(2)
			if tt.cached {
				wantHits = 1
			}
			if hits.Load() != wantHits {
				t.Errorf("upstream hits after 2 calls = %d, want %d", hits.Load(), wantHits)
			}
			clock.advance(DefaultNegativeTTL + time.Second)
			_, _ = f.Image(context.Background(), srv.URL)
			if hits.Load() != wantHits+1 {
				t.Errorf("upstream hits after the negative TTL = %d, want %d", hits.Load(), wantHits+1)
			}
		})
	}
}

func TestRawCachesAndSharesWithImage(t *testing.T) {
	body := pngBytes(t, 2, 2, color.NRGBA{9, 9, 9, 255})
	srv, hits := countingServer(t, serveBytes(body, "application/octet-stream"))
	f, _ := newTestFetcher(Config{})
	for range 3 {
		data, ct, err := f.Raw(context.Background(), srv.URL)
		if err != nil || ct != TypePNG || len(data) != len(body) {
			t.Fatalf("Raw = %d bytes, %q, %v; want the PNG", len(data), ct, err)
		}
	}
	if _, err := f.Image(context.Background(), srv.URL); err != nil {
		t.Fatal(err)
	}
	if hits.Load() != 1 {
		t.Errorf("upstream hits for 3 Raw + 1 Image = %d, want 1", hits.Load())
	}
}

func TestImageDataURL(t *testing.T) {
	f, _ := newTestFetcher(Config{})
	u := "data:image/png;base64," + base64.StdEncoding.EncodeToString(pngBytes(t, 3, 2, color.NRGBA{255, 0, 0, 255}))
	a, err := f.Image(context.Background(), u)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := f.Image(context.Background(), u)
	if a != b || a.Bounds() != image.Rect(0, 0, 3, 2) {
		t.Errorf("Image(data URL) = %v then %p; want 3x2 and the same pointer %p", a.Bounds(), b, a)
	}
}

func TestImageCallerCancelDoesNotFailOthers(t *testing.T) {
	release := make(chan struct{})
	srv, hits := countingServer(t, func(w http.ResponseWriter, r *http.Request) {
		<-release
		_, _ = w.Write(pngBytes(t, 2, 2, color.NRGBA{A: 255}))
	})
	f, _ := newTestFetcher(Config{})
	joined := make(chan struct{}, 1)
	f.testHookWait = func(g *singleflight.Group) {
		if g == &f.imgSF {
			select {
			case joined <- struct{}{}:
			default:
			}
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	errc := make(chan error, 1)
	go func() { _, err := f.Image(ctx, srv.URL); errc <- err }()
	<-joined
	cancel()
	if err := <-errc; !errors.Is(err, context.Canceled) {
		t.Errorf("Image with cancelled ctx = %v, want context.Canceled", err)
	}
	close(release)
	if _, err := f.Image(context.Background(), srv.URL); err != nil {
		t.Errorf("Image after another caller gave up = %v, want success", err)
	}
	if hits.Load() != 1 {
		t.Errorf("upstream hits = %d, want 1 (the abandoned flight completed)", hits.Load())
	}
}

func BenchmarkImageWarm(b *testing.B) {
	srv, _ := countingServer(b, serveBytes(pngBytes(b, 500, 500, color.NRGBA{200, 10, 10, 255}), "image/png"))
	f := New(nil, Config{})
	ctx := context.Background()
	url := srv.URL + "/teamlogos/nba/500/bos.png"
	if _, err := f.Image(ctx, url); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := f.Image(ctx, url); err != nil {
			b.Fatal(err)
		}
	}
}
