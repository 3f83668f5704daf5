package httpapi

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"strconv"
	"time"

	"golang.org/x/sync/singleflight"

	"gamethumbs/internal/cache"
	"gamethumbs/internal/scene"
)

// storedImage is an encoded image with the validators computed once.
type storedImage struct {
	data        []byte
	contentType string
	etag        string // strong ETag: quoted hash of the bytes
	modified    time.Time
	// Header values, built once so a cached response sets its headers
	// without allocating.
	etagHdr, modifiedHdr, typeHdr, lengthHdr []string
	degraded                                 string // why the picture is a stand-in; such pictures are never stored
}

// imageStore serves jobs from a byte-bounded cache, renders identical
// concurrent jobs once, and bounds how many renders run and wait.
type imageStore struct {
	cache   *cache.Bytes[*storedImage] // nil when IMAGE_CACHE_HOURS=0
	disk    *cache.Disk                // optional second tier (CACHE_DIR); nil when off
	shared  *sharedImages              // optional tier shared by replicas (REDIS_URL); nil when off
	writes  chan diskWrite             // queued disk writes, off the request path
	group   singleflight.Group
	slots   chan struct{} // one token per running render
	waiting chan struct{} // one token per queued render
	now     func() time.Time
	renders func() // called once per actual render (metrics, tests)
	// rendered is called after every render with its duration (metrics).
	rendered func(time.Duration, error)
}

func newImageStore(maxBytes int64, ttl time.Duration, concurrency, queue int, now func() time.Time) *imageStore {
	s := &imageStore{
		slots:    make(chan struct{}, max(concurrency, 1)),
		waiting:  make(chan struct{}, max(concurrency, 1)+queue),
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
	key := job.Key()
	if s.cache != nil {
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
	select {
	case s.waiting <- struct{}{}:
	default:
		return nil, errBusy
	}
	defer func() { <-s.waiting }()
	s.slots <- struct{}{}
	defer func() { <-s.slots }()

	s.renders()
	began := time.Now()
	out, err := job.Render(ctx)
	s.rendered(time.Since(began), err)
	if err != nil {
		return nil, err
	}
	img := newStoredImage(out.Data, out.ContentType, s.now())
	if out.Degraded != "" {
		img.degraded = out.Degraded
		return img, nil // short-lived: drawn again once the source is back
	}
	if s.cache != nil {
		s.cache.Add(job.Key(), img)
	}
	s.putShared(ctx, job.Key(), img)
	if s.disk != nil {
		select {
		case s.writes <- diskWrite{job.Key(), img}:
		default: // the writer is behind: skip, the image stays in memory
		}
	}
	return img, nil
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
			d.Put(w.key, cache.DiskEntry{Data: w.img.data, ContentType: w.img.contentType, Created: w.img.modified})
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
	sum := sha256.Sum256(data)
	img := &storedImage{
		data:        data,
		contentType: contentType,
		etag:        `"` + base64.RawURLEncoding.EncodeToString(sum[:18]) + `"`,
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
