package config

import (
	"strings"
	"testing"
	"time"
)

func env(kv map[string]string) func(string) string {
	return func(k string) string { return kv[k] }
}

func TestLoadDefaults(t *testing.T) {
	c, err := Load(env(nil))
	if err != nil {
		t.Fatalf("Load(empty) error: %v", err)
	}
	if c.Port != 3000 || c.RateLimitPerMinute != 30 || c.TrustProxy != 0 ||
		c.RequestTimeout != 10*time.Second || c.Mode != ModeStandard || c.XCProxy ||
		c.ImageCacheHours != 24 || c.ImageCacheMB != 48 || c.LogoCacheMB != DefaultLogoCacheMB || c.CacheDir != "" || !c.Metrics {
		t.Errorf("Load(empty) = %+v, want documented defaults", c)
	}
}

func TestLoadValues(t *testing.T) {
	c, err := Load(env(map[string]string{
		"PORT": "8080", "RATE_LIMIT_PER_MINUTE": "0", "TRUST_PROXY": "1",
		"REQUEST_TIMEOUT": "2500", "ESPN_SITE_API_URL": "http://127.0.0.1:9/site/",
		"ALLOW_EVENT_OVERLAYS": "TRUE", "ALLOW_INSECURE_OVERLAY_URLS": "cdn.example.com, img.example.org",
		"APP_MODE": "xcproxy", "XC_PROXY_UPSTREAM": "a=http://panel:8080",
		"PROVIDER_USER_AGENT": "my-agent/1",
	}))
	if err != nil {
		t.Fatalf("Load error: %v", err)
	}
	if c.Port != 8080 || c.RateLimitPerMinute != 0 || c.TrustProxy != 1 ||
		c.RequestTimeout != 2500*time.Millisecond || c.ESPNSiteURL != "http://127.0.0.1:9/site" ||
		!c.AllowEventOverlays || c.AllowInsecureOverlay || len(c.OverlayHosts) != 2 ||
		c.Mode != ModeXCProxy || !c.XCProxy || c.UserAgent != "my-agent/1" {
		t.Errorf("Load = %+v", c)
	}
}

func TestLoadXCProxyDefaults(t *testing.T) {
	c, err := Load(env(map[string]string{"NODE_ENV": "development", "XC_PROXY_UPSTREAM": "a=http://x"}))
	if err != nil || !c.XCProxy {
		t.Errorf("NODE_ENV=development: XCProxy = %v, err %v; want true", c.XCProxy, err)
	}
	c, err = Load(env(map[string]string{"NODE_ENV": "development", "XC_PROXY": "false"}))
	if err != nil || c.XCProxy {
		t.Errorf("XC_PROXY=false in development: XCProxy = %v, err %v; want false", c.XCProxy, err)
	}
}

func TestLoadRejectsBadValuesNamingTheVariable(t *testing.T) {
	tests := []struct{ name, value string }{
		{"PORT", "abc"},
		{"PORT", "70000"},
		{"PORT", "-1"},
		{"RATE_LIMIT_PER_MINUTE", "-1"},
		{"TRUST_PROXY", "many"},
		{"REQUEST_TIMEOUT", "10s"},
		{"APP_MODE", "proxy"},
		{"XC_PROXY", "maybe"},
		{"ESPN_CDN_URL", "ftp://x"},
		{"IMAGE_CACHE_MB", "0"},
		{"LOG_FORMAT", "xml"},
		{"ALLOW_INSECURE_OVERLAY_URLS", "http://x/"},
	}
	for _, tt := range tests {
		_, err := Load(env(map[string]string{tt.name: tt.value}))
		if err == nil || !strings.Contains(err.Error(), tt.name) {
			t.Errorf("Load(%s=%q) error = %v, want one naming %s", tt.name, tt.value, err, tt.name)
		}
	}
}

func TestLoadRequiresUpstreamWhenProxyOn(t *testing.T) {
	_, err := Load(env(map[string]string{"XC_PROXY": "true"}))
	if err == nil || !strings.Contains(err.Error(), "XC_PROXY_UPSTREAM") {
		t.Errorf("XC_PROXY=true without upstream: error = %v, want one naming XC_PROXY_UPSTREAM", err)
	}
}

func TestLoadReportsEveryBadVariable(t *testing.T) {
	_, err := Load(env(map[string]string{"PORT": "x", "TRUST_PROXY": "y"}))
	if err == nil || !strings.Contains(err.Error(), "PORT") || !strings.Contains(err.Error(), "TRUST_PROXY") {
		t.Errorf("error = %v, want both PORT and TRUST_PROXY named", err)
	}
}

