package scene

import (
	"context"
	"net/http"
	"runtime"
	"runtime/metrics"
	"testing"

	"gamethumbs/internal/espntest"
	"gamethumbs/internal/render"
)

// hugeLogoBound is the transient memory a render of two worst-case logos
// may take (issue 14: under 64 MB).
const hugeLogoBound = 64 << 20

// hugeLogoService serves the light logos of the Lakers and the Celtics as
// side×side 16-bit PNGs (the worst case is 6000²: 288 MB each
// decoded whole).
func hugeLogoService(tb testing.TB, side int) *Service {
	s, fake := newTestService(tb)
	huge := espntest.HugeLogo(side)
	for _, team := range []string{"lal", "bos"} {
		fake.SetResponse("/cdn/i/teamlogos/nba/500/"+team+".png", http.StatusOK, "image/png", huge)
	}
	return s
}

// matchupJob resolves a Lakers–Celtics thumbnail of style.
func matchupJob(tb testing.TB, s *Service, style int) Job {
	tb.Helper()
	job, err := s.Prepare(context.Background(), Request{Kind: render.KindThumb, League: "nba",
		Teams: []string{"lakers", "celtics"}, Style: style, Width: 1440, Height: 1080, LeagueLogo: true})
	if err != nil {
		tb.Fatal(err)
	}
	return job
}

func renderJobOnce(tb testing.TB, job Job) Output {
	tb.Helper()
	out, err := job.Render(context.Background())
	if err != nil {
		tb.Fatal(err)
	}
	return out
}

// allocated reads the bytes allocated on the heap so far.
func allocated() uint64 {
	s := []metrics.Sample{{Name: "/gc/heap/allocs:bytes"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

// TestWorstCaseLogoRenderIsBounded renders a style-99 matchup whose two
// logos are huge 16-bit PNGs, cold (downloaded, decoded, scaled), and
// reads from runtime/metrics every byte allocated meanwhile (the fake CDN's
// copies of the bodies included): garbage included, it stays under the
// bound, and the logos are drawn.
func TestWorstCaseLogoRenderIsBounded(t *testing.T) {
	if raceEnabled {
		t.Skip("worst-case render: the race detector makes it take a minute; run without -race (the fetch package checks the decode under -race)")
	}
	const side = 6000
	// A first render draws the fake's other logos (league, dark variants)
	// once, so the measure is the render's alone.
	warm, _ := newTestService(t)
	renderJobOnce(t, matchupJob(t, warm, 99))
	job := matchupJob(t, hugeLogoService(t, side), 99)
	runtime.GC()
	before := allocated()
	out := renderJobOnce(t, job)
	used := allocated() - before
	t.Logf("style 99 with two %d² 16-bit logos: %.1f MB allocated in all", side, float64(used)/(1<<20))
	if used > hugeLogoBound {
		t.Errorf("render allocated %.1f MB, want under %d MB", float64(used)/(1<<20), hugeLogoBound>>20)
	}
	if out.Degraded != "" || out.Incomplete != "" {
		t.Errorf("picture drawn without its logos: degraded %q, incomplete %q", out.Degraded, out.Incomplete)
	}
}

// BenchmarkWorstCaseLogoRender is the cold render of the test above with
// the 6000² logos; each iteration uses a new service, so the logos
// are fetched and decoded again. Run with -benchmem.
func BenchmarkWorstCaseLogoRender(b *testing.B) {
	warm, _ := newTestService(b)
	renderJobOnce(b, matchupJob(b, warm, 99))
	espntest.HugeLogo(6000)
	for b.Loop() {
		b.StopTimer()
		job := matchupJob(b, hugeLogoService(b, 6000), 99)
		b.StartTimer()
		renderJobOnce(b, job)
	}
}
