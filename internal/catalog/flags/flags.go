// Package flags is the flagcdn provider of gamethumbs: countries as
// "teams" for national-team and multi-sport leagues (World Cup, Olympics,
// IIHF, ...), with flag images from flagcdn.com.
//
// Every league the provider is listed for gets the same roster: the
// countries of an embedded table (ISO 3166 alpha-2 and alpha-3 codes, IOC
// and FIFA codes where they differ, common names such as "USA", "Great
// Britain", "Ivory Coast"), plus the home nations England, Scotland, Wales
// and Northern Ireland. flagcdn's own codes.json, when it answers, adds the
// names it has that the table lacks; when it fails the embedded table is
// enough, so the provider never fails a request.
package flags

import (
	"cmp"
	"context"
	"encoding/json"
	"net/http"
	"sort"
	"strings"
	"time"

	"gamethumbs/internal/cache"
	"gamethumbs/internal/catalog"
	"gamethumbs/internal/catalog/providerhttp"
)

// ID is the provider id in the league table.
const ID = "flagcdn"

// Defaults.
const (
	DefaultBaseURL = "https://flagcdn.com"
	DefaultTTL     = 7 * 24 * time.Hour
	// DefaultWidth is the flag width asked of flagcdn; renders need no
	// more, and the w2560 files are several times larger.
	DefaultWidth = "w1280"
)

// Config configures a Provider. Zero fields take the defaults.
type Config struct {
	BaseURL   string // flagcdn host; flags are {BaseURL}/{Width}/{code}.png
	Width     string // "w1280"
	UserAgent string
	Client    *http.Client
	TTL       time.Duration
}

// Provider implements catalog.Provider with country flags.
type Provider struct {
	base, width string
	get         providerhttp.Getter
	roster      *cache.Store[[]catalog.Team]
}

var _ catalog.Provider = (*Provider)(nil)

// New returns a Provider for cfg.
func New(cfg Config) *Provider {
	p := &Provider{base: cmp.Or(strings.TrimRight(cfg.BaseURL, "/"), DefaultBaseURL), width: cmp.Or(cfg.Width, DefaultWidth),
		get: providerhttp.Getter{Source: ID, Client: providerhttp.Client(cfg.Client),
			UserAgent: cmp.Or(cfg.UserAgent, providerhttp.DefaultUserAgent), MaxBytes: maxCodes}}
	ttl := cfg.TTL
	if ttl <= 0 {
		ttl = DefaultTTL
	}
	p.get.Breaker = providerhttp.NewBreaker(ID) // an outage costs one call per cooldown
	p.roster = cache.NewStore[[]catalog.Team](ttl)
	return p
}

// ID returns "flagcdn".
func (p *Provider) ID() string { return ID }

// Teams returns the countries. It fails only when the caller's context
// ends; flagcdn being unreachable just leaves out the extra names.
func (p *Provider) Teams(ctx context.Context, l catalog.League) ([]catalog.Team, error) {
	teams, err := p.roster.Get(ctx, "countries", func(ctx context.Context) ([]catalog.Team, error) {
		return p.build(p.codes(ctx)), nil
	})
	if err != nil {
		return nil, &catalog.UpstreamError{Source: ID, Timeout: true, Err: err}
	}
	return teams, nil
}

// LeagueLogos: flagcdn has no league logos.
func (p *Provider) LeagueLogos(ctx context.Context, l catalog.League) (string, string, error) {
	return "", "", catalog.ErrNotCovered
}

// FlagURL returns the URL of the flag of an ISO alpha-2 code ("us") or a
// home nation ("gb-eng").
func (p *Provider) FlagURL(code string) string {
	return p.base + "/" + p.width + "/" + strings.ToLower(code) + ".png"
}

// maxCodes bounds flagcdn's codes.json answer.
const maxCodes = 1 << 20

// codes fetches flagcdn's code → name map; nil on any failure.
func (p *Provider) codes(ctx context.Context) map[string]string {
	ctx, cancel := context.WithTimeout(ctx, 15*time.Second)
	defer cancel()
	// The body is fetched raw and decoded strictly: one odd value drops
	// the whole map rather than leaving a partial one.
	var raw json.RawMessage
	if p.get.GetJSON(ctx, p.base+"/en/codes.json", "GET /en/codes.json", &raw) != nil {
		return nil
	}
	var m map[string]string
	if json.Unmarshal(raw, &m) != nil {
		return nil
	}
	return m
}

// build makes the roster from the embedded table plus the codes flagcdn
// adds (US states and the like are left out: they are not countries).
func (p *Provider) build(extra map[string]string) []catalog.Team {
	var teams []catalog.Team
	known := map[string]bool{}
	for _, line := range strings.Split(strings.TrimSpace(countryTable), "\n") {
		f := strings.Split(line, "|")
		if len(f) != 4 {
			continue
		}
		code, a3, name := f[0], f[1], f[2]
		known[code] = true
		aliases := []string{a3}
		if !strings.Contains(code, "-") {
			aliases = append(aliases, code)
		}
		for _, a := range strings.Split(f[3], ",") {
			if a = strings.TrimSpace(a); a != "" {
				aliases = append(aliases, a)
			}
		}
		if n := extra[code]; n != "" && !strings.EqualFold(n, name) {
			aliases = append(aliases, n)
		}
		teams = append(teams, p.team(code, a3, name, aliases))
	}
	var added []string
	for code := range extra {
		if !known[code] && len(code) == 2 {
			added = append(added, code)
		}
	}
	sort.Strings(added)
	for _, code := range added {
		teams = append(teams, p.team(code, strings.ToUpper(code), extra[code], []string{code}))
	}
	return teams
}

func (p *Provider) team(code, a3, name string, aliases []string) catalog.Team {
	c := nationColors[code]
	return catalog.Team{
		ID: code, Slug: code, Name: name, FullName: name, Abbreviation: a3,
		Logo: p.FlagURL(code), Aliases: aliases, Color: c[0], AlternateColor: c[1],
	}
}
