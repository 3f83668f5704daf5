package scene

import (
	"sync"
	"time"

	"gamethumbs/internal/catalog"
	"gamethumbs/internal/lru"
	"gamethumbs/internal/match"
)

// findMemo remembers which roster entry a query matched, so warm requests
// skip matching. An entry is valid only for the roster it was computed on
// (same backing array and length: provider caches return the same slice
// until they reload). The memo is an internal/lru cache bounded by count.
type findMemo struct {
	once sync.Once
	m    *lru.Cache[findKey, findVal]
}

func (f *findMemo) memo() *lru.Cache[findKey, findVal] {
	f.once.Do(func() {
		f.m = lru.New[findKey, findVal](lru.Options{MaxBytes: maxFindMemo, MaxEntries: maxFindMemo})
	})
	return f.m
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
	memo := s.found.memo()
	v, ok := memo.Get(k)
	if ok && v.roster == &list[0] && v.n == len(list) {
		return v.index, v.index >= 0
	}
	i, found := match.Find(query, list)
	if !found {
		i = -1
	}
	memo.Add(k, findVal{roster: &list[0], n: len(list), index: i}, 1, time.Time{})
	return i, found
}
