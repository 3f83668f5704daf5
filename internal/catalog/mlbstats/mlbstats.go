// Package mlbstats is the MLB Stats API provider of gamethumbs: the teams
// of a sport level (Triple-A = 11, Double-A = 12, High-A = 13, Single-A =
// 14, winter leagues = 17, independent = 23, KBO = 32, ...) from
// /api/v1/teams, with the SVG logos of the MLB static host (the fetcher
// rasterises SVG). The league's mlbSportId setting names the level.
//
// The current season is asked first, then the two before it while the
// answer is empty (between seasons a level can have no teams yet). Team
// lists are cached for Config.TTL with coalesced loads and stale-on-error.
package mlbstats

import (
	"cmp"
	"context"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"gamethumbs/internal/cache"
	"gamethumbs/internal/catalog"
	"gamethumbs/internal/catalog/providerhttp"
)

// ID is the provider id in the league table.
const ID = "mlbstats"

// Defaults.
const (
	DefaultBaseURL = "https://statsapi.mlb.com"
	DefaultLogoURL = "https://www.mlbstatic.com"
	DefaultTTL     = 24 * time.Hour
)

// Config configures a Provider. Zero fields take the defaults.
type Config struct {
	BaseURL   string // Stats API host
	LogoURL   string // logo host; logos are {LogoURL}/team-logos/{id}.svg
	UserAgent string
	Client    *http.Client
	TTL       time.Duration
	Settings  catalog.SettingsTable // mlbSportId per league
	Now       func() time.Time      // clock for the season; nil means time.Now
	// Shared, when set, is the tier several replicas share (REDIS_URL):
	// one replica loads a roster for all.
	Shared cache.Tier
}

// Provider implements catalog.Provider for the MLB Stats API.
type Provider struct {
	base, logo string
	get        providerhttp.Getter
	timeout    time.Duration
	settings   catalog.SettingsTable
	now        func() time.Time
	teams      *cache.Store[[]catalog.Team]
}

var _ catalog.Provider = (*Provider)(nil)

// New returns a Provider for cfg.
func New(cfg Config) *Provider {
	client := providerhttp.Client(cfg.Client)
	p := &Provider{
		base: cmp.Or(strings.TrimRight(cfg.BaseURL, "/"), DefaultBaseURL),
		logo: cmp.Or(strings.TrimRight(cfg.LogoURL, "/"), DefaultLogoURL),
		get: providerhttp.Getter{Source: ID, Client: client, UserAgent: cmp.Or(cfg.UserAgent, providerhttp.DefaultUserAgent),
			Accept: "application/json", MaxBytes: maxBody},
		timeout: providerhttp.LoadTimeout(client), settings: cfg.Settings, now: cfg.Now,
	}
	if p.now == nil {
		p.now = time.Now
	}
	ttl := cfg.TTL
	if ttl <= 0 {
		ttl = DefaultTTL
	}
	p.teams = cache.NewStore[[]catalog.Team](ttl)
	p.teams.Share(cfg.Shared, "mlbstats:teams", cache.Gob[[]catalog.Team]())
	return p
}

// ID returns "mlbstats".
func (p *Provider) ID() string { return ID }

type teamsAnswer struct {
	Teams []struct {
		ID           text  `json:"id"`
		Name         text  `json:"name"`
		TeamName     text  `json:"teamName"`
		LocationName text  `json:"locationName"`
		ShortName    text  `json:"shortName"`
		Abbreviation text  `json:"abbreviation"`
		Active       *bool `json:"active"`
		League       struct {
			Name text `json:"name"`
		} `json:"league"`
		Division struct {
			Name text `json:"name"`
		} `json:"division"`
	} `json:"teams"`
}

// Teams returns the active teams of the league's sport level. A league
// without mlbSportId, or a level without teams in the last three seasons,
// gives catalog.ErrNotCovered. The result is shared: do not modify it.
func (p *Provider) Teams(ctx context.Context, l catalog.League) ([]catalog.Team, error) {
	sport := p.settings.Get(l.Code).MLBSportID
	if sport <= 0 {
		return nil, fmt.Errorf("mlbstats: league %q has no sport id: %w", l.Code, catalog.ErrNotCovered)
	}
	key := strconv.Itoa(sport)
	teams, err := p.teams.Get(ctx, key, providerhttp.Within(p.timeout, func(ctx context.Context) ([]catalog.Team, error) {
		year := p.now().Year()
		for season := year; season > year-3; season-- {
			var a teamsAnswer
			u := p.base + "/api/v1/teams?sportId=" + key + "&season=" + strconv.Itoa(season)
			if err := p.getJSON(ctx, u, &a); err != nil {
				return nil, err
			}
			if teams := p.toTeams(&a); len(teams) > 0 {
				return teams, nil
			}
		}
		return nil, fmt.Errorf("mlbstats: sport %d has no teams since %d: %w", sport, year-2, catalog.ErrNotCovered)
	}))
	return teams, providerhttp.CallerError(ID, err)
}

func (p *Provider) toTeams(a *teamsAnswer) []catalog.Team {
	out := make([]catalog.Team, 0, len(a.Teams))
	for _, d := range a.Teams {
		if d.ID == "" || d.Name == "" || (d.Active != nil && !*d.Active) {
			continue
		}
		out = append(out, catalog.Team{
			ID:           string(d.ID),
			Slug:         catalog.Slug(string(d.Name)),
			City:         string(d.LocationName),
			Name:         string(d.TeamName),
			FullName:     string(d.Name),
			ShortName:    string(d.ShortName),
			Abbreviation: string(d.Abbreviation),
			Conference:   string(d.League.Name),
			Division:     string(d.Division.Name),
			Logo:         p.logo + "/team-logos/" + string(d.ID) + ".svg",
		})
	}
	return out
}

// LeagueLogos has no league logos of its own (leagues set logoUrl).
func (p *Provider) LeagueLogos(ctx context.Context, l catalog.League) (string, string, error) {
	return "", "", catalog.ErrNotCovered
}
