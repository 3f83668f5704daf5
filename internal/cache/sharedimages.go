package cache

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"hash/crc32"
	"time"

	"golang.org/x/sync/singleflight"

	"gamethumbs/internal/cluster"
)

// Shared is the image tier several replicas share (REDIS_URL): pictures
// rendered by one replica are served by all with the same bytes, ETag and
// Last-Modified, and a picture asked of several replicas at once is
// rendered by one of them (Once).
//
// An entry carries a hash of its key and a checksum of its bytes, and is
// checked against both before use: a value left by another deployment
// sharing the Redis, another key's picture, a truncated or an empty value
// is a miss (see decodeShared).
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

// keyHash is the hash that names a key's entry and that the entry carries.
func keyHash(key string) [16]byte {
	sum := sha256.Sum256([]byte(key))
	return [16]byte(sum[:16])
}

// name is the Redis name of a key (hashed: keys are long).
func (t *Shared) name(h [16]byte) string { return t.prefix + hex.EncodeToString(h[:]) }

// Get returns key's picture. Concurrent callers for one key share one
// lookup.
func (t *Shared) Get(ctx context.Context, key string) (*Image, bool) {
	h := keyHash(key)
	v, _, _ := t.gets.Do(string(h[:]), func() (any, error) {
		b, ok := t.tier.Get(ctx, t.name(h))
		if !ok {
			return nil, nil
		}
		img, err := decodeShared(b, h)
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
	t.tier.Set(ctx, t.name(keyHash(key)), encodeShared(img, keyHash(key)), t.ttl)
	return nil
}

// Delete removes key's entry.
func (t *Shared) Delete(ctx context.Context, key string) {
	t.tier.Delete(ctx, t.name(keyHash(key)))
}

// Once runs render on one replica of several asking for key at once: the
// one that takes the lock renders (and stores through its tiers); the
// others wait for its entry, up to lockFor, and render themselves only if
// none came (theirs reports an entry that came). While Redis is down it
// simply renders.
func (t *Shared) Once(ctx context.Context, key string, render func() (*Image, error)) (img *Image, theirs bool, err error) {
	h := keyHash(key)
	use := func(b []byte) (*Image, bool) {
		img, err := decodeShared(b, h)
		return img, err == nil
	}
	return cluster.OneWorks(ctx, t.tier, t.name(h), t.lockFor, use, render)
}

// sharedMagic starts every entry; a layout change takes a new one.
const sharedMagic = "GTI2"

// encodeShared lays a picture out as: magic, the key's hash, modified
// (Unix seconds), content type and ETag (each with a 2-byte length), the
// length and CRC-32C of the bytes, then the bytes.
func encodeShared(img *Image, key [16]byte) []byte {
	b := make([]byte, 0, len(sharedMagic)+16+8+4+len(img.ContentType)+len(img.ETag)+8+len(img.Data))
	b = append(b, sharedMagic...)
	b = append(b, key[:]...)
	b = binary.BigEndian.AppendUint64(b, uint64(img.Modified.Unix()))
	b = binary.BigEndian.AppendUint16(b, uint16(len(img.ContentType)))
	b = append(b, img.ContentType...)
	b = binary.BigEndian.AppendUint16(b, uint16(len(img.ETag)))
	b = append(b, img.ETag...)
	b = binary.BigEndian.AppendUint32(b, uint32(len(img.Data)))
	b = binary.BigEndian.AppendUint32(b, crc32.Checksum(img.Data, castagnoli))
	return append(b, img.Data...)
}

var errSharedEntry = errors.New("cache: malformed shared image entry")

// decodeShared reads an entry stored under the key whose hash is key,
// refusing one that is not whole and sound: another layout, another key's
// picture, a length or checksum that does not match its bytes, an empty
// picture or a missing content type or ETag.
func decodeShared(b []byte, key [16]byte) (*Image, error) {
	if len(b) < len(sharedMagic)+16+8 || string(b[:len(sharedMagic)]) != sharedMagic {
		return nil, errSharedEntry
	}
	b = b[len(sharedMagic):]
	if [16]byte(b[:16]) != key {
		return nil, errSharedEntry
	}
	b = b[16:]
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
	if !ok1 || !ok2 || ct == "" || etag == "" || len(b) < 8 {
		return nil, errSharedEntry
	}
	n, sum := binary.BigEndian.Uint32(b), binary.BigEndian.Uint32(b[4:])
	data := b[8:]
	if n == 0 || uint64(len(data)) != uint64(n) || crc32.Checksum(data, castagnoli) != sum {
		return nil, errSharedEntry
	}
	return &Image{Data: data, ContentType: ct, ETag: etag, Modified: modified}, nil
}
