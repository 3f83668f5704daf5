package cache

import (
	"context"
	"io"
	"log/slog"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"gamethumbs/internal/cluster"
	"gamethumbs/internal/cluster/redistest"
)

// BenchmarkSharedImageHit measures a hit of the Redis tier on loopback:
// one GET of a 160 KB thumbnail and its decoding, as a replica does for a
// picture another replica rendered. It reports the median and 99th
// percentile latency and Redis's own memory use of the entry.
func BenchmarkSharedImageHit(b *testing.B) {
	srv := redistest.Start(b)
	c, err := cluster.New(cluster.Config{URL: srv.URL(), Prefix: "bench:", Timeout: time.Second,
		Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		b.Fatal(err)
	}
	defer c.Close()
	s := NewShared(c, "img:", 1<<20, time.Hour)
	data := make([]byte, 160<<10)
	for i := range data {
		data[i] = byte(rand.IntN(256))
	}
	img := NewImage(data, "image/png", time.Now())
	ctx := context.Background()
	if err := s.Set(ctx, "thumb", img); err != nil {
		b.Fatal(err)
	}

	lat := make([]time.Duration, 0, b.N)
	b.SetBytes(int64(len(data)))
	b.ResetTimer()
	for b.Loop() {
		t0 := time.Now()
		got, ok := s.Get(ctx, "thumb")
		lat = append(lat, time.Since(t0))
		if !ok || len(got.Data) != len(data) {
			b.Fatal("miss")
		}
	}
	b.StopTimer()
	slices.Sort(lat)
	b.ReportMetric(float64(lat[len(lat)/2].Microseconds()), "p50-µs")
	b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds()), "p99-µs")

	rdb := redis.NewClient(&redis.Options{Addr: srv.Addr()})
	defer rdb.Close()
	if n, err := rdb.MemoryUsage(ctx, "bench:"+s.name("thumb")).Result(); err == nil {
		b.ReportMetric(float64(n), "redis-bytes/entry")
		b.ReportMetric(float64(n-int64(len(data))), "overhead-bytes/entry")
	}
}
