// Package providerhttp is the HTTP/JSON plumbing the catalog providers
// share: a bounded JSON GET whose failures are *catalog.UpstreamError
// (with timeouts told apart and secrets masked), lenient JSON decoding,
// the Text scalar type, and the wrapper that runs a cached load under the
// provider's own deadline.
package providerhttp

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"

	"gamethumbs/internal/catalog"
)

// drainBytes is how much of a failed answer is read so the connection can
// be reused.
const drainBytes = 4 << 10

// Getter makes JSON GET requests for one provider. The zero value is not
// usable: Source, Client and MaxBytes must be set.
type Getter struct {
	Source    string       // catalog.UpstreamError.Source of every failure
	Client    *http.Client // makes the requests
	UserAgent string       // sent with every request
	// Accept, when not empty, is sent as the Accept header.
	Accept string
	// MaxBytes bounds an answer body; a larger one is an error.
	MaxBytes int64
	// Any2xx accepts every 2xx status; otherwise only 200 is a success.
	Any2xx bool
	// Redact, when set, rewrites the text of transport errors (which quote
	// the URL) so that a secret in the URL never reaches an error; the
	// timeout classification of the original error is kept.
	Redact func(string) string
	// Breaker, when set, is the provider's circuit breaker: failures are
	// remembered and, while it is open, GetJSON fails at once.
	Breaker *Breaker
}

// StatusError is the cause of a failure on a non-success status.
type StatusError struct {
	Label      string // what was asked, as given to GetJSON
	Code       int    // HTTP status code
	Status     string // HTTP status line ("404 Not Found")
	RetryAfter string // the Retry-After header, as sent
}

func (e *StatusError) Error() string { return e.Label + ": " + e.Status }

// GetJSON fetches u and decodes its JSON body into v leniently (see
// DecodeLenient). label names the request in error messages ("GET
// /v2/sports"); it must not hold a secret. Every failure is a
// *catalog.UpstreamError: Status set (and Err a *StatusError) for a
// non-success answer, Timeout set for deadlines and timeouts.
//
// With a Breaker, a call made while the provider is failing returns at
// once with an *OpenError cause.
func (g *Getter) GetJSON(ctx context.Context, u, label string, v any) error {
	if err := g.Breaker.allow(u); err != nil {
		return err
	}
	err := g.getJSON(ctx, u, label, v)
	g.Breaker.record(ctx, u, err)
	return err
}

func (g *Getter) getJSON(ctx context.Context, u, label string, v any) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return &catalog.UpstreamError{Source: g.Source, Err: g.redact(fmt.Errorf("%s: bad request URL: %w", label, err))}
	}
	req.Header.Set("User-Agent", g.UserAgent)
	if g.Accept != "" {
		req.Header.Set("Accept", g.Accept)
	}
	resp, err := g.Client.Do(req)
	if err != nil {
		return g.transport(err)
	}
	defer resp.Body.Close()
	ok := resp.StatusCode == http.StatusOK
	if g.Any2xx {
		ok = resp.StatusCode >= 200 && resp.StatusCode <= 299
	}
	if !ok {
		_, _ = io.CopyN(io.Discard, resp.Body, drainBytes)
		return &catalog.UpstreamError{Source: g.Source, Status: resp.StatusCode, Err: &StatusError{
			Label: label, Code: resp.StatusCode, Status: resp.Status, RetryAfter: resp.Header.Get("Retry-After")}}
	}
	body, err := io.ReadAll(io.LimitReader(resp.Body, g.MaxBytes+1))
	if err != nil {
		return g.transport(fmt.Errorf("%s: reading the answer: %w", label, err))
	}
	if int64(len(body)) > g.MaxBytes {
		return &catalog.UpstreamError{Source: g.Source, Err: bodyErrorf("%s: answer larger than %d bytes", label, g.MaxBytes)}
	}
	if err := DecodeLenient(body, v); err != nil {
		return &catalog.UpstreamError{Source: g.Source, Err: bodyErrorf("%s: %w", label, err)}
	}
	return nil
}

// Path is the path of URL u for error messages ("?" when u does not
// parse).
func Path(u string) string {
	if pu, err := url.Parse(u); err == nil {
		return pu.Path
	}
	return "?"
}

// transport maps a failure without an answer.
func (g *Getter) transport(err error) error {
	return &catalog.UpstreamError{Source: g.Source, Timeout: IsTimeout(err), Err: g.redact(err)}
}

// redact applies g.Redact to err's text.
func (g *Getter) redact(err error) error {
	if g.Redact == nil {
		return err
	}
	return &Redacted{Msg: g.Redact(err.Error()), Cause: err}
}

// Upstream maps err to a *catalog.UpstreamError of source with Timeout
// set for deadlines and timeouts; an *UpstreamError passes through.
func Upstream(source string, err error) error {
	var ue *catalog.UpstreamError
	if err == nil || errors.As(err, &ue) {
		return err
	}
	return &catalog.UpstreamError{Source: source, Timeout: IsTimeout(err), Err: err}
}

// IsTimeout reports a deadline or a timeout anywhere in err's chain.
func IsTimeout(err error) bool {
	var t interface{ Timeout() bool }
	return errors.Is(err, context.DeadlineExceeded) || (errors.As(err, &t) && t.Timeout())
}

// Redacted is an error whose text has had a secret masked. It does not
// unwrap to its cause (whose text holds the secret) but keeps its timeout
// classification.
type Redacted struct {
	Msg   string
	Cause error
}

func (r *Redacted) Error() string { return r.Msg }

// Timeout reports whether the cause was a deadline or a timeout.
func (r *Redacted) Timeout() bool { return IsTimeout(r.Cause) }

// Mask returns a Redact function that replaces every old with new.
func Mask(old, new string) func(string) string {
	return func(s string) string {
		if old == "" {
			return s
		}
		return strings.ReplaceAll(s, old, new)
	}
}
