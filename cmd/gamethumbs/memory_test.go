package main

import (
	"testing"

	"gamethumbs/internal/config"
)

// The soft memory limit follows the budgets an operator sets.
func TestMemoryBudget(t *testing.T) {
	const logo = config.DefaultLogoCacheMB + photoCacheBytes>>20 // logos and venue photos
	for _, tc := range []struct {
		name string
		env  map[string]string
		mb   int64
	}{
		{"defaults", nil, 48 + logo + 24},
		{"large image cache", map[string]string{"IMAGE_CACHE_MB": "256"}, 256 + logo + 24},
		{"explicit logo budget", map[string]string{"IMAGE_CACHE_MB": "64", "LOGO_CACHE_MB": "40"}, 64 + 40 + photoCacheBytes>>20 + 24},
		{"caching off", map[string]string{"IMAGE_CACHE_HOURS": "0"}, logo + 24},
		{"athletes", map[string]string{"LEAGUES_ENABLE_TENNIS": "Yes", "LEAGUES_ENABLE_MMA": "1"}, 48 + logo + 24 + 64},
		{"xc proxy", map[string]string{"XC_PROXY": "true", "XC_PROXY_UPSTREAM": "a=http://127.0.0.1:9"}, 48 + logo + 24 + 32},
	} {
		getenv := func(k string) string { return tc.env[k] }
		cfg, err := config.Load(getenv)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if got := memoryBudget(cfg, getenv); got != tc.mb<<20 {
			t.Errorf("%s: memoryBudget = %d MiB, want %d MiB", tc.name, got>>20, tc.mb)
		}
	}
	if _, set := memoryLimit(config.Config{}, func(k string) string {
		return map[string]string{"GOMEMLIMIT": "1GiB"}[k]
	}); set {
		t.Error("memoryLimit with GOMEMLIMIT set changed the limit, want it left alone")
	}
}
