package cache

import (
	"context"
	"time"

	"gamethumbs/internal/lru"
)

// Memory is the memory tier of images: an internal/lru cache bounded by
// the bytes of its pictures, with a time to live. It refuses degraded
// pictures and keeps an incomplete one for IncompleteTTL at most. It is
// safe for concurrent use.
type Memory struct {
	ttl time.Duration
	now func() time.Time
	c   *lru.Cache[string, *Image]
}

// memoryOverhead is the bookkeeping counted per picture beside its bytes.
const memoryOverhead = 256

// NewMemory returns a memory tier holding at most maxBytes of pictures
// for ttl each. now may be nil (time.Now).
func NewMemory(maxBytes int64, ttl time.Duration, now func() time.Time) *Memory {
	if now == nil {
		now = time.Now
	}
	return &Memory{ttl: ttl, now: now, c: lru.New[string, *Image](lru.Options{MaxBytes: maxBytes, Now: now})}
}

// missedKey marks a context whose request asked the memory tier for a key
// already, and missed (see WithMemoryMissed).
type missedKey struct{}

// WithMemoryMissed returns ctx carrying the fact that this request asked
// the memory tier for key and missed: a later Get of key with it misses
// again without asking (and counting) twice.
func WithMemoryMissed(ctx context.Context, key string) context.Context {
	return context.WithValue(ctx, missedKey{}, key)
}

// Get returns the live picture of key, counting a hit or a miss, unless
// ctx says this request missed key already (WithMemoryMissed).
func (m *Memory) Get(ctx context.Context, key string) (*Image, bool) {
	if k, _ := ctx.Value(missedKey{}).(string); k == key {
		return nil, false
	}
	return m.c.Get(key)
}

// Peek is Get without counting a hit or a miss: a second look by a caller
// that counted the first.
func (m *Memory) Peek(key string) (*Image, bool) { return m.c.Peek(key) }

// Set stores img under key, evicting the least recently used pictures
// until the total fits; a picture larger than the whole tier is not
// stored. A degraded picture is refused with ErrDegraded; an incomplete
// one lives IncompleteTTL at most.
func (m *Memory) Set(_ context.Context, key string, img *Image) error {
	if err := storable(img); err != nil {
		return err
	}
	ttl := m.ttl
	if img.Incomplete != "" {
		ttl = min(ttl, IncompleteTTL)
	}
	m.c.Add(key, img, int64(cap(img.Data))+memoryOverhead, m.now().Add(ttl))
	return nil
}

// SetTTL is Set with a lifetime of its own, capped at the tier's TTL.
func (m *Memory) SetTTL(key string, img *Image, ttl time.Duration) error {
	if err := storable(img); err != nil {
		return err
	}
	m.c.Add(key, img, int64(cap(img.Data))+memoryOverhead, m.now().Add(min(ttl, m.ttl)))
	return nil
}

// Delete removes key's picture.
func (m *Memory) Delete(_ context.Context, key string) { m.c.Remove(key) }

// Stats reports the tier's size and counters.
func (m *Memory) Stats() lru.Stats { return m.c.Stats() }
