package cache

import (
	"bytes"
	"context"
	"image"
	"image/draw"
	"image/png"
	"sync"
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
// one worker does the work, and a picture whose turn comes while busy
// reports load (renders running or queued) waits a second for the load to
// pass, then is skipped. Only a copy that
// is smaller, decodes to exactly the same pixels, and replaces the picture
// still stored under its key (same ETag) is stored, through the tiers.
type Recompressor struct {
	tiers Cache
	enc   Reencoder
	busy  func() bool
	q     chan queuedWrite

	mu    sync.Mutex
	stats RecompressStats
	done  chan struct{}
}

// RecompressStats counts what the pass did.
type RecompressStats struct {
	Replaced, Skipped, NotSmaller, Failed uint64
	Saved                                 int64 // bytes
}

// NewRecompressor starts the pass over tiers with enc, at most queue
// pictures waiting. busy (nil: never) reports load. Close stops it.
func NewRecompressor(tiers Cache, enc Reencoder, queue int, busy func() bool) *Recompressor {
	if busy == nil {
		busy = func() bool { return false }
	}
	r := &Recompressor{tiers: tiers, enc: enc, busy: busy, q: make(chan queuedWrite, queue), done: make(chan struct{})}
	go r.run()
	return r
}

// Offer queues the picture stored under key for the pass; it reports
// false when the picture is dropped (queue full, or not to be stored).
func (r *Recompressor) Offer(key string, img *Image) bool {
	if r == nil || lasting(img) != nil {
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

// Close stops the pass once the picture in hand is done; queued ones are
// dropped.
func (r *Recompressor) Close() {
	close(r.q)
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
	for w := range r.q {
		if !r.idle() {
			r.count(func(s *RecompressStats) { s.Skipped++ })
			continue
		}
		r.once(w.key, w.img)
	}
}

// How long the pass waits for the machine to be idle before it skips a
// picture, and how often it looks.
const (
	idleWait = time.Second
	idlePoll = 50 * time.Millisecond
)

// idle reports whether busy reports no load within idleWait.
func (r *Recompressor) idle() bool {
	for deadline := time.Now().Add(idleWait); ; {
		if !r.busy() {
			return true
		}
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(idlePoll)
	}
}

// once re-encodes one picture and stores the copy when it may.
func (r *Recompressor) once(key string, img *Image) {
	ctx := context.Background()
	data, err := r.enc.Reencode(ctx, img.ContentType, img.Data)
	switch {
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
