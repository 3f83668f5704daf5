package main

import (
	"flag"
	"fmt"
	"maps"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"gamethumbs/internal/espntest"
)

var (
	loadRealistic = flag.Bool("load.realistic", false, "TestLoadRecompress: draw with realistic logos")
	loadRuns      = flag.Int("load.runs", 4, "TestLoadRecompress: runs per setting (pass on, pass off)")
)

// TestLoadRecompress measures what the background re-encode pass
// (IMAGE_RECOMPRESS) costs cold renders: fresh binaries with the pass on
// and off, alternating, each driven with
//
//   - bursts: 24 distinct cold thumbnails at concurrency 8, then 400 ms
//     of quiet (long enough for the pass to start a re-encode, so each
//     burst arrives while one is under way), ten times;
//   - steady: a concurrency-8 cold load for -load.duration, begun 300 ms
//     after a quiet spell with pictures queued for the pass.
//
// It prints p50/p95 per run and the medians per setting. Run with
//
//	go test ./cmd/gamethumbs -run TestLoadRecompress -load -v
//
// -load.realistic draws with realistic logos (the re-encodes under way
// then take longer and hold more memory); -load.runs sets the runs per
// setting.
func TestLoadRecompress(t *testing.T) {
	if !*loadFlag {
		t.Skip("load benchmark: run with -load")
	}
	var opts []espntest.Option
	if *loadRealistic {
		opts = append(opts, espntest.RealisticLogos())
	}
	fake := espntest.New(t, opts...)
	base := map[string]string{
		"RATE_LIMIT_PER_MINUTE": "0",
		"ESPN_SITE_API_URL":     fake.SiteURL, "ESPN_CORE_API_URL": fake.CoreURL, "ESPN_CDN_URL": fake.CDNURL,
	}
	var teams []string
	for _, tm := range espntest.Teams("basketball", "nba") {
		teams = append(teams, strings.ToLower(tm.Abbreviation))
	}
	type row struct {
		on                         bool
		burst, steady              phaseResult
		yielded, replaced, skipped float64
	}
	var rows []row
	// A binary not measured first, so the fake has drawn every logo the
	// runs ask for (a realistic logo takes it a while the first time):
	// else the first run, pass on, pays for the drawing.
	{
		env := maps.Clone(base)
		env["XDG_CACHE_HOME"] = t.TempDir()
		b := startBinary(t, env)
		urls := sizedThumbs(b.base, teams, 0)
		phase("", 8, time.Minute, func(k int) (string, http.Header) {
			if k >= 2*len(teams) {
				return "", nil
			}
			return urls(k)
		})
		b.stop()
	}
	for i := range 2 * *loadRuns {
		on := i%2 == 0
		env := maps.Clone(base)
		env["XDG_CACHE_HOME"] = t.TempDir()
		env["IMAGE_RECOMPRESS"] = fmt.Sprint(on)
		b := startBinary(t, env)
		for _, tm := range teams {
			http.Get(b.base + "/nba/" + tm + "/logo")
		}
		urls := sizedThumbs(b.base, teams, 100*i)
		next := 0
		var lat []time.Duration
		for range 10 {
			r := phase("", 8, time.Minute, func(k int) (string, http.Header) {
				if k >= 24 {
					return "", nil
				}
				u, h := urls(next + k)
				return u, h
			})
			next += 24
			lat = append(lat, r.all...)
			time.Sleep(400 * time.Millisecond)
		}
		slices.Sort(lat)
		burst := phaseResult{name: "bursts", conc: 8, requests: len(lat), p50: lat[len(lat)/2], p95: lat[len(lat)*95/100], max: lat[len(lat)-1]}
		time.Sleep(300 * time.Millisecond)
		steady := phase("steady", 8, *loadDuration, func(k int) (string, http.Header) { return urls(next + k) })
		rows = append(rows, row{on: on, burst: burst, steady: steady,
			yielded:  scrapeMetric(b.base, `gamethumbs_recompress_total{result="yielded"}`),
			replaced: scrapeMetric(b.base, `gamethumbs_recompress_total{result="replaced"}`),
			skipped:  scrapeMetric(b.base, `gamethumbs_recompress_total{result="skipped"}`)})
		// A binary left running would go on re-encoding its queue in
		// the background of the next runs.
		b.stop()
		r := rows[len(rows)-1]
		fmt.Printf("run %d pass=%v: bursts p50 %.1f p95 %.1f max %.1f ms (%d req); steady p50 %.1f p95 %.1f ms, %.0f req/s; pass yielded %v replaced %v skipped %v\n",
			i, on, ms(burst.p50), ms(burst.p95), ms(burst.max), burst.requests, ms(steady.p50), ms(steady.p95), steady.perSec, r.yielded, r.replaced, r.skipped)
	}
	med := func(on bool, f func(row) float64) (m, lo, hi float64) {
		var v []float64
		for _, r := range rows {
			if r.on == on {
				v = append(v, f(r))
			}
		}
		slices.Sort(v)
		return v[len(v)/2], v[0], v[len(v)-1]
	}
	fmt.Println("\n| concurrency 8, cold | pass on: median (min-max) | pass off: median (min-max) |\n|---|---|---|")
	for _, m := range []struct {
		name string
		f    func(row) float64
	}{
		{"bursts p50 ms", func(r row) float64 { return ms(r.burst.p50) }},
		{"bursts p95 ms", func(r row) float64 { return ms(r.burst.p95) }},
		{"steady p50 ms", func(r row) float64 { return ms(r.steady.p50) }},
		{"steady p95 ms", func(r row) float64 { return ms(r.steady.p95) }},
		{"steady req/s", func(r row) float64 { return r.steady.perSec }},
	} {
		a, al, ah := med(true, m.f)
		b, bl, bh := med(false, m.f)
		fmt.Printf("| %s | %.1f (%.1f-%.1f) | %.1f (%.1f-%.1f) |\n", m.name, a, al, ah, b, bl, bh)
	}
}
