package main

import (
	"bytes"
	"image"
	"image/draw"
	"image/png"
	"net/http"
	"sync"
	"testing"
	"time"

	"gamethumbs/internal/cluster/redistest"
	"gamethumbs/internal/espntest"
	"gamethumbs/internal/testutil"
)

// getWith is service.get with request headers.
func (s *service) getWith(t *testing.T, path string, header ...string) (*http.Response, []byte) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, s.base+path, nil)
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("GET %s: %v", path, err)
	}
	defer resp.Body.Close()
	var b bytes.Buffer
	b.ReadFrom(resp.Body)
	return resp, b.Bytes()
}

// pixelsOf decodes a PNG into non-premultiplied RGBA.
func pixelsOf(t *testing.T, data []byte) *image.NRGBA {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	n := image.NewNRGBA(img.Bounds())
	draw.Draw(n, n.Rect, img, img.Bounds().Min, draw.Src)
	return n
}

// With the wiring's defaults (IMAGE_RECOMPRESS on), a thumbnail is
// answered at once with the fast encoding; once the service is idle the
// background pass replaces it, in memory, on disk and in Redis, with a
// smaller PNG of exactly the same pixels under the same ETag: a client
// holding the first copy gets 304 before and after, and a replica
// starting from the disk or Redis tier serves the smaller copy.
func TestReencodePassThroughTheService(t *testing.T) {
	if testing.Short() {
		t.Skip("re-encodes a 1440x1080 thumbnail (seconds of CPU)")
	}
	rds := redistest.Start(t)
	fake := espntest.New(t)
	dir := t.TempDir()
	env := map[string]string{"REDIS_URL": rds.URL(), "REDIS_PREFIX": "re:", "CACHE_DIR": dir}
	const path = "/nba/lakers/celtics/thumb"

	a := startOn(t, fake, nil, env)
	first, body := a.get(t, path)
	etag := first.Header.Get("ETag")
	if first.StatusCode != 200 || etag == "" {
		t.Fatalf("first response %d, ETag %q", first.StatusCode, etag)
	}
	firstBody := body
	if nm, _ := a.getWith(t, path, "If-None-Match", etag); nm.StatusCode != http.StatusNotModified {
		t.Fatalf("If-None-Match before the pass: %d, want 304", nm.StatusCode)
	}
	deadline := time.Now().Add(90 * time.Second)
	var later []byte
	for {
		resp, b := a.get(t, path)
		if resp.StatusCode != 200 || resp.Header.Get("ETag") != etag {
			t.Fatalf("while the pass runs: %d, ETag %s (first %s)", resp.StatusCode, resp.Header.Get("ETag"), etag)
		}
		if len(b) < len(firstBody) {
			later = b
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the pass never replaced the %d-byte thumbnail", len(firstBody))
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Logf("first response %d bytes, after the pass %d (%.3fx)", len(firstBody), len(later), float64(len(later))/float64(len(firstBody)))
	if !bytes.Equal(pixelsOf(t, later).Pix, pixelsOf(t, firstBody).Pix) {
		t.Fatal("the smaller copy's pixels differ from the first response's")
	}
	if nm, _ := a.getWith(t, path, "If-None-Match", etag); nm.StatusCode != http.StatusNotModified {
		t.Fatalf("If-None-Match of the first copy's ETag after the pass: %d, want 304", nm.StatusCode)
	}
	if n := renders(t, a); n != 1 {
		t.Fatalf("%v renders, want 1", n)
	}
	// The disk tier is written behind the request: give it a moment, then
	// hand the directory to a replica without Redis.
	time.Sleep(300 * time.Millisecond)
	a.stop()
	<-a.done
	a.done <- nil // for the cleanup

	for name, e := range map[string]map[string]string{
		"disk":  {"CACHE_DIR": dir},
		"Redis": {"REDIS_URL": rds.URL(), "REDIS_PREFIX": "re:", "CACHE_DIR": t.TempDir()},
	} {
		b := startOn(t, fake, nil, e)
		resp, got := b.get(t, path)
		if resp.StatusCode != 200 || resp.Header.Get("ETag") != etag || !bytes.Equal(got, later) {
			t.Errorf("%s tier: %d, %d bytes, ETag %s; want the %d-byte smaller copy under %s",
				name, resp.StatusCode, len(got), resp.Header.Get("ETag"), len(later), etag)
		}
		if n := renders(t, b); n != 0 {
			t.Errorf("%s tier: the replica rendered %v times, want 0", name, n)
		}
		if nm, _ := b.getWith(t, path, "If-None-Match", etag); nm.StatusCode != http.StatusNotModified {
			t.Errorf("%s tier: If-None-Match %d, want 304", name, nm.StatusCode)
		}
	}
}

// A burst of cold renders arriving while the pass re-encodes a picture
// stops it (gamethumbs_recompress_total{result="yielded"}): the picture
// keeps its first encoding, and the pass takes the CPU back only after
// the burst.
func TestReencodePassYieldsToColdRenders(t *testing.T) {
	if testing.Short() {
		t.Skip("waits for a re-encode to be under way")
	}
	svc := start(t, map[string]string{"CACHE_DIR": "off"})
	_, first := svc.get(t, "/nba/lakers/celtics/thumb")
	// The pass starts after a settled lull; wait until it is burning CPU
	// (nothing else runs in the service).
	c0 := testutil.CPUTime()
	deadline := time.Now().Add(20 * time.Second)
	for testutil.CPUTime()-c0 < 150*time.Millisecond {
		if time.Now().After(deadline) {
			t.Fatal("the pass never started")
		}
		time.Sleep(10 * time.Millisecond)
	}
	var wg sync.WaitGroup
	for _, p := range []string{"/nba/bos/ny/thumb", "/nba/gs/lac/thumb", "/nba/mia/chi/thumb", "/nba/den/phx/thumb",
		"/nba/dal/hou/thumb", "/nba/mil/atl/thumb", "/nba/sa/okc/thumb", "/nba/min/por/thumb"} {
		wg.Go(func() {
			if resp, b := svc.get(t, p); resp.StatusCode != 200 {
				t.Errorf("%s: %d %s", p, resp.StatusCode, b)
			}
		})
	}
	wg.Wait()
	if y := scrapeMetric(svc.base, `gamethumbs_recompress_total{result="yielded"}`); y < 1 {
		t.Fatalf("the pass yielded %v times to the burst, want at least once", y)
	}
	if r := scrapeMetric(svc.base, `gamethumbs_recompress_total{result="replaced"}`); r != 0 {
		t.Fatalf("%v pictures replaced; the one under way should have been dropped", r)
	}
	if _, b := svc.get(t, "/nba/lakers/celtics/thumb"); !bytes.Equal(b, first) {
		t.Fatal("the picture whose re-encode was stopped changed")
	}
}
