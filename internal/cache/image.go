package cache

import (
	"context"
	"encoding/base64"
	"encoding/binary"
	"hash/crc32"
	"sync"
	"time"
)

// Image is one rendered picture as the image tiers hold it: its bytes and
// the facts serving it needs. An Image is not modified once made (Memo
// aside); tiers share it between requests.
type Image struct {
	Data        []byte
	ContentType string
	// ETag is the strong validator of the picture, quoted. It names the
	// picture, not its bytes: ETagOf of the first encoding, kept when the
	// bytes are replaced by a smaller copy of the same pixels.
	ETag string
	// Modified is when the picture was rendered, in whole seconds, UTC.
	Modified time.Time
	// Degraded, when not empty, says why a transient failure changed the
	// picture: it is served short-lived and refused by every tier (see
	// Storable).
	Degraded string
	// Incomplete, when not empty, names a lasting miss the picture does
	// without (a logo the provider answers 404 for): the memory tier keeps
	// it for IncompleteTTL at most, the tiers that outlive the process not
	// at all.
	Incomplete string

	memoOnce sync.Once
	memo     any
}

// IncompleteTTL is the longest an incomplete picture is kept: a logo that
// was missing may come back.
const IncompleteTTL = time.Hour

// NewImage makes the Image of freshly encoded bytes: its ETag is ETagOf
// the bytes, its Modified time modified cut to whole seconds.
func NewImage(data []byte, contentType string, modified time.Time) *Image {
	return &Image{Data: data, ContentType: contentType, ETag: ETagOf(data), Modified: modified.UTC().Truncate(time.Second)}
}

// Memo returns what make derives from img, made on the first call and
// kept with img for its life in memory (httpapi keeps an image's response
// header values there, so a cached answer is written without allocating).
// Every caller must pass the same make. Tiers that persist images never
// store it.
func (img *Image) Memo(make func(*Image) any) any {
	img.memoOnce.Do(func() { img.memo = make(img) })
	return img.memo
}

// Cache is an image tier: the memory tier (Memory), the disk tier (Disk),
// the tier replicas share (Shared), and Tiered, which composes them and
// is a Cache itself. Every tier refuses what it must not keep: a degraded
// picture always (ErrDegraded), an incomplete one where it would outlive
// IncompleteTTL. A miss, an unreadable entry and an unreachable store
// are all the same false; a Set that fails loses nothing but time.
type Cache interface {
	// Get returns the picture stored under key.
	Get(ctx context.Context, key string) (*Image, bool)
	// Set stores img under key, replacing what was there.
	Set(ctx context.Context, key string, img *Image) error
	// Delete removes key's picture.
	Delete(ctx context.Context, key string)
}

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// ETagOf is the strong ETag of an encoded picture: its length and two
// CRC-32s of its bytes (Castagnoli and IEEE polynomials, 64 bits of
// checksum), quoted. It depends on the bytes alone, so restarts and
// replicas agree on it. Both CRCs run on the CPU's CRC and carry-less
// multiply instructions, far cheaper than a cryptographic hash; the
// server makes the pictures itself, so no one is trying to collide them.
func ETagOf(data []byte) string {
	var sum [12]byte
	binary.BigEndian.PutUint32(sum[0:], uint32(len(data)))
	binary.BigEndian.PutUint32(sum[4:], crc32.Checksum(data, castagnoli))
	binary.BigEndian.PutUint32(sum[8:], crc32.ChecksumIEEE(data))
	return `"` + base64.RawURLEncoding.EncodeToString(sum[:]) + `"`
}

// validETag reports whether e looks like a strong validator: quoted, with
// no quote or control character inside (RFC 9110 8.8.3).
func validETag(e string) bool {
	if len(e) < 2 || e[0] != '"' || e[len(e)-1] != '"' {
		return false
	}
	for i := 1; i < len(e)-1; i++ {
		if c := e[i]; c == '"' || c < 0x21 || c == 0x7f {
			return false
		}
	}
	return true
}
