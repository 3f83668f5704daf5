package cache_test

import (
	"context"
	"io"
	"log/slog"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"gamethumbs/internal/cache"
	"gamethumbs/internal/cluster"
	"gamethumbs/internal/cluster/redistest"
)

func sharedStores(t *testing.T, n int) []*cache.Store[[]string] {
	t.Helper()
	srv := redistest.Start(t)
	var out []*cache.Store[[]string]
	for range n {
		c, err := cluster.New(cluster.Config{URL: srv.URL(), Prefix: "t:", Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		s := cache.NewStore[[]string](time.Hour)
		s.Refresh = 54 * time.Minute
		s.Share(c, "teams", cache.Gob[[]string]())
		out = append(out, s)
	}
	return out
}

func TestSharedStoreLoadsOnceForAllReplicas(t *testing.T) {
	stores := sharedStores(t, 3)
	var calls atomic.Int32
	load := func(context.Context) ([]string, error) {
		calls.Add(1)
		time.Sleep(100 * time.Millisecond) // a provider call
		return []string{"Lakers", "Celtics"}, nil
	}
	var wg sync.WaitGroup
	for i := range 9 {
		wg.Go(func() {
			v, err := stores[i%3].Get(context.Background(), "nba", load)
			if err != nil || len(v) != 2 || v[1] != "Celtics" {
				t.Errorf("Get = %v, %v", v, err)
			}
		})
	}
	wg.Wait()
	if n := calls.Load(); n != 1 {
		t.Fatalf("three replicas called the provider %d times for one roster; want once", n)
	}
}

func TestSharedStoreWithoutTierLoadsLocally(t *testing.T) {
	s := cache.NewStore[[]string](time.Hour)
	s.Share(nil, "teams", cache.Gob[[]string]())
	v, err := s.Get(context.Background(), "k", func(context.Context) ([]string, error) { return []string{"a"}, nil })
	if err != nil || len(v) != 1 {
		t.Fatalf("Get = %v, %v", v, err)
	}
}
