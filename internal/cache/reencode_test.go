package cache

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/color"
	"image/png"
	"sync/atomic"
	"testing"
	"time"
)

// testPNG is a picture encoded without compression, which a stronger
// encoder makes much smaller.
func testPNG(t testing.TB) []byte {
	img := image.NewNRGBA(image.Rect(0, 0, 64, 48))
	for y := range 48 {
		for x := range 64 {
			img.SetNRGBA(x, y, color.NRGBA{uint8(x * 4), uint8(y * 5), 90, 255})
		}
	}
	var b bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.NoCompression}).Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// strongPNG is a fake stronger encoder: image/png at its best
// compression, or with one pixel changed when spoil is set.
type strongPNG struct {
	spoil bool
	calls atomic.Int32
}

func (e *strongPNG) Reencode(_ context.Context, ct string, data []byte) ([]byte, error) {
	e.calls.Add(1)
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	if e.spoil {
		n := image.NewNRGBA(img.Bounds())
		for y := range img.Bounds().Dy() {
			for x := range img.Bounds().Dx() {
				n.Set(x, y, img.At(x, y))
			}
		}
		n.SetNRGBA(3, 3, color.NRGBA{1, 2, 3, 255})
		img = n
	}
	var b bytes.Buffer
	err = (&png.Encoder{CompressionLevel: png.BestCompression}).Encode(&b, img)
	return b.Bytes(), err
}

