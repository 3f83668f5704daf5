package hockeytech

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"

	"gamethumbs/internal/catalog"
)

// maxBody bounds one feed answer.
const maxBody = 8 << 20

// feed calls the modulekit feed with the given view parameters. Errors
// name the view only: the URL carries the key.
func (p *Provider) feed(ctx context.Context, client, key string, params url.Values, v any) error {
	params.Set("feed", "modulekit")
	params.Set("key", key)
	params.Set("client_code", client)
	params.Set("fmt", "json")
	params.Set("lang", "en")
	view := params.Get("view")
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, p.base+"/feed/?"+params.Encode(), nil)
	if err != nil {
		return &catalog.UpstreamError{Source: ID, Err: errors.New("bad feed URL")}
	}
	req.Header.Set("User-Agent", p.ua)
	resp, err := p.client.Do(req)
	if err != nil {
		return upstreamError(errors.New(strings.ReplaceAll(err.Error(), key, "***")), err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		_, _ = io.CopyN(io.Discard, resp.Body, 4<<10)
		return &catalog.UpstreamError{Source: ID, Status: resp.StatusCode, Err: fmt.Errorf("%s %s: %s", client, view, resp.Status)}
	}
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxBody+1))
	if err != nil {
		return upstreamError(fmt.Errorf("%s %s: reading the answer failed", client, view), err)
	}
	if len(body) > maxBody {
		return &catalog.UpstreamError{Source: ID, Err: fmt.Errorf("%s %s: answer larger than %d bytes", client, view, maxBody)}
	}
	if err := json.Unmarshal(body, v); err != nil {
		var te *json.UnmarshalTypeError
		if !errors.As(err, &te) {
			return &catalog.UpstreamError{Source: ID, Err: fmt.Errorf("%s %s: %w", client, view, err)}
		}
	}
	return nil
}

// upstreamError reports shown (a message without the key) with the
// timeout classification of cause.
func upstreamError(shown, cause error) error {
	var t interface{ Timeout() bool }
	timeout := errors.Is(cause, context.DeadlineExceeded) || (errors.As(cause, &t) && t.Timeout())
	return &catalog.UpstreamError{Source: ID, Timeout: timeout, Err: shown}
}

// text is a JSON scalar read as a trimmed string (numbers as their
// literal); other values give "".
type text string

func (t *text) UnmarshalJSON(b []byte) error {
	*t = ""
	if len(b) == 0 {
		return nil
	}
	switch c := b[0]; {
	case c == '"':
		var s string
		if json.Unmarshal(b, &s) == nil {
			*t = text(strings.TrimSpace(s))
		}
	case c == '-' || c >= '0' && c <= '9':
		*t = text(b)
	}
	return nil
}
