// Package cache holds the caches of gamethumbs: Store, a keyed TTL cache
// for provider data whose concurrent loads are coalesced and which serves
// the last good value when a reload fails (optionally shared by replicas
// through a Tier), and the image tiers: one Cache interface (Get, Set,
// Delete) that the memory tier (Memory, on internal/lru), the disk tier
// (Disk) and the tier replicas share (Shared, in Redis) implement, and
// Tiered, which composes them and is a Cache itself. Every tier refuses a
// degraded picture (degraded.go).
package cache

import (
	"context"
	"math"
	"sync"
	"time"

	"golang.org/x/sync/singleflight"

	"gamethumbs/internal/lru"
)

// Store is a keyed TTL cache of values produced by a loader.
//
// Concurrent Get calls for one key share one load. When a load fails and
// an older value for the key exists, that value is returned (stale) with a
// nil error; the failure is remembered for ErrorBackoff so a failing
// upstream is not asked again by every request. The zero value is not
// usable: call NewStore.
type Store[V any] struct {
	ttl time.Duration
	// ErrorBackoff is how long a failed load is not retried while a stale
	// value is being served. Zero means one minute.
	ErrorBackoff time.Duration
	// Refresh, when set, is the age after which a Get returns the cached
	// value at once and reloads it in the background (stale-while-revalidate).
	// Zero disables background refreshes.
	Refresh time.Duration
	// Now returns the current time; tests replace it. Nil means time.Now.
	Now func() time.Time
	// MaxKeys, when > 0, bounds the keys held: storing a new key in a
	// full Store drops the key used longest ago (per-team data, whose
	// keys are many, sets it; per-league data needs no bound). Set it
	// before the first Get.
	MaxKeys int

	mu      sync.Mutex
	entries *lru.Cache[string, *storeEntry[V]] // made at first use, bounded by MaxKeys
	group   singleflight.Group
	shared  *sharing[V] // nil unless Share was called
}

type storeEntry[V any] struct {
	value     V
	loaded    time.Time // when value was loaded
	failedAt  time.Time // last failed reload, zero if none
	refreshes bool      // a background refresh is running
}

// NewStore returns a Store whose values live for ttl.
func NewStore[V any](ttl time.Duration) *Store[V] {
	return &Store[V]{ttl: ttl}
}

// table returns the entries, made at first use so that MaxKeys set after
// NewStore applies. s.mu must be held.
func (s *Store[V]) table() *lru.Cache[string, *storeEntry[V]] {
	if s.entries == nil {
		s.entries = lru.New[string, *storeEntry[V]](lru.Options{MaxBytes: math.MaxInt64, MaxEntries: s.MaxKeys})
	}
	return s.entries
}

func (s *Store[V]) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

func (s *Store[V]) backoff() time.Duration {
	if s.ErrorBackoff > 0 {
		return s.ErrorBackoff
	}
	return time.Minute
}

// Get returns the value for key, loading it with load when it is missing
// or expired. load runs with a context detached from ctx's cancellation
// (one client leaving must not fail the load shared with others) but ctx
// still bounds how long this caller waits.
func (s *Store[V]) Get(ctx context.Context, key string, load func(context.Context) (V, error)) (V, error) {
	now := s.now()
	s.mu.Lock()
	e, ok := s.table().Get(key)
	if ok {
		age := now.Sub(e.loaded)
		fresh := age < s.ttl
		backingOff := !e.failedAt.IsZero() && now.Sub(e.failedAt) < s.backoff()
		if fresh || backingOff {
			if fresh && s.Refresh > 0 && age >= s.Refresh && !e.refreshes && !backingOff {
				e.refreshes = true
				go s.refresh(key, load)
			}
			v := e.value
			s.mu.Unlock()
			return v, nil
		}
	}
	s.mu.Unlock()

	ch := s.group.DoChan(key, func() (any, error) {
		return s.loadAndStore(context.WithoutCancel(ctx), key, load)
	})
	select {
	case r := <-ch:
		if r.Err != nil {
			var zero V
			return zero, r.Err
		}
		return r.Val.(V), nil
	case <-ctx.Done():
		var zero V
		return zero, ctx.Err()
	}
}

func (s *Store[V]) refresh(key string, load func(context.Context) (V, error)) {
	_, _, _ = s.group.Do(key, func() (any, error) {
		return s.loadAndStore(context.Background(), key, load)
	})
	s.mu.Lock()
	if e, ok := s.table().Peek(key); ok {
		e.refreshes = false
	}
	s.mu.Unlock()
}

// loadAndStore runs load and records the outcome. On failure it returns
// the previous value, if any, instead of the error.
func (s *Store[V]) loadAndStore(ctx context.Context, key string, load func(context.Context) (V, error)) (V, error) {
	v, loaded, err := s.loadThrough(ctx, key, load)
	now := s.now()
	s.mu.Lock()
	defer s.mu.Unlock()
	e, ok := s.table().Peek(key)
	if err != nil {
		if ok {
			e.failedAt = now
			return e.value, nil
		}
		var zero V
		return zero, err
	}
	if !ok {
		e = &storeEntry[V]{}
		s.table().Add(key, e, 1, time.Time{})
	}
	e.value, e.loaded, e.failedAt = v, loaded, time.Time{}
	return v, nil
}

// Peek returns the cached value for key, fresh or stale, without loading.
func (s *Store[V]) Peek(key string) (V, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	e, ok := s.table().Peek(key)
	if !ok {
		var zero V
		return zero, false
	}
	return e.value, true
}

// Len reports how many keys hold a value.
func (s *Store[V]) Len() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.table().Len()
}
