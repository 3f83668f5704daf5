// Package thesportsdb is the TheSportsDB provider of gamethumbs: team
// lists from search_all_teams.php (by the league's TheSportsDB name) and
// league badges from lookupleague.php (by its TheSportsDB id), through the
// public v1 JSON API.
//
// Answers are cached for Config.TTL with coalesced loads; a failed reload
// serves the last good data. The API key is part of the URL path, so it
// never appears in errors or logs: paths are reported with the key masked.
package thesportsdb

import (
	"cmp"
	"context"
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
const ID = "thesportsdb"

// Defaults.
const (
	DefaultBaseURL = "https://www.thesportsdb.com"
	DefaultAPIKey  = "3" // the public test key
	DefaultTTL     = 72 * time.Hour
)

// Config configures a Provider. Zero fields take the defaults.
type Config struct {
	BaseURL   string // API host ("https://www.thesportsdb.com")
	APIKey    string // THESPORTSDB_API_KEY; empty means "3"
	UserAgent string
	Client    *http.Client // nil means a client with a 10 s timeout
	TTL       time.Duration
	// Settings gives each league's tsdbLeagueName and tsdbLeagueId.
	Settings catalog.SettingsTable
	// Shared, when set, is the tier several replicas share (REDIS_URL):
	// one replica loads a roster for all.
	Shared cache.Tier
}

// Provider implements catalog.Provider for TheSportsDB. It is safe for
// concurrent use.
type Provider struct {
	base, key string
	get       providerhttp.Getter
	timeout   time.Duration
	settings  catalog.SettingsTable
	teams     *cache.Store[[]catalog.Team]
	leagues   *cache.Store[leagueInfo]   // lookupleague.php by league id
	index     *cache.Store[*leagueIndex] // all_leagues.php (discovery)
}

var _ catalog.Provider = (*Provider)(nil)

// New returns a Provider for cfg.
func New(cfg Config) *Provider {
	client := providerhttp.Client(cfg.Client)
	p := &Provider{
		base:     cmp.Or(strings.TrimRight(cfg.BaseURL, "/"), DefaultBaseURL),
		key:      cmp.Or(cfg.APIKey, DefaultAPIKey),
		timeout:  providerhttp.LoadTimeout(client),
		settings: cfg.Settings,
	}
	p.get = providerhttp.Getter{Source: ID, Client: client, UserAgent: cmp.Or(cfg.UserAgent, providerhttp.DefaultUserAgent),
		Accept: "application/json", MaxBytes: maxBody, Redact: providerhttp.Mask("/json/"+p.key+"/", "/json/***/")}
	p.get.Breaker = providerhttp.NewBreaker(ID) // an outage costs one call per cooldown
	ttl := cfg.TTL
	if ttl <= 0 {
		ttl = DefaultTTL
	}
	p.teams = cache.NewStore[[]catalog.Team](ttl)
	p.teams.Share(cfg.Shared, "thesportsdb:teams", cache.Gob[[]catalog.Team]())
	p.leagues = cache.NewStore[leagueInfo](ttl)
	p.leagues.Share(cfg.Shared, "thesportsdb:leagues", cache.Gob[leagueInfo]())
	p.index = cache.NewStore[*leagueIndex](ttl)
	p.index.Refresh = ttl * 9 / 10
	return p
}

// ID returns "thesportsdb".
func (p *Provider) ID() string { return ID }

// teamList is the answer of search_all_teams.php.
type teamList struct {
	Teams []teamDTO `json:"teams"`
}

type teamDTO struct {
	ID        text `json:"idTeam"`
	Name      text `json:"strTeam"`
	Short     text `json:"strTeamShort"`
	Alternate text `json:"strAlternate"`
	Location  text `json:"strLocation"`
	Division  text `json:"strDivision"`
	Badge     text `json:"strBadge"`
	Logo      text `json:"strLogo"`
	Colour1   text `json:"strColour1"`
	Colour2   text `json:"strColour2"`
	Stadium   text `json:"strStadium"`
	Thumb     text `json:"strStadiumThumb"`
}

// Teams returns the teams TheSportsDB lists for the league's
// tsdbLeagueName, or for the name lookupleague.php gives its TheSportsDB
// id (a league known by id alone, or discovered). A league with neither,
// or one TheSportsDB has no teams for, gives catalog.ErrNotCovered. The
// result is shared: do not modify it.
func (p *Provider) Teams(ctx context.Context, l catalog.League) ([]catalog.Team, error) {
	name := p.settings.Get(l.Code).TSDBLeagueName
	if id := p.leagueID(l); name == "" && id != "" {
		info, err := p.league(ctx, id)
		if err != nil {
			return nil, err
		}
		name = info.Name
	}
	if name == "" {
		return nil, fmt.Errorf("thesportsdb: league %q has no TheSportsDB name: %w", l.Code, catalog.ErrNotCovered)
	}
	teams, err := p.teams.Get(ctx, name, providerhttp.Within(p.timeout, func(ctx context.Context) ([]catalog.Team, error) {
		var resp teamList
		if err := p.getJSON(ctx, "search_all_teams.php?l="+url.QueryEscape(name), &resp); err != nil {
			return nil, err
		}
		out := make([]catalog.Team, 0, len(resp.Teams))
		for i := range resp.Teams {
			if t, ok := toTeam(&resp.Teams[i]); ok {
				out = append(out, t)
			}
		}
		if len(out) == 0 {
			return nil, fmt.Errorf("thesportsdb: no teams for %q: %w", name, catalog.ErrNotCovered)
		}
		return out, nil
	}))
	return teams, callerError(err)
}

// toTeam maps a TheSportsDB team to the raw record.
func toTeam(d *teamDTO) (catalog.Team, bool) {
	name := string(d.Name)
	if name == "" {
		return catalog.Team{}, false
	}
	t := catalog.Team{
		ID:             string(d.ID),
		Slug:           catalog.LetterSlug(name),
		City:           lastPart(string(d.Location)),
		Name:           name,
		FullName:       name,
		Abbreviation:   strings.ToUpper(string(d.Short)),
		Conference:     string(d.Division),
		Division:       string(d.Division),
		Logo:           string(d.Badge),
		Color:          hexColor(string(d.Colour1)),
		AlternateColor: hexColor(string(d.Colour2)),
	}
	if t.Logo == "" {
		t.Logo = string(d.Logo)
	}
	if d.Stadium != "" || d.Thumb != "" {
		t.Venue = catalog.Venue{Name: string(d.Stadium), Image: string(d.Thumb)}
		t.Venue.City, t.Venue.State = cityState(string(d.Location))
	}
	if t.Abbreviation == "" {
		t.Abbreviation = abbreviate(name)
	}
	for _, a := range strings.Split(string(d.Alternate), ",") {
		if a = strings.TrimSpace(a); a != "" && len(t.Aliases) < 8 {
			t.Aliases = append(t.Aliases, a)
		}
	}
	return t, true
}

// leagueList is the answer of lookupleague.php.
type leagueList struct {
	Leagues []struct {
		Name  text `json:"strLeague"`
		Badge text `json:"strBadge"`
		Logo  text `json:"strLogo"`
	} `json:"leagues"`
}

// leagueInfo is what lookupleague.php says of a league: its name (for
// its team list) and its badge and logo URLs.
type leagueInfo struct{ Name, Badge, Logo string }

// leagueID is the league's TheSportsDB id: its tsdbLeagueId, else the id
// discovery gave it (League.IDs).
func (p *Provider) leagueID(l catalog.League) string {
	if id := p.settings.Get(l.Code).TSDBLeagueID; id != "" {
		return id
	}
	return l.IDs[ID]
}

// league loads (and caches) lookupleague.php for id, the id of a
// catalogued or discovered league. An id TheSportsDB does not know gives
// the zero leagueInfo.
func (p *Provider) league(ctx context.Context, id string) (leagueInfo, error) {
	info, err := p.leagues.Get(ctx, id, providerhttp.Within(p.timeout, func(ctx context.Context) (leagueInfo, error) {
		return p.lookupLeague(ctx, id)
	}))
	return info, callerError(err)
}

// lookupLeague asks lookupleague.php for id, without caching (ids typed
// by users that may not exist must not grow the cache).
func (p *Provider) lookupLeague(ctx context.Context, id string) (leagueInfo, error) {
	var resp leagueList
	if err := p.getJSON(ctx, "lookupleague.php?id="+url.QueryEscape(id), &resp); err != nil {
		return leagueInfo{}, err
	}
	for _, lg := range resp.Leagues {
		return leagueInfo{Name: string(lg.Name), Badge: string(lg.Badge), Logo: string(lg.Logo)}, nil
	}
	return leagueInfo{}, nil
}

// LeagueLogos returns the league's TheSportsDB badge (its logo when it has
// no badge) as the light logo; there is no dark variant. The league is
// found by its TheSportsDB id (tsdbLeagueId, or one discovery gave it),
// else by name in all_leagues.php (see idByName). A league with neither,
// or whose names TheSportsDB does not list, gives catalog.ErrNotCovered.
func (p *Provider) LeagueLogos(ctx context.Context, l catalog.League) (string, string, error) {
	id := p.leagueID(l)
	if id == "" {
		var err error
		if id, err = p.idByName(ctx, l); err != nil {
			return "", "", err
		}
	}
	info, err := p.league(ctx, id)
	if err != nil {
		return "", "", err
	}
	return cmp.Or(info.Badge, info.Logo), "", nil
}

// callerError maps a cache wait that ended with the caller's context to
// the error callers expect; provider errors pass through.
func callerError(err error) error { return providerhttp.CallerError(ID, err) }
