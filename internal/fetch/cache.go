package fetch

import (
	"container/list"
	"sync"
	"time"
)

// entryOverhead approximates the bookkeeping bytes of one cache entry.
const entryOverhead = 128

// lru is a mutex-guarded least-recently-used cache bounded by the summed
// weight of its entries, with a per-entry expiry. A failure can be stored
// in place of a value (negative caching). A limit ≤ 0 disables storage.
type lru[V any] struct {
	mu     sync.Mutex
	limit  int64
	weight int64
	order  *list.List // front = most recently used; elements hold *lruItem[V]
	items  map[string]*list.Element
}

type lruItem[V any] struct {
	key     string
	val     V
	err     error
	weight  int64
	expires time.Time
}

func newLRU[V any](limit int64) *lru[V] {
	return &lru[V]{limit: limit, order: list.New(), items: make(map[string]*list.Element)}
}

// get returns the stored value or failure for key, and whether one was
// present and unexpired at now.
func (c *lru[V]) get(key string, now time.Time) (V, error, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	var zero V
	el, ok := c.items[key]
	if !ok {
		return zero, nil, false
	}
	it := el.Value.(*lruItem[V])
	if !now.Before(it.expires) {
		c.remove(el)
		return zero, nil, false
	}
	c.order.MoveToFront(el)
	return it.val, it.err, true
}

// put stores val (or err) under key until expires. weight is the payload
// size in bytes; an entry heavier than the whole limit is not stored.
// Least recently used entries are evicted to make room.
func (c *lru[V]) put(key string, val V, err error, weight int64, expires time.Time) {
	weight += int64(len(key)) + entryOverhead
	c.mu.Lock()
	defer c.mu.Unlock()
	if weight > c.limit {
		return
	}
	if el, ok := c.items[key]; ok {
		c.remove(el)
	}
	for c.weight+weight > c.limit {
		c.remove(c.order.Back())
	}
	it := &lruItem[V]{key: key, val: val, err: err, weight: weight, expires: expires}
	c.items[key] = c.order.PushFront(it)
	c.weight += weight
}

// delete drops key if present.
func (c *lru[V]) delete(key string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.items[key]; ok {
		c.remove(el)
	}
}

func (c *lru[V]) remove(el *list.Element) {
	it := c.order.Remove(el).(*lruItem[V])
	delete(c.items, it.key)
	c.weight -= it.weight
}

// len returns the number of entries, expired ones included.
func (c *lru[V]) len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.items)
}
