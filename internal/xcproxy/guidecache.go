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
}

type guideEntry struct {
	key     string
	guide   *xmltv.Guide
	err     error
	expires time.Time
	size    int64
}

func newGuideCache(maxEntries int, maxBytes int64, ttl, errTTL time.Duration) *guideCache {
	return &guideCache{entries: map[string]*list.Element{}, lru: list.New(), maxEntries: maxEntries,
		maxBytes: maxBytes, ttl: ttl, errTTL: errTTL, now: time.Now}
}

// guideResult is a guide or the error that prevented it.
type guideResult struct {
	guide *xmltv.Guide
	err   error
}

// get returns a fresh cached result for key.
func (c *guideCache) get(key string) (guideResult, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	el, ok := c.entries[key]
	if !ok {
		return guideResult{}, false
	}
	e := el.Value.(*guideEntry)
	if !c.now().Before(e.expires) {
		c.remove(el)
		return guideResult{}, false
	}
	c.lru.MoveToFront(el)
	return guideResult{e.guide, e.err}, true
}

// put stores a result: a guide for ttl, an error for errTTL.
func (c *guideCache) put(key string, g *xmltv.Guide, err error) {
	e := &guideEntry{key: key, guide: g, err: err}
	if err != nil {
		e.expires = c.now().Add(c.errTTL)
		e.size = 256
	} else {
		e.expires = c.now().Add(c.ttl)
		e.size = g.SizeBytes() + 256
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.entries[key]; ok {
		c.remove(el)
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

// len returns the number of cached entries.
func (c *guideCache) len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.lru.Len()
}
