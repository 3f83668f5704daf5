// Package espnathlete is the ESPN athlete provider of gamethumbs: tennis
// players (ATP, WTA) and fighters (UFC, PFL, Bellator) as "teams", from
// ESPN's core API.
//
// # Loading
//
// A league's roster is tens of thousands of athletes: the core API lists
// athlete references a thousand a page, and every athlete is one more
// request. The provider loads a roster once, in the background, with at
// most Config.Concurrency requests in flight; an answer of 429 or 403
// pauses every worker (Retry-After when the answer gives one, else an
// exponential backoff) and the athlete is asked again. The roster is kept
// parsed and indexed in memory and persisted in Config.Dir as a compact
// tab-separated file written atomically, so a restart reads the file
// instead of asking ESPN again. A roster older than Config.TTL is
// refreshed in the background; only athletes the file lacks are fetched.
//
// # While the first load runs
//
// Requests are answered from the athletes loaded so far (they become
// visible in batches as the load proceeds). A name that is not among them
// yet gives a *catalog.UpstreamError with Status 503 wrapping ErrLoading,
// rather than "team not found": the athlete may well arrive a minute
// later. With no persisted file a cold start answers 503 until athletes
// arrive.
//
// # Athletes as teams
//
// city = first name, name = last name, fullName = display name,
// abbreviation = initials, logo = the headshot (the API's, else
// {CDN}/i/headshots/{sport}/players/full/{id}.png), logoAlt = the country
// flag (the renderer's fallback when the headshot is missing). Colours are
// picked from a per-sport palette by a hash of the athlete id, so an
// athlete always gets the same colours.
package espnathlete

import (
	"cmp"
	"context"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"time"

	"gamethumbs/internal/catalog"
	"gamethumbs/internal/catalog/providerhttp"
)

// ID is the provider id in the league table.
const ID = "espnathlete"

// ErrLoading is wrapped by the error returned for a name that is not among
// the athletes loaded so far while the roster is still loading.
var ErrLoading = catalog.ErrLoading

// Defaults.
const (
	DefaultCoreURL     = "https://sports.core.api.espn.com"
	DefaultCDNURL      = "https://a.espncdn.com"
	DefaultTTL         = 72 * time.Hour
	DefaultConcurrency = 8
	DefaultBackoff     = 500 * time.Millisecond
)

// Config configures a Provider. Zero fields take the defaults.
type Config struct {
	CoreURL   string // ESPN core API base
	CDNURL    string // headshot base: {CDNURL}/i/headshots/{sport}/players/full/{id}.png
	UserAgent string
	Client    *http.Client // one request's timeout; nil means 10 s
	// Dir is where rosters are persisted; empty keeps them in memory only.
	Dir string
	// TTL is the age after which a roster is refreshed in the background.
	TTL time.Duration
	// Concurrency bounds the athlete requests in flight.
	Concurrency int
	// Backoff is the first pause after a 429/403; it doubles per retry up
	// to 30 s.
	Backoff time.Duration
	// LeagueLogos answers LeagueLogos (normally the ESPN team provider,
	// which knows the league objects of the core API). Nil means none.
	LeagueLogos catalog.Provider
	// Logger receives load progress and failures; nil means slog.Default.
	Logger *slog.Logger
	// Now is the clock; nil means time.Now.
	Now func() time.Time
}

// Provider implements catalog.Provider for ESPN athletes. It is safe for
// concurrent use; Close stops background loads.
type Provider struct {
	cfg  Config
	core string
	cdn  string
	get  providerhttp.Getter
	log  *slog.Logger
	now  func() time.Time

	ctx    context.Context // ends with Close
	cancel context.CancelFunc
	wg     sync.WaitGroup

	mu      sync.Mutex
	leagues map[string]*leagueState // "sport/slug" → state
}

var _ catalog.Provider = (*Provider)(nil)

