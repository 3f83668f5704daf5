package scene

import (
	"context"
	"testing"

	"gamethumbs/internal/catalog"
	"gamethumbs/internal/catalog/espn"
	"gamethumbs/internal/espntest"
	"gamethumbs/internal/fetch"
)

func newTestService(tb testing.TB) (*Service, *espntest.Server) {
	tb.Helper()
	fake := espntest.New(tb)
	cat, err := catalog.New(func(string) string { return "" })
	if err != nil {
		tb.Fatal(err)
	}
	p := espn.New(espn.Config{SiteURL: fake.SiteURL, CoreURL: fake.CoreURL, CDNURL: fake.CDNURL})
	return New(Config{
		Catalog:   cat,
		Providers: map[string]catalog.Provider{p.ID(): p},
		Discover:  p.Discover,
		Logos:     fetch.New(nil, fetch.Config{}),
	}), fake
}

// BenchmarkResolveTeamWarm resolves a league and a team with the team
// list already cached.
func BenchmarkResolveTeamWarm(b *testing.B) {
	s, _ := newTestService(b)
	ctx := context.Background()
	l, err := s.League(ctx, "nfl", false)
	if err != nil {
		b.Fatal(err)
	}
	if _, err := s.Team(ctx, l, "chiefs"); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		l, _ := s.League(ctx, "nfl", false)
		if _, err := s.Team(ctx, l, "kansas city"); err != nil {
			b.Fatal(err)
		}
	}
}
