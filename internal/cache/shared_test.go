package cache_test

import (
	"context"
	"io"
	"log/slog"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

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

// A provider entry copied under another key (another league's roster) or
// cut short in Redis is a miss: the Store loads the value itself and
// replaces the entry.
func TestSharedStoreRefusesAnotherKeysEntry(t *testing.T) {
	srv := redistest.Start(t)
	c, err := cluster.New(cluster.Config{URL: srv.URL(), Prefix: "t:", Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	rdb := redis.NewClient(&redis.Options{Addr: srv.Addr()})
	defer rdb.Close()
	ctx := context.Background()
	newStore := func() *cache.Store[[]string] {
		s := cache.NewStore[[]string](time.Hour)
		s.Share(c, "teams", cache.Gob[[]string]())
		return s
	}
	load := func(v ...string) func(context.Context) ([]string, error) {
		return func(context.Context) ([]string, error) { return v, nil }
	}
	if _, err := newStore().Get(ctx, "nba", load("lakers", "celtics")); err != nil {
		t.Fatal(err)
	}
	if _, err := newStore().Get(ctx, "nfl", load("bears", "packers")); err != nil {
		t.Fatal(err)
	}
	nba, err1 := rdb.Get(ctx, "t:teams:nba").Bytes()
	nfl, err2 := rdb.Get(ctx, "t:teams:nfl").Bytes()
	if err1 != nil || err2 != nil {
		t.Fatal(err1, err2)
	}
	for name, bad := range map[string][]byte{"swapped": nba, "truncated": nfl[:len(nfl)-3]} {
		rdb.Set(ctx, "t:teams:nfl", bad, time.Hour)
		got, err := newStore().Get(ctx, "nfl", load("bears", "packers"))
		if err != nil || len(got) != 2 || got[0] != "bears" {
			t.Fatalf("%s entry: Get(nfl) = %v, %v; want the NFL roster loaded again", name, got, err)
		}
		if again, _ := newStore().Get(ctx, "nfl", load("not", "loaded")); len(again) != 2 || again[0] != "bears" {
			t.Fatalf("%s entry was not replaced: the next replica got %v", name, again)
		}
	}
}
