package render

import (
	"context"
	"errors"
	"testing"
	"time"
)

// A gate admits concurrency+queue jobs and refuses the next with ErrBusy
// until one leaves.
func TestGateAdmitsConcurrencyPlusQueue(t *testing.T) {
	g := NewGate(2, 3)
	var leaves []func()
	for i := range 5 {
		leave, err := g.Admit()
		if err != nil {
			t.Fatalf("job %d: %v, want admitted", i, err)
		}
		leaves = append(leaves, leave)
	}
	if _, err := g.Admit(); !errors.Is(err, ErrBusy) {
		t.Fatalf("sixth job: %v, want ErrBusy", err)
	}
	leaves[0]()
	leave, err := g.Admit()
	if err != nil {
		t.Fatalf("after one left: %v, want admitted", err)
	}
	leave()
}

// Renders beyond the gate's concurrency wait, are counted as queued, and
// give up when their context ends.
func TestGateCountsRunningAndQueued(t *testing.T) {
	g := NewGate(1, 0)
	done, err := g.enter(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if g.Running() != 1 || g.Queued() != 0 {
		t.Fatalf("one render: running %d queued %d, want 1 and 0", g.Running(), g.Queued())
	}
	ctx, cancel := context.WithCancel(context.Background())
	waited := make(chan error)
	go func() {
		_, err := g.enter(ctx)
		waited <- err
	}()
	for deadline := time.Now().Add(5 * time.Second); g.Queued() != 1; {
		if time.Now().After(deadline) {
			t.Fatalf("second render: queued %d, want 1", g.Queued())
		}
		time.Sleep(time.Millisecond)
	}
	cancel()
	if err := <-waited; !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled wait: %v, want context.Canceled", err)
	}
	if g.Queued() != 0 || g.Running() != 1 {
		t.Fatalf("after the cancel: running %d queued %d, want 1 and 0", g.Running(), g.Queued())
	}
	done()
	if g.Running() != 0 {
		t.Fatalf("after done: running %d, want 0", g.Running())
	}
}

// A render whose context holds a slot of its renderer's gate (the image
// store's jobs) runs in it; with the only slot held elsewhere, another
// render waits until its context ends.
func TestRenderRunsInTheSlotItsContextHolds(t *testing.T) {
	r := New(Config{Gate: NewGate(1, 0), CacheBytes: DefaultCacheBytes})
	held, done, err := r.Gate().Enter(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer done()
	ctx, stop := context.WithTimeout(held, 10*time.Second)
	defer stop()
	img, err := r.Render(ctx, matchupScene(teamPurple, teamGreen), small(KindThumb, 1))
	if err != nil {
		t.Fatalf("render in the held slot: %v", err)
	}
	Release(img)
	short, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	if _, err := r.Render(short, matchupScene(teamPurple, teamGreen), small(KindThumb, 1)); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("render without a slot while the only one is held: %v, want it to wait until its deadline", err)
	}
}
