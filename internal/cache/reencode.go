package cache

import (
	"bytes"
	"context"
	"image"
	"image/draw"
	"image/png"
	"sync"
	"sync/atomic"
	"time"
)

// Reencoder makes a smaller copy of a stored picture with the same pixels
// (a stronger PNG encoder: row filters chosen by trial, a slower deflate).
type Reencoder interface {
	// Reencode returns data encoded again; it may be no smaller, and the
	// pass keeps the old bytes then.
	Reencode(ctx context.Context, contentType string, data []byte) ([]byte, error)
}

// Recompressor is the bounded background pass that replaces stored
// pictures with smaller copies of the same pixels. The first response
// stays fast (the fast encoder's bytes are served at once); later ones
// get the smaller copy. The ETag names the picture, not its bytes, so it
// is kept: a client holding the first copy still gets 304s.
//
// It never delays a render: Offer drops a picture when the queue is full,
// one worker does the work, one picture at a time (its work memory is
// the encoder's for one picture), and it starts only once busy (renders
// running or queued) has reported no load for idleSettle (longer after
// pictures a render stopped: see settle); a picture whose turn comes
// under load waits a second more for the load to pass, then is skipped.
// While it works, busy is looked at every busyPoll and the first load
// cancels the encoder's context: the picture is dropped (Yielded) and the
// CPU is the render's within milliseconds; Interrupt, called by the
// render path as a render is admitted, cancels it at once. Only a copy
// that is smaller, decodes to exactly the same pixels, and replaces the
// picture still stored under its key (same ETag) is stored, through the
// tiers.
type Recompressor struct {
	tiers Cache
	enc   Reencoder
	busy  func() bool
	q     chan queuedWrite

	mu         sync.Mutex
	stats      RecompressStats
	cancelWork context.CancelFunc // the picture in hand's encoder context (mu)
	// poked is when Interrupt was last called (unix nanoseconds): load
	// the worker counts as busy's.
	poked atomic.Int64
	// lastBusy is when load was last seen (idle, watch): the worker's.
	lastBusy time.Time
	// settle is how long the load must have passed before a picture is
	// started: idleSettle, doubled after each picture a render stopped
	// (up to maxSettle), back to idleSettle after one that finished. Bursty
	// traffic whose lulls are shorter than a re-encode then gets no work
	// started that it would throw away. The worker's.
	settle time.Duration
	ctx    context.Context // done once Close is called
	quit   context.CancelFunc
	done   chan struct{}
}

// RecompressStats counts what the pass did.
type RecompressStats struct {
	Replaced, Skipped, NotSmaller, Failed uint64
	Yielded                               uint64 // stopped because a render came
	Saved                                 int64  // bytes
}

// NewRecompressor starts the pass over tiers with enc, at most queue
// pictures waiting. busy (nil: never) reports load. Close stops it.
func NewRecompressor(tiers Cache, enc Reencoder, queue int, busy func() bool) *Recompressor {
	if busy == nil {
		busy = func() bool { return false }
	}
	r := &Recompressor{tiers: tiers, enc: enc, busy: busy, q: make(chan queuedWrite, queue), done: make(chan struct{}), settle: idleSettle}
	r.ctx, r.quit = context.WithCancel(context.Background())
	go r.run()
	return r
}

// Offer queues the picture stored under key for the pass; it reports
// false when the picture is dropped (queue full, or not to be stored).
func (r *Recompressor) Offer(key string, img *Image) bool {
	if r == nil || lasting(img) != nil || r.ctx.Err() != nil {
		return false
	}
	select {
	case r.q <- queuedWrite{key, img}:
		return true
	default:
		r.count(func(s *RecompressStats) { s.Skipped++ })
		return false
	}
}

// Interrupt tells the pass that a render is about to start: the picture
// in hand is dropped at once (its encoder's context is cancelled, without
// waiting for busy's next look) and none is started until the settling
// time has passed without load. The render path calls it before admitting a
// render; it costs a lock and a clock read.
func (r *Recompressor) Interrupt() {
	if r == nil {
		return
	}
	r.poked.Store(time.Now().UnixNano())
	r.mu.Lock()
	cancel := r.cancelWork
	r.mu.Unlock()
	if cancel != nil {
		cancel()
	}
}

// loaded reports whether busy reports load or Interrupt was called since
// the worker last looked, and keeps when in lastBusy.
func (r *Recompressor) loaded(now time.Time) bool {
	if p := time.Unix(0, r.poked.Load()); p.After(r.lastBusy) {
		r.lastBusy = p
	}
	if r.busy() {
		r.lastBusy = now
		return true
	}
	return false
}

// Close stops the pass, the picture in hand within milliseconds (its
// encoder's context is cancelled); queued ones are dropped, later offers
// refused. It is safe to call more than once, and beside Offer.
func (r *Recompressor) Close() {
	r.quit()
	<-r.done
}

// Stats returns the counters.
func (r *Recompressor) Stats() RecompressStats {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.stats
}

func (r *Recompressor) count(f func(*RecompressStats)) {
	r.mu.Lock()
	f(&r.stats)
	r.mu.Unlock()
}