// LOGO_CACHE_MB does not follow IMAGE_CACHE_MB: a small image cache must
// not make every render rebuild its logos.
func TestLogoCacheIndependentOfImageCache(t *testing.T) {
	for _, tc := range []struct {
		env  map[string]string
		want int
	}{
		{nil, DefaultLogoCacheMB},
		{map[string]string{"IMAGE_CACHE_MB": "64"}, DefaultLogoCacheMB},
		{map[string]string{"IMAGE_CACHE_MB": "16"}, DefaultLogoCacheMB},
		{map[string]string{"IMAGE_CACHE_MB": "4096"}, DefaultLogoCacheMB},
		{map[string]string{"IMAGE_CACHE_MB": "64", "LOGO_CACHE_MB": "200"}, 200},
	} {
		c, err := Load(env(tc.env))
		if err != nil {
			t.Fatalf("Load(%v): %v", tc.env, err)
		}
		if c.LogoCacheMB != tc.want {
			t.Errorf("Load(%v).LogoCacheMB = %d, want %d", tc.env, c.LogoCacheMB, tc.want)
		}
	}
}

// A game-thumbs env file sets NODE_ENV=development; without an upstream
// the proxy stays off with one warning, while an explicit XC_PROXY=true or
// APP_MODE=xcproxy without one still stops start.
func TestLoadNodeEnvDevelopmentWithoutUpstream(t *testing.T) {
	c, err := Load(env(map[string]string{"NODE_ENV": "development"}))
	if err != nil || c.XCProxy || len(c.Warnings) != 1 || !strings.Contains(c.Warnings[0], "XC proxy stays off") {
		t.Errorf("NODE_ENV=development alone: XCProxy %v, warnings %q, err %v; want off, one warning, no error", c.XCProxy, c.Warnings, err)
	}
	for _, kv := range []map[string]string{
		{"NODE_ENV": "development", "XC_PROXY": "true"},
		{"XC_PROXY": "true"},
		{"APP_MODE": "xcproxy"},
		{"NODE_ENV": "development", "APP_MODE": "xcproxy"},
	} {
		if _, err := Load(env(kv)); err == nil || !strings.Contains(err.Error(), "XC_PROXY_UPSTREAM") {
			t.Errorf("Load(%v) error = %v; want XC_PROXY_UPSTREAM is required", kv, err)
		}
	}
}

func TestLoadUserAgentDefaultsToGameThumbs(t *testing.T) {
	c, _ := Load(env(nil))
	if c.UserAgent != "curl/8.7.1" {
		t.Errorf("default UserAgent = %q, want curl/8.7.1 (the agent ESPN's firewall lets through)", c.UserAgent)
	}
	c, _ = Load(env(map[string]string{"SCRAPER_USER_AGENT": "old/1"}))
	if c.UserAgent != "old/1" {
		t.Errorf("SCRAPER_USER_AGENT: UserAgent = %q", c.UserAgent)
	}
}

func TestLoadStrictParams(t *testing.T) {
	if c, _ := Load(env(nil)); c.StrictParams {
		t.Error("StrictParams on by default")
	}
	if c, _ := Load(env(map[string]string{"STRICT_PARAMS": "true"})); !c.StrictParams {
		t.Error("STRICT_PARAMS=true: StrictParams off")
	}
}

// The disk tier is on by default, in the user cache directory.
func TestCacheDirDefault(t *testing.T) {
	for _, tc := range []struct {
		env  map[string]string
		want string
	}{
		{map[string]string{"HOME": "/home/u"}, "/home/u/.cache/gamethumbs"},
		{map[string]string{"HOME": "/home/u", "XDG_CACHE_HOME": "/var/xdg"}, "/var/xdg/gamethumbs"},
		{map[string]string{"HOME": "/home/u", "XDG_CACHE_HOME": "relative"}, "/home/u/.cache/gamethumbs"},
		{map[string]string{"HOME": "/home/u", "CACHE_DIR": "/data/c"}, "/data/c"},
		{map[string]string{"HOME": "/home/u", "CACHE_DIR": "off"}, ""},
		{nil, ""},
	} {
		c, err := Load(env(tc.env))
		if err != nil {
			t.Fatalf("Load(%v): %v", tc.env, err)
		}
		if c.CacheDir != tc.want {
			t.Errorf("Load(%v).CacheDir = %q, want %q", tc.env, c.CacheDir, tc.want)
		}
	}
	c, _ := Load(env(map[string]string{"HOME": "/home/u"}))
	if c.Providers.AthleteCacheDir != "/home/u/.cache/gamethumbs/athletes" {
		t.Errorf("athlete rosters in %q, want beside the images", c.Providers.AthleteCacheDir)
	}
}
