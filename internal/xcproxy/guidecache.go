package xcproxy

import (
	"container/list"
	"sync"
	"time"

	"golang.org/x/sync/singleflight"

	"gamethumbs/internal/xcproxy/xmltv"
)

// guideCache keeps parsed guides (and recent failures) per key, bounded by
// entry count and estimated bytes, least recently used first out.
// Concurrent loads of one key share a single fetch.
//
// A guide past its TTL is still served, as stale, for up to maxStale while
// a refresh runs; a failed refresh keeps the stale guide (and is retried
// after the error TTL), so a panel whose guide breaks keeps its logos.
type guideCache struct {
	mu         sync.Mutex
	entries    map[string]*list.Element // of *guideEntry
	lru        *list.List               // front: most recently used
	bytes      int64
	maxEntries int
	maxBytes   int64
	ttl        time.Duration
	errTTL     time.Duration
	now        func() time.Time
	flights    singleflight.Group
	started    map[string]time.Time // start of each fetch in flight
}

// maxStale is how long past its TTL a guide may still be served.
const maxStale = 24 * time.Hour

type guideEntry struct {
	key     string
	guide   *xmltv.Guide
	err     error
	expires time.Time // fresh until then
	stale   time.Time // a guide is served (stale) until then
	size    int64
}

func newGuideCache(maxEntries int, maxBytes int64, ttl, errTTL time.Duration) *guideCache {
	return &guideCache{entries: map[string]*list.Element{}, lru: list.New(), maxEntries: maxEntries,
		maxBytes: maxBytes, ttl: ttl, errTTL: errTTL, now: time.Now, started: map[string]time.Time{}}
}

// guideResult is a guide or the error that prevented it.
type guideResult struct {
	guide *xmltv.Guide
	err   error
}

// get returns the cached result for key and whether it is still fresh.
// ok is false when there is nothing usable.
func (c *guideCache) get(key string) (res guideResult, fresh, ok bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	el, found := c.entries[key]
	if !found {
		return guideResult{}, false, false
	}
	e := el.Value.(*guideEntry)
	now := c.now()
	fresh = now.Before(e.expires)
	if !fresh && (e.guide == nil || !now.Before(e.stale)) {
		c.remove(el)
		return guideResult{}, false, false
	}
	c.lru.MoveToFront(el)
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
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.entries[key]; ok {
		old := el.Value.(*guideEntry)
		if err != nil && old.guide != nil && now.Before(old.stale) {
			old.err = err
			old.expires = now.Add(c.errTTL)
			c.lru.MoveToFront(el)
			return
		}
		c.remove(el)
	}
	e := &guideEntry{key: key, guide: g, err: err}
	if err != nil {
		e.guide = nil
		e.expires = now.Add(c.errTTL)
		e.size = 256
	} else {
		e.expires = now.Add(c.ttl)
		e.stale = e.expires.Add(maxStale)
		e.size = g.SizeBytes() + 256
	}
	if e.size > c.maxBytes {
		return // larger than the whole cache: use once, keep nothing
	}
	c.entries[key] = c.lru.PushFront(e)
	c.bytes += e.size
	for c.lru.Len() > c.maxEntries || c.bytes > c.maxBytes {
		c.remove(c.lru.Back())
	}
}

func (c *guideCache) remove(el *list.Element) {
	e := c.lru.Remove(el).(*guideEntry)
	delete(c.entries, e.key)
	c.bytes -= e.size
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
func (c *guideCache) len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.lru.Len()
}
