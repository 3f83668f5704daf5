package xcproxy

import (
	"context"
	"io"
	"sync"
	"sync/atomic"
	"time"
)

// Streams through the proxy last for hours, so two bounds apply to them:
// how many may be open at once (Config.MaxStreams, XC_MAX_STREAMS) and how
// long the panel may send nothing before the stream is ended
// (Config.StreamIdle, XC_STREAM_IDLE_TIMEOUT).

// streamSlots counts the streams open; max 0 means no bound.
type streamSlots struct {
	max  int64
	open atomic.Int64
}

// acquire takes a slot, or reports false when all are taken.
func (s *streamSlots) acquire() bool {
	if n := s.open.Add(1); s.max > 0 && n > s.max {
		s.open.Add(-1)
		return false
	}
	return true
}

func (s *streamSlots) release() { s.open.Add(-1) }

// OpenStreams returns the streams open through the proxy now.
func (h *Handler) OpenStreams() int64 { return h.streams.open.Load() }

// idleTimer cancels a stream's request to the panel when a read of its
// body waits longer than d. Only the time spent waiting for the panel
// counts: a client that reads slowly does not end its stream.
type idleTimer struct {
	d      time.Duration
	cancel context.CancelFunc
	mu     sync.Mutex
	t      *time.Timer
	onFire func()
}

// start arms the timer before a read.
func (it *idleTimer) start(onFire func()) {
	it.mu.Lock()
	defer it.mu.Unlock()
	if it.t == nil {
		it.onFire = onFire
		it.t = time.AfterFunc(it.d, it.fire)
		return
	}
	it.t.Reset(it.d)
}

// stop disarms it after a read.
func (it *idleTimer) stop() {
	it.mu.Lock()
	if it.t != nil {
		it.t.Stop()
	}
	it.mu.Unlock()
}

func (it *idleTimer) fire() {
	it.mu.Lock()
	f := it.onFire
	it.mu.Unlock()
	if f != nil {
		f() // counted and logged before the stream ends
	}
	it.cancel()
}

// idleBody is a stream's body under an idleTimer.
type idleBody struct {
	io.ReadCloser
	t     *idleTimer
	ended func()
}

func (b *idleBody) Read(p []byte) (int, error) {
	b.t.start(b.ended)
	n, err := b.ReadCloser.Read(p)
	b.t.stop()
	return n, err
}

func (b *idleBody) Close() error {
	b.t.stop()
	b.t.cancel()
	return b.ReadCloser.Close()
}
