//go:build linux

package xcproxy

import (
	"bytes"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strconv"
	"testing"
	"time"

	"gamethumbs/internal/testutil"
	"gamethumbs/internal/xcproxy/m3u"
	"gamethumbs/internal/xcproxy/xmltv"
	"gamethumbs/internal/xcproxy/xmltv/xmltvtest"
)

const benchChannels = 20_000

// benchPlaylist is an XC-style list of n channels; every other one has a
// tvg-id, the others are found by number or name.
func benchPlaylist(n int) []byte {
	var b bytes.Buffer
	b.WriteString("#EXTM3U url-tvg=\"http://panel/xmltv.php?username=u&password=p\"\n")
	for i := range n {
		switch i % 3 {
		case 0:
			fmt.Fprintf(&b, "#EXTINF:-1 tvg-id=\"ch%d.example\" tvg-name=\"Channel %d\" tvg-logo=\"\" group-title=\"Group %d, News\",Channel %d\n", i, i, i%50, i)
		case 1:
			fmt.Fprintf(&b, "#EXTINF:-1 tvg-id=\"\" tvg-chno=\"%d\" tvg-logo=\"http://old/%d.png\" group-title=\"Group\",Some name %d\n", i+1, i, i)
		default:
			fmt.Fprintf(&b, "#EXTINF:-1 tvg-name=\"x\" group-title=\"G\",Chan & %d\n", i)
		}
		fmt.Fprintf(&b, "http://panel:8080/u/p/%d\n", i)
	}
	return b.Bytes()
}

func benchGuide(b *testing.B, n int) *xmltv.Guide {
	b.Helper()
	g, err := xmltv.Parse(&xmltvtest.Reader{Channels: n}, xmltv.Options{})
	if err != nil || g.Len() != n {
		b.Fatalf("guide: %v, %d channels", err, g.Len())
	}
	return g
}

// BenchmarkPlaylistRewrite20k rewrites a 20,000-channel list from a parsed
// guide, as the proxy does per request once the guide is cached.
func BenchmarkPlaylistRewrite20k(b *testing.B) {
	g := benchGuide(b, benchChannels)
	list := benchPlaylist(benchChannels)
	b.SetBytes(int64(len(list)))
	b.ReportAllocs()
	for b.Loop() {
		rw := m3u.NewRewriter(bytes.NewReader(list), m3u.Options{
			Logo: func(ch m3u.Channel) (string, bool) {
				logo, tier := g.Lookup(ch.ID, ch.Number, ch.Name)
				return logo, tier != xmltv.NoMatch
			},
			GuideURL: "http://proxy/xc/main/xmltv.php?username=u&password=p",
		})
		if _, err := io.Copy(io.Discard, rw); err != nil {
			b.Fatal(err)
		}
		if rw.Rewritten() != benchChannels {
			b.Fatalf("rewrote %d channels, want %d", rw.Rewritten(), benchChannels)
		}
		rw.Close()
	}
}

// BenchmarkPlaylistRewrite20kHTTP is the same through the proxy over
// loopback HTTP, panel included, with the guide already cached.
func BenchmarkPlaylistRewrite20kHTTP(b *testing.B) {
	list := benchPlaylist(benchChannels)
	var guide bytes.Buffer
	guide.ReadFrom(&xmltvtest.Reader{Channels: benchChannels})
	panel := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/xmltv.php" {
			w.Write(guide.Bytes())
			return
		}
		w.Header().Set("Content-Type", "application/octet-stream")
		w.Write(list)
	}))
	defer panel.Close()
	h, err := New(Config{Upstreams: []Upstream{{ID: "main", Base: mustURL(b, panel.URL)}},
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		b.Fatal(err)
	}
	defer h.Close()
	proxy := httptest.NewServer(h)
	defer proxy.Close()
	url := proxy.URL + "/xc/main/get.php?type=m3u_plus&username=u&password=p"
	fetch := func() {
		resp, err := http.Get(url)
		if err != nil {
			b.Fatal(err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
	}
	fetch() // loads the guide
	b.SetBytes(int64(len(list)))
	for b.Loop() {
		fetch()
	}
	if s := h.Stats(); s.GuideFetches != 1 {
		b.Fatalf("guide fetched %d times", s.GuideFetches)
	}
}

// BenchmarkStreamPassThrough streams 256 MiB per op from a loopback panel
// through the proxy to a loopback client and reports how much the
// process's memory from the OS grew.
func BenchmarkStreamPassThrough(b *testing.B) {
	const perOp = 256 << 20
	chunk := bytes.Repeat([]byte{0x47, 1, 2, 3}, 256<<10/4)
	panel := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "video/mp2t")
		w.Header().Set("Content-Length", strconv.Itoa(perOp))
		for sent := 0; sent < perOp; sent += len(chunk) {
			if _, err := w.Write(chunk); err != nil {
				return
			}
		}
	}))
	defer panel.Close()
	h, err := New(Config{Upstreams: []Upstream{{ID: "main", Base: mustURL(b, panel.URL)}},
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		b.Fatal(err)
	}
	defer h.Close()
	proxy := httptest.NewServer(h)
	defer proxy.Close()
	buf := make([]byte, 256<<10)
	stream := func() {
		resp, err := http.Get(proxy.URL + "/xc/main/live/u/p/1.ts")
		if err != nil {
			b.Fatal(err)
		}
		n, err := io.CopyBuffer(io.Discard, resp.Body, buf)
		resp.Body.Close()
		if err != nil || n != perOp {
			b.Fatalf("streamed %d bytes (%v), want %d", n, err, perOp)
		}
	}
	stream() // warm up connections and pools
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	b.SetBytes(perOp)
	cpu0 := cpuTime()
	for b.Loop() {
		stream()
	}
	b.ReportMetric(float64((cpuTime()-cpu0).Milliseconds())/float64(b.N), "cpu-ms/op")
	runtime.ReadMemStats(&after)
	b.ReportMetric(float64(after.Sys-before.Sys)/(1<<20), "sys-growth-MB")
	b.ReportMetric(float64(after.HeapInuse)/(1<<20), "heap-inuse-MB")
}

// cpuTime is the process's user+system CPU time: on a shared, busy
// machine it shows the work done better than wall time.
func cpuTime() time.Duration { return testutil.CPUTime() }
