// Package cluster is the state that several gamethumbs replicas share
// through Redis (or Valkey): byte values with a time to live, short
// locks that let one replica do a piece of work for all, and a GCRA rate
// limiter. It is optional (REDIS_URL) and never required: every call has
// a short time budget, and while Redis is unreachable each call answers
// at once as a miss (or an error the caller treats as "decide locally")
// so replicas go on with their own caches and limits. A background probe
// notices when Redis is back.
package cluster

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"sync"
	"sync/atomic"
	"time"

	"github.com/redis/go-redis/v9"
)

// ErrDown is returned while Redis is known to be unreachable: the caller
// decides locally.
var ErrDown = errors.New("redis unavailable")

// Config configures a Client.
type Config struct {
	// URL is REDIS_URL: redis://, rediss:// or unix://.
	URL string
	// Prefix starts every key (REDIS_PREFIX), so several deployments can
	// share one Redis.
	Prefix string
	// Timeout is the budget of one call (REDIS_TIMEOUT); zero means 50 ms.
	Timeout time.Duration
	// ProbeEvery is how often a down Redis is tried again, and an up one
	// pinged (so an outage shows within seconds); zero means 1 s.
	ProbeEvery time.Duration
	// Logger receives one line when Redis goes down and one when it is
	// back. Nil means slog.Default().
	Logger *slog.Logger
}

// Client is a Redis connection with the failure rules above. A nil
// *Client is valid and behaves as "no Redis configured": every read
// misses, every write is dropped, every lock is refused.
type Client struct {
	rdb     *redis.Client
	prefix  string
	timeout time.Duration
	probe   time.Duration
	log     *slog.Logger
	addr    string // host:port or socket path, for logs (never credentials)

	up     atomic.Bool
	errs   atomic.Uint64
	slow   atomic.Int32 // timeouts in a row
	closed chan struct{}
	once   sync.Once
}

// quietLogger drops go-redis's own log lines (a dial error per pool
// attempt); the Client logs one line per change of state instead.
type quietLogger struct{}

func (quietLogger) Printf(context.Context, string, ...any) {}

var setLogger sync.Once

// New connects to cfg.URL. It returns an error only for a URL that cannot
// be used; an unreachable server is not an error: the client starts down
// and keeps probing.
func New(cfg Config) (*Client, error) {
	setLogger.Do(func() { redis.SetLogger(quietLogger{}) })
	opt, err := parseURL(cfg.URL)
	if err != nil {
		return nil, err
	}
	c := &Client{
		prefix:  cfg.Prefix,
		timeout: cfg.Timeout,
		probe:   cfg.ProbeEvery,
		log:     cfg.Logger,
		addr:    opt.Addr,
		closed:  make(chan struct{}),
	}
	if c.timeout <= 0 {
		c.timeout = 50 * time.Millisecond
	}
	if c.probe <= 0 {
		c.probe = time.Second
	}
	if c.log == nil {
		c.log = slog.Default()
	}
	// One budget per call: no retries inside go-redis, and its socket
	// timeouts follow the call's context.
	opt.MaxRetries = -1
	opt.ContextTimeoutEnabled = true
	opt.DialTimeout = max(4*c.timeout, 250*time.Millisecond)
	opt.ReadTimeout, opt.WriteTimeout = c.timeout, c.timeout
	opt.PoolSize = 32
	opt.MinIdleConns = 0
	opt.DisableIdentity = true // no CLIENT SETINFO round trips; Valkey and old servers differ
	c.rdb = redis.NewClient(opt)

	ctx, cancel := context.WithTimeout(context.Background(), opt.DialTimeout)
	defer cancel()
	if err := c.rdb.Ping(ctx).Err(); err != nil {
		c.errs.Add(1)
		c.fail(err)
	} else {
		c.up.Store(true)
	}
	go c.heartbeat()
	return c, nil
}

