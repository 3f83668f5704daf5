// Package connlimit caps the connections a server holds open, so that
// clients that never read (or never send) cannot use up the process's
// file descriptors, while health probes still get an answer.
//
// A Listener serves up to Max connections normally. Past that it accepts
// a small reserve of overflow connections with a short deadline: the
// handler answers a health probe on them and refuses anything else with
// 503 (see Overflow), then the connection closes. Past the reserve, new
// connections are closed at once.
package connlimit

import (
	"context"
	"net"
	"sync"
	"sync/atomic"
	"time"
)

// OverflowDeadline bounds everything an overflow connection does.
const OverflowDeadline = 2 * time.Second

// Listener is a net.Listener with a cap on open connections.
type Listener struct {
	net.Listener
	max, reserve  int64
	active, extra atomic.Int64
}

// Listen wraps ln so that at most max connections are open at once, plus
// a reserve of max/16 (at least 8) short-lived overflow connections.
func Listen(ln net.Listener, max int) *Listener {
	m := int64(max)
	return &Listener{Listener: ln, max: m, reserve: min(1024, m/16+8)}
}

// Accept waits for the next connection that fits in the cap or reserve.
func (l *Listener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		if l.active.Add(1) <= l.max {
			return &conn{Conn: c, count: &l.active}, nil
		}
		l.active.Add(-1)
		if l.extra.Add(1) <= l.reserve {
			_ = c.SetDeadline(time.Now().Add(OverflowDeadline))
			return &conn{Conn: c, count: &l.extra, overflow: true}, nil
		}
		l.extra.Add(-1)
		c.Close()
	}
}

// Open is the number of connections open, overflow ones included.
func (l *Listener) Open() int { return int(l.active.Load() + l.extra.Load()) }

type conn struct {
	net.Conn
	count    *atomic.Int64
	overflow bool
	once     sync.Once
}

func (c *conn) Close() error {
	c.once.Do(func() { c.count.Add(-1) })
	return c.Conn.Close()
}

type overflowKey struct{}

// ConnContext is an http.Server ConnContext hook that marks the requests
// of overflow connections (see Overflow).
func ConnContext(ctx context.Context, c net.Conn) context.Context {
	if cc, ok := c.(*conn); ok && cc.overflow {
		return context.WithValue(ctx, overflowKey{}, true)
	}
	return ctx
}

// Overflow reports whether the request of ctx arrived on an overflow
// connection: the server is at its cap, and only a health probe should
// be answered, with "Connection: close".
func Overflow(ctx context.Context) bool {
	v, _ := ctx.Value(overflowKey{}).(bool)
	return v
}
