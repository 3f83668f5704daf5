package cluster

import (
	"context"
	"time"

	"github.com/redis/go-redis/v9"
)

// Get returns the value stored under name. A miss, a nil Client, an
// unreachable Redis and a value that is not sound (see seal.go: another
// key's value, truncated, garbled) all answer false.
func (c *Client) Get(ctx context.Context, name string) ([]byte, bool) {
	var v []byte
	err := c.call(ctx, func(ctx context.Context) error {
		var err error
		v, err = c.rdb.Get(ctx, c.key(name)).Bytes()
		return err
	})
	if err != nil {
		return nil, false
	}
	return unseal(c.key(name), v)
}

// Set stores value under name for ttl, sealed with a hash of its key and
// a checksum (seal.go). Failures are dropped: the value simply stays
// local.
func (c *Client) Set(ctx context.Context, name string, value []byte, ttl time.Duration) {
	if c == nil {
		return
	}
	sealed := seal(c.key(name), value)
	_ = c.call(ctx, func(ctx context.Context) error {
		return c.rdb.Set(ctx, c.key(name), sealed, ttl).Err()
	})
}

// Delete removes name. Failures are dropped: the value expires anyway.
func (c *Client) Delete(ctx context.Context, name string) {
	_ = c.call(ctx, func(ctx context.Context) error {
		return c.rdb.Del(ctx, c.key(name)).Err()
	})
}

// unlockScript deletes a lock only while it still holds the caller's
// token, so a lock that expired and was taken by another replica is left
// alone.
var unlockScript = redis.NewScript(`if redis.call("GET", KEYS[1]) == ARGV[1] then return redis.call("DEL", KEYS[1]) end return 0`)

// Lock tries to take the lock name for at most ttl. It reports whether the
// caller holds it; unlock releases it early (safe to call more than once).
// While Redis is down nobody holds a lock and the error is ErrDown, so
// the caller does the work itself rather than wait.
func (c *Client) Lock(ctx context.Context, name string, ttl time.Duration) (unlock func(), held bool, err error) {
	tok := token()
	err = c.call(ctx, func(ctx context.Context) error {
		var e error
		held, e = c.rdb.SetNX(ctx, c.key(name), tok, ttl).Result()
		return e
	})
	if err != nil || !held {
		return func() {}, false, err
	}
	done := false
	return func() {
		if done {
			return
		}
		done = true
		_ = c.call(context.Background(), func(ctx context.Context) error {
			return unlockScript.Run(ctx, c.rdb, []string{c.key(name)}, tok).Err()
		})
	}, true, nil
}

// Locked reports whether somebody holds the lock name. It answers false
// when Redis is down.
func (c *Client) Locked(ctx context.Context, name string) bool {
	var n int64
	err := c.call(ctx, func(ctx context.Context) error {
		var e error
		n, e = c.rdb.Exists(ctx, c.key(name)).Result()
		return e
	})
	return err == nil && n > 0
}

// WaitFor polls name until it holds a value, the lock named lock is
// released, or wait passes. It returns the value when one appeared.
func (c *Client) WaitFor(ctx context.Context, name, lock string, wait time.Duration) ([]byte, bool) {
	deadline := time.Now().Add(wait)
	delay := 10 * time.Millisecond
	for {
		if v, ok := c.Get(ctx, name); ok {
			return v, true
		}
		if !c.Up() || !c.Locked(ctx, lock) || time.Now().After(deadline) {
			// One last look: the winner may have stored and unlocked
			// between the two calls.
			return c.Get(ctx, name)
		}
		t := time.NewTimer(min(delay, time.Until(deadline)))
		select {
		case <-ctx.Done():
			t.Stop()
			return nil, false
		case <-t.C:
		}
		delay = min(2*delay, 80*time.Millisecond)
	}
}
