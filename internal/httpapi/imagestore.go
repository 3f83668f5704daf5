package httpapi

import (
	"context"
	"net/http"
	"strconv"
	"time"

	"golang.org/x/sync/singleflight"

	"gamethumbs/internal/buildinfo"
	"gamethumbs/internal/cache"
	"gamethumbs/internal/cluster"
	"gamethumbs/internal/render"
	"gamethumbs/internal/scene"
)

// degradedMaxAge is the Cache-Control lifetime of a picture a transient
// failure changed: it is rendered again after this.
const degradedMaxAge = 60 * time.Second

// imageStore answers image jobs from the cache tiers (internal/cache:
// memory, disk, shared, composed), renders identical concurrent jobs
// once, and bounds how many renders run and wait. The tiers' rules live
// in package cache; this is the render flight around them.
type imageStore struct {
	memory *cache.Memory // nil when IMAGE_CACHE_HOURS=0
	disk   cache.Cache   // the on-disk tier (CACHE_DIR); nil when off
	shared *cache.Shared // the tier replicas share (REDIS_URL); nil when off
	// recompress is the background pass that stores smaller copies of the
	// same pixels (Deps.Reencoder); nil when off.
	recompress *cache.Recompressor
	tiers      *cache.Tiered // memory, disk, shared: those that are on (nil: none)
	lower      []cache.Cache // the tiers after memory, in order

	group   singleflight.Group
	gate    *render.Gate // admits jobs and holds a slot for each (RENDER_CONCURRENCY, RENDER_QUEUE)
	now     func() time.Time
	renders func() // called once per actual render (metrics, tests)
	// rendered is called after every render with its duration (metrics).
	rendered func(time.Duration, error)
}

func newImageStore(maxBytes int64, ttl time.Duration, gate *render.Gate, now func() time.Time) *imageStore {
	s := &imageStore{
		gate:     gate,
		now:      now,
		renders:  func() {},
		rendered: func(time.Duration, error) {},
	}
	if ttl > 0 {
		s.memory = cache.NewMemory(maxBytes, ttl, now)
	}
	s.compose()
	return s
}

// compose builds the tiered cache of the tiers that are on.
func (s *imageStore) compose() {
	var on []cache.Cache
	if s.memory != nil {
		on = append(on, s.memory)
	}
	if on = append(on, s.lower...); len(on) > 0 {
		s.tiers = cache.NewTiered(on...)
	}
}

// useDisk adds the on-disk tier, written behind the request.
func (s *imageStore) useDisk(d *cache.Disk) {
	s.disk = cache.WriteBehind(d, 64)
	s.lower = append(s.lower, s.disk)
	s.compose()
}

// useShared adds the Redis tier. Entries are named by build, so a new
// build renders anew.
func (s *imageStore) useShared(c *cluster.Client, maxBytes int, ttl time.Duration) {
	if c == nil || ttl <= 0 {
		return
	}
	s.shared = cache.NewShared(c, "img:"+buildinfo.Get().Version+":", maxBytes, ttl)
	s.lower = append(s.lower, s.shared)
	s.compose()
}

// errBusy is returned when the render queue is full.
var errBusy = &Error{Status: http.StatusServiceUnavailable, Msg: "server busy rendering; try again shortly",
	Header: http.Header{"Retry-After": {"2"}}}

// get returns the picture of job (whose key the caller computed), from
// the cache tiers or by rendering it once for every concurrent caller
// with the same key. admit, when not nil, is asked before a render (the
// rate limit: a hit in any tier is free); its error is returned instead.
// hit reports an answer from a tier (memory, disk, shared).
func (s *imageStore) get(ctx context.Context, key string, job scene.Job, admit func() error) (img *cache.Image, hit bool, err error) {
	if s.tiers != nil {
		if img, ok := s.tiers.Get(ctx, key); ok {
			return img, true, nil
		}
	}
	if admit != nil {
		if err := admit(); err != nil {
			return nil, false, err
		}
	}
	ch := s.group.DoChan(key, func() (any, error) {
		// A flight for key may have ended between the lookups above and
		// this one starting: its picture is in memory by now, so look
		// again (uncounted) instead of rendering it twice.
		if s.memory != nil {
			if img, ok := s.memory.Peek(key); ok {
				return img, nil
			}
		}
		return s.renderOnce(context.WithoutCancel(ctx), key, job)
	})
	select {
	case r := <-ch:
		if r.Err != nil {
			return nil, false, r.Err
		}
		return r.Val.(*cache.Image), false, nil
	case <-ctx.Done():
		return nil, false, ctx.Err()
	}
}

