package cache

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"time"

	"golang.org/x/sync/singleflight"

	"gamethumbs/internal/cluster"
)

// Shared is the image tier several replicas share (REDIS_URL): pictures
// rendered by one replica are served by all with the same bytes, ETag and
// Last-Modified, and a picture asked of several replicas at once is
// rendered by one of them (Once).
//
// An entry is checked before use: the client opens only a value sealed
// for its key whose checksum matches (cluster's seal.go), and
// decodeShared refuses an empty picture or missing facts. A value left by
// another deployment sharing the Redis, another key's picture, a
// truncated or an empty value is a miss, rendered again and overwritten.
type Shared struct {
	tier     Tier
	prefix   string // starts every name: a new build renders anew
	maxBytes int
	ttl      time.Duration
	// lockFor bounds how long a winner may hold the render lock and how
	// long a loser waits for its entry before rendering itself.
	lockFor time.Duration
	gets    singleflight.Group // one lookup per key for concurrent callers
}

// NewShared returns the shared tier in t: entries named prefix+hash(key),
// at most maxBytes of picture each, kept ttl.
func NewShared(t Tier, prefix string, maxBytes int, ttl time.Duration) *Shared {
	return &Shared{tier: t, prefix: prefix, maxBytes: maxBytes, ttl: ttl, lockFor: 10 * time.Second}
}

// name is the Redis name of a key (hashed: keys are long).
func (t *Shared) name(key string) string {
	sum := sha256.Sum256([]byte(key))
	return t.prefix + hex.EncodeToString(sum[:16])
}

// Get returns key's picture. Concurrent callers for one key share one
// lookup.
func (t *Shared) Get(ctx context.Context, key string) (*Image, bool) {
	v, _, _ := t.gets.Do(key, func() (any, error) {
		b, ok := t.tier.Get(ctx, t.name(key))
		if !ok {
			return nil, nil
		}
		img, err := decodeShared(b)
		if err != nil {
			return nil, nil
		}
		return img, nil
	})
	img, _ := v.(*Image)
	return img, img != nil
}

// Set stores img under key when it is small enough. A degraded picture
// is refused (ErrDegraded), an incomplete one too (ErrIncomplete).
func (t *Shared) Set(ctx context.Context, key string, img *Image) error {
	if err := lasting(img); err != nil {
		return err
	}
	if len(img.Data) > t.maxBytes {
		return nil
	}
	t.tier.Set(ctx, t.name(key), encodeShared(img), t.ttl)
	return nil
}

// Delete removes key's entry.
func (t *Shared) Delete(ctx context.Context, key string) {
	t.tier.Delete(ctx, t.name(key))
}

// Once runs render on one replica of several asking for key at once: the
// one that takes the lock renders (and stores through its tiers); the
// others wait for its entry, up to lockFor, and render themselves only if
// none came (theirs reports an entry that came). While Redis is down it
// simply renders.
func (t *Shared) Once(ctx context.Context, key string, render func() (*Image, error)) (img *Image, theirs bool, err error) {
	use := func(b []byte) (*Image, bool) {
		img, err := decodeShared(b)
		return img, err == nil
	}
	return cluster.OneWorks(ctx, t.tier, t.name(key), t.lockFor, use, render)
}

// sharedMagic starts every entry; a layout change takes a new one.
const sharedMagic = "GTI2"

// encodeShared lays a picture out as: magic, modified (Unix seconds),
// content type and ETag (each with a 2-byte length), then the bytes. The
// client seals it with the hash of its key and a checksum (cluster).
func encodeShared(img *Image) []byte {
	b := make([]byte, 0, len(sharedMagic)+8+4+len(img.ContentType)+len(img.ETag)+len(img.Data))
	b = append(b, sharedMagic...)
	b = binary.BigEndian.AppendUint64(b, uint64(img.Modified.Unix()))
	b = binary.BigEndian.AppendUint16(b, uint16(len(img.ContentType)))
	b = append(b, img.ContentType...)
	b = binary.BigEndian.AppendUint16(b, uint16(len(img.ETag)))
	b = append(b, img.ETag...)
	return append(b, img.Data...)
}

var errSharedEntry = errors.New("cache: malformed shared image entry")

// decodeShared reads an entry (already checked against its key and its
// checksum by the client), refusing one that is not a whole picture:
// another layout, an empty picture, a missing content type or an ETag
// that is not a quoted strong validator.
func decodeShared(b []byte) (*Image, error) {
	if len(b) < len(sharedMagic)+8 || string(b[:len(sharedMagic)]) != sharedMagic {
		return nil, errSharedEntry
	}
	b = b[len(sharedMagic):]
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
	if !ok1 || !ok2 || ct == "" || !validETag(etag) || len(b) == 0 {
		return nil, errSharedEntry
	}
	return &Image{Data: b, ContentType: ct, ETag: etag, Modified: modified}, nil
}
