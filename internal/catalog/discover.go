package catalog

import (
	"context"
	"errors"
)

// Discoverer finds a league the catalogue does not carry in a provider's
// own list of leagues (ESPN's core API, TheSportsDB's all_leagues.php)
// and returns it as a Temporary league. A league the provider does not
// list is *UnknownLeagueError; a provider that cannot be asked gives its
// *UpstreamError.
type Discoverer func(ctx context.Context, id string) (League, error)

// FirstOf asks each discoverer in turn and returns the first league found.
// When none finds it, the first provider failure is returned (the league
// may exist), else an *UnknownLeagueError for id.
func FirstOf(ds ...Discoverer) Discoverer {
	return func(ctx context.Context, id string) (League, error) {
		var failed error
		for _, d := range ds {
			l, err := d(ctx, id)
			if err == nil {
				return l, nil
			}
			var unknown *UnknownLeagueError
			if !errors.As(err, &unknown) && failed == nil {
				failed = err
			}
			if ctx.Err() != nil {
				break
			}
		}
		if failed != nil {
			return League{}, failed
		}
		return League{}, &UnknownLeagueError{Code: id}
	}
}
