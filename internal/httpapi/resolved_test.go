package httpapi

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"gamethumbs/internal/config"
	"gamethumbs/internal/logging"
)

// clock is a settable time source.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

func newClockServer(t *testing.T, log *slog.Logger, perMinute ...int) (*Server, *fakeBackend, *clock) {
	t.Helper()
	cfg := config.Defaults()
	cfg.RateLimitPerMinute = 0
	if len(perMinute) > 0 {
		cfg.RateLimitPerMinute = perMinute[0]
	}
	if log == nil {
		log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	c := &clock{t: time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)}
	fb := &fakeBackend{}
	return NewServer(Deps{Config: cfg, Backend: fb, Logger: log, Now: c.now}), fb, c
}

func doMethod(h http.Handler, method, target string, header ...string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, "http://gt"+target, nil)
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

// A URL answered from the image cache a moment ago is answered again
// without resolving it, and the answer is the one the full path gives:
// status, every header (Warning for ignored values, Deprecation and Link
// of the old aliases, validators, CORS, no RateLimit), body; for GET, HEAD and a
// matching If-None-Match.
func TestRepeatedURLSameAnswerWithoutResolving(t *testing.T) {
	for _, url := range []string{
		"/nba/lakers/celtics/thumb",
		"/nba/lakers/celtics/thumb.png?aspect=weird&size=12&badge=NOPE",
		"/nba/lakers/teamlogo",
		"/nba/leaguethumb.png?style=1",
		"/ncaa/football/thumb",
		"/nba/lakers/celtics/logo.webp",
		"/nba/l%61kers/thumb?badge=HD",
		"/nba/LAL/thumb?badge=hd",
	} {
		// Rate limits on: the first answer carries RateLimit headers, a
		// cache hit none.
		s, fb, _ := newClockServer(t, nil, 1000)
		if r := do(t, s, url); r.Code != 200 {
			t.Fatalf("%s: %d %s", url, r.Code, r.Body.String())
		}
		etag := do(t, s, url).Header().Get("ETag")
		for _, c := range []struct {
			method string
			header []string
		}{{"GET", nil}, {"HEAD", nil}, {"GET", []string{"If-None-Match", etag}}, {"GET", []string{"If-None-Match", `"other"`}}} {
			s.resolved.forget() // the full path (a cache hit), then the remembered one
			before := fb.prepares.Load()
			full := doMethod(s, c.method, url, c.header...)
			if fb.prepares.Load() == before {
				t.Fatalf("%s: the full path did not resolve", url)
			}
			before = fb.prepares.Load()
			fast := doMethod(s, c.method, url, c.header...)
			if n := fb.prepares.Load() - before; n != 0 {
				t.Errorf("%s %s %v: resolved %d times on a repeat", c.method, url, c.header, n)
			}
			if fast.Code != full.Code || !bytes.Equal(fast.Body.Bytes(), full.Body.Bytes()) || !maps.EqualFunc(fast.Header(), full.Header(), slices.Equal) {
				t.Errorf("%s %s %v: repeat answered %d %v, first %d %v", c.method, url, c.header, fast.Code, fast.Header(), full.Code, full.Header())
			}
		}
		// The headers are shared between answers, never written into.
		a, b := do(t, s, url), do(t, s, url)
		a.Header().Add("Warning", "x")
		if slices.Contains(b.Header()["Warning"], "x") || slices.Contains(do(t, s, url).Header()["Warning"], "x") {
			t.Errorf("%s: a header added to one answer shows in another", url)
		}
		if fb.renders.Load() != 1 {
			t.Errorf("%s: %d renders", url, fb.renders.Load())
		}
	}
}

