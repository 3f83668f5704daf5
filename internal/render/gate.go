package render

import (
	"context"
	"errors"
	"sync/atomic"
)

// ErrBusy is returned by Gate.Admit when every place in the queue is
// taken.
var ErrBusy = errors.New("render: queue full")

// Gate bounds the work of a Renderer: how many renders paint at once
// (RENDER_CONCURRENCY) and, for callers that admit jobs first (the image
// store), how many jobs may be under way beyond those (RENDER_QUEUE). It
// is the service's one render gate: the Renderer waits on it around its
// pixel work, the image store admits jobs through it and its gauges read
// it.
type Gate struct {
	slots    chan struct{} // one token per render painting
	admitted chan struct{} // one token per admitted job
	waiting  atomic.Int64  // renders waiting for a slot
}

// NewGate returns a gate letting concurrency renders (at least 1) run at
// once and admitting concurrency+queue jobs.
func NewGate(concurrency, queue int) *Gate {
	n := max(1, concurrency)
	return &Gate{slots: make(chan struct{}, n), admitted: make(chan struct{}, n+max(0, queue))}
}

// Admit takes a place for a job that will render, without waiting: it
// returns the function that gives the place back, or ErrBusy when all
// are taken.
func (g *Gate) Admit() (leave func(), err error) {
	select {
	case g.admitted <- struct{}{}:
		return func() { <-g.admitted }, nil
	default:
		return nil, ErrBusy
	}
}

// enter waits for a render slot (or ctx) and returns the function that
// gives it back.
func (g *Gate) enter(ctx context.Context) (func(), error) {
	g.waiting.Add(1)
	select {
	case g.slots <- struct{}{}:
		g.waiting.Add(-1)
	case <-ctx.Done():
		g.waiting.Add(-1)
		return nil, ctx.Err()
	}
	if err := ctx.Err(); err != nil {
		<-g.slots
		return nil, err
	}
	return func() { <-g.slots }, nil
}

// Running is the number of renders holding a slot (metrics).
func (g *Gate) Running() int { return len(g.slots) }

// Queued is the number of renders waiting for a slot (metrics).
func (g *Gate) Queued() int { return int(g.waiting.Load()) }
