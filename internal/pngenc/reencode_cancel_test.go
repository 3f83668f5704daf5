package pngenc

import (
	"bytes"
	"context"
	"errors"
	"testing"
	"time"
)

// ReencodeContext gives the CPU back soon after its context is done,
// whichever stage it is in (filtering rows, finding matches, parsing),
// and a context done before it starts costs nothing; the lateness of
// each stop is logged. A background pass relies on this to stop when a
// request needs the CPU.
func TestReencodeContextStops(t *testing.T) {
	if testing.Short() {
		t.Skip("about five re-encodes of a 1440x1080 picture")
	}
	var enc bytes.Buffer
	if err := Encode(&enc, frame(t, "thumb-style2")); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := ReencodeContext(ctx, enc.Bytes()); !errors.Is(err, context.Canceled) {
		t.Fatalf("a done context: %v, want context.Canceled", err)
	}
	// Whole run, for where to cut it.
	start := time.Now()
	if _, err := ReencodeContext(context.Background(), enc.Bytes()); err != nil {
		t.Fatal(err)
	}
	whole := time.Since(start)
	worst := time.Duration(0)
	for _, frac := range []float64{0.05, 0.45, 0.85} {
		ctx, cancel := context.WithCancel(context.Background())
		at := time.Duration(frac * float64(whole))
		var stopped time.Time
		timer := time.AfterFunc(at, func() { stopped = time.Now(); cancel() })
		_, err := ReencodeContext(ctx, enc.Bytes())
		end := time.Now()
		timer.Stop()
		cancel()
		if err == nil {
			continue // finished first (a faster run than the timed one)
		}
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("cut at %v: %v, want context.Canceled", at, err)
		}
		late := end.Sub(stopped)
		worst = max(worst, late)
		t.Logf("cut at %v of %v: stopped %v later", at.Round(time.Millisecond), whole.Round(time.Millisecond), late.Round(100*time.Microsecond))
	}
	// Generous for a shared, noisy machine; the stages look every few
	// thousand positions of work (well under a millisecond).
	if worst > 100*time.Millisecond {
		t.Errorf("stopped up to %v after the context was done, want well under 100ms", worst)
	}
}