// What is remembered is remembered for resolvedTTL only: then the URL is
// resolved again (a roster that moved a name shows).
func TestResolvedURLExpires(t *testing.T) {
	s, fb, c := newClockServer(t, nil)
	do(t, s, "/nba/lakers/celtics/thumb")
	do(t, s, "/nba/lakers/celtics/thumb")
	n := fb.prepares.Load()
	c.add(resolvedTTL - time.Second)
	do(t, s, "/nba/lakers/celtics/thumb")
	if fb.prepares.Load() != n {
		t.Errorf("resolved again within resolvedTTL")
	}
	c.add(2 * time.Second)
	if r := do(t, s, "/nba/lakers/celtics/thumb"); r.Code != 200 || fb.prepares.Load() != n+1 {
		t.Errorf("after resolvedTTL: %d, %d resolutions, want one more", r.Code, fb.prepares.Load()-n)
	}
	if fb.renders.Load() != 1 {
		t.Errorf("%d renders, want 1 (the picture stayed cached)", fb.renders.Load())
	}
}

// A remembered URL whose picture left the memory tier takes the full path
// (rendered again), and the miss is counted once.
func TestResolvedURLPictureGone(t *testing.T) {
	s, fb, c := newClockServer(t, nil)
	do(t, s, "/nba/lakers/celtics/thumb")
	do(t, s, "/nba/lakers/celtics/thumb")
	e := s.resolved.get(httptest.NewRequest("GET", "/nba/lakers/celtics/thumb", nil), c.now())
	if e == nil {
		t.Fatal("the URL is not remembered")
	}
	img, _ := s.images.memory.Get(context.Background(), e.key)
	s.images.memory.SetTTL(e.key, img, time.Second)
	c.add(2 * time.Second)
	misses := s.images.memory.Stats().Misses
	if r := do(t, s, "/nba/lakers/celtics/thumb"); r.Code != 200 || fb.renders.Load() != 2 {
		t.Errorf("picture gone: %d, %d renders, want 200 and 2", r.Code, fb.renders.Load())
	}
	if m := s.images.memory.Stats().Misses; m != misses+1 {
		t.Errorf("one request counted %d misses, want 1", m-misses)
	}
}

// The access log line of a remembered URL is the full path's, masked
// the same way.
func TestResolvedURLLogLine(t *testing.T) {
	var buf bytes.Buffer
	s, _, _ := newClockServer(t, logging.New(&buf, "info", "text"))
	url := "/nba/lakers/celtics/thumb?password=hunter2&x=1"
	for range 3 {
		do(t, s, url)
	}
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	for i, l := range lines {
		_, lines[i], _ = strings.Cut(l, " ") // without the time, which may tick between lines
	}
	if len(lines) != 3 || lines[1] != lines[2] || strings.Contains(buf.String(), "hunter2") {
		t.Errorf("log lines:\n%s", buf.String())
	}
}

// The memory is bounded by bytes: two generations of resolvedMaxBytes.
func TestResolvedURLsBounded(t *testing.T) {
	m := newResolvedURLs(time.Now)
	for i := range 8000 {
		r := httptest.NewRequest("GET", fmt.Sprintf("/nba/team%d/thumb?%s", i, strings.Repeat("x", 100)), nil)
		m.put(r, strings.Repeat("k", 200)+fmt.Sprint(i), http.Header{})
	}
	if m.curBytes > resolvedMaxBytes || len(m.cur)+len(m.old) > 2*resolvedMaxBytes/300 {
		t.Errorf("%d bytes, %d+%d entries", m.curBytes, len(m.cur), len(m.old))
	}
	long := httptest.NewRequest("GET", "/nba/lakers/thumb?t="+strings.Repeat("y", resolvedMaxURL), nil)
	m.put(long, "k", http.Header{})
	if m.get(long, time.Now()) != nil {
		t.Error("an over-long URL was remembered")
	}
}

// forget drops every entry (tests).
func (m *resolvedURLs) forget() {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.cur, m.old, m.curBytes = map[string]*resolvedURL{}, nil, 0
}

// The access log line says which answers came from a cache tier: not the
// render, but the repeats.
func TestLogLineSaysCached(t *testing.T) {
	var buf bytes.Buffer
	s, _, _ := newClockServer(t, logging.New(&buf, "info", "text"))
	do(t, s, "/nba/lakers/celtics/thumb")
	do(t, s, "/nba/lakers/celtics/thumb")
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	if len(lines) != 2 || strings.Contains(lines[0], "cached=") || !strings.Contains(lines[1], "cached=true") {
		t.Errorf("log lines (want cached=true on the second only):\n%s", buf.String())
	}
}
