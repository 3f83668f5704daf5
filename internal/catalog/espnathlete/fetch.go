package espnathlete

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"gamethumbs/internal/catalog"
)

// Bounds on what ESPN may send.
const (
	maxBody     = 8 << 20 // one page or athlete
	maxPages    = 200     // 200 pages of 1000 references
	maxAttempts = 7       // per request, 429/403 answers included
	maxPause    = 30 * time.Second
)

// statusError is a non-2xx answer.
type statusError struct {
	code       int
	retryAfter time.Duration
	path       string
}

func (e *statusError) Error() string { return fmt.Sprintf("GET %s: status %d", e.path, e.code) }

// getJSON makes one request and decodes the answer leniently.
func (p *Provider) getJSON(ctx context.Context, u string, v any) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return err
	}
	req.Header.Set("User-Agent", p.cfg.UserAgent)
	req.Header.Set("Accept", "application/json")
	resp, err := p.client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		_, _ = io.CopyN(io.Discard, resp.Body, 4<<10)
		return &statusError{code: resp.StatusCode, retryAfter: retryAfter(resp.Header.Get("Retry-After")), path: req.URL.Path}
	}
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxBody+1))
	if err != nil {
		return err
	}
	if len(body) > maxBody {
		return fmt.Errorf("GET %s: answer larger than %d bytes", req.URL.Path, maxBody)
	}
	if err := json.Unmarshal(body, v); err != nil {
		var te *json.UnmarshalTypeError
		if !errors.As(err, &te) {
			return fmt.Errorf("GET %s: %w", req.URL.Path, err)
		}
	}
	return nil
}

// retryAfter reads a Retry-After header given in seconds.
func retryAfter(h string) time.Duration {
	n, err := strconv.Atoi(strings.TrimSpace(h))
	if err != nil || n < 0 {
		return 0
	}
	return min(time.Duration(n)*time.Second, 2*maxPause)
}

// pauser is a pause shared by every worker of a load: a 429 or 403 seen
// by one worker holds them all.
type pauser struct {
	mu    sync.Mutex
	until time.Time
}

func (ps *pauser) hold(d time.Duration) {
	ps.mu.Lock()
	if t := time.Now().Add(d); t.After(ps.until) {
		ps.until = t
	}
	ps.mu.Unlock()
}

func (ps *pauser) wait(ctx context.Context) error {
	ps.mu.Lock()
	d := time.Until(ps.until)
	ps.mu.Unlock()
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// fetch is getJSON with retries: 429 and 403 pause every worker
// (Retry-After, else Backoff doubling per attempt) and retry up to
// maxAttempts; 5xx answers and transport errors are retried twice.
func (p *Provider) fetch(ctx context.Context, u string, v any, ps *pauser) error {
	var err error
	for attempt := 0; attempt < maxAttempts; attempt++ {
		if werr := ps.wait(ctx); werr != nil {
			return werr
		}
		err = p.getJSON(ctx, u, v)
		if err == nil || ctx.Err() != nil {
			return err
		}
		backoff := min(p.cfg.Backoff<<attempt, maxPause)
		var se *statusError
		switch {
		case errors.As(err, &se) && (se.code == http.StatusTooManyRequests || se.code == http.StatusForbidden):
			if se.retryAfter > 0 {
				backoff = se.retryAfter
			}
			ps.hold(backoff)
		case errors.As(err, &se) && se.code < 500:
			return err // 404 and the like: asking again will not help
		case attempt >= 2:
			return err
		default:
			if werr := sleep(ctx, backoff); werr != nil {
				return werr
			}
		}
	}
	return err
}

func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// upstream wraps a load failure for callers.
func upstream(err error) error {
	var ue *catalog.UpstreamError
	if errors.As(err, &ue) {
		return err
	}
	var se *statusError
	status := 0
	if errors.As(err, &se) {
		status = se.code
	}
	var t interface{ Timeout() bool }
	timeout := errors.Is(err, context.DeadlineExceeded) || (errors.As(err, &t) && t.Timeout())
	return &catalog.UpstreamError{Source: ID, Status: status, Timeout: timeout, Err: err}
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
			*t = text(clean(s))
		}
	case c == '-' || c >= '0' && c <= '9':
		*t = text(b)
	}
	return nil
}

// clean trims s, replaces control characters (tabs, newlines) by spaces
// and bounds its length, so every field fits the persisted format.
func clean(s string) string {
	s = strings.TrimSpace(s)
	if len(s) > 300 {
		s = s[:300]
	}
	return strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f {
			return ' '
		}
		return r
	}, s)
}

// link is an object with an href (flag, headshot).
type link struct {
	Href text `json:"href"`
	Alt  text `json:"alt"`
}

// athleteDTO is an ESPN core athlete (or an inline page item).
type athleteDTO struct {
	Ref         text  `json:"$ref"`
	ID          text  `json:"id"`
	FirstName   text  `json:"firstName"`
	LastName    text  `json:"lastName"`
	FullName    text  `json:"fullName"`
	DisplayName text  `json:"displayName"`
	ShortName   text  `json:"shortName"`
	Citizenship text  `json:"citizenship"`
	Flag        *link `json:"flag"`
	Headshot    *link `json:"headshot"`
}

// toAthlete maps a DTO; ok is false without an id or a name.
func (d *athleteDTO) toAthlete() (athlete, bool) {
	a := athlete{ID: string(d.ID), First: string(d.FirstName), Last: string(d.LastName),
		Display: string(d.DisplayName), Short: string(d.ShortName), Country: string(d.Citizenship)}
	if a.Display == "" {
		a.Display = string(d.FullName)
	}
	if a.Display == "" {
		a.Display = strings.TrimSpace(a.First + " " + a.Last)
	}
	if !validID(a.ID) || a.Display == "" {
		return athlete{}, false
	}
	if d.Flag != nil {
		a.Flag = httpURL(string(d.Flag.Href))
		if d.Flag.Alt != "" {
			a.Country = string(d.Flag.Alt)
		}
	}
	if d.Headshot != nil {
		a.Headshot = httpURL(string(d.Headshot.Href))
	}
	return a, true
}

// httpURL keeps only http(s) URLs.
func httpURL(s string) string {
	if strings.HasPrefix(s, "https://") || strings.HasPrefix(s, "http://") {
		return s
	}
	return ""
}

// validID accepts ESPN athlete ids: 1 to 12 digits.
func validID(s string) bool {
	if s == "" || len(s) > 12 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// refID extracts the athlete id from a $ref URL (".../athletes/296?...").
func refID(ref string) string {
	i := strings.LastIndex(ref, "/athletes/")
	if i < 0 {
		return ""
	}
	id := ref[i+len("/athletes/"):]
	if j := strings.IndexAny(id, "?/#"); j >= 0 {
		id = id[:j]
	}
	if !validID(id) {
		return ""
	}
	return id
}
