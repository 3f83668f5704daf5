package xcproxy

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"testing"

	"github.com/redis/go-redis/v9"

	"gamethumbs/internal/cluster"
	"gamethumbs/internal/cluster/redistest"
)

// Two proxy replicas sharing a Redis download a panel's guide once: the
// second takes the parsed logo map the first stored, and both rewrite the
// playlist to the same bytes. The key holds no credential.
func TestGuideSharedAcrossReplicas(t *testing.T) {
	rds := redistest.Start(t)
	p := newFakePanel(t)
	p.serveFile(t, "/get.php", "testdata/xc_get_m3u_plus.crlf.m3u", "application/octet-stream")
	var bodies [][]byte
	for range 2 {
		c, err := cluster.New(cluster.Config{URL: rds.URL(), Prefix: "xc:", Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		tp := newTestProxy(t, p, func(cfg *Config) { cfg.Shared = c })
		resp, body := tp.get(t, "/xc/main/get.php?"+credQuery()+"&type=m3u_plus&output=ts", nil)
		if resp.StatusCode != 200 {
			t.Fatalf("status %d", resp.StatusCode)
		}
		bodies = append(bodies, bytes.ReplaceAll(body, []byte(tp.srv.URL), []byte("PROXY")))
		if tp.h.Stats().GuideSharedHits != int64(len(bodies)-1) {
			t.Fatalf("replica %d: %d guides from the shared tier", len(bodies), tp.h.Stats().GuideSharedHits)
		}
	}
	if n := p.guideHits.Load(); n != 1 {
		t.Fatalf("two replicas downloaded the guide %d times; want once", n)
	}
	if !bytes.Equal(bodies[0], bodies[1]) {
		t.Fatal("the replica with the shared guide rewrote the playlist differently")
	}
	if !bytes.Contains(bodies[0], []byte("tvg-logo=")) {
		t.Fatal("playlist has no logos")
	}
	keys := redisKeys(t, rds.Addr())
	for _, k := range keys {
		if bytes.Contains([]byte(k), []byte(testUser)) || bytes.Contains([]byte(k), []byte(testPass)) {
			t.Fatalf("a Redis key holds a credential: %q", k)
		}
	}
}

// redisKeys lists every key of the Redis at addr.
func redisKeys(t *testing.T, addr string) []string {
	t.Helper()
	rdb := redis.NewClient(&redis.Options{Addr: addr})
	defer rdb.Close()
	keys, err := rdb.Keys(context.Background(), "*").Result()
	if err != nil || len(keys) == 0 {
		t.Fatalf("KEYS: %v %v", keys, err)
	}
	return keys
}
