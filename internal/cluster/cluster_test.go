package cluster_test

import (
	"context"
	"log/slog"
	"strings"
	"testing"
	"time"

	"gamethumbs/internal/cluster"
	"gamethumbs/internal/cluster/redistest"
	"gamethumbs/internal/testutil"
)

func newClient(t *testing.T, url string, log *testutil.LockedBuffer) *cluster.Client {
	t.Helper()
	if log == nil {
		log = &testutil.LockedBuffer{}
	}
	c, err := cluster.New(cluster.Config{URL: url, Prefix: "t:", ProbeEvery: 50 * time.Millisecond,
		Logger: slog.New(slog.NewTextHandler(log, nil))})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

func TestValuesAndLocksAcrossClients(t *testing.T) {
	srv := redistest.Start(t)
	a, b := newClient(t, srv.URL(), nil), newClient(t, srv.URL(), nil)
	ctx := context.Background()
	if _, ok := b.Get(ctx, "k"); ok {
		t.Fatal("hit before any Set")
	}
	a.Set(ctx, "k", []byte("value"), time.Minute)
	if v, ok := b.Get(ctx, "k"); !ok || string(v) != "value" {
		t.Fatalf("b.Get = %q, %v; want the value a stored", v, ok)
	}

	unlock, held, err := a.Lock(ctx, "lock", time.Second)
	if err != nil || !held {
		t.Fatalf("first Lock: held=%v err=%v", held, err)
	}
	if _, held2, _ := b.Lock(ctx, "lock", time.Second); held2 {
		t.Fatal("a second replica took a held lock")
	}
	// The loser waits for the winner's value.
	go func() {
		time.Sleep(60 * time.Millisecond)
		a.Set(ctx, "result", []byte("made once"), time.Minute)
		unlock()
	}()
	v, ok := b.WaitFor(ctx, "result", "lock", 2*time.Second)
	if !ok || string(v) != "made once" {
		t.Fatalf("WaitFor = %q, %v", v, ok)
	}
	if _, held3, _ := b.Lock(ctx, "lock", time.Second); !held3 {
		t.Fatal("lock not released by unlock")
	}
}

func TestGCRASharedLimit(t *testing.T) {
	srv := redistest.Start(t)
	a, b := newClient(t, srv.URL(), nil), newClient(t, srv.URL(), nil)
	ctx := context.Background()
	allowed := 0
	for i := range 20 {
		c := a
		if i%2 == 1 {
			c = b
		}
		d, err := c.Allow(ctx, "image|192.0.2.1", 10, time.Minute)
		if err != nil {
			t.Fatal(err)
		}
		if d.Allowed {
			allowed++
		} else if d.RetryAfter <= 0 || d.RetryAfter > 7*time.Second {
			t.Fatalf("denied with RetryAfter %v; want about one emission interval (6 s)", d.RetryAfter)
		}
	}
	if allowed != 10 {
		t.Fatalf("two replicas together allowed %d of 20 requests; the shared limit is 10", allowed)
	}
	if d, _ := a.Allow(ctx, "image|192.0.2.2", 10, time.Minute); !d.Allowed || d.Remaining != 9 {
		t.Fatalf("another client: %+v; want allowed with 9 remaining", d)
	}
}

func TestDownThenBack(t *testing.T) {
	srv := redistest.Start(t)
	log := &testutil.LockedBuffer{}
	c := newClient(t, srv.URL(), log)
	ctx := context.Background()
	c.Set(ctx, "k", []byte("v"), time.Minute)
	srv.Stop()

	start := time.Now()
	for range 50 {
		if _, ok := c.Get(ctx, "k"); ok {
			t.Fatal("hit from a stopped Redis")
		}
		if _, err := c.Allow(ctx, "x", 1, time.Minute); err == nil {
			t.Fatal("Allow without Redis returned no error; callers would not fall back")
		}
	}
	if el := time.Since(start); el > 2*time.Second {
		t.Fatalf("100 calls against a stopped Redis took %v; each must fail fast", el)
	}
	if c.Up() {
		t.Fatal("Up() true with Redis stopped")
	}
	if n := strings.Count(log.String(), "redis unreachable"); n != 1 {
		t.Fatalf("logged %d down lines; want exactly one\n%s", n, log.String())
	}

	srv.Restart()
	deadline := time.Now().Add(3 * time.Second)
	for !c.Up() {
		if time.Now().After(deadline) {
			t.Fatal("client did not notice Redis is back")
		}
		time.Sleep(20 * time.Millisecond)
	}
	c.Set(ctx, "k2", []byte("v2"), time.Minute)
	if v, ok := c.Get(ctx, "k2"); !ok || string(v) != "v2" {
		t.Fatal("sharing did not resume after Redis came back")
	}
	if !strings.Contains(log.String(), "redis reachable again") {
		t.Fatalf("no recovery line in the log:\n%s", log.String())
	}
}

func TestStartsDownWhenUnreachable(t *testing.T) {
	c := newClient(t, "redis://127.0.0.1:1/0", nil)
	if c.Up() {
		t.Fatal("Up with nothing listening")
	}
	if _, ok := c.Get(context.Background(), "k"); ok {
		t.Fatal("hit with nothing listening")
	}
}

func TestBadURLHidesPassword(t *testing.T) {
	_, err := cluster.New(cluster.Config{URL: "http://user:s3cretpw@host:6379"})
	if err == nil {
		t.Fatal("http:// accepted as a Redis URL")
	}
	if strings.Contains(err.Error(), "s3cretpw") {
		t.Fatalf("error shows the password: %v", err)
	}
}

func TestNilClient(t *testing.T) {
	var c *cluster.Client
	ctx := context.Background()
	c.Set(ctx, "k", nil, time.Second)
	if _, ok := c.Get(ctx, "k"); ok || c.Up() {
		t.Fatal("nil client claims data")
	}
	if _, held, _ := c.Lock(ctx, "l", time.Second); held {
		t.Fatal("nil client held a lock")
	}
}
