package render

import (
	"hash/maphash"
	"sync"
)

// frequency estimates how often each key of the derivative cache has been
// asked for lately (hits and misses alike), in a count-min sketch: four
// rows of small counters, a key's estimate the least of its four. Every
// sample asks, all counts halve, so what was used long ago fades.
//
// It is the cache's admission rule: a newly built derivative may evict
// others only if it has been asked for more often than each of them.
// When a day's guides use more sprites than the budget holds (every team
// at every size in use), a plain LRU evicts each sprite just before the
// next matchup of its team needs it, and every render builds its sprites
// again; refusing newcomers that are no more popular than the residents
// keeps most sprites for the day and builds only the rest again.
type frequency struct {
	seed    maphash.Seed
	mu      sync.Mutex
	rows    [4][freqWidth]uint8
	touches int
}

const (
	freqWidth  = 1 << 12 // counters per row
	freqSample = 1 << 15 // asks between halvings
)

func newFrequency() *frequency { return &frequency{seed: maphash.MakeSeed()} }

// slots are the key's counter in each row.
func (f *frequency) slots(key any) [4]uint16 {
	h := maphash.Comparable(f.seed, key)
	const mask = freqWidth - 1
	return [4]uint16{uint16(h) & mask, uint16(h>>16) & mask, uint16(h>>32) & mask, uint16(h>>48) & mask}
}

// touch counts one ask for key.
func (f *frequency) touch(key any) {
	s := f.slots(key)
	f.mu.Lock()
	defer f.mu.Unlock()
	for r, i := range s {
		if c := &f.rows[r][i]; *c < 255 {
			*c++
		}
	}
	if f.touches++; f.touches >= freqSample {
		f.touches = 0
		for r := range f.rows {
			for i := range f.rows[r] {
				f.rows[r][i] >>= 1
			}
		}
	}
}

// estimate is how often key was asked for lately (never less than the
// truth; more only where keys collide in every row).
func (f *frequency) estimate(key any) uint8 {
	s := f.slots(key)
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.estimateLocked(s)
}

func (f *frequency) estimateLocked(s [4]uint16) uint8 {
	est := uint8(255)
	for r, i := range s {
		est = min(est, f.rows[r][i])
	}
	return est
}

// admit is the cache's admission rule: key may evict victims only if it
// was asked for more often than each of them.
func (f *frequency) admit(key any, victims []any) bool {
	ks := f.slots(key)
	vs := make([][4]uint16, len(victims))
	for i, v := range victims {
		vs[i] = f.slots(v)
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	c := f.estimateLocked(ks)
	for _, s := range vs {
		if f.estimateLocked(s) >= c {
			return false
		}
	}
	return true
}
