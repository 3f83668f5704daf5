package espn

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"

	"gamethumbs/internal/catalog"
)

// maxBody bounds an ESPN JSON response. The largest real answer (college
// football teams) is a few megabytes.
const maxBody = 16 << 20

// getJSON fetches u and decodes the JSON body into v. A failure is a
// *catalog.UpstreamError: Status for a non-2xx answer, Timeout for a
// deadline. Values of the wrong JSON type are skipped, not fatal (see
// decodeLenient).
func (p *Provider) getJSON(ctx context.Context, u string, v any) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return &catalog.UpstreamError{Source: ID, Err: err}
	}
	req.Header.Set("User-Agent", p.userAgent)
	req.Header.Set("Accept", "application/json")
	resp, err := p.client.Do(req)
	if err != nil {
		return upstreamError(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		// Drain a little so the connection can be reused.
		_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 4<<10))
		return &catalog.UpstreamError{Source: ID, Status: resp.StatusCode,
			Err: fmt.Errorf("GET %s: %s", pathOf(u), resp.Status)}
	}
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxBody+1))
	if err != nil {
		return upstreamError(err)
	}
	if len(body) > maxBody {
		return &catalog.UpstreamError{Source: ID, Err: fmt.Errorf("GET %s: response larger than %d bytes", pathOf(u), maxBody)}
	}
	if err := decodeLenient(body, v); err != nil {
		return &catalog.UpstreamError{Source: ID, Err: fmt.Errorf("GET %s: %w", pathOf(u), err)}
	}
	return nil
}

// decodeLenient decodes JSON into v. Malformed JSON is an error; a value
// whose type does not fit its field (a string where an object was
// expected) only leaves that field empty.
func decodeLenient(data []byte, v any) error {
	err := json.Unmarshal(data, v)
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		return nil
	}
	return err
}

// upstreamError maps a transport error to a *catalog.UpstreamError, with
// Timeout set for deadlines and timeouts.
func upstreamError(err error) error {
	var t interface{ Timeout() bool }
	timeout := errors.Is(err, context.DeadlineExceeded) || (errors.As(err, &t) && t.Timeout())
	return &catalog.UpstreamError{Source: ID, Timeout: timeout, Err: err}
}

// pathOf returns the path of u for error messages.
func pathOf(u string) string {
	if pu, err := url.Parse(u); err == nil {
		return pu.Path
	}
	return "?"
}
