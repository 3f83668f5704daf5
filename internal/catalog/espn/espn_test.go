package espn

import (
	"net/http"
	"testing"
	"time"

	"gamethumbs/internal/catalog"
	"gamethumbs/internal/catalog/providerhttp"
	"gamethumbs/internal/espntest"
)

// newTestProvider returns a Provider aimed at the fake ESPN, with a client
// timeout of timeout (5 s when zero) and cache lifetime ttl (default when
// zero).
func newTestProvider(t testing.TB, s *espntest.Server, timeout, ttl time.Duration) *Provider {
	t.Helper()
	if timeout == 0 {
		timeout = 5 * time.Second
	}
	client := &http.Client{Timeout: timeout}
	t.Cleanup(client.CloseIdleConnections)
	return New(Config{
		SiteURL:   s.SiteURL,
		CoreURL:   s.CoreURL + "/", // a trailing slash is tolerated
		CDNURL:    s.CDNURL,
		UserAgent: "gamethumbs-test/1",
		Client:    client,
		TeamTTL:   ttl,
	})
}

var (
	nba     = catalog.League{Code: "nba", ShortName: "NBA", Name: "National Basketball Association", Sport: "basketball", Slug: "nba", Providers: []string{"espn"}}
	nhl     = catalog.League{Code: "nhl", ShortName: "NHL", Sport: "hockey", Slug: "nhl", Providers: []string{"espn"}}
	mls     = catalog.League{Code: "mls", ShortName: "MLS", Sport: "soccer", Slug: "usa.1", Providers: []string{"espn"}}
	epl     = catalog.League{Code: "epl", ShortName: "EPL", Sport: "soccer", Slug: "eng.1", Providers: []string{"thesportsdb", "espn"}}
	ncaaf   = catalog.League{Code: "ncaaf", ShortName: "NCAAF", Sport: "football", Slug: "college-football", Providers: []string{"espn", "ncaa"}}
	noESPN  = catalog.League{Code: "ahl", ShortName: "AHL", Providers: []string{"hockeytech"}}
	missing = catalog.League{Code: "championship", ShortName: "CHAMPIONSHIP", Sport: "soccer", Slug: "eng.2", Providers: []string{"espn"}}
)

func TestNewDefaults(t *testing.T) {
	p := New(Config{})
	if p.ID() != "espn" || p.site != DefaultSiteURL || p.core != DefaultCoreURL || p.cdn != DefaultCDNURL {
		t.Errorf("New(Config{}) = id %q, site %q, core %q, cdn %q, want espn and the ESPN hosts", p.ID(), p.site, p.core, p.cdn)
	}
	if p.get.UserAgent != DefaultUserAgent || p.get.Client == nil || p.loadTimeout <= 0 {
		t.Errorf("New(Config{}) = user agent %q, client %v, load timeout %v, want defaults", p.get.UserAgent, p.get.Client, p.loadTimeout)
	}
	if p := New(Config{Client: &http.Client{}}); p.loadTimeout != providerhttp.DefaultLoadTimeout {
		t.Errorf("New with a client without timeout: load timeout %v, want %v", p.loadTimeout, providerhttp.DefaultLoadTimeout)
	}
}
