package providerhttp

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"gamethumbs/internal/catalog"
)

// Breaker defaults.
const (
	// BreakerThreshold is how many failures in a row open a breaker.
	BreakerThreshold = 3
	// BreakerCooldown is how long a breaker first stays open; each failed
	// probe doubles it up to BreakerMaxCooldown.
	BreakerCooldown    = 30 * time.Second
	BreakerMaxCooldown = 5 * time.Minute
	// MaxRetryAfter caps a provider's Retry-After.
	MaxRetryAfter = 10 * time.Minute
)

// BreakerState is the state of a Breaker.
type BreakerState int

const (
	Closed   BreakerState = iota // requests go through
	Open                         // requests fail at once
	HalfOpen                     // one probe request is allowed through
)

func (s BreakerState) String() string {
	switch s {
	case Open:
		return "open"
	case HalfOpen:
		return "half-open"
	}
	return "closed"
}

// Breaker is the circuit breaker of one provider. It remembers failures
// (timeouts, connection errors, 5xx, 429) so that an outage costs one call
// per cooldown instead of one per request: after BreakerThreshold failures
// in a row, or at once on a 429 or 503 with Retry-After, calls fail fast
// until the cooldown (or the Retry-After) has passed; then one probe goes
// through and its outcome closes the breaker or opens it for twice as
// long. Answers such as 404 are not failures. Callers serve stale data
// meanwhile (cache.Store keeps the last good value).
//
// A provider's endpoints fail separately (ESPN's site API may hang while
// its core API answers), so the breaker keeps one circuit per endpoint:
// the host and first path segment of the URL.
//
// The zero value is not usable; use NewBreaker.
type Breaker struct {
	source string
	now    func() time.Time

	mu       sync.Mutex
	circuits map[string]*circuit // by endpoint
}

// maxCircuits bounds the endpoints a breaker tells apart; more share one.
const maxCircuits = 32

type circuit struct {
	failures  int           // in a row
	openUntil time.Time     // zero when closed
	cooldown  time.Duration // of the next opening
	probing   bool          // a half-open probe is in flight
}

// NewBreaker returns the breaker of provider source and registers it for
// BreakerStates (replacing an older one of the same source).
func NewBreaker(source string) *Breaker {
	b := &Breaker{source: source, now: time.Now, circuits: make(map[string]*circuit)}
	breakers.Store(source, b)
	return b
}

var breakers sync.Map // source → *Breaker

// BreakerStates reports the state of every registered breaker by
// provider (for metrics).
func BreakerStates() map[string]BreakerState {
	out := map[string]BreakerState{}
	breakers.Range(func(k, v any) bool {
		out[k.(string)] = v.(*Breaker).State()
		return true
	})
	return out
}

// State is the breaker's state now: the worst of its endpoints (open,
// then half-open, then closed).
func (b *Breaker) State() BreakerState {
	if b == nil {
		return Closed
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	now := b.now()
	worst := Closed
	for _, c := range b.circuits {
		switch {
		case c.openUntil.IsZero():
		case now.Before(c.openUntil) || c.probing:
			return Open
		default:
			worst = HalfOpen
		}
	}
	return worst
}

// endpoint is the circuit key of rawURL: host and first path segment.
func endpoint(rawURL string) string {
	u, err := url.Parse(rawURL)
	if err != nil {
		return ""
	}
	first, _, _ := strings.Cut(strings.TrimPrefix(u.EscapedPath(), "/"), "/")
	return u.Host + "/" + first
}

// circuit returns the circuit of endpoint ep; b.mu is held.
func (b *Breaker) circuit(ep string) *circuit {
	c, ok := b.circuits[ep]
	if !ok {
		if len(b.circuits) >= maxCircuits {
			ep = "*"
			if c, ok = b.circuits[ep]; ok {
				return c
			}
		}
		c = &circuit{cooldown: BreakerCooldown}
		b.circuits[ep] = c
	}
	return c
}

// OpenError is the cause of a call refused by an open breaker.
type OpenError struct {
	Until time.Time // when a probe will be allowed
}

func (e *OpenError) Error() string {
	return "provider failing; not asked again until " + e.Until.UTC().Format(time.TimeOnly)
}

// allow returns nil when a call to rawURL may go out, or the
// *catalog.UpstreamError of a refused one. A nil breaker allows
// everything.
func (b *Breaker) allow(rawURL string) error {
	if b == nil {
		return nil
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	c := b.circuit(endpoint(rawURL))
	if c.openUntil.IsZero() {
		return nil
	}
	if b.now().Before(c.openUntil) || c.probing {
		return &catalog.UpstreamError{Source: b.source, Err: &OpenError{Until: c.openUntil}}
	}
	c.probing = true
	return nil
}

// record notes the outcome of a call to rawURL that allow let through.
// err is the call's error; ctx its context (a caller that went away is no
// failure).
func (b *Breaker) record(ctx context.Context, rawURL string, err error) {
	if b == nil {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	c := b.circuit(endpoint(rawURL))
	wasProbe := c.probing
	c.probing = false
	if err != nil && errors.Is(ctx.Err(), context.Canceled) {
		return // our side gave up: says nothing about the provider
	}
	now := b.now()
	failed, retryAfter := failure(err, now)
	if !failed {
		c.failures, c.openUntil, c.cooldown = 0, time.Time{}, BreakerCooldown
		return
	}
	c.failures++
	switch {
	case retryAfter > 0:
		c.openUntil = now.Add(retryAfter)
	case wasProbe:
		c.cooldown = min(c.cooldown*2, BreakerMaxCooldown)
		c.openUntil = now.Add(c.cooldown)
	case c.failures >= BreakerThreshold:
		c.openUntil = now.Add(c.cooldown)
	}
}

// failure classifies a call's error: whether it counts against the
// provider, and the Retry-After it asked for (429 and 503 only).
func failure(err error, now time.Time) (bool, time.Duration) {
	if err == nil {
		return false, 0
	}
	var se *StatusError
	if errors.As(err, &se) {
		switch {
		case se.Code == http.StatusTooManyRequests || se.Code == http.StatusServiceUnavailable:
			return true, parseRetryAfter(se.RetryAfter, now)
		case se.Code >= 500:
			return true, 0
		}
		return false, 0 // an answer (404, 400, ...), not an outage
	}
	var be *bodyError
	if errors.As(err, &be) {
		return false, 0 // an answer we could not use (too large, not JSON)
	}
	return true, 0 // no answer: timeout, connection refused or reset
}

// parseRetryAfter reads a Retry-After value (seconds or an HTTP date),
// capped at MaxRetryAfter; 0 when absent or unreadable.
func parseRetryAfter(v string, now time.Time) time.Duration {
	if v == "" {
		return 0
	}
	var d time.Duration
	if n, err := strconv.Atoi(v); err == nil {
		d = time.Duration(n) * time.Second
	} else if t, err := http.ParseTime(v); err == nil {
		d = t.Sub(now)
	}
	return min(max(d, 0), MaxRetryAfter)
}

// bodyError marks an answer whose body was unusable (too large, not
// JSON): the provider answered, so its breaker does not count it.
type bodyError struct{ err error }

func (e *bodyError) Error() string { return e.err.Error() }
func (e *bodyError) Unwrap() error { return e.err }

func bodyErrorf(format string, args ...any) error { return &bodyError{fmt.Errorf(format, args...)} }
