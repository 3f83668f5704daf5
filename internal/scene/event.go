package scene

import (
	"context"
	"errors"
	"sync"

	"golang.org/x/sync/errgroup"

	"gamethumbs/internal/catalog"
	"gamethumbs/internal/title"
)

// titles returns the service's title reader, built on first use.
func (s *Service) titles() *title.Parser {
	s.titleOnce.Do(func() { s.titleParser = title.New(s.cfg.Catalog, nil) })
	return s.titleParser
}

// Event reads an event title ("NBA 03: Mavs vs Spurs @ 6PM") with an
// optional league hint (a code, name or alias; unknown hints are
// *catalog.UnknownLeagueError). res is nil when nothing was understood
// well enough; sp says what the text alone said. When the title names its
// league, a roster that cannot be fetched is the error; when it does not,
// a default league whose roster cannot be fetched is left out.
func (s *Service) Event(ctx context.Context, text, hint string) (res *title.Result, sp title.Split, err error) {
	if hint != "" {
		l, err := s.League(ctx, hint, false)
		if err != nil {
			return nil, sp, err
		}
		hint = l.Code
	}
	p := s.titles()
	sp = p.Split(text, hint)
	rosters := map[string][]catalog.Team{}
	if sp.Side1 != "" && sp.Side2 != "" {
		var mu sync.Mutex
		g, gctx := errgroup.WithContext(ctx)
		g.SetLimit(4)
		for _, code := range sp.Leagues {
			g.Go(func() error {
				list, err := s.eventRoster(gctx, code)
				if err != nil {
					if sp.Named {
						return err
					}
					return nil
				}
				mu.Lock()
				rosters[code] = list
				mu.Unlock()
				return nil
			})
		}
		if err := g.Wait(); err != nil {
			return nil, sp, err
		}
	}
	r, ok := p.Resolve(sp, func(code string) []catalog.Team { return rosters[code] })
	if !ok {
		return nil, sp, nil
	}
	return &r, sp, nil
}

// eventRoster is the roster a title is matched against: the league's own
// (the provider's slice, so the reader's index of it is reused until the
// provider reloads), or for a league made of feeders, their union.
func (s *Service) eventRoster(ctx context.Context, code string) ([]catalog.Team, error) {
	l, ok := s.cfg.Catalog.Get(code)
	if !ok {
		return nil, &catalog.UnknownLeagueError{Code: code}
	}
	list, err := s.teams(ctx, l)
	if err != nil && !errors.Is(err, catalog.ErrNotCovered) {
		return nil, err
	}
	if len(list) > 0 || len(l.FeederLeagues) == 0 {
		return list, nil
	}
	return s.Teams(ctx, l)
}
