package httpapi

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"gamethumbs/internal/cache"
	"gamethumbs/internal/render"
	"gamethumbs/internal/scene"
)

// countingJob is a scene.Job that counts its renders.
type countingJob struct {
	key     string
	renders atomic.Int32
}

func (j *countingJob) Key() string { return j.key }

func (j *countingJob) Render(context.Context) (scene.Output, error) {
	j.renders.Add(1)
	return scene.Output{Data: []byte("\x89PNG picture"), ContentType: "image/png"}, nil
}

// A request that missed the memory tier just before another request's
// render of the same picture ended (and its flight closed) must take the
// finished picture, not render it a second time: under load that window
// is wide, and a duplicate render costs a whole picture's CPU.
func TestLateRequestAfterFlightEndsDoesNotRenderAgain(t *testing.T) {
	s := newImageStore(1<<20, time.Hour, render.NewGate(2, 4), time.Now)
	job := &countingJob{key: "nba|thumb|lal|bos"}
	ctx := context.Background()
	first, _, err := s.get(ctx, job.Key(), job, nil)
	if err != nil {
		t.Fatal(err)
	}
	// As the late request: its own memory lookup happened (and missed)
	// before the first render was stored.
	late, _, err := s.get(cache.WithMemoryMissed(ctx, job.Key()), job.Key(), job, nil)
	if err != nil {
		t.Fatal(err)
	}
	if n := job.renders.Load(); n != 1 {
		t.Errorf("rendered %d times, want 1", n)
	}
	if late != first {
		t.Error("the late request did not get the stored picture")
	}
	if st := s.memory.Stats(); st.Hits != 0 || st.Misses != 1 {
		t.Errorf("memory tier counted %d hits and %d misses, want 0 and 1 (the second look is not a lookup of its own)", st.Hits, st.Misses)
	}
}
