package fetch

import (
	"context"
	"runtime"
	"runtime/metrics"
	"sync"
	"testing"

	"gamethumbs/internal/espntest"
)

// TestWorstCaseLogosDecodeWithinBudget fetches two huge 16-bit logos at
// once (6000² is 288 MB each decoded whole by image/png, 144 MB more as
// RGBA) and reads from runtime/metrics every byte allocated meanwhile:
// each comes out at DefaultMaxSide, and all the work takes little more
// than the two results.
func TestWorstCaseLogosDecodeWithinBudget(t *testing.T) {
	side, maxSide := 6000, DefaultMaxSide
	if raceEnabled {
		side, maxSide = 700, 256 // the same path at a scale the detector can afford
	}
	huge := espntest.HugeLogo(side)
	srv, _ := countingServer(t, serveBytes(huge, "image/png"))
	f := New(nil, Config{MaxSide: maxSide})
	runtime.GC()
	s := []metrics.Sample{{Name: "/gc/heap/allocs:bytes"}}
	metrics.Read(s)
	before := s[0].Value.Uint64()
	var wg sync.WaitGroup
	for _, name := range []string{"/a.png", "/b.png"} {
		wg.Go(func() {
			img, err := f.Image(context.Background(), srv.URL+name)
			if err != nil {
				t.Error(err)
				return
			}
			if b := img.Bounds(); b.Dx() != maxSide || b.Dy() != maxSide {
				t.Errorf("decoded %v, want %d²", b, maxSide)
			}
		})
	}
	wg.Wait()
	metrics.Read(s)
	used := s[0].Value.Uint64() - before
	results := uint64(2 * 4 * maxSide * maxSide)
	t.Logf("two %d² 16-bit logos: %.1f MB allocated, of which %.1f MB are the two %d² results",
		side, float64(used)/(1<<20), float64(results)/(1<<20), maxSide)
	if bound := results + 8<<20; used > bound {
		t.Errorf("allocated %.1f MB, want under %.1f MB", float64(used)/(1<<20), float64(bound)/(1<<20))
	}
}
