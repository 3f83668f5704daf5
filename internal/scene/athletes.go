package scene

import (
	"context"
	"errors"
	"slices"
	"strings"

	"gamethumbs/internal/catalog"
)

// maxAthletes bounds the athletes one "a+b+c" identifier may name.
const maxAthletes = 4

// teamFinder is implemented by providers whose rosters are too large to
// scan per request (ESPN athletes): they resolve a name with an index.
// ok is false when nothing matches; an error means the provider cannot
// tell yet (a roster still loading) or failed.
type teamFinder interface {
	FindTeam(ctx context.Context, l catalog.League, query string) (t catalog.Team, ok bool, err error)
}

// athleteLeague reports whether l's "teams" are athletes, whose
// identifiers may join several names with "+" (doubles, pairs): its
// providers, or those of a feeder league ("tennis" → atp, wta), are
// athlete providers.
func (s *Service) athleteLeague(l catalog.League) bool {
	if hasAthleteProvider(l) {
		return true
	}
	for _, code := range l.FeederLeagues {
		if fl, ok := s.cfg.Catalog.Get(code); ok && hasAthleteProvider(fl) {
			return true
		}
	}
	return false
}

func hasAthleteProvider(l catalog.League) bool {
	return slices.Contains(l.Providers, "espnathlete") || slices.Contains(l.Providers, "thesportsdbathlete")
}

// findIndexed asks the first provider of l that has an index. handled is
// false when none has one (the roster is then scanned).
func (s *Service) findIndexed(ctx context.Context, l catalog.League, query string) (t catalog.Team, found, handled bool, err error) {
	for _, id := range l.Providers {
		f, ok := s.cfg.Providers[id].(teamFinder)
		if !ok {
			continue
		}
		t, found, err = f.FindTeam(ctx, l, query)
		if errors.Is(err, catalog.ErrNotCovered) {
			continue
		}
		return t, found, true, err
	}
	return catalog.Team{}, false, false, nil
}

// splitAthletes splits "a+b" into its trimmed, non-empty parts when l is
// an athlete league and the identifier names 2 to maxAthletes athletes;
// otherwise it returns nil.
func (s *Service) splitAthletes(l catalog.League, query string) []string {
	if !strings.Contains(query, "+") || !s.athleteLeague(l) {
		return nil
	}
	var parts []string
	for _, p := range strings.Split(query, "+") {
		if p = strings.TrimSpace(p); p != "" {
			parts = append(parts, p)
		}
	}
	if len(parts) < 2 || len(parts) > maxAthletes {
		return nil
	}
	return parts
}

// findAthletes resolves every part of "a+b" on its own and merges them
// into one side: ids joined with "+", names with " / ", initials run
// together, the first athlete's colours. Logos are composed when the
// picture is drawn (athleteImage). If any part fails the whole fails.
func (s *Service) findAthletes(ctx context.Context, l catalog.League, parts []string) (catalog.Team, catalog.League, error) {
	members := make([]catalog.Team, 0, len(parts))
	where := l
	for i, p := range parts {
		t, w, err := s.findTeam(ctx, l, p)
		if err != nil {
			return catalog.Team{}, l, err
		}
		if i == 0 {
			where = w
		}
		members = append(members, t)
	}
	return mergeAthletes(members), where, nil
}

// mergeAthletes is the merged record of several athletes.
func mergeAthletes(ms []catalog.Team) catalog.Team {
	join := func(sep string, f func(catalog.Team) string) string {
		out := make([]string, 0, len(ms))
		for _, m := range ms {
			if v := f(m); v != "" {
				out = append(out, v)
			}
		}
		return strings.Join(out, sep)
	}
	return catalog.Team{
		ID:             join("+", func(t catalog.Team) string { return t.ID }),
		Slug:           join("+", func(t catalog.Team) string { return t.Slug }),
		City:           join(" / ", func(t catalog.Team) string { return t.City }),
		Name:           join(" / ", func(t catalog.Team) string { return t.Name }),
		FullName:       join(" / ", func(t catalog.Team) string { return t.FullName }),
		ShortName:      join(" / ", func(t catalog.Team) string { return t.ShortName }),
		Abbreviation:   join("", func(t catalog.Team) string { return t.Abbreviation }),
		Color:          ms[0].Color,
		AlternateColor: ms[0].AlternateColor,
	}
}

// sideAthletes returns the athletes a resolved side shows: the parts of
// "a+b" (resolved again in the requested league l; the provider's index
// makes that cheap), the one athlete found in athlete league where, or
// nil for a team.
func (s *Service) sideAthletes(ctx context.Context, l, where catalog.League, seg string, t catalog.Team) []catalog.Team {
	parts := s.splitAthletes(l, seg)
	if parts == nil {
		if hasAthleteProvider(where) {
			return []catalog.Team{t}
		}
		return nil
	}
	out := make([]catalog.Team, 0, len(parts))
	for _, p := range parts {
		m, _, err := s.findTeam(ctx, l, p)
		if err != nil {
			return []catalog.Team{t}
		}
		out = append(out, m)
	}
	return out
}
