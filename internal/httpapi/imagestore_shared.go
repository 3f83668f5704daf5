package httpapi

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"time"

	"gamethumbs/internal/buildinfo"
	"gamethumbs/internal/cache"
	"gamethumbs/internal/cluster"
	"gamethumbs/internal/scene"
)

// sharedImages is the Redis tier of the image store: pictures rendered by
// one replica are served by all with the same bytes, ETag and
// Last-Modified, and a picture asked of several replicas at once is
// rendered by one of them (a short lock; the others wait for its entry).
type sharedImages struct {
	c        *cluster.Client
	ttl      time.Duration
	maxBytes int
	// lockFor bounds how long a winner may hold the render lock and how
	// long a loser waits for its entry before rendering itself.
	lockFor time.Duration
	prefix  string // "img:<build version>:" — a new build renders anew
}

const sharedImageMagic = "GTI1"

// useShared adds the Redis tier.
func (s *imageStore) useShared(c *cluster.Client, maxBytes int, ttl time.Duration) {
	if c == nil || ttl <= 0 {
		return
	}
	s.shared = &sharedImages{c: c, ttl: ttl, maxBytes: maxBytes, lockFor: 10 * time.Second,
		prefix: "img:" + buildinfo.Get().Version + ":"}
}

// name is the Redis key of an image job key (hashed: job keys are long).
func (t *sharedImages) name(key string) string {
	sum := sha256.Sum256([]byte(key))
	return t.prefix + hex.EncodeToString(sum[:16])
}

// get returns the shared entry of key, promoted into memory.
func (s *imageStore) fromShared(ctx context.Context, key string) (*storedImage, bool) {
	if s.shared == nil {
		return nil, false
	}
	b, ok := s.shared.c.Get(ctx, s.shared.name(key))
	if !ok {
		return nil, false
	}
	return s.promote(key, b)
}

// promote decodes a shared entry and keeps it in the memory tier.
func (s *imageStore) promote(key string, b []byte) (*storedImage, bool) {
	img, err := decodeSharedImage(b)
	if err != nil {
		return nil, false
	}
	if s.cache != nil {
		s.cache.Add(key, img)
	}
	return img, true
}

// renderOnce renders job, letting one replica of several do it: the one
// that takes the lock renders and stores; the others wait for its entry
// (up to lockFor) and render themselves only if none came. Without the
// shared tier, or while Redis is down, it simply renders.
func (s *imageStore) renderOnce(ctx context.Context, job scene.Job) (*storedImage, error) {
	if s.shared == nil {
		return s.render(ctx, job)
	}
	key := job.Key()
	name := s.shared.name(key)
	unlock, held, err := s.shared.c.Lock(ctx, "lock:"+name, s.shared.lockFor)
	if err == nil && !held {
		if b, ok := s.shared.c.WaitFor(ctx, name, "lock:"+name, s.shared.lockFor); ok {
			if img, ok := s.promote(key, b); ok {
				return img, nil
			}
		}
	}
	defer unlock()
	return s.render(ctx, job)
}

// putShared stores a rendered image in Redis when it is small enough. A
// degraded image is refused (cache.Storable): a failure is never shared as
// success.
func (s *imageStore) putShared(ctx context.Context, key string, img *storedImage) {
	if s.shared == nil || len(img.data) > s.shared.maxBytes || !cache.Storable(img) {
		return
	}
	s.shared.c.Set(ctx, s.shared.name(key), encodeSharedImage(img), s.shared.ttl)
}

// encodeSharedImage lays an image out as: magic, modified (Unix seconds),
// content type and ETag (each with a 2-byte length), then the bytes.
func encodeSharedImage(img *storedImage) []byte {
	b := make([]byte, 0, len(sharedImageMagic)+8+4+len(img.contentType)+len(img.etag)+len(img.data))
	b = append(b, sharedImageMagic...)
	b = binary.BigEndian.AppendUint64(b, uint64(img.modified.Unix()))
	b = binary.BigEndian.AppendUint16(b, uint16(len(img.contentType)))
	b = append(b, img.contentType...)
	b = binary.BigEndian.AppendUint16(b, uint16(len(img.etag)))
	b = append(b, img.etag...)
	return append(b, img.data...)
}

var errSharedEntry = errors.New("malformed shared image entry")

func decodeSharedImage(b []byte) (*storedImage, error) {
	if len(b) < len(sharedImageMagic)+8+2 || string(b[:4]) != sharedImageMagic {
		return nil, errSharedEntry
	}
	b = b[4:]
	modified := time.Unix(int64(binary.BigEndian.Uint64(b)), 0).UTC()
	b = b[8:]
	field := func() (string, bool) {
		if len(b) < 2 {
			return "", false
		}
		n := int(binary.BigEndian.Uint16(b))
		if len(b) < 2+n {
			return "", false
		}
		v := string(b[2 : 2+n])
		b = b[2+n:]
		return v, true
	}
	ct, ok1 := field()
	etag, ok2 := field()
	if !ok1 || !ok2 || ct == "" || etag == "" {
		return nil, errSharedEntry
	}
	return (&storedImage{data: b, contentType: ct, etag: etag, modified: modified}).withHeaders(), nil
}