// heartbeat pings Redis every probe interval, so that Up (and with it
// /health and the metrics) follows Redis within seconds even when no
// request needs it: while Redis is up a refused connection marks it down
// at the next ping and a hung server after downAfter pings; while it is
// down the first ping answered marks it up again.
func (c *Client) heartbeat() {
	t := time.NewTicker(c.probe)
	defer t.Stop()
	for {
		select {
		case <-c.closed:
			return
		case <-t.C:
		}
		if c.up.Load() {
			_ = c.call(context.Background(), func(ctx context.Context) error { return c.rdb.Ping(ctx).Err() })
			continue
		}
		ctx, cancel := context.WithTimeout(context.Background(), max(4*c.timeout, 250*time.Millisecond))
		err := c.rdb.Ping(ctx).Err()
		cancel()
		if err == nil {
			c.up.Store(true)
			c.log.Info("redis reachable again: sharing resumes", "addr", c.addr)
		}
	}
}

// CheckURL reports whether raw is a REDIS_URL New accepts, without
// connecting; the error never holds the URL.
func CheckURL(raw string) error {
	_, err := parseURL(raw)
	return err
}

func parseURL(raw string) (*redis.Options, error) {
	opt, err := redis.ParseURL(raw)
	if err != nil {
		return nil, fmt.Errorf("REDIS_URL: %v", errorWithoutURL(err))
	}
	return opt, nil
}

// errorWithoutURL keeps go-redis's reason but never the URL, which may
// hold a password.
func errorWithoutURL(err error) string {
	msg := err.Error()
	if len(msg) > 120 {
		msg = msg[:120]
	}
	return "not a valid redis://, rediss:// or unix:// URL (" + redactURLs(msg) + ")"
}

// Close stops the probe and closes the connections.
func (c *Client) Close() error {
	if c == nil {
		return nil
	}
	c.once.Do(func() { close(c.closed) })
	return c.rdb.Close()
}

// Up reports whether Redis answered the last call. A nil Client is not up.
func (c *Client) Up() bool { return c != nil && c.up.Load() }

// Errors counts the calls that failed (timeouts, connection errors).
func (c *Client) Errors() uint64 {
	if c == nil {
		return 0
	}
	return c.errs.Load()
}

// key returns the full Redis key of a name.
func (c *Client) key(name string) string { return c.prefix + name }

// call runs f with the call budget, or refuses at once while Redis is down.
// A refused or broken connection marks Redis down at once; timeouts do
// after downAfter in a row (one slow answer on a busy machine is a miss,
// not an outage). An error reply of the server (a wrong type, a script
// error) or the caller giving up marks nothing.
func (c *Client) call(parent context.Context, f func(context.Context) error) error {
	if c == nil || !c.up.Load() {
		return ErrDown
	}
	ctx, cancel := context.WithTimeout(parent, c.timeout)
	defer cancel()
	err := f(ctx)
	var reply redis.Error
	if err == nil || errors.As(err, &reply) {
		c.slow.Store(0)
		return err
	}
	if parent.Err() != nil {
		return err
	}
	c.errs.Add(1)
	if isTimeout(err) && c.slow.Add(1) < downAfter {
		return err
	}
	c.fail(err)
	return err
}

// downAfter is how many timeouts in a row mark Redis down.
const downAfter = 3

// isTimeout reports whether err is a call running out of its budget.
func isTimeout(err error) bool {
	var ne net.Error
	return errors.Is(err, context.DeadlineExceeded) || (errors.As(err, &ne) && ne.Timeout())
}

// fail marks Redis down; the first failure after a success logs one line.
// The heartbeat marks it up again.
func (c *Client) fail(err error) {
	c.slow.Store(0)
	if c.up.Swap(false) || c.errs.Load() <= 1 {
		c.log.Warn("redis unreachable: replicas go on with local caches and limits",
			"addr", c.addr, "err", redactURLs(err.Error()))
	}
}

// token returns a random lock owner token.
func token() string {
	var b [12]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}
