package httpapi

import (
	"net/http"
	"slices"
	"sync"
	"time"
)

// resolvedURLs remembers, for a short while, which cached picture an
// image URL was answered with: its canonical key (league and teams as
// resolved, every option after defaults) and the headers its route adds
// (Warning, Deprecation, Link). A repeated URL whose picture is still in
// the memory tier is then answered without parsing its query or resolving
// its league and teams again, which is most of the cost of a cache hit.
//
// An entry lives resolvedTTL: a roster reload that moves a name to another
// team shows within that time, and the full path runs at least that often
// per URL (keeping rosters refreshed on use). Only pictures that are not
// degraded are remembered; a URL whose picture left the cache takes the
// full path. Memory is bounded by bytes: two generations of at most
// resolvedMaxBytes each; when the current one fills, the older is dropped.
type resolvedURLs struct {
	mu       sync.RWMutex
	cur, old map[string]*resolvedURL
	curBytes int
	now      func() time.Time
}

// resolvedURL is what is remembered of one URL.
type resolvedURL struct {
	key     string // the image cache key
	expires time.Time
	// Header values the route set, under canonical names; each slice is
	// full (len == cap), so a later Add copies instead of writing into it.
	warning, deprecation, link []string
}

const (
	resolvedTTL      = time.Minute
	resolvedMaxBytes = 1 << 20
	// resolvedMaxURL is the longest path and query remembered; the lookup
	// key is built on the stack up to this size.
	resolvedMaxURL = 512
)

func newResolvedURLs(now func() time.Time) *resolvedURLs {
	return &resolvedURLs{cur: map[string]*resolvedURL{}, now: now}
}

// appendURLKey appends the lookup key of r (escaped path and raw query)
// to b; ok is false when it is too long to be remembered.
func appendURLKey(b []byte, r *http.Request) ([]byte, bool) {
	path := r.URL.EscapedPath()
	if len(path)+1+len(r.URL.RawQuery) > resolvedMaxURL {
		return b, false
	}
	b = append(b, path...)
	b = append(b, '?')
	return append(b, r.URL.RawQuery...), true
}

// get returns the unexpired entry of r's URL, or nil.
func (m *resolvedURLs) get(r *http.Request, now time.Time) *resolvedURL {
	if m == nil {
		return nil
	}
	var buf [resolvedMaxURL]byte
	k, ok := appendURLKey(buf[:0], r)
	if !ok {
		return nil
	}
	m.mu.RLock()
	e := m.cur[string(k)]
	if e == nil {
		e = m.old[string(k)]
	}
	m.mu.RUnlock()
	if e == nil || !now.Before(e.expires) {
		return nil
	}
	return e
}

// put remembers that r's URL was answered with the picture cached under
// key, with the route's headers taken from h.
func (m *resolvedURLs) put(r *http.Request, key string, h http.Header) {
	if m == nil || key == "" {
		return
	}
	k, ok := appendURLKey(nil, r)
	if !ok {
		return
	}
	e := &resolvedURL{key: key, expires: m.now().Add(resolvedTTL),
		warning: slices.Clip(slices.Clone(h["Warning"])), deprecation: slices.Clip(slices.Clone(h["Deprecation"])),
		link: slices.Clip(slices.Clone(h["Link"]))}
	size := 2*len(k) + len(key) + 200 // the map holds the key; entry and header values
	for _, vs := range [...][]string{e.warning, e.deprecation, e.link} {
		for _, v := range vs {
			size += len(v) + 16
		}
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.curBytes+size > resolvedMaxBytes {
		m.old, m.cur, m.curBytes = m.cur, map[string]*resolvedURL{}, 0
	}
	m.cur[string(k)] = e
	m.curBytes += size
}

// setHeaders sets the route's headers of e on h. The slices are shared
// between responses: nothing appends to them in place (they are full).
func (e *resolvedURL) setHeaders(h http.Header) {
	if e.warning != nil {
		h["Warning"] = e.warning
	}
	if e.deprecation != nil {
		h["Deprecation"] = e.deprecation
	}
	if e.link != nil {
		h["Link"] = e.link
	}
}
