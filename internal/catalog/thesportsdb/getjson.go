package thesportsdb

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"unicode"

	"gamethumbs/internal/catalog"
)

// maxBody bounds one API answer; a league's teams are a few hundred KB.
const maxBody = 8 << 20

// getJSON fetches {base}/api/v1/json/{key}/{call} into v. Errors name the
// call, never the key.
func (p *Provider) getJSON(ctx context.Context, call string, v any) error {
	what := "/api/v1/json/***/" + call
	if i := strings.IndexByte(what, '?'); i >= 0 {
		what = what[:i]
	}
	u := p.base + "/api/v1/json/" + p.key + "/" + call
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return &catalog.UpstreamError{Source: ID, Err: errors.New("bad request URL")}
	}
	req.Header.Set("User-Agent", p.ua)
	req.Header.Set("Accept", "application/json")
	resp, err := p.client.Do(req)
	if err != nil {
		return upstreamError(scrub(err, p.key))
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		_, _ = io.CopyN(io.Discard, resp.Body, 4<<10)
		return &catalog.UpstreamError{Source: ID, Status: resp.StatusCode, Err: fmt.Errorf("GET %s: %s", what, resp.Status)}
	}
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxBody+1))
	if err != nil {
		return upstreamError(scrub(err, p.key))
	}
	if len(body) > maxBody {
		return &catalog.UpstreamError{Source: ID, Err: fmt.Errorf("GET %s: answer larger than %d bytes", what, maxBody)}
	}
	if err := json.Unmarshal(body, v); err != nil {
		var te *json.UnmarshalTypeError
		if !errors.As(err, &te) {
			return &catalog.UpstreamError{Source: ID, Err: fmt.Errorf("GET %s: %w", what, err)}
		}
	}
	return nil
}

// scrub replaces the API key in a transport error (which quotes the URL).
func scrub(err error, key string) error {
	if key == "" || !strings.Contains(err.Error(), key) {
		return err
	}
	return &scrubbed{msg: strings.ReplaceAll(err.Error(), "/json/"+key+"/", "/json/***/"), err: err}
}

type scrubbed struct {
	msg string
	err error
}

func (s *scrubbed) Error() string { return s.msg }

// Timeout keeps the timeout classification of the wrapped error without
// exposing its text through Unwrap.
func (s *scrubbed) Timeout() bool {
	var t interface{ Timeout() bool }
	return errors.As(s.err, &t) && t.Timeout()
}

func upstreamError(err error) error {
	var t interface{ Timeout() bool }
	timeout := errors.Is(err, context.DeadlineExceeded) || (errors.As(err, &t) && t.Timeout())
	return &catalog.UpstreamError{Source: ID, Timeout: timeout, Err: err}
}

// text is a JSON scalar read as a trimmed string; null, numbers as their
// literal, anything else "".
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

// Slugify is the kebab-case slug of a name: lower case, letters and digits
// kept, every other run of characters one hyphen ("Winnipeg Blue Bombers"
// → "winnipeg-blue-bombers").
func Slugify(name string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(name) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			b.WriteRune(r)
			dash = false
			continue
		}
		dash = true
	}
	return b.String()
}

// lastPart is the last comma-separated part of a location ("Holloway,
// London" → "London").
func lastPart(s string) string {
	if i := strings.LastIndexByte(s, ','); i >= 0 {
		s = s[i+1:]
	}
	return strings.TrimSpace(s)
}

// abbreviate is the first three letters of a name, upper-cased.
func abbreviate(name string) string {
	var b strings.Builder
	for _, r := range name {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(unicode.ToUpper(r))
			if b.Len() >= 3 {
				break
			}
		}
	}
	return b.String()
}

// hexColor normalises "#RRGGBB", "RRGGBB" or "#RGB" to "#rrggbb"; anything
// else gives "".
func hexColor(s string) string {
	s = strings.TrimPrefix(strings.TrimSpace(s), "#")
	if len(s) == 3 {
		s = string([]byte{s[0], s[0], s[1], s[1], s[2], s[2]})
	}
	if len(s) != 6 {
		return ""
	}
	for i := 0; i < 6; i++ {
		c := s[i]
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F') {
			return ""
		}
	}
	return "#" + strings.ToLower(s)
}