func (r *Recompressor) run() {
	defer close(r.done)
	for {
		var w queuedWrite
		select {
		case <-r.ctx.Done():
			return
		case w = <-r.q:
		}
		if !r.idle() {
			r.count(func(s *RecompressStats) { s.Skipped++ })
			continue
		}
		r.once(w.key, w.img)
	}
}

// How long the pass waits for the machine to be idle before it skips a
// picture, how long busy must report no load before it starts (a lull
// between a burst's requests is not idle), and how often it looks while
// waiting and while working.
const (
	idleWait   = time.Second
	idleSettle = 100 * time.Millisecond
	maxSettle  = 5 * time.Second
	idlePoll   = 10 * time.Millisecond
	busyPoll   = 2 * time.Millisecond
)

// idle reports whether busy has reported no load for the settling time
// (since the last load seen by idle or watch, across pictures: a queue
// of pictures that are quick to handle pays the settling once), waiting
// at most idleWait beyond it.
func (r *Recompressor) idle() bool {
	deadline := time.Now().Add(r.settle + idleWait)
	for {
		now := time.Now()
		if !r.loaded(now) && now.Sub(r.lastBusy) >= r.settle {
			return true
		}
		if now.After(deadline) {
			return false
		}
		select {
		case <-r.ctx.Done():
			return false
		case <-time.After(idlePoll):
		}
	}
}

// watch cancels the work's context at the first load busy reports, until
// stop is closed.
func (r *Recompressor) watch(cancel context.CancelFunc, stop <-chan struct{}) {
	t := time.NewTicker(busyPoll)
	defer t.Stop()
	for {
		select {
		case <-stop:
			return
		case <-t.C:
			if r.loaded(time.Now()) { // lastBusy: read by the worker once watch has returned
				cancel()
				return
			}
		}
	}
}

// once re-encodes one picture and stores the copy when it may; a render
// arriving meanwhile stops it.
func (r *Recompressor) once(key string, img *Image) {
	ctx, cancel := context.WithCancel(r.ctx)
	r.mu.Lock()
	r.cancelWork = cancel
	r.mu.Unlock()
	if time.Unix(0, r.poked.Load()).After(r.lastBusy) {
		cancel() // an Interrupt between idle's last look and here
	}
	stop, watched := make(chan struct{}), make(chan struct{})
	go func() { r.watch(cancel, stop); close(watched) }()
	defer func() {
		close(stop)
		<-watched
		r.mu.Lock()
		r.cancelWork = nil
		r.mu.Unlock()
		cancel()
	}()
	data, err := r.enc.Reencode(ctx, img.ContentType, img.Data)
	yielded := ctx.Err() != nil
	if yielded {
		r.settle = min(2*r.settle, maxSettle)
	} else {
		r.settle = idleSettle
	}
	switch {
	case yielded:
		r.count(func(s *RecompressStats) { s.Yielded++ })
		return
	case err != nil:
		r.count(func(s *RecompressStats) { s.Failed++ })
		return
	case len(data) == 0 || len(data) >= len(img.Data):
		r.count(func(s *RecompressStats) { s.NotSmaller++ })
		return
	case !samePixels(img.ContentType, img.Data, data):
		r.count(func(s *RecompressStats) { s.Failed++ })
		return
	}
	if cur, ok := r.tiers.Get(ctx, key); !ok || cur.ETag != img.ETag || len(cur.Data) <= len(data) {
		r.count(func(s *RecompressStats) { s.Skipped++ }) // gone, changed, or smaller already
		return
	}
	smaller := &Image{Data: data, ContentType: img.ContentType, ETag: img.ETag, Modified: img.Modified}
	if r.tiers.Set(ctx, key, smaller) != nil {
		r.count(func(s *RecompressStats) { s.Failed++ })
		return
	}
	r.count(func(s *RecompressStats) { s.Replaced++; s.Saved += int64(len(img.Data) - len(data)) })
}

// samePixels reports whether two encodings of a picture decode to the
// same pixels. Only PNG is re-encoded; other types never match.
func samePixels(contentType string, a, b []byte) bool {
	if contentType != "image/png" {
		return false
	}
	ia, err := png.Decode(bytes.NewReader(a))
	if err != nil {
		return false
	}
	ib, err := png.Decode(bytes.NewReader(b))
	if err != nil || ia.Bounds() != ib.Bounds() {
		return false
	}
	switch pa := ia.(type) {
	case *image.NRGBA:
		if pb, ok := ib.(*image.NRGBA); ok {
			return bytes.Equal(pa.Pix, pb.Pix)
		}
	case *image.RGBA:
		if pb, ok := ib.(*image.RGBA); ok {
			return bytes.Equal(pa.Pix, pb.Pix)
		}
	}
	// Different layouts (palette against truecolour, with or without
	// alpha): compare in 16-bit non-premultiplied colour, exact for both.
	return bytes.Equal(nrgba64(ia).Pix, nrgba64(ib).Pix)
}

func nrgba64(img image.Image) *image.NRGBA64 {
	out := image.NewNRGBA64(img.Bounds())
	draw.Draw(out, out.Rect, img, img.Bounds().Min, draw.Src)
	return out
}
