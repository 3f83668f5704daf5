package main

import (
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"gamethumbs/internal/config"
	"gamethumbs/internal/espntest"
	"gamethumbs/internal/logging"
)

// newHandler builds the whole service handler against a fake ESPN, for
// benchmarks that measure our code rather than the loopback network.
func newHandler(b *testing.B, extra map[string]string) http.Handler {
	b.Helper()
	h, closeAll := newService(b, espntest.New(b), extra)
	b.Cleanup(closeAll)
	return h
}

// newService builds the service handler against fake with the given
// settings (rate limit off, everything else at its default unless extra
// says otherwise; no HOME, so no disk tier unless extra sets one). The
// caller closes it.
func newService(b testing.TB, fake *espntest.Server, extra map[string]string) (http.Handler, func()) {
	b.Helper()
	env := map[string]string{
		"RATE_LIMIT_PER_MINUTE": "0",
		"ESPN_SITE_API_URL":     fake.SiteURL, "ESPN_CORE_API_URL": fake.CoreURL, "ESPN_CDN_URL": fake.CDNURL,
		// The background re-encode would spend idle CPU inside the
		// measured loops (a warm loop leaves the render gate idle).
		"IMAGE_RECOMPRESS": "false",
	}
	for k, v := range extra {
		env[k] = v
	}
	cfg, err := config.Load(func(k string) string { return env[k] })
	if err != nil {
		b.Fatal(err)
	}
	// The production logger (masking handler, text lines), so the access
	// log costs what it costs in service.
	h, closeAll, err := build(cfg, logging.New(io.Discard, "info", "text"))
	if err != nil {
		b.Fatal(err)
	}
	return h, closeAll
}

func serveOnce(b *testing.B, h http.Handler, path string, header ...string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(http.MethodGet, path, nil)
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code >= 400 {
		b.Fatalf("GET %s = %d %s", path, rec.Code, rec.Body.String())
	}
	return rec
}

// BenchmarkRawWarm is a /raw request whose team list is already cached.
func BenchmarkRawWarm(b *testing.B) {
	h := newHandler(b, nil)
	serveOnce(b, h, "/nba/lakers/raw")
	b.ReportAllocs()
	cpu0 := cpuTime()
	for b.Loop() {
		serveOnce(b, h, "/nba/lakers/raw")
	}
	reportCPU(b, cpu0)
}

// BenchmarkThumbCached is a matchup thumbnail served from the image cache.
func BenchmarkThumbCached(b *testing.B) {
	h := newHandler(b, nil)
	serveOnce(b, h, "/nba/lakers/celtics/thumb")
	b.ReportAllocs()
	cpu0 := cpuTime()
	for b.Loop() {
		serveOnce(b, h, "/nba/lakers/celtics/thumb")
	}
	reportCPU(b, cpu0)
}

// discardWriter is a ResponseWriter that keeps nothing, so the cached-path
// benchmarks count the handler's allocations, not a recorder's. It takes
// write deadlines as net/http's own writer does (the service sets one per
// response).
type discardWriter struct{ h http.Header }

func (w *discardWriter) Header() http.Header                { return w.h }
func (w *discardWriter) Write(p []byte) (int, error)        { return len(p), nil }
func (w *discardWriter) WriteHeader(int)                    {}
func (w *discardWriter) SetWriteDeadline(t time.Time) error { return nil }

// BenchmarkThumbCachedHandler is BenchmarkThumbCached without the
// recorder: allocs/op are the service's own per cached request.
func BenchmarkThumbCachedHandler(b *testing.B) {
	h := newHandler(b, nil)
	serveOnce(b, h, "/nba/lakers/celtics/thumb")
	loopHandler(b, h, httptest.NewRequest(http.MethodGet, "/nba/lakers/celtics/thumb", nil))
}

// BenchmarkThumbNotModifiedHandler is BenchmarkThumbNotModified without
// the recorder and the request building: allocs/op are the service's own.
func BenchmarkThumbNotModifiedHandler(b *testing.B) {
	h := newHandler(b, nil)
	etag := serveOnce(b, h, "/nba/lakers/celtics/thumb").Header().Get("ETag")
	req := httptest.NewRequest(http.MethodGet, "/nba/lakers/celtics/thumb", nil)
	req.Header.Set("If-None-Match", etag)
	loopHandler(b, h, req)
}

// loopHandler serves req over and over into a writer that keeps nothing,
// reporting allocations and CPU time per request.
func loopHandler(b *testing.B, h http.Handler, req *http.Request) {
	w := &discardWriter{h: http.Header{}}
	b.ReportAllocs()
	cpu0 := cpuTime()
	for b.Loop() {
		clear(w.h)
		h.ServeHTTP(w, req)
	}
	reportCPU(b, cpu0)
}

// BenchmarkThumbNotModified is the 304 path of a cached thumbnail.
func BenchmarkThumbNotModified(b *testing.B) {
	h := newHandler(b, nil)
	etag := serveOnce(b, h, "/nba/lakers/celtics/thumb").Header().Get("ETag")
	b.ReportAllocs()
	cpu0 := cpuTime()
	for b.Loop() {
		serveOnce(b, h, "/nba/lakers/celtics/thumb", "If-None-Match", etag)
	}
	reportCPU(b, cpu0)
}

// BenchmarkThumbRenderWarmLogos renders a matchup thumbnail every time
// (image cache off) with provider data and logos warm.
func BenchmarkThumbRenderWarmLogos(b *testing.B) {
	h := newHandler(b, map[string]string{"IMAGE_CACHE_HOURS": "0"})
	serveOnce(b, h, "/nba/lakers/celtics/thumb")
	b.ReportAllocs()
	for b.Loop() {
		serveOnce(b, h, "/nba/lakers/celtics/thumb")
	}
}

// BenchmarkThumbColdLogos is a matchup thumbnail whose team list is cached
// but whose logos are not: download, decode, scale and shadow them, then
// render and encode. Each iteration starts a fresh service.
func BenchmarkThumbColdLogos(b *testing.B) {
	for b.Loop() {
		b.StopTimer()
		h := newHandler(b, nil)
		serveOnce(b, h, "/nba/lakers/raw")
		serveOnce(b, h, "/nba/celtics/raw")
		b.StartTimer()
		serveOnce(b, h, "/nba/lakers/celtics/thumb")
	}
}

// reportCPU reports the process's CPU time per op since cpu0, in ns:
// steadier than wall time on a shared machine.
func reportCPU(b *testing.B, cpu0 time.Duration) {
	if c := cpuTime(); c > cpu0 && b.N > 0 {
		b.ReportMetric(float64(c-cpu0)/float64(b.N), "cpu-ns/op")
	}
}

// BenchmarkThumbVenueRenderWarm is BenchmarkThumbRenderWarmLogos for
// style 10 (the home venue's photo, cached decoded and downscaled, graded
// to cover the canvas): compare with style 1 there. Issue 29 asks for
// styles 10-13 at most twice style 1's cpu-ns/op.
func BenchmarkThumbVenueRenderWarm(b *testing.B) {
	for _, style := range []string{"1", "10", "13"} {
		b.Run("style="+style, func(b *testing.B) {
			h := newHandler(b, map[string]string{"IMAGE_CACHE_HOURS": "0"})
			path := "/nba/lakers/celtics/thumb?style=" + style
			serveOnce(b, h, path)
			b.ReportAllocs()
			cpu0 := cpuTime()
			for b.Loop() {
				serveOnce(b, h, path)
			}
			reportCPU(b, cpu0)
		})
	}
}