// renderOnce renders job, letting one replica of several do it when there
// is a shared tier: a picture another replica stored meanwhile is taken
// (and kept in the faster tiers) instead.
func (s *imageStore) renderOnce(ctx context.Context, key string, job scene.Job) (*cache.Image, error) {
	if s.shared == nil {
		return s.render(ctx, key, job)
	}
	img, theirs, err := s.shared.Once(ctx, key, func() (*cache.Image, error) { return s.render(ctx, key, job) })
	if theirs {
		s.tiers.Promote(ctx, key, img, s.shared)
	}
	return img, err
}

// render renders job in a slot and stores the picture in the tiers (which
// refuse a degraded one and keep an incomplete one in memory only).
func (s *imageStore) render(ctx context.Context, key string, job scene.Job) (*cache.Image, error) {
	var stored *cache.Image
	defer func() {
		// Offered once this render has left the gate: the pass runs only
		// while no render runs or waits.
		if stored != nil {
			s.recompress.Offer(key, stored)
		}
	}()
	// The background pass gives the CPU back now, not at its next look
	// at the gate.
	s.recompress.Interrupt()
	leave, err := s.gate.Admit()
	if err != nil {
		return nil, errBusy
	}
	defer leave()
	// The job holds one slot of the gate from its first fetch to its
	// encoded picture: its renders take no other.
	ctx, done, err := s.gate.Enter(ctx)
	if err != nil {
		return nil, err
	}
	defer done()

	s.renders()
	began := time.Now()
	out, err := job.Render(ctx)
	s.rendered(time.Since(began), err)
	if err != nil {
		return nil, err
	}
	img := cache.NewImage(out.Data, out.ContentType, s.now())
	img.Degraded, img.Incomplete = out.Degraded, out.Incomplete
	if img.Degraded != "" {
		img.ETag = `"dg-` + img.ETag[1:] // never matches the complete picture's
		return img, nil
	}
	if s.tiers != nil && s.tiers.Set(ctx, key, img) == nil && img.Incomplete == "" {
		stored = img
	}
	return img, nil
}

// useReencoder starts the background pass that replaces stored pictures
// with smaller copies of the same pixels made by enc.
func (s *imageStore) useReencoder(enc cache.Reencoder) {
	if enc == nil || s.tiers == nil {
		return
	}
	s.recompress = cache.NewRecompressor(s.tiers, enc, 64, func() bool { return s.gate.Running() > 0 || s.gate.Queued() > 0 })
}

// imageHeaders are the response header values of a picture, built once
// per picture in memory (cache.Image.Memo) so a cached response sets its
// headers without allocating.
type imageHeaders struct {
	etag, modified, contentType, length []string
}

func buildImageHeaders(img *cache.Image) any {
	return &imageHeaders{
		etag:        []string{img.ETag},
		modified:    []string{img.Modified.Format(http.TimeFormat)},
		contentType: []string{img.ContentType},
		length:      []string{strconv.Itoa(len(img.Data))},
	}
}

// headersOf returns img's prebuilt header values.
func headersOf(img *cache.Image) *imageHeaders { return img.Memo(buildImageHeaders).(*imageHeaders) }

// Bytes is the size of the cached images.
func (s *imageStore) Bytes() int64 {
	if s == nil || s.memory == nil {
		return 0
	}
	return s.memory.Stats().Bytes
}

// close stops the background pass (the picture in hand within
// milliseconds), before the tiers it writes to are closed.
func (s *imageStore) close() {
	if s.recompress != nil {
		s.recompress.Close()
	}
}
