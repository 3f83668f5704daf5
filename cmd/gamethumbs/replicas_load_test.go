package main

import (
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"gamethumbs/internal/cluster/redistest"
	"gamethumbs/internal/espntest"
)

var loadReplicasFlag = flag.Bool("load.replicas", false, "run the two-replica benchmark (with and without Redis)")

// TestLoadReplicas measures two replicas of the real binary behind a
// round-robin reverse proxy (as nginx's upstream block does), once
// sharing a Redis and once without it:
//
//	go test ./cmd/gamethumbs -run TestLoadReplicas -load.replicas -v
func TestLoadReplicas(t *testing.T) {
	if !*loadReplicasFlag {
		t.Skip("two-replica benchmark: run with -load.replicas")
	}
	rds := redistest.Start(t)
	fmt.Printf("\nTwo replicas behind a round-robin proxy, %s\n\n", time.Now().Format("2006-01-02"))
	fmt.Println("| setup | distinct pictures | renders | renders per picture | NBA team-list calls | cached req/s (c=8) | Redis errors |")
	fmt.Println("|---|---|---|---|---|---|---|")
	for _, withRedis := range []bool{false, true} {
		fake := espntest.New(t)
		env := map[string]string{
			"RATE_LIMIT_PER_MINUTE": "0", "TRUST_PROXY": "1", "CACHE_DIR": "off", // replicas on separate machines share no disk
			"ESPN_SITE_API_URL": fake.SiteURL, "ESPN_CORE_API_URL": fake.CoreURL, "ESPN_CDN_URL": fake.CDNURL,
		}
		name := "no Redis"
		if withRedis {
			env["REDIS_URL"] = rds.URL()
			env["REDIS_PREFIX"] = fmt.Sprintf("bench%d:", time.Now().UnixNano())
			name = "REDIS_URL"
		}
		a, b := startBinary(t, env), startBinary(t, env)
		front := roundRobin(t, a.base, b.base)

		var teams []string
		for _, tm := range espntest.Teams("basketball", "nba") {
			teams = append(teams, strings.ToLower(tm.Abbreviation))
		}
		// Each distinct picture is asked twice, so round robin sends one
		// request to each replica.
		const distinct = 120
		urls := distinctThumbs(front, teams, 0)
		r := phase("distinct", 8, 2*time.Minute, func(i int) (string, http.Header) {
			if i >= 2*distinct {
				return "", nil
			}
			return urls(i / 2)
		})
		if r.errors > 0 {
			t.Fatalf("%s: %d errors", name, r.errors)
		}
		rendered := metricValue(t, a.base, `gamethumbs_renders_total{result="ok"}`) +
			metricValue(t, b.base, `gamethumbs_renders_total{result="ok"}`)
		hot, _ := urls(0)
		cached := phase("cached", 8, *loadDuration, func(int) (string, http.Header) { return hot, nil })
		redisErrors := metricValue(t, a.base, "gamethumbs_redis_errors_total") + metricValue(t, b.base, "gamethumbs_redis_errors_total")
		fmt.Printf("| %s | %d | %.0f | %.2f | %d | %.0f | %.0f |\n", name, distinct, rendered, rendered/distinct,
			fake.Hits(espntest.TeamsPath("basketball", "nba")), cached.perSec, redisErrors)
	}
}

// roundRobin serves a reverse proxy that alternates between backends.
func roundRobin(t *testing.T, backends ...string) string {
	t.Helper()
	var proxies []*httputil.ReverseProxy
	for _, b := range backends {
		u, _ := url.Parse(b)
		p := httputil.NewSingleHostReverseProxy(u)
		p.Transport = &http.Transport{MaxIdleConnsPerHost: 64}
		proxies = append(proxies, p)
	}
	var n atomic.Uint64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		proxies[n.Add(1)%uint64(len(proxies))].ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

// metricValue reads one sample of a service's /metrics.
func metricValue(t *testing.T, base, series string) float64 {
	t.Helper()
	resp, err := http.Get(base + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	for _, line := range strings.Split(string(body), "\n") {
		if rest, ok := strings.CutPrefix(line, series+" "); ok {
			var v float64
			fmt.Sscan(rest, &v)
			return v
		}
	}
	return 0
}
