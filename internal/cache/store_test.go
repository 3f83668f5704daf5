package cache

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) Add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

func TestStoreCachesUntilTTL(t *testing.T) {
	clk := &clock{t: time.Unix(1000, 0)}
	s := NewStore[int](time.Hour)
	s.Now = clk.Now
	var calls int
	load := func(context.Context) (int, error) { calls++; return calls, nil }
	ctx := context.Background()
	for range 3 {
		if v, err := s.Get(ctx, "k", load); err != nil || v != 1 {
			t.Fatalf("Get = %d, %v; want 1, nil", v, err)
		}
	}
	clk.Add(time.Hour)
	if v, _ := s.Get(ctx, "k", load); v != 2 {
		t.Fatalf("Get after TTL = %d, want 2 (reloaded)", v)
	}
}

func TestStoreServesStaleOnError(t *testing.T) {
	clk := &clock{t: time.Unix(1000, 0)}
	s := NewStore[string](time.Minute)
	s.Now = clk.Now
	ctx := context.Background()
	if _, err := s.Get(ctx, "k", func(context.Context) (string, error) { return "good", nil }); err != nil {
		t.Fatal(err)
	}
	clk.Add(2 * time.Minute)
	var fails int
	bad := func(context.Context) (string, error) { fails++; return "", errors.New("down") }
	v, err := s.Get(ctx, "k", bad)
	if err != nil || v != "good" {
		t.Fatalf("Get with failing loader = %q, %v; want stale \"good\", nil", v, err)
	}
	// Within the back-off the failing loader is not called again.
	s.Get(ctx, "k", bad)
	if fails != 1 {
		t.Fatalf("loader called %d times during back-off, want 1", fails)
	}
	// Without an older value the error comes through.
	if _, err := s.Get(ctx, "other", bad); err == nil {
		t.Fatal("Get of a new key with failing loader returned nil error")
	}
}

func TestStoreCoalescesConcurrentLoads(t *testing.T) {
	s := NewStore[int](time.Hour)
	var calls atomic.Int32
	release := make(chan struct{})
	load := func(context.Context) (int, error) {
		calls.Add(1)
		<-release
		return 7, nil
	}
	var wg sync.WaitGroup
	for range 50 {
		wg.Go(func() {
			if v, err := s.Get(context.Background(), "k", load); v != 7 || err != nil {
				t.Errorf("Get = %d, %v", v, err)
			}
		})
	}
	time.Sleep(20 * time.Millisecond)
	close(release)
	wg.Wait()
	if n := calls.Load(); n != 1 {
		t.Fatalf("50 concurrent Gets made %d loads, want 1", n)
	}
}

func TestStoreCallerCancelDoesNotFailSharedLoad(t *testing.T) {
	s := NewStore[int](time.Hour)
	release := make(chan struct{})
	load := func(ctx context.Context) (int, error) {
		<-release
		return 1, ctx.Err()
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() { _, err := s.Get(ctx, "k", load); done <- err }()
	time.Sleep(10 * time.Millisecond)
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled caller got %v, want context.Canceled", err)
	}
	close(release)
	if v, err := s.Get(context.Background(), "k", load); err != nil || v != 1 {
		t.Fatalf("second caller got %d, %v; want 1, nil", v, err)
	}
}

func TestStoreBackgroundRefresh(t *testing.T) {
	clk := &clock{t: time.Unix(1000, 0)}
	s := NewStore[int](time.Hour)
	s.Now = clk.Now
	s.Refresh = 50 * time.Minute
	var calls atomic.Int32
	loaded := make(chan struct{}, 4)
	load := func(context.Context) (int, error) {
		n := calls.Add(1)
		loaded <- struct{}{}
		return int(n), nil
	}
	s.Get(context.Background(), "k", load)
	<-loaded
	clk.Add(55 * time.Minute)
	if v, _ := s.Get(context.Background(), "k", load); v != 1 {
		t.Fatalf("Get during refresh window = %d, want the cached 1 at once", v)
	}
	select {
	case <-loaded:
	case <-time.After(5 * time.Second):
		t.Fatal("no background refresh happened")
	}
	deadline := time.Now().Add(5 * time.Second)
	for {
		if v, _ := s.Peek("k"); v == 2 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("refreshed value never stored")
		}
		time.Sleep(time.Millisecond)
	}
}
