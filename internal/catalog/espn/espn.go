// Package espn is the ESPN team provider of gamethumbs: team lists from
// ESPN's site API, league logos from its core API (with the CDN as a
// fallback), discovery of unconfigured league codes for fallback=true, and
// teams' details (Details): the home venue from the core API franchise,
// kept a day, and the overall record from the site API team, kept an hour.
//
// Provider data is cached in memory for Config.TeamTTL. Concurrent loads of
// one league share one request, and when a reload fails the last good data
// is served. ESPN answers are decoded leniently (ids as numbers or strings,
// missing or null fields) and never cause a panic.
package espn

import (
	"cmp"
	"context"
	"net/http"
	"strings"
	"sync"
	"time"

	"gamethumbs/internal/cache"
	"gamethumbs/internal/catalog"
	"gamethumbs/internal/catalog/providerhttp"
)

// ID is the provider id of ESPN in the league table.
const ID = "espn"

// Default endpoints, user agent and cache lifetime.
const (
	DefaultSiteURL   = "https://site.api.espn.com"
	DefaultCoreURL   = "https://sports.core.api.espn.com"
	DefaultCDNURL    = "https://a.espncdn.com"
	DefaultUserAgent = "gamethumbs"
	DefaultTeamTTL   = 24 * time.Hour
)

// Config configures a Provider. Zero fields take the defaults above.
type Config struct {
	SiteURL string // site API base ("https://site.api.espn.com"), no trailing slash needed
	CoreURL string // core API base ("https://sports.core.api.espn.com")
	CDNURL  string // logo CDN base ("https://a.espncdn.com")
	// UserAgent is sent with every request. Empty means DefaultUserAgent.
	UserAgent string
	// Client makes the requests; its Timeout bounds each load (nil means a
	// client with a 10 s timeout).
	Client *http.Client
	// TeamTTL is how long team lists, league logos and the discovery index
	// are kept before a reload. Zero means 24 hours.
	TeamTTL time.Duration
	// Shared, when set, is the tier several replicas share (REDIS_URL):
	// one replica loads a roster for all.
	Shared cache.Tier
}

// Provider is the ESPN implementation of catalog.Provider. It is safe for
// concurrent use.
type Provider struct {
	site, core, cdn string
	get             providerhttp.Getter
	// loadTimeout bounds one load (a team list, a league object, the
	// whole discovery): the client's timeout, else 30 s.
	loadTimeout time.Duration

	teams     *cache.Store[[]catalog.Team]
	logos     *cache.Store[logoPair]
	discovery *cache.Store[leagueIndex]
	names     *cache.Store[leagueName]    // discovered leagues' names, by sport/slug
	venues    *cache.Store[catalog.Venue] // "sport/slug/id" → home venue (details.go)
	records   *cache.Store[string]        // "sport/slug/id" → overall record

	mu         sync.Mutex
	logoFailed map[string]time.Time // league key → last core API failure
}

var (
	_ catalog.Provider        = (*Provider)(nil)
	_ catalog.DetailsProvider = (*Provider)(nil)
)

// New returns a Provider for cfg.
func New(cfg Config) *Provider {
	base := func(s, def string) string {
		if s == "" {
			s = def
		}
		return strings.TrimRight(s, "/")
	}
	client := providerhttp.Client(cfg.Client)
	p := &Provider{
		site: base(cfg.SiteURL, DefaultSiteURL),
		core: base(cfg.CoreURL, DefaultCoreURL),
		cdn:  base(cfg.CDNURL, DefaultCDNURL),
		get: providerhttp.Getter{Source: ID, Client: client, UserAgent: cmp.Or(cfg.UserAgent, DefaultUserAgent),
			Accept: "application/json", MaxBytes: maxBody, Any2xx: true},
		loadTimeout: providerhttp.LoadTimeout(client),

		logoFailed: make(map[string]time.Time),
	}
	p.get.Breaker = providerhttp.NewBreaker(ID) // an outage costs one call per cooldown
	ttl := cfg.TeamTTL
	if ttl <= 0 {
		ttl = DefaultTeamTTL
	}
	p.teams = cache.NewStore[[]catalog.Team](ttl)
	p.logos = cache.NewStore[logoPair](ttl)
	p.discovery = cache.NewStore[leagueIndex](ttl)
	p.names = cache.NewStore[leagueName](ttl)
	p.venues = cache.NewStore[catalog.Venue](VenueTTL)
	p.records = cache.NewStore[string](RecordTTL)
	p.venues.MaxKeys, p.records.MaxKeys = maxDetailKeys, maxDetailKeys
	p.venues.Refresh, p.records.Refresh = VenueTTL*9/10, RecordTTL*9/10
	p.teams.Share(cfg.Shared, "espn:teams", cache.Gob[[]catalog.Team]())
	p.venues.Share(cfg.Shared, "espn:venue", cache.Gob[catalog.Venue]())
	p.records.Share(cfg.Shared, "espn:record", cache.Gob[string]())
	p.logos.Share(cfg.Shared, "espn:logos", cache.Codec[logoPair]{Encode: encodeLogoPair, Decode: decodeLogoPair})
	// Reload in the background once 90% of the TTL has passed, so no
	// request waits on ESPN for data that is merely ageing.
	p.teams.Refresh = ttl * 9 / 10
	p.logos.Refresh = ttl * 9 / 10
	p.discovery.Refresh = ttl * 9 / 10
	return p
}

// ID returns "espn".
func (p *Provider) ID() string { return ID }

// load wraps a loader so that it runs under the provider's own deadline.
func load[V any](p *Provider, f func(context.Context) (V, error)) func(context.Context) (V, error) {
	return providerhttp.Within(p.loadTimeout, f)
}

// callerError turns an error of the cache (the caller's own context ending
// while it waited) into the error type callers expect; errors produced by
// a load pass through.
func callerError(err error) error { return providerhttp.CallerError(ID, err) }
