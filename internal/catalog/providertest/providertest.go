// Package providertest is the plumbing the fake provider servers of the
// catalog tests share: starting an httptest server on 127.0.0.1 for the
// length of a test, counting requests, and injected failures.
package providertest

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
)

// Start serves h on an httptest server that is closed when t ends, and
// returns its URL.
func Start(t testing.TB, h http.HandlerFunc) string {
	t.Helper()
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv.URL
}

// Counter counts requests by key. The zero value is ready; it is safe for
// concurrent use.
type Counter struct {
	mu sync.Mutex
	n  map[string]int
}

// Count adds one request to key.
func (c *Counter) Count(key string) {
	c.mu.Lock()
	if c.n == nil {
		c.n = map[string]int{}
	}
	c.n[key]++
	c.mu.Unlock()
}

// Hits is the number of requests counted for key.
func (c *Counter) Hits(key string) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.n[key]
}

// Failures holds injected failures: keys (a call name or a path prefix)
// whose requests answer a status instead. The zero value is ready; it is
// safe for concurrent use.
type Failures struct {
	mu sync.Mutex
	m  map[string]int
}

// Fail makes requests of key answer status; 0 removes the rule.
func (f *Failures) Fail(key string, status int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if status == 0 {
		delete(f.m, key)
		return
	}
	if f.m == nil {
		f.m = map[string]int{}
	}
	f.m[key] = status
}

// Status is the status injected for key, 0 for none.
func (f *Failures) Status(key string) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.m[key]
}

// Prefixed is the status injected for a key that path starts with, 0 for
// none.
func (f *Failures) Prefixed(path string) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	for p, st := range f.m {
		if strings.HasPrefix(path, p) {
			return st
		}
	}
	return 0
}

// Refuse answers an injected failure: status with a small JSON error body.
func Refuse(w http.ResponseWriter, status int) {
	http.Error(w, `{"error":"injected"}`, status)
}
