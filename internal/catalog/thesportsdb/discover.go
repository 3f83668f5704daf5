package thesportsdb

import (
	"context"
	"strings"

	"gamethumbs/internal/catalog"
	"gamethumbs/internal/catalog/providerhttp"
)

// Bounds of the discovery index, far above what TheSportsDB lists.
const (
	maxIndexLeagues = 20000
	maxAlternates   = 8
	maxNameLen      = 100
)

// indexEntry is one league of all_leagues.php.
type indexEntry struct {
	id, name   string
	alternates []string
}

// leagueIndex finds the leagues of all_leagues.php by id and by folded
// name, alternate name or slug of the name. The first league listed wins
// a shared key.
type leagueIndex struct {
	leagues []indexEntry
	byKey   map[string]int
}

// allLeagues is the answer of all_leagues.php.
type allLeagues struct {
	Leagues []struct {
		ID        text `json:"idLeague"`
		Name      text `json:"strLeague"`
		Alternate text `json:"strLeagueAlternate"`
	} `json:"leagues"`
}

// Discover finds id among TheSportsDB's leagues: by its TheSportsDB id
// ("4340"), its name or an alternate name in any case and accents
// ("danish superliga"), or the slug of its name ("danish-superliga"). It
// returns a temporary league served by this provider (teams by name,
// badge by id): Code is the slug of the name, Providers ["thesportsdb"],
// IDs {"thesportsdb": id}. The list of leagues is loaded on first use and
// cached for the TTL (the last good list is served while TheSportsDB is
// down). An id the list lacks is asked of lookupleague.php (not cached:
// the caller remembers misses). Unknown leagues
// give *catalog.UnknownLeagueError, failures *catalog.UpstreamError.
func (p *Provider) Discover(ctx context.Context, id string) (catalog.League, error) {
	id = strings.TrimSpace(id)
	key := catalog.Fold(id)
	if key == "" || len(id) > maxNameLen {
		return catalog.League{}, &catalog.UnknownLeagueError{Code: id}
	}
	idx, err := p.index.Get(ctx, "all", providerhttp.Within(p.timeout, p.loadIndex))
	if err != nil {
		return catalog.League{}, callerError(err)
	}
	if i, ok := idx.byKey[key]; ok {
		e := idx.leagues[i]
		return discovered(e.id, e.name, e.alternates), nil
	}
	if !numeric(id) {
		return catalog.League{}, &catalog.UnknownLeagueError{Code: id}
	}
	info, err := providerhttp.Within(p.timeout, func(ctx context.Context) (leagueInfo, error) {
		return p.lookupLeague(ctx, id)
	})(ctx)
	if err != nil {
		return catalog.League{}, callerError(err)
	}
	if info.Name == "" {
		return catalog.League{}, &catalog.UnknownLeagueError{Code: id}
	}
	return discovered(id, info.Name, nil), nil
}

// discovered is the temporary league of a TheSportsDB league.
func discovered(id, name string, alternates []string) catalog.League {
	short := strings.ToUpper(name)
	return catalog.League{
		Code:      catalog.LetterSlug(name),
		Name:      name,
		ShortName: short,
		Aliases:   alternates,
		Providers: []string{ID},
		IDs:       map[string]string{ID: id},
		Temporary: true,
	}
}

func (p *Provider) loadIndex(ctx context.Context) (*leagueIndex, error) {
	var resp allLeagues
	if err := p.getJSON(ctx, "all_leagues.php", &resp); err != nil {
		return nil, err
	}
	idx := &leagueIndex{byKey: make(map[string]int)}
	add := func(k string, i int) {
		if k = catalog.Fold(k); k != "" {
			if _, taken := idx.byKey[k]; !taken {
				idx.byKey[k] = i
			}
		}
	}
	for _, l := range resp.Leagues {
		id, name := string(l.ID), string(l.Name)
		if !numeric(id) || name == "" || len(name) > maxNameLen {
			continue
		}
		e := indexEntry{id: id, name: name}
		for _, a := range strings.Split(string(l.Alternate), ",") {
			if a = strings.TrimSpace(a); a != "" && len(a) <= maxNameLen && len(e.alternates) < maxAlternates {
				e.alternates = append(e.alternates, a)
			}
		}
		i := len(idx.leagues)
		idx.leagues = append(idx.leagues, e)
		add(id, i)
		add(name, i)
		for _, a := range e.alternates {
			add(a, i)
		}
		if len(idx.leagues) == maxIndexLeagues {
			break
		}
	}
	return idx, nil
}

// numeric reports whether s is 1 to 10 ASCII digits (a TheSportsDB id).
func numeric(s string) bool {
	if s == "" || len(s) > 10 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// idByName finds the TheSportsDB id of a league that has a tsdbLeagueName
// but no tsdbLeagueId, in all_leagues.php (the discovery index): by that
// name, else by the league's own name or short name, each matched like
// Discover matches names (any case and accents, alternate names). Leagues
// without a tsdbLeagueName give catalog.ErrNotCovered without a request,
// and so do names the list lacks.
func (p *Provider) idByName(ctx context.Context, l catalog.League) (string, error) {
	name := p.settings.Get(l.Code).TSDBLeagueName
	if name == "" {
		return "", catalog.ErrNotCovered
	}
	idx, err := p.index.Get(ctx, "all", providerhttp.Within(p.timeout, p.loadIndex))
	if err != nil {
		return "", callerError(err)
	}
	for _, n := range []string{name, l.Name, l.ShortName} {
		if i, ok := idx.byKey[catalog.Fold(n)]; ok && n != "" {
			return idx.leagues[i].id, nil
		}
	}
	return "", catalog.ErrNotCovered
}
