package httpapi

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"gamethumbs/internal/config"
	"gamethumbs/internal/render"
	"gamethumbs/internal/scene"
)

// gatedBackend's jobs draw a small league picture with the renderer, say
// they started, and hold on until release closes.
type gatedBackend struct {
	fakeBackend
	r       *render.Renderer
	started chan string
	release chan struct{}
}

func (g *gatedBackend) Prepare(ctx context.Context, req scene.Request) (scene.Job, error) {
	job, err := g.fakeBackend.Prepare(ctx, req)
	if err != nil {
		return nil, err
	}
	return &gatedJob{key: job.Key(), g: g}, nil
}

type gatedJob struct {
	key string
	g   *gatedBackend
}

func (j *gatedJob) Key() string { return j.key }
func (j *gatedJob) Render(ctx context.Context) (scene.Output, error) {
	img, err := j.g.r.Render(ctx, render.Scene{}, render.Options{Kind: render.KindThumb, Width: 160, Height: 90})
	if err != nil {
		return scene.Output{}, err
	}
	render.Release(img)
	j.g.started <- j.key
	<-j.g.release
	return scene.Output{Data: []byte("\x89PNG fake " + j.key), ContentType: "image/png"}, nil
}

// The image store and the renderer share one gate: a job holds one of its
// slots from start to end (its render inside takes no other), a second
// job waits for the slot and is counted as queued, a third finds the
// queue full (503); the render gauges read the gate.
func TestStoreAndRendererShareOneGate(t *testing.T) {
	cfg := config.Defaults()
	cfg.RateLimitPerMinute = 0
	r := render.New(render.Config{Gate: render.NewGate(1, 1)})
	g := &gatedBackend{r: r, started: make(chan string, 3), release: make(chan struct{})}
	s := NewServer(Deps{Config: cfg, Backend: g, Renderer: r, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	gate := s.images.gate
	if gate != r.Gate() {
		t.Fatal("the image store has a gate of its own, want the renderer's")
	}
	var wg sync.WaitGroup
	codes := make(chan int, 2)
	get := func(path string) {
		wg.Go(func() {
			rec := httptest.NewRecorder()
			s.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
			codes <- rec.Code
		})
	}
	get("/nba/thumb")
	select {
	case <-g.started:
	case <-time.After(10 * time.Second):
		t.Fatal("the first job's render never ran: it waited for a second slot of the gate")
	}
	if gate.Running() != 1 || gate.Queued() != 0 {
		t.Fatalf("one job: running %d, queued %d, want 1 and 0", gate.Running(), gate.Queued())
	}
	get("/nba/lakers/thumb")
	for deadline := time.Now().Add(10 * time.Second); gate.Queued() != 1; time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("second job: queued %d, want 1", gate.Queued())
		}
	}
	if rec := do(t, s, "/nba/celtics/thumb"); rec.Code != http.StatusServiceUnavailable {
		t.Errorf("third job with the queue full = %d, want 503", rec.Code)
	}
	close(g.release)
	wg.Wait()
	close(codes)
	for c := range codes {
		if c != http.StatusOK {
			t.Errorf("admitted job = %d, want 200", c)
		}
	}
	if gate.Running() != 0 || gate.Queued() != 0 {
		t.Errorf("after the jobs: running %d, queued %d, want 0 and 0", gate.Running(), gate.Queued())
	}
}
