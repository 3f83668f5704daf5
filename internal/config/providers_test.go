package config

import (
	"strings"
	"testing"
	"time"
)

func TestProviderDefaults(t *testing.T) {
	c, err := Load(env(nil))
	if err != nil {
		t.Fatal(err)
	}
	p := c.Providers
	if p.TheSportsDBURL != "https://www.thesportsdb.com" || p.TheSportsDBKey != "3" || p.MLBStatsURL != "https://statsapi.mlb.com" ||
		p.MLBLogoURL != "https://www.mlbstatic.com" || p.HockeyTechURL != "https://lscluster.hockeytech.com" || p.HockeyTechKey == "" ||
		p.FlagCDNURL != "https://flagcdn.com" || p.AthleteCacheDir != "" || p.AthleteTTL != 72*time.Hour ||
		p.AthleteConcurrency != 8 || p.CustomDataDir != "" {
		t.Errorf("provider defaults = %+v", p)
	}
}

func TestProviderValues(t *testing.T) {
	c, err := Load(env(map[string]string{
		"THESPORTSDB_API_URL": "http://127.0.0.1:1/tsdb/", "THESPORTSDB_API_KEY": "k", "MLBSTATS_API_URL": "http://127.0.0.1:2",
		"MLB_LOGO_URL": "http://127.0.0.1:3", "HOCKEYTECH_API_URL": "http://127.0.0.1:4", "HOCKEYTECH_API_KEY": "hk",
		"FLAGCDN_URL": "http://127.0.0.1:5", "CACHE_DIR": "/var/cache/gt", "ATHLETE_ROSTER_HOURS": "12",
		"ESPN_ATHLETE_MAX_CONCURRENT": "3", "CUSTOM_DATA_DIR": "/data/custom",
	}))
	if err != nil {
		t.Fatal(err)
	}
	p := c.Providers
	if p.TheSportsDBURL != "http://127.0.0.1:1/tsdb" || p.TheSportsDBKey != "k" || p.MLBStatsURL != "http://127.0.0.1:2" ||
		p.MLBLogoURL != "http://127.0.0.1:3" || p.HockeyTechURL != "http://127.0.0.1:4" || p.HockeyTechKey != "hk" ||
		p.FlagCDNURL != "http://127.0.0.1:5" || p.AthleteCacheDir != "/var/cache/gt/athletes" || p.AthleteTTL != 12*time.Hour ||
		p.AthleteConcurrency != 3 || p.CustomDataDir != "/data/custom" {
		t.Errorf("provider values = %+v", p)
	}
	c, _ = Load(env(map[string]string{"CACHE_DIR": "/a", "ATHLETE_CACHE_DIR": "/b"}))
	if c.Providers.AthleteCacheDir != "/b" {
		t.Errorf("ATHLETE_CACHE_DIR = %q, want it to win over CACHE_DIR", c.Providers.AthleteCacheDir)
	}
}

func TestProviderBadValues(t *testing.T) {
	for _, kv := range [][2]string{
		{"THESPORTSDB_API_URL", "ftp://x"}, {"MLBSTATS_API_URL", "not a url"}, {"FLAGCDN_URL", "//x"},
		{"ATHLETE_ROSTER_HOURS", "0"}, {"ESPN_ATHLETE_MAX_CONCURRENT", "65"}, {"ESPN_ATHLETE_MAX_CONCURRENT", "x"},
	} {
		_, err := Load(env(map[string]string{kv[0]: kv[1]}))
		if err == nil || !strings.Contains(err.Error(), kv[0]) {
			t.Errorf("%s=%q: error = %v, want one naming the variable", kv[0], kv[1], err)
		}
	}
}
