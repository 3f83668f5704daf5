// Package hockeytech is the HockeyTech (LeagueStat) provider of
// gamethumbs: the teams of hockey leagues that publish through the
// HockeyTech "modulekit" feed (PWHL, AHL, ECHL, the CHL leagues OHL, WHL
// and QMJHL, junior A leagues), with their logos.
//
// A league's hockeytechClientCode setting names it at the feed and its
// hockeytechKey (or Config.DefaultKey) authorises the request. The newest
// season with a real team list is used: seasons are listed newest first,
// and playoff brackets whose teams are still "TBD" are skipped. Team
// lists are cached for Config.TTL with coalesced loads and stale-on-error.
// Keys are query parameters, so errors never quote URLs.
package hockeytech

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"gamethumbs/internal/cache"
	"gamethumbs/internal/catalog"
	"gamethumbs/internal/catalog/providerhttp"
)

// ID is the provider id in the league table.
const ID = "hockeytech"

// Defaults.
const (
	DefaultBaseURL = "https://lscluster.hockeytech.com"
	DefaultTTL     = 72 * time.Hour
)

// maxSeasons bounds how many seasons are tried for a team list.
const maxSeasons = 3

// Config configures a Provider. Zero fields take the defaults.
type Config struct {
	BaseURL string // feed host; requests go to {BaseURL}/feed/
	// DefaultKey is the feed key of leagues without hockeytechKey
	// (HOCKEYTECH_API_KEY).
	DefaultKey string
	UserAgent  string
	Client     *http.Client
	TTL        time.Duration
	Settings   catalog.SettingsTable
	// Shared, when set, is the tier several replicas share (REDIS_URL):
	// one replica loads a roster for all.
	Shared cache.Tier
}

// Provider implements catalog.Provider for HockeyTech.
type Provider struct {
	base, key string
	get       providerhttp.Getter // Redact is set per request (keys differ per league)
	timeout   time.Duration
	settings  catalog.SettingsTable
	teams     *cache.Store[[]catalog.Team]
}

var _ catalog.Provider = (*Provider)(nil)

// New returns a Provider for cfg.
func New(cfg Config) *Provider {
	client := providerhttp.Client(cfg.Client)
	p := &Provider{base: cmp.Or(strings.TrimRight(cfg.BaseURL, "/"), DefaultBaseURL), key: cfg.DefaultKey,
		get: providerhttp.Getter{Source: ID, Client: client, UserAgent: cmp.Or(cfg.UserAgent, providerhttp.DefaultUserAgent),
			MaxBytes: maxBody},
		timeout: providerhttp.LoadTimeout(client), settings: cfg.Settings}
	ttl := cfg.TTL
	if ttl <= 0 {
		ttl = DefaultTTL
	}
	p.teams = cache.NewStore[[]catalog.Team](ttl)
	p.teams.Share(cfg.Shared, "hockeytech:teams", cache.Gob[[]catalog.Team]())
	return p
}

// ID returns "hockeytech".
func (p *Provider) ID() string { return ID }

type seasonsAnswer struct {
	SiteKit struct {
		Seasons []struct {
			ID      text `json:"season_id"`
			Name    text `json:"season_name"`
			Playoff text `json:"playoff"`
		} `json:"Seasons"`
	} `json:"SiteKit"`
}

type teamsAnswer struct {
	SiteKit struct {
		Teams []struct {
			ID       text `json:"id"`
			Name     text `json:"name"`
			Nickname text `json:"nickname"`
			City     text `json:"city"`
			Code     text `json:"code"`
			TeamCode text `json:"team_code"`
			Logo     text `json:"team_logo_url"`
			Division text `json:"division_long_name"`
		} `json:"Teamsbyseason"`
	} `json:"SiteKit"`
}

// Teams returns the teams of the league's newest season. A league without
// hockeytechClientCode gives catalog.ErrNotCovered. The result is shared:
// do not modify it.
func (p *Provider) Teams(ctx context.Context, l catalog.League) ([]catalog.Team, error) {
	s := p.settings.Get(l.Code)
	if s.HockeyTechClientCode == "" {
		return nil, fmt.Errorf("hockeytech: league %q has no client code: %w", l.Code, catalog.ErrNotCovered)
	}
	key := s.HockeyTechKey
	if key == "" {
		key = p.key
	}
	if key == "" {
		return nil, &catalog.UpstreamError{Source: ID, Err: errors.New("no HockeyTech key configured (HOCKEYTECH_API_KEY)")}
	}
	teams, err := p.teams.Get(ctx, s.HockeyTechClientCode+"\x00"+key, providerhttp.Within(p.timeout, func(ctx context.Context) ([]catalog.Team, error) {
		return p.load(ctx, s.HockeyTechClientCode, key)
	}))
	return teams, providerhttp.CallerError(ID, err)
}

func (p *Provider) load(ctx context.Context, client, key string) ([]catalog.Team, error) {
	var seasons seasonsAnswer
	if err := p.feed(ctx, client, key, url.Values{"view": {"seasons"}}, &seasons); err != nil {
		return nil, err
	}
	// Regular seasons first, in the feed's (newest first) order.
	var order []string
	for _, pass := range []bool{false, true} {
		for _, se := range seasons.SiteKit.Seasons {
			if se.ID != "" && (se.Playoff == "1") == pass {
				order = append(order, string(se.ID))
			}
		}
	}
	for i, id := range order {
		if i == maxSeasons {
			break
		}
		var a teamsAnswer
		if err := p.feed(ctx, client, key, url.Values{"view": {"teamsbyseason"}, "season_id": {id}}, &a); err != nil {
			return nil, err
		}
		if teams := toTeams(&a); len(teams) > 1 {
			return teams, nil
		}
	}
	return nil, fmt.Errorf("hockeytech: %s has no season with teams: %w", client, catalog.ErrNotCovered)
}

// toTeams maps a season's teams; nil when the list is a bracket of
// placeholders.
func toTeams(a *teamsAnswer) []catalog.Team {
	out := make([]catalog.Team, 0, len(a.SiteKit.Teams))
	for _, d := range a.SiteKit.Teams {
		name := string(d.Name)
		if name == "" || d.ID == "" {
			continue
		}
		if isPlaceholder(name) {
			return nil
		}
		code := string(d.Code)
		if code == "" {
			code = string(d.TeamCode)
		}
		out = append(out, catalog.Team{
			ID:           string(d.ID),
			Slug:         catalog.Slug(name),
			City:         string(d.City),
			Name:         string(d.Nickname),
			FullName:     name,
			Abbreviation: code,
			Division:     string(d.Division),
			Logo:         string(d.Logo),
		})
	}
	return out
}

// isPlaceholder reports a bracket slot such as "TBD" or "To Be Determined".
func isPlaceholder(name string) bool {
	n := strings.ToLower(name)
	return n == "tbd" || n == "tba" || strings.HasPrefix(n, "tbd ") || strings.Contains(n, "to be determined")
}

// LeagueLogos: HockeyTech has no league logos (leagues set logoUrl).
func (p *Provider) LeagueLogos(ctx context.Context, l catalog.League) (string, string, error) {
	return "", "", catalog.ErrNotCovered
}
