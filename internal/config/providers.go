package config

import (
	"path/filepath"
	"time"
)

// ProviderConfig configures the athlete, TheSportsDB, MLB Stats,
// HockeyTech and flag providers and the custom data directory. Every
// base URL can be pointed at a fake for tests.
type ProviderConfig struct {
	TheSportsDBURL string // THESPORTSDB_API_URL
	TheSportsDBKey string // THESPORTSDB_API_KEY, default "3" (the public test key)
	MLBStatsURL    string // MLBSTATS_API_URL
	MLBLogoURL     string // MLB_LOGO_URL: host of {url}/team-logos/{id}.svg
	HockeyTechURL  string // HOCKEYTECH_API_URL
	HockeyTechKey  string // HOCKEYTECH_API_KEY: feed key of leagues without their own
	FlagCDNURL     string // FLAGCDN_URL

	// AthleteCacheDir is where athlete rosters are persisted
	// (ATHLETE_CACHE_DIR; default CACHE_DIR/athletes when CACHE_DIR is
	// set, else empty: the caller picks the user cache directory).
	AthleteCacheDir string
	// AthleteTTL is the age after which a roster is refreshed in the
	// background (ATHLETE_ROSTER_HOURS, default 72).
	AthleteTTL time.Duration
	// AthleteConcurrency bounds athlete requests in flight
	// (ESPN_ATHLETE_MAX_CONCURRENT, default 8).
	AthleteConcurrency int

	// CustomDataDir holds leagues/*.json and teams/*.json (CUSTOM_DATA_DIR).
	CustomDataDir string
}

// Provider defaults.
const (
	defaultTheSportsDBURL = "https://www.thesportsdb.com"
	defaultMLBStatsURL    = "https://statsapi.mlb.com"
	defaultMLBLogoURL     = "https://www.mlbstatic.com"
	defaultHockeyTechURL  = "https://lscluster.hockeytech.com"
	// defaultHockeyTechKey is the feed key the reference uses when a league
	// has none: a public key that league websites ship to every browser.
	defaultHockeyTechKey = "f1aa699db3d81487"
	defaultFlagCDNURL    = "https://flagcdn.com"
)

// providers reads the provider variables.
func (r *reader) providers(cacheDir string) ProviderConfig {
	p := ProviderConfig{
		TheSportsDBURL:     r.baseURL("THESPORTSDB_API_URL", defaultTheSportsDBURL),
		TheSportsDBKey:     r.str("THESPORTSDB_API_KEY", "3"),
		MLBStatsURL:        r.baseURL("MLBSTATS_API_URL", defaultMLBStatsURL),
		MLBLogoURL:         r.baseURL("MLB_LOGO_URL", defaultMLBLogoURL),
		HockeyTechURL:      r.baseURL("HOCKEYTECH_API_URL", defaultHockeyTechURL),
		HockeyTechKey:      r.str("HOCKEYTECH_API_KEY", defaultHockeyTechKey),
		FlagCDNURL:         r.baseURL("FLAGCDN_URL", defaultFlagCDNURL),
		AthleteCacheDir:    r.str("ATHLETE_CACHE_DIR", ""),
		AthleteTTL:         time.Duration(r.intIn("ATHLETE_ROSTER_HOURS", 72, 1, 24*365)) * time.Hour,
		AthleteConcurrency: r.intIn("ESPN_ATHLETE_MAX_CONCURRENT", 8, 1, 64),
		CustomDataDir:      r.str("CUSTOM_DATA_DIR", ""),
	}
	if p.AthleteCacheDir == "" && cacheDir != "" {
		p.AthleteCacheDir = filepath.Join(cacheDir, "athletes")
	}
	return p
}
