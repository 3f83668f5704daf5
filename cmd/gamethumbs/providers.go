package main

import (
	"context"
	"maps"
	"net/http"
	"os"
	"path/filepath"
	"slices"

	"gamethumbs/internal/cache"
	"gamethumbs/internal/catalog"
	"gamethumbs/internal/catalog/custom"
	"gamethumbs/internal/catalog/espnathlete"
	"gamethumbs/internal/catalog/flags"
	"gamethumbs/internal/catalog/hockeytech"
	"gamethumbs/internal/catalog/mlbstats"
	"gamethumbs/internal/catalog/thesportsdb"
	"gamethumbs/internal/config"
	"gamethumbs/internal/metrics"
	"gamethumbs/internal/scene"
)

// addProviders adds the providers other than ESPN's team API to sc
// (athletes, TheSportsDB, MLB Stats, HockeyTech, flags) and applies the
// custom data directory (user, loaded by validate; nil without one): its
// leagues join the catalogue, its teams and overrides wrap every
// provider. The returned function stops the athlete
// loads. espnP is the unwrapped ESPN provider (league logos of athlete
// leagues).
func addProviders(cfg config.Config, user *custom.Data, sc *scene.Config, client *http.Client, ua string, espnP catalog.Provider, m *metrics.Metrics, shared cache.Tier) (func(), error) {
	pc := cfg.Providers
	settings := catalog.BuiltinSettings()
	// The built-in team facts (aliases, abbreviations, pseudo-teams) are
	// custom data every installation has; a custom data directory is
	// merged over them.
	data, err := custom.Builtin(cfg.ESPNCDNURL)
	if err != nil {
		return nil, err
	}
	if user != nil {
		data = data.With(user)
		maps.Copy(settings, data.Settings)
		if len(data.Leagues) > 0 {
			cat, err := catalog.NewWith(cfg.Getenv, data.Leagues)
			if err != nil {
				return nil, err
			}
			sc.Catalog = cat
		}
	}
	athletes := espnathlete.New(espnathlete.Config{
		CoreURL: cfg.ESPNCoreURL, CDNURL: cfg.ESPNCDNURL, UserAgent: ua, Client: client,
		Dir: athleteDir(pc.AthleteCacheDir), TTL: pc.AthleteTTL, Concurrency: pc.AthleteConcurrency,
		LeagueLogos: espnP,
	})
	add := func(p catalog.Provider) { sc.Providers[p.ID()] = m.Provider(p) }
	tsdb := thesportsdb.Config{BaseURL: pc.TheSportsDBURL, APIKey: pc.TheSportsDBKey, UserAgent: ua, Client: client, Settings: settings, Shared: shared}
	tsdbP := thesportsdb.New(tsdb)
	add(tsdbP)
	// TheSportsDB's league badges serve leagues whose own providers
	// have no league logo (ATP, WTA, PWHL).
	sc.LeagueArt = []string{tsdbP.ID()}
	// Leagues no table names: ESPN's codes first, then TheSportsDB's
	// names and ids.
	if sc.Discover != nil {
		sc.Discover = catalog.FirstOf(sc.Discover, tsdbP.Discover)
	}
	boxers := thesportsdb.NewAthletes(tsdb)
	sc.Providers[boxers.ID()] = indexed{Provider: m.Provider(boxers), finder: boxers}
	add(mlbstats.New(mlbstats.Config{BaseURL: pc.MLBStatsURL, LogoURL: pc.MLBLogoURL, UserAgent: ua, Client: client, Settings: settings, Shared: shared}))
	add(hockeytech.New(hockeytech.Config{BaseURL: pc.HockeyTechURL, DefaultKey: pc.HockeyTechKey, UserAgent: ua, Client: client, Settings: settings, Shared: shared}))
	add(flags.New(flags.Config{BaseURL: pc.FlagCDNURL, UserAgent: ua, Client: client}))
	// The metrics decorator does not pass FindTeam on; the athlete index
	// must stay reachable (a roster scan per request is far too slow).
	sc.Providers[athletes.ID()] = indexed{Provider: m.Provider(athletes), finder: athletes}
	{
		sc.Providers[custom.ProviderID] = data.Provider()
		for id, p := range sc.Providers {
			if id != custom.ProviderID {
				sc.Providers[id] = data.Wrap(p)
			}
		}
	}
	for _, l := range sc.Catalog.Leagues() {
		if slices.Contains(l.Providers, espnathlete.ID) {
			athletes.Preload(l)
		}
	}
	return athletes.Close, nil
}

// athleteDir is where athlete rosters are kept: the configured directory,
// else the user's cache directory, else nowhere (memory only).
func athleteDir(dir string) string {
	if dir != "" {
		return dir
	}
	if base, err := os.UserCacheDir(); err == nil {
		return filepath.Join(base, "gamethumbs", "athletes")
	}
	return ""
}

// indexed is a decorated provider that keeps its inner provider's index.
type indexed struct {
	catalog.Provider
	finder interface {
		FindTeam(ctx context.Context, l catalog.League, query string) (catalog.Team, bool, error)
	}
}

func (i indexed) FindTeam(ctx context.Context, l catalog.League, query string) (catalog.Team, bool, error) {
	return i.finder.FindTeam(ctx, l, query)
}
