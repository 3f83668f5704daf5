package providerhttp

import (
	"context"
	"errors"
	"net/http"
	"time"

	"gamethumbs/internal/catalog"
)

// DefaultUserAgent is the User-Agent of providers configured without one.
const DefaultUserAgent = "gamethumbs"

// DefaultClientTimeout is the timeout of the client made for providers
// configured without one.
const DefaultClientTimeout = 10 * time.Second

// DefaultLoadTimeout bounds a load when the client has no timeout.
const DefaultLoadTimeout = 30 * time.Second

// Client returns c, or a new client with DefaultClientTimeout when c is
// nil.
func Client(c *http.Client) *http.Client {
	if c == nil {
		return &http.Client{Timeout: DefaultClientTimeout}
	}
	return c
}

// LoadTimeout is the bound of one load made with c: its Timeout, or
// DefaultLoadTimeout when it has none.
func LoadTimeout(c *http.Client) time.Duration {
	if c.Timeout > 0 {
		return c.Timeout
	}
	return DefaultLoadTimeout
}

// Within wraps a loader of a cache.Store so that it runs under deadline
// d. Loads are shared by every request waiting on them, so the store runs
// them detached from any one caller and they need a bound of their own.
func Within[V any](d time.Duration, f func(context.Context) (V, error)) func(context.Context) (V, error) {
	return func(ctx context.Context) (V, error) {
		ctx, cancel := context.WithTimeout(ctx, d)
		defer cancel()
		return f(ctx)
	}
}

// CallerError turns an error of a cache wait (the caller's own context
// ending while it waited) into a *catalog.UpstreamError of source; errors
// a load produced (*catalog.UpstreamError, catalog.ErrNotCovered) pass
// through, as does nil.
func CallerError(source string, err error) error {
	if errors.Is(err, catalog.ErrNotCovered) {
		return err
	}
	return Upstream(source, err)
}
