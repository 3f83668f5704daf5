package scene

import (
	"errors"
	"sync"

	"gamethumbs/internal/catalog"
	"gamethumbs/internal/fetch"
)

// maxLoggedURL is the longest logo URL a warning shows; longer ones
// (data: URLs, hostile provider data) are cut.
const maxLoggedURL = 256

// failures collects what went missing while one picture was assembled:
// transient failures degrade it, lasting misses make it incomplete. Safe
// for the concurrent logo loads of one render.
type failures struct {
	mu         sync.Mutex
	degraded   string
	incomplete string
	failed     map[string]bool // logo URLs that failed in this render
}

// logo records that the logo at url could not be had and reports it
// (warn log once per URL per interval, metric); a canceled render is not
// the source's fault and counts for nothing but a degraded result.
func (s *Service) logoFailed(f *failures, url string, err error) {
	reason := fetch.Reason(err)
	if f != nil {
		f.mu.Lock()
		if f.failed == nil {
			f.failed = map[string]bool{}
		}
		f.failed[url] = true
		if fetch.Lasting(err) {
			if f.incomplete == "" {
				f.incomplete = "logo: " + reason
			}
		} else if f.degraded == "" {
			f.degraded = "logo: " + reason
		}
		f.mu.Unlock()
	}
	if reason == "canceled" {
		return
	}
	if s.cfg.LogoFailure != nil {
		s.cfg.LogoFailure(reason)
	}
	if s.cfg.Logger != nil && s.warned.Allow(url) {
		shown := url
		if len(shown) > maxLoggedURL {
			shown = shown[:maxLoggedURL] + "…"
		}
		s.cfg.Logger.Warn("logo unavailable; picture drawn without it", "url", shown, "reason", reason,
			"error", err.Error(), "cached", fetch.Lasting(err))
	}
}

// provider records a provider failure that changed the picture (a team
// left unresolved, a league logo not looked up). Lasting answers (unknown
// team) are not failures and are not recorded.
func (f *failures) provider(what string, err error) {
	if err == nil || errors.Is(err, catalog.ErrNotCovered) {
		return
	}
	var ue *catalog.UpstreamError
	if !errors.As(err, &ue) || fetch.Lasting(err) {
		return
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.degraded == "" {
		f.degraded = what + ": " + fetch.Reason(err)
	}
}

// didFail reports whether url failed earlier in this render.
func (f *failures) didFail(url string) bool {
	if f == nil {
		return false
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.failed[url]
}

// mark copies the outcome into out.
func (f *failures) mark(out *Output) {
	f.mu.Lock()
	defer f.mu.Unlock()
	out.Degraded, out.Incomplete = f.degraded, f.incomplete
}
