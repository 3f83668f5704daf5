package httpapi

import (
	"context"
	"net/http"
	"strconv"
	"time"

	"golang.org/x/sync/singleflight"

	"gamethumbs/internal/cache"
	"gamethumbs/internal/render"
	"gamethumbs/internal/scene"
)

// storedImage is an encoded image with the validators computed once.
type storedImage struct {
	data        []byte
	contentType string
	etag        string // strong ETag: quoted checksum of the bytes (etagOf)
	modified    time.Time
	// degraded is why a transient failure changed the picture (empty when
	// it did not): served short-lived with an ETag of its own, never
	// stored in a cache tier.
	degraded string
	// incomplete is the lasting miss the picture does without (a logo the
	// provider answers 404 for): stored in memory for incompleteTTL only.
	incomplete string
	// Header values, built once so a cached response sets its headers
	// without allocating.
	etagHdr, modifiedHdr, typeHdr, lengthHdr []string
}

// Degraded implements cache.Degradable: the cache tiers refuse a degraded
// image themselves.
func (img *storedImage) Degraded() bool { return img.degraded != "" }

// Lifetimes of pictures a failure changed, in caches and Cache-Control.
const (
	degradedMaxAge = 60 * time.Second // rendered again after this
	incompleteTTL  = time.Hour        // a 404 logo may come back
)

// imageStore serves jobs from a byte-bounded cache, renders identical
// concurrent jobs once, and admits renders through the render gate.
type imageStore struct {
	cache   *cache.Bytes[*storedImage] // nil when IMAGE_CACHE_HOURS=0
	disk    *cache.Disk                // optional second tier (CACHE_DIR); nil when off
	shared  *sharedImages              // optional tier shared by replicas (REDIS_URL); nil when off
	writes  chan diskWrite             // queued disk writes, off the request path
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
		s.cache = cache.NewBytes(maxBytes, ttl, func(v *storedImage) int64 { return int64(cap(v.data)) + 256 }, now)
	}
	return s
}

// errBusy is returned when the render queue is full.
var errBusy = &Error{Status: http.StatusServiceUnavailable, Msg: "server busy rendering; try again shortly",
	Header: http.Header{"Retry-After": {"2"}}}

// get returns the image of job, from the cache tiers (memory, disk,
// shared) or by rendering it once for every concurrent caller with the
// same key. admit, when not nil, is asked before a render (the rate
// limit: a hit in any tier is free); its error is returned instead.
func (s *imageStore) get(ctx context.Context, job scene.Job, admit func() error) (*storedImage, error) {
	return s.getKey(ctx, job.Key(), job, admit, false)
}

// getKey is get with the key of job computed by the caller; memoryMissed
// says the memory tier was asked for key already (and missed) during this
// request, so it is not asked (and counted) twice.
func (s *imageStore) getKey(ctx context.Context, key string, job scene.Job, admit func() error, memoryMissed bool) (*storedImage, error) {
	if s.cache != nil && !memoryMissed {
		if img, ok := s.cache.Get(key); ok {
			return img, nil
		}
	}
	if img, ok := s.fromDisk(key); ok {
		return img, nil
	}
	if s.shared != nil {
		// One shared lookup per key for every concurrent caller, as the
		// render below; it comes before admit since a hit is free.
		v, _, _ := s.group.Do("shared|"+key, func() (any, error) {
			img, _ := s.fromShared(ctx, key)
			return img, nil
		})
		if img, _ := v.(*storedImage); img != nil {
			return img, nil
		}
	}
	if admit != nil {
		if err := admit(); err != nil {
			return nil, err
		}
	}
	ch := s.group.DoChan(key, func() (any, error) {
		// A flight for key may have ended between the lookups above and
		// this one starting: its picture is in memory by now, so look
		// again (uncounted) instead of rendering it twice.
		if s.cache != nil {
			if img, ok := s.cache.Peek(key); ok {
				return img, nil
			}
		}
		return s.renderOnce(context.WithoutCancel(ctx), job)
	})
	select {
	case r := <-ch:
		if r.Err != nil {
			return nil, r.Err
		}
		return r.Val.(*storedImage), nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

func (s *imageStore) render(ctx context.Context, job scene.Job) (*storedImage, error) {
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
	img := newStoredImage(out.Data, out.ContentType, s.now())
	img.degraded, img.incomplete = out.Degraded, out.Incomplete
	if img.degraded != "" {
		img.etag = `"dg-` + img.etag[1:] // never matches the complete picture's
		img.withHeaders()
	}
	s.keep(ctx, job.Key(), img)
	return img, nil
}

// keep stores a rendered image in the cache tiers: a complete one in all
// (memory, shared, disk), an incomplete one in memory for incompleteTTL
// only, a degraded one in none (the tiers refuse it as well).
func (s *imageStore) keep(ctx context.Context, key string, img *storedImage) {
	if img.Degraded() {
		return
	}
	if s.cache != nil {
		if img.incomplete != "" {
			s.cache.AddTTL(key, img, incompleteTTL)
			return
		}
		s.cache.Add(key, img)
	}
	if img.incomplete != "" {
		return
	}
	s.putShared(ctx, key, img)
	if s.disk != nil {
		select {
		case s.writes <- diskWrite{key, img}:
		default: // the writer is behind: skip, the image stays in memory
		}
	}
}

type diskWrite struct {
	key string
	img *storedImage
}

// useDisk adds the on-disk tier and starts its writer.
func (s *imageStore) useDisk(d *cache.Disk) {
	s.disk = d
	s.writes = make(chan diskWrite, 64)
	go func() {
		for w := range s.writes {
			d.Put(w.key, cache.DiskEntry{Data: w.img.data, ContentType: w.img.contentType, Created: w.img.modified,
				Degraded: w.img.Degraded()})
		}
	}()
}

// fromDisk promotes an image of the disk tier into memory.
func (s *imageStore) fromDisk(key string) (*storedImage, bool) {
	if s.disk == nil {
		return nil, false
	}
	e, ok := s.disk.Get(key)
	if !ok {
		return nil, false
	}
	img := newStoredImage(e.Data, e.ContentType, e.Created)
	if s.cache != nil {
		s.cache.Add(key, img)
	}
	return img, true
}

func newStoredImage(data []byte, contentType string, modified time.Time) *storedImage {
	img := &storedImage{
		data:        data,
		contentType: contentType,
		etag:        etagOf(data),
		modified:    modified.UTC().Truncate(time.Second),
	}
	return img.withHeaders()
}

// withHeaders fills the prebuilt header values from the other fields;
// every storedImage is made through it.
func (img *storedImage) withHeaders() *storedImage {
	img.etagHdr = []string{img.etag}
	img.modifiedHdr = []string{img.modified.Format(http.TimeFormat)}
	img.typeHdr = []string{img.contentType}
	img.lengthHdr = []string{strconv.Itoa(len(img.data))}
	return img
}

// Bytes is the size of the cached images.
func (s *imageStore) Bytes() int64 {
	if s == nil || s.cache == nil {
		return 0
	}
	b, _, _, _, _ := s.cache.Stats()
	return b
}
