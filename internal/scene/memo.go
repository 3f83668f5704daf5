package scene

import (
	"sync"

	"gamethumbs/internal/catalog"
	"gamethumbs/internal/match"
)

// findMemo remembers which roster entry a query matched, so warm requests
// skip matching. An entry is valid only for the roster it was computed on
// (same backing array and length: provider caches return the same slice
// until they reload). The memo is bounded: when full it starts over.
type findMemo struct {
	mu sync.RWMutex
	m  map[findKey]findVal
}

type findKey struct{ league, query string }

type findVal struct {
	roster *catalog.Team // &list[0] of the roster matched against
	n      int           // len(list)
	index  int           // -1: no match
}

const maxFindMemo = 20_000

// find is match.Find with memoisation.
func (s *Service) find(league, query string, list []catalog.Team) (int, bool) {
	if len(list) == 0 {
		return -1, false
	}
	k := findKey{league, query}
	s.found.mu.RLock()
	v, ok := s.found.m[k]
	s.found.mu.RUnlock()
	if ok && v.roster == &list[0] && v.n == len(list) {
		return v.index, v.index >= 0
	}
	i, found := match.Find(query, list)
	if !found {
		i = -1
	}
	s.found.mu.Lock()
	if s.found.m == nil || len(s.found.m) >= maxFindMemo {
		s.found.m = make(map[findKey]findVal)
	}
	s.found.m[k] = findVal{roster: &list[0], n: len(list), index: i}
	s.found.mu.Unlock()
	return i, found
}
