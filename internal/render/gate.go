package render

import (
	"context"
	"errors"
	"sync/atomic"
)

// ErrBusy is returned by Gate.Admit when every place in the queue is
// taken.
var ErrBusy = errors.New("render: queue full")

// Gate bounds the work of a Renderer: how many renders run at once
// (RENDER_CONCURRENCY) and, for callers that admit jobs first (the image
// store), how many may wait beyond those (RENDER_QUEUE). It is the
// service's one render gate: a render waits for a slot of it, unless its
// context already holds one (Enter: the image store holds a slot for a
// whole job, fetching its logos, painting and encoding), and the render
// gauges read it.
type Gate struct {
	slots    chan struct{} // one token per slot held
	admitted chan struct{} // one token per admitted job
	waiting  atomic.Int64  // renders waiting for a slot
}

// NewGate returns a gate letting concurrency renders (at least 1) run at
// once and admitting concurrency+queue jobs.
func NewGate(concurrency, queue int) *Gate {
	n := max(1, concurrency)
	return &Gate{slots: make(chan struct{}, n), admitted: make(chan struct{}, n+max(0, queue))}
}

// Admit takes a place for a job that will render, without waiting: one of
// concurrency+queue. It returns the function that gives the place back,
// or ErrBusy when all are taken.
func (g *Gate) Admit() (leave func(), err error) {
	select {
	case g.admitted <- struct{}{}:
		return func() { <-g.admitted }, nil
	default:
		return nil, ErrBusy
	}
}

// slotKey marks a context holding a slot of a gate (the value).
type slotKey struct{}

// Enter waits for a slot (or ctx) and returns a context that holds it and
// the function that gives it back. Renders with that context, or one
// derived from it, run in that slot instead of waiting for another.
func (g *Gate) Enter(ctx context.Context) (context.Context, func(), error) {
	done, err := g.wait(ctx)
	if err != nil {
		return nil, nil, err
	}
	return context.WithValue(ctx, slotKey{}, g), done, nil
}

// enter is how a render takes a slot: none when ctx holds one already
// (see Enter), else it waits. It returns the function that gives the
// slot back.
func (g *Gate) enter(ctx context.Context) (func(), error) {
	if ctx.Value(slotKey{}) == g {
		return func() {}, nil
	}
	return g.wait(ctx)
}

// wait waits for a slot (or ctx) and returns the function that gives it
// back.
func (g *Gate) wait(ctx context.Context) (func(), error) {
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

// Running is the number of slots held (metrics).
func (g *Gate) Running() int { return len(g.slots) }

// Queued is the number of renders waiting for a slot (metrics).
func (g *Gate) Queued() int { return int(g.waiting.Load()) }
