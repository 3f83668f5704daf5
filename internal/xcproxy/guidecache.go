package xcproxy

import (
	"sync"
	"time"

	"golang.org/x/sync/singleflight"

	"gamethumbs/internal/lru"
	"gamethumbs/internal/xcproxy/xmltv"
)

// guideCache keeps parsed guides (and recent failures) per key, bounded by
// entry count and estimated bytes, least recently used first out (an
// internal/lru cache). Concurrent loads of one key share a single fetch.
//
// A guide past its TTL is still served, as stale, for up to maxStale while
// a refresh runs; a failed refresh keeps the stale guide (and is retried
// after the error TTL), so a panel whose guide breaks keeps its logos.
type guideCache struct {
	entries  *lru.Cache[string, *guideEntry] // dropped when no longer servable
	maxBytes int64
	ttl      time.Duration
	errTTL   time.Duration
	now      func() time.Time
	flights  singleflight.Group

	mu      sync.Mutex           // guards the fields of entries updated in place, and started
	started map[string]time.Time // start of each fetch in flight
}

// maxStale is how long past its TTL a guide may still be served.
const maxStale = 24 * time.Hour

type guideEntry struct {
	guide   *xmltv.Guide
	err     error
	expires time.Time // fresh until then
}

func newGuideCache(maxEntries int, maxBytes int64, ttl, errTTL time.Duration) *guideCache {
	c := &guideCache{maxBytes: maxBytes, ttl: ttl, errTTL: errTTL, now: time.Now, started: map[string]time.Time{}}
	c.entries = lru.New[string, *guideEntry](lru.Options{MaxBytes: maxBytes, MaxEntries: maxEntries,
		Now: func() time.Time { return c.now() }})
	return c
}

// guideResult is a guide or the error that prevented it.
type guideResult struct {
	guide *xmltv.Guide
	err   error
}

// get returns the cached result for key and whether it is still fresh.
// ok is false when there is nothing usable.
func (c *guideCache) get(key string) (res guideResult, fresh, ok bool) {
	e, found := c.entries.Get(key)
	if !found {
		return guideResult{}, false, false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	fresh = c.now().Before(e.expires)
	if e.guide != nil {
		return guideResult{guide: e.guide}, fresh, true
	}
	return guideResult{err: e.err}, fresh, true
}

// put stores a result: a guide for ttl (then stale for maxStale), an error
// for errTTL. An error does not replace a guide that may still be served:
// the guide stays, and the next refresh waits errTTL.
func (c *guideCache) put(key string, g *xmltv.Guide, err error) {
	now := c.now()
	if err != nil {
		if old, ok := c.entries.Get(key); ok && old.guide != nil {
			c.mu.Lock()
			old.err, old.expires = err, now.Add(c.errTTL)
			c.mu.Unlock()
			return
		}
		c.entries.Add(key, &guideEntry{err: err, expires: now.Add(c.errTTL)}, 256, now.Add(c.errTTL))
		return
	}
	// Larger than the whole cache: used once, nothing kept.
	expires := now.Add(c.ttl)
	c.entries.Add(key, &guideEntry{guide: g, expires: expires}, g.SizeBytes()+256, expires.Add(maxStale))
}

// flightStarted returns when the fetch of key in flight began, noting now
// when none is.
func (c *guideCache) flightStarted(key string) time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	t, ok := c.started[key]
	if !ok {
		t = c.now()
		c.started[key] = t
	}
	return t
}

// flightEnded forgets the start of key's fetch.
func (c *guideCache) flightEnded(key string) {
	c.mu.Lock()
	delete(c.started, key)
	c.mu.Unlock()
}

// len returns the number of cached entries.
func (c *guideCache) len() int { return c.entries.Len() }
