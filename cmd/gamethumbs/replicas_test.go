package main

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"gamethumbs/internal/cluster/redistest"
	"gamethumbs/internal/espntest"
)

// TestReplicasShareThroughRedis runs two real services on one Redis and
// one fake ESPN, as two replicas behind a load balancer would.
func TestReplicasShareThroughRedis(t *testing.T) {
	rds := redistest.Start(t)
	fake := espntest.New(t)
	env := map[string]string{"REDIS_URL": rds.URL(), "REDIS_PREFIX": "e2e:", "RATE_LIMIT_PER_MINUTE": "0"}
	a, b := startOn(t, fake, nil, env), startOn(t, fake, nil, env)

	ra, bodyA := a.get(t, "/nba/lakers/celtics/thumb")
	rb, bodyB := b.get(t, "/nba/lakers/celtics/thumb")
	if ra.StatusCode != 200 || rb.StatusCode != 200 {
		t.Fatalf("statuses %d, %d", ra.StatusCode, rb.StatusCode)
	}
	if ra.Header.Get("ETag") != rb.Header.Get("ETag") || string(bodyA) != string(bodyB) {
		t.Fatal("replica B served another picture or ETag than replica A rendered")
	}
	if n := renders(t, a) + renders(t, b); n != 1 {
		t.Fatalf("two replicas rendered %v times; want once", n)
	}
	if n := fake.Hits(espntest.TeamsPath("basketball", "nba")); n != 1 {
		t.Fatalf("the NBA team list was fetched %d times by two replicas; want once (shared roster)", n)
	}

	// Redis stops: both replicas keep answering from their own work.
	rds.Stop()
	for i, svc := range []*service{a, b, a, b} {
		path := "/nba/lakers/celtics/cover?style=" + []string{"1", "2", "3", "4"}[i]
		if resp, body := svc.get(t, path); resp.StatusCode != 200 {
			t.Fatalf("%s with Redis stopped: %d %s", path, resp.StatusCode, body)
		}
	}
	if _, body := a.get(t, "/health"); !strings.Contains(string(body), `"redis":"down"`) {
		t.Fatalf("/health with Redis stopped: %s", body)
	}
	if !strings.Contains(a.logs.String(), "redis unreachable") {
		t.Fatal("no log line says Redis went down")
	}

	rds.Restart()
	deadline := time.Now().Add(5 * time.Second)
	for {
		_, ha := a.get(t, "/health")
		_, hb := b.get(t, "/health")
		if strings.Contains(string(ha), `"redis":"up"`) && strings.Contains(string(hb), `"redis":"up"`) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("replicas did not reconnect to Redis")
		}
		time.Sleep(50 * time.Millisecond)
	}
	before := renders(t, a) + renders(t, b)
	a.get(t, "/nba/lakers/celtics/logo?style=3")
	b.get(t, "/nba/lakers/celtics/logo?style=3")
	if n := renders(t, a) + renders(t, b) - before; n != 1 {
		t.Fatalf("after Redis came back a new picture rendered %v times; want once", n)
	}
}

// renders reads gamethumbs_renders_total{result="ok"} from /metrics.
func renders(t *testing.T, s *service) float64 {
	t.Helper()
	_, body := s.get(t, "/metrics")
	for _, line := range strings.Split(string(body), "\n") {
		if strings.HasPrefix(line, `gamethumbs_renders_total{result="ok"}`) {
			var v float64
			f := strings.Fields(line)
			if _, err := fmt.Sscan(f[1], &v); err == nil {
				return v
			}
		}
	}
	return 0
}
