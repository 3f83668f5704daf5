package thesportsdb

import (
	"context"
	"net/url"
	"strings"
	"time"
	"unicode/utf8"

	"gamethumbs/internal/catalog"
	"gamethumbs/internal/catalog/providerhttp"
	"gamethumbs/internal/lru"
)

// AthleteID is the id of the athlete provider in the league table
// (boxing): athletes found by name with TheSportsDB's player search.
const AthleteID = "thesportsdbathlete"

// Bounds of the athlete search.
const (
	maxAthleteQuery = 64   // longer names are not searched
	maxAthleteMemo  = 2048 // remembered searches; the least recently asked go first
)

// Athletes implements catalog.Provider for leagues of individual athletes
// (boxing): FindTeam searches TheSportsDB's players by name
// (searchplayers.php) and keeps the first whose sport is the league's
// name ("Boxing"). Teams is not covered: there is no roster to list.
// Answers, found or not, are remembered for the provider's TTL.
type Athletes struct {
	p   *Provider
	ttl time.Duration

	memo *lru.Cache[string, athleteHit] // league code + folded query → answer
}

type athleteHit struct {
	team  catalog.Team
	found bool
}

// NewAthletes returns the athlete provider for cfg (as New).
func NewAthletes(cfg Config) *Athletes {
	ttl := cfg.TTL
	if ttl <= 0 {
		ttl = DefaultTTL
	}
	return &Athletes{p: New(cfg), ttl: ttl, memo: lru.New[string, athleteHit](lru.Options{MaxBytes: maxAthleteMemo, MaxEntries: maxAthleteMemo})}
}

// ID returns "thesportsdbathlete".
func (a *Athletes) ID() string { return AthleteID }

// Teams is not covered: athletes are found one by one (FindTeam).
func (a *Athletes) Teams(context.Context, catalog.League) ([]catalog.Team, error) {
	return nil, catalog.ErrNotCovered
}

// LeagueLogos is not covered: the league table or the wordmark card gives
// the league's picture.
func (a *Athletes) LeagueLogos(context.Context, catalog.League) (string, string, error) {
	return "", "", catalog.ErrNotCovered
}

type playerList struct {
	Players []struct {
		ID     text `json:"idPlayer"`
		Name   text `json:"strPlayer"`
		Sport  text `json:"strSport"`
		Cutout text `json:"strCutout"`
		Thumb  text `json:"strThumb"`
		Render text `json:"strRender"`
		Nation text `json:"strNationality"`
	} `json:"player"`
}

// FindTeam finds the athlete named query among TheSportsDB's players of
// the league's sport.
func (a *Athletes) FindTeam(ctx context.Context, l catalog.League, query string) (catalog.Team, bool, error) {
	q := strings.Join(strings.Fields(strings.ReplaceAll(query, "-", " ")), " ")
	if q == "" || utf8.RuneCountInString(q) > maxAthleteQuery {
		return catalog.Team{}, false, nil
	}
	key := l.Code + "|" + strings.ToLower(q)
	if hit, ok := a.memo.Get(key); ok {
		return hit.team, hit.found, nil
	}
	var resp playerList
	_, err := providerhttp.Within(a.p.timeout, func(ctx context.Context) (struct{}, error) {
		return struct{}{}, a.p.getJSON(ctx, "searchplayers.php?p="+url.QueryEscape(q), &resp)
	})(ctx)
	if err != nil {
		return catalog.Team{}, false, callerError(err)
	}
	var hit athleteHit
	for _, pl := range resp.Players {
		name := string(pl.Name)
		if name == "" || !strings.EqualFold(string(pl.Sport), l.Name) {
			continue
		}
		first, last := name, name
		if i := strings.LastIndexByte(name, ' '); i > 0 {
			first, last = name[:i], name[i+1:]
		}
		hit.team = catalog.Team{
			ID: string(pl.ID), Slug: catalog.LetterSlug(name),
			City: first, Name: last, FullName: name, Abbreviation: initials(name),
			Logo: firstOf(string(pl.Cutout), string(pl.Thumb), string(pl.Render)),
		}
		hit.found = true
		break
	}
	a.memo.Add(key, hit, 1, time.Now().Add(a.ttl))
	return hit.team, hit.found, nil
}

func initials(name string) string {
	var b strings.Builder
	for _, w := range strings.Fields(name) {
		r, _ := utf8.DecodeRuneInString(w)
		b.WriteString(strings.ToUpper(string(r)))
	}
	return b.String()
}

func firstOf(vals ...string) string {
	for _, v := range vals {
		if v != "" {
			return v
		}
	}
	return ""
}