// New returns a Provider for cfg. It starts nothing: loads begin with
// Preload or the first request for a league.
func New(cfg Config) *Provider {
	base := func(s, def string) string {
		if s == "" {
			s = def
		}
		return strings.TrimRight(s, "/")
	}
	if cfg.TTL <= 0 {
		cfg.TTL = DefaultTTL
	}
	if cfg.Concurrency <= 0 {
		cfg.Concurrency = DefaultConcurrency
	}
	if cfg.Backoff <= 0 {
		cfg.Backoff = DefaultBackoff
	}
	p := &Provider{
		cfg:     cfg,
		core:    base(cfg.CoreURL, DefaultCoreURL),
		cdn:     base(cfg.CDNURL, DefaultCDNURL),
		log:     cfg.Logger,
		now:     cfg.Now,
		leagues: make(map[string]*leagueState),
	}
	if p.log == nil {
		p.log = slog.Default()
	}
	if p.now == nil {
		p.now = time.Now
	}
	p.cfg.UserAgent = cmp.Or(p.cfg.UserAgent, providerhttp.DefaultUserAgent)
	p.get = providerhttp.Getter{Source: ID, Client: providerhttp.Client(cfg.Client), UserAgent: p.cfg.UserAgent,
		Accept: "application/json", MaxBytes: maxBody, Any2xx: true}
	p.ctx, p.cancel = context.WithCancel(context.Background())
	return p
}

// ID returns "espnathlete".
func (p *Provider) ID() string { return ID }

// Close stops background loads and waits for them to end.
func (p *Provider) Close() {
	p.cancel()
	p.wg.Wait()
}

// Preload starts loading the roster of l in the background (from the
// persisted file, then ESPN) unless it is loaded or loading.
func (p *Provider) Preload(l catalog.League) {
	if l.Sport != "" && l.Slug != "" {
		p.state(l).ensure(p)
	}
}

// Teams returns the athletes loaded so far, in ESPN's order. While the
// first load has produced nothing it returns an ErrLoading error (or the
// load's failure). The slice is shared: do not modify it.
func (p *Provider) Teams(ctx context.Context, l catalog.League) ([]catalog.Team, error) {
	if l.Sport == "" || l.Slug == "" {
		return nil, catalog.ErrNotCovered
	}
	st := p.state(l)
	st.ensure(p)
	if r := st.roster.Load(); r != nil && len(r.teams) > 0 {
		return r.teams, nil
	}
	return nil, st.missError()
}

// FindTeam resolves one athlete by name with the roster's index (a scan
// of tens of thousands of athletes per request would be too slow). ok is
// false when no athlete matches; err is an ErrLoading error when the name
// is not among the athletes loaded so far and the load goes on.
func (p *Provider) FindTeam(ctx context.Context, l catalog.League, query string) (catalog.Team, bool, error) {
	if l.Sport == "" || l.Slug == "" {
		return catalog.Team{}, false, catalog.ErrNotCovered
	}
	st := p.state(l)
	st.ensure(p)
	r := st.roster.Load()
	if r != nil {
		if i, ok := r.find(query); ok {
			return r.teams[i], true, nil
		}
	}
	return catalog.Team{}, false, st.missError()
}

// Status reports how many athletes of l are loaded and whether a load is
// running, for health output and tests.
func (p *Provider) Status(l catalog.League) (athletes int, loading bool) {
	st := p.state(l)
	st.mu.Lock()
	defer st.mu.Unlock()
	if r := st.roster.Load(); r != nil {
		athletes = len(r.teams)
	}
	return athletes, st.loading
}

// LeagueLogos asks Config.LeagueLogos.
func (p *Provider) LeagueLogos(ctx context.Context, l catalog.League) (string, string, error) {
	if p.cfg.LeagueLogos == nil {
		return "", "", catalog.ErrNotCovered
	}
	return p.cfg.LeagueLogos.LeagueLogos(ctx, l)
}

func (p *Provider) state(l catalog.League) *leagueState {
	key := l.Sport + "/" + l.Slug
	p.mu.Lock()
	defer p.mu.Unlock()
	st, ok := p.leagues[key]
	if !ok {
		st = &leagueState{sport: l.Sport, slug: l.Slug}
		p.leagues[key] = st
	}
	return st
}
