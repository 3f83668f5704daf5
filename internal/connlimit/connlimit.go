// Package connlimit caps the connections a server holds open, so that
// clients that never read (or never send) cannot use up the process's
// file descriptors, while health probes still get an answer.
//
// A Listener serves up to Max connections normally. At the cap, a new
// connection first takes the place of an idle keep-alive connection (the
// server closes it; clients reconnect when they need it). With none idle
// it accepts a small reserve of overflow connections with a short
// deadline: the handler answers a health probe on them and refuses
// anything else with 503 (see Overflow), then the connection closes. Past
// the reserve, new connections are closed at once.
package connlimit

import (
	"context"
	"net"
	"net/http"
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

	mu   sync.Mutex
	idle map[*conn]struct{} // keep-alive connections waiting for a request
}

// Listen wraps ln so that at most max connections are open at once, plus
// a reserve of max/16 (at least 8) short-lived overflow connections.
func Listen(ln net.Listener, max int) *Listener {
	m := int64(max)
	return &Listener{Listener: ln, max: m, reserve: min(1024, m/16+8), idle: make(map[*conn]struct{})}
}

// ConnState is the http.Server ConnState hook that tells the listener
// which connections are idle, so that it can close one at the cap.
func (l *Listener) ConnState(c net.Conn, state http.ConnState) {
	cc, ok := c.(*conn)
	if !ok || cc.overflow {
		return
	}
	l.mu.Lock()
	if state == http.StateIdle {
		l.idle[cc] = struct{}{}
	} else {
		delete(l.idle, cc)
	}
	l.mu.Unlock()
}

// closeIdle closes one idle connection; false when there is none.
func (l *Listener) closeIdle() bool {
	l.mu.Lock()
	var victim *conn
	for c := range l.idle {
		victim = c
		break
	}
	delete(l.idle, victim)
	l.mu.Unlock()
	if victim == nil {
		return false
	}
	victim.Close()
	return true
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
		if l.closeIdle() {
			if l.active.Add(1) <= l.max {
				return &conn{Conn: c, count: &l.active}, nil
			}
			l.active.Add(-1) // another Accept took the place first
		}
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