// waitStats waits until the pass has handled n pictures.
func waitStats(t *testing.T, r *Recompressor, n uint64) RecompressStats {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		st := r.Stats()
		if st.Replaced+st.Skipped+st.NotSmaller+st.Failed+st.Yielded >= n {
			return st
		}
		if time.Now().After(deadline) {
			t.Fatalf("the pass handled %+v; waited for %d pictures", st, n)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// The pass replaces a stored picture's bytes, in every tier, with a
// smaller copy of the same pixels, under the same ETag and Last-Modified.
func TestRecompressorReplacesWithSmallerSamePixels(t *testing.T) {
	mem, d, tiers := memoryAndDisk(t)
	first := NewImage(testPNG(t), "image/png", time.Now())
	tiers.Set(bg, "k", first)
	r := NewRecompressor(tiers, &strongPNG{}, 4, nil)
	defer r.Close()
	if !r.Offer("k", first) {
		t.Fatal("an idle pass refused a picture")
	}
	if st := waitStats(t, r, 1); st.Replaced != 1 || st.Saved <= 0 {
		t.Fatalf("stats %+v; want one picture replaced, bytes saved", st)
	}
	for name, c := range map[string]Cache{"memory": mem, "disk": d} {
		got, ok := c.Get(bg, "k")
		if !ok || len(got.Data) >= len(first.Data) || got.ETag != first.ETag || !got.Modified.Equal(first.Modified) {
			t.Fatalf("%s tier: %d bytes (first %d), ETag %s (first %s); want the smaller copy under the first ETag",
				name, len(got.Data), len(first.Data), got.ETag, first.ETag)
		}
		if !samePixels("image/png", first.Data, got.Data) {
			t.Fatalf("%s tier holds different pixels", name)
		}
	}
}

// A copy with other pixels, one no smaller, or one of a picture that
// changed meanwhile is never stored; under load the pass skips.
func TestRecompressorRefuses(t *testing.T) {
	for name, tc := range map[string]struct {
		enc  Reencoder
		busy bool
		swap bool // the key holds another picture by the pass's turn
	}{
		"other pixels": {enc: &strongPNG{spoil: true}},
		"not smaller":  {enc: reencodeFunc(func(_ context.Context, _ string, b []byte) ([]byte, error) { return b, nil })},
		"fails":        {enc: reencodeFunc(func(context.Context, string, []byte) ([]byte, error) { return nil, errors.New("x") })},
		"busy":         {enc: &strongPNG{}, busy: true},
		"changed":      {enc: &strongPNG{}, swap: true},
	} {
		t.Run(name, func(t *testing.T) {
			mem := NewMemory(1<<20, time.Hour, nil)
			first := NewImage(testPNG(t), "image/png", time.Now())
			mem.Set(bg, "k", first)
			if tc.swap {
				mem.Set(bg, "k", NewImage(append(bytes.Clone(first.Data), 0), "image/png", time.Now()))
			}
			r := NewRecompressor(mem, tc.enc, 4, func() bool { return tc.busy })
			defer r.Close()
			r.Offer("k", first)
			st := waitStats(t, r, 1)
			if st.Replaced != 0 {
				t.Fatalf("stats %+v: a copy was stored", st)
			}
			if got, _ := mem.Get(bg, "k"); len(got.Data) < len(first.Data) {
				t.Fatal("the memory tier holds a replaced copy")
			}
			if s, ok := tc.enc.(*strongPNG); ok && tc.busy && s.calls.Load() != 0 {
				t.Error("the encoder ran although the machine was busy")
			}
		})
	}
}

// Offer never waits: a full queue drops the picture.
func TestRecompressorQueueIsBounded(t *testing.T) {
	block := make(chan struct{})
	enc := reencodeFunc(func(context.Context, string, []byte) ([]byte, error) { <-block; return nil, errors.New("x") })
	r := NewRecompressor(NewMemory(1<<20, time.Hour, nil), enc, 2, nil)
	img := NewImage(testPNG(t), "image/png", time.Now())
	start := time.Now()
	accepted := 0
	for range 10 {
		if r.Offer("k", img) {
			accepted++
		}
	}
	if accepted > 3 || time.Since(start) > time.Second {
		t.Errorf("%d of 10 offers accepted in %v; want at most the queue and the one in hand, at once", accepted, time.Since(start))
	}
	close(block)
	r.Close()
}

type reencodeFunc func(context.Context, string, []byte) ([]byte, error)

func (f reencodeFunc) Reencode(ctx context.Context, ct string, b []byte) ([]byte, error) {
	return f(ctx, ct, b)
}

// A render arriving while the pass works cancels the encoder's context at
// once: the picture is dropped (Yielded), nothing is stored, and the pass
// waits for a settled lull before it starts the next one.
func TestRecompressorYieldsToARender(t *testing.T) {
	mem := NewMemory(1<<20, time.Hour, nil)
	first := NewImage(testPNG(t), "image/png", time.Now())
	mem.Set(bg, "k", first)
	var busy atomic.Bool
	var flicker atomic.Pointer[func() bool] // when set, the load
	load := func() bool {
		if f := flicker.Load(); f != nil {
			return (*f)()
		}
		return busy.Load()
	}
	started := make(chan struct{}, 4)
	var stoppedAfter atomic.Int64
	enc := reencodeFunc(func(ctx context.Context, _ string, b []byte) ([]byte, error) {
		started <- struct{}{}
		<-ctx.Done() // works until told to stop
		return nil, ctx.Err()
	})
	r := NewRecompressor(mem, enc, 4, load)
	defer r.Close()
	r.Offer("k", first)
	<-started
	at := time.Now()
	busy.Store(true)
	st := waitStats(t, r, 1)
	stoppedAfter.Store(int64(time.Since(at)))
	if st.Yielded != 1 || st.Replaced != 0 {
		t.Fatalf("stats %+v; want the picture yielded, nothing stored", st)
	}
	if d := time.Duration(stoppedAfter.Load()); d > 200*time.Millisecond {
		t.Errorf("the encoder was told to stop %v after the render came, want a few ms", d)
	}
	if got, _ := mem.Get(bg, "k"); !bytes.Equal(got.Data, first.Data) {
		t.Fatal("the memory tier changed")
	}
	// Under flickering load (a burst's lulls, 1 ms of every 9, are far
	// shorter than idleSettle) the next picture is not started, then
	// skipped. The flicker is a function of the time, so a starved test
	// goroutine cannot stretch a lull.
	t0 := time.Now()
	f := func() bool { return time.Since(t0)%(9*time.Millisecond) >= time.Millisecond }
	flicker.Store(&f)
	r.Offer("k", first)
	st = waitStats(t, r, 2)
	if st.Skipped != 1 || len(started) != 0 {
		t.Fatalf("stats %+v, %d started; want the second picture skipped unstarted under flickering load", st, len(started))
	}
}

// Interrupt (the render path's call as a render is admitted) stops the
// picture in hand at once, though busy never reports load, and the next
// picture waits for idleSettle of quiet after it.
func TestRecompressorInterrupt(t *testing.T) {
	mem := NewMemory(1<<20, time.Hour, nil)
	first := NewImage(testPNG(t), "image/png", time.Now())
	mem.Set(bg, "k", first)
	started := make(chan time.Time, 4)
	enc := reencodeFunc(func(ctx context.Context, _ string, b []byte) ([]byte, error) {
		started <- time.Now()
		<-ctx.Done()
		return nil, ctx.Err()
	})
	r := NewRecompressor(mem, enc, 4, nil) // busy: never
	defer r.Close()
	r.Offer("k", first)
	<-started
	at := time.Now()
	r.Interrupt()
	st := waitStats(t, r, 1)
	if st.Yielded != 1 {
		t.Fatalf("stats %+v; want the picture in hand yielded", st)
	}
	if d := time.Since(at); d > 100*time.Millisecond {
		t.Errorf("stopped %v after Interrupt, want at once", d)
	}
	poked := time.Now()
	r.Interrupt()
	r.Offer("k", first)
	next := <-started
	if d := next.Sub(poked); d < idleSettle {
		t.Errorf("the next picture started %v after an Interrupt, want at least %v of quiet", d, idleSettle)
	}
	var nilPass *Recompressor
	nilPass.Interrupt() // the store without a pass calls it too
}

// A picture a render stopped makes the pass wait longer for quiet before
// the next (twice idleSettle, then four times...): traffic in bursts with
// short lulls gets no re-encode started that the next burst would throw
// away. A picture that finishes brings the wait back to idleSettle.
func TestRecompressorBacksOffAfterYielding(t *testing.T) {
	mem := NewMemory(1<<20, time.Hour, nil)
	first := NewImage(testPNG(t), "image/png", time.Now())
	mem.Set(bg, "k", first)
	started := make(chan time.Time, 4)
	var finish atomic.Bool
	strong := &strongPNG{}
	enc := reencodeFunc(func(ctx context.Context, ct string, b []byte) ([]byte, error) {
		started <- time.Now()
		if finish.Load() {
			return strong.Reencode(ctx, ct, b)
		}
		<-ctx.Done()
		return nil, ctx.Err()
	})
	r := NewRecompressor(mem, enc, 4, nil)
	defer r.Close()
	wait := func() time.Duration { // an Interrupt, then how long the next picture waits
		t.Helper()
		r.Interrupt()
		at := time.Now()
		r.Offer("k", first)
		return (<-started).Sub(at)
	}
	r.Offer("k", first)
	<-started
	if d := wait(); d < 2*idleSettle { // stops the first, waits for the second
		t.Errorf("after one yielded picture the next started %v after the load, want at least %v", d, 2*idleSettle)
	}
	if d := wait(); d < 4*idleSettle {
		t.Errorf("after two yielded pictures the next started %v after the load, want at least %v", d, 4*idleSettle)
	}
	finish.Store(true)
	r.Interrupt() // stops the third; the fourth finishes
	r.Offer("k", first)
	<-started
	if st := waitStats(t, r, 4); st.Replaced != 1 {
		t.Fatalf("stats %+v, want the fourth picture replaced", st)
	}
	if d := wait(); d < idleSettle || d >= 8*idleSettle { // 8x: had it not come back
		t.Errorf("after a finished picture the next started %v after the load, want about %v", d, idleSettle)
	}
}
