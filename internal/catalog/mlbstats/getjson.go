package mlbstats

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"

	"gamethumbs/internal/catalog"
)

// maxBody bounds one answer (a level's teams are well under 1 MB).
const maxBody = 8 << 20

func (p *Provider) getJSON(ctx context.Context, u string, v any) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return &catalog.UpstreamError{Source: ID, Err: err}
	}
	req.Header.Set("User-Agent", p.ua)
	req.Header.Set("Accept", "application/json")
	resp, err := p.client.Do(req)
	if err != nil {
		return upstreamError(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		_, _ = io.CopyN(io.Discard, resp.Body, 4<<10)
		return &catalog.UpstreamError{Source: ID, Status: resp.StatusCode, Err: fmt.Errorf("GET /api/v1/teams: %s", resp.Status)}
	}
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxBody+1))
	if err != nil {
		return upstreamError(err)
	}
	if len(body) > maxBody {
		return &catalog.UpstreamError{Source: ID, Err: fmt.Errorf("answer larger than %d bytes", maxBody)}
	}
	if err := json.Unmarshal(body, v); err != nil {
		var te *json.UnmarshalTypeError
		if !errors.As(err, &te) {
			return &catalog.UpstreamError{Source: ID, Err: err}
		}
	}
	return nil
}

func upstreamError(err error) error {
	var t interface{ Timeout() bool }
	timeout := errors.Is(err, context.DeadlineExceeded) || (errors.As(err, &t) && t.Timeout())
	return &catalog.UpstreamError{Source: ID, Timeout: timeout, Err: err}
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
