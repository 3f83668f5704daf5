package espnathlete

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"gamethumbs/internal/catalog/providerhttp"
)

// Bounds on what ESPN may send.
const (
	maxBody     = 8 << 20 // one page or athlete
	maxPages    = 200     // 200 pages of 1000 references
	maxAttempts = 7       // per request, 429/403 answers included
	maxPause    = 30 * time.Second
)

// getJSON makes one request and decodes the answer leniently. A non-2xx
// answer is a *catalog.UpstreamError caused by a *providerhttp.StatusError.
func (p *Provider) getJSON(ctx context.Context, u string, v any) error {
	return p.get.GetJSON(ctx, u, "GET "+providerhttp.Path(u), v)
}

// statusOf is the status of an answer err reports, 0 when none arrived.
func statusOf(err error) (code int, retry time.Duration) {
	var se *providerhttp.StatusError
	if !errors.As(err, &se) {
		return 0, 0
	}
	return se.Code, retryAfter(se.RetryAfter)
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
	return sleep(ctx, d)
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
		code, retry := statusOf(err)
		switch {
		case code == http.StatusTooManyRequests || code == http.StatusForbidden:
			if retry > 0 {
				backoff = retry
			}
			ps.hold(backoff)
		case code != 0 && code < 500:
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

// sleep waits d, or until ctx ends (its error).
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
func upstream(err error) error { return providerhttp.Upstream(ID, err) }

// text is a JSON scalar read as a cleaned string (see clean; numbers as
// their literal); other values give "". Unlike providerhttp.Text it also
// bounds and de-controls strings for the persisted roster format.
type text string

func (t *text) UnmarshalJSON(b []byte) error {
	*t = ""
	if len(b) == 0 {
		return nil
	}
	if s, ok := providerhttp.Scalar(b); ok && b[0] == '"' {
		*t = text(clean(s))
	} else if ok {
		*t = text(s)
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
