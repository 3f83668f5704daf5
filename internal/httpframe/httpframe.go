// Package httpframe guards a server's connections against request
// smuggling: a request that gives both Content-Length and
// Transfer-Encoding (RFC 9112, section 6.1: a server must reject it or
// close the connection after it) is answered 400 and its connection
// closed before net/http reads a byte of it, so nothing behind it on the
// connection is ever answered.
//
// A guarded connection holds back each request's header block until it is
// complete (at most MaxHeader bytes; a longer one is passed on as it is,
// for net/http to refuse), checks it, and follows the request's body
// (Content-Length, or chunked coding) to the start of the next request on
// the connection, so every pipelined or keep-alive request is checked.
// Bytes are passed on unchanged.
package httpframe

import (
	"bytes"
	"net"
	"strconv"
	"sync"
)

// MaxHeader bounds the header block a connection holds back: above it the
// connection's bytes pass unchecked (net/http answers 431 for its own
// limit, which the server keeps lower).
const MaxHeader = 80 << 10

// Listen wraps ln: every accepted connection is guarded.
func Listen(ln net.Listener) net.Listener { return &listener{ln} }

type listener struct{ net.Listener }

func (l *listener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return &conn{Conn: c}, nil
}

// rejection is the whole answer to an ambiguous request.
var rejection = func() []byte {
	body := `{"error":"request has both Content-Length and Transfer-Encoding"}` + "\n"
	return []byte("HTTP/1.1 400 Bad Request\r\nContent-Type: application/json; charset=utf-8\r\n" +
		"Connection: close\r\nContent-Length: " + strconv.Itoa(len(body)) + "\r\n\r\n" + body)
}()

// state is where a connection's byte stream is.
type state int

const (
	inHeader    state = iota // a request's header block
	inBody                   // Content-Length body: left bytes to go
	inChunkSize              // a chunk-size line
	inChunkData              // chunk data, left bytes, then its CRLF
	inChunkEnd               // the CRLF after chunk data
	inTrailer                // trailer lines after the last chunk
	unchecked                // gave up following the stream: pass through
)

// conn is a guarded connection.
type conn struct {
	net.Conn
	mu      sync.Mutex // Read is not called concurrently, but be safe
	buf     []byte     // read from Conn, not yet passed on; buf[:ok] is checked
	ok      int
	st      state
	left    int64 // bytes of body or chunk data to go
	dead    bool  // rejected: the connection is closed
	scratch [16 << 10]byte
}

func (c *conn) Read(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for c.ok == 0 {
		if c.dead {
			return 0, net.ErrClosed
		}
		if len(c.buf) > 0 {
			if !c.scan() {
				c.dead = true
				c.buf = nil
				_, _ = c.Conn.Write(rejection)
				_ = c.Conn.Close()
				return 0, net.ErrClosed
			}
			if c.ok > 0 {
				break
			}
		}
		n, err := c.Conn.Read(c.scratch[:])
		c.buf = append(c.buf, c.scratch[:n]...)
		if n == 0 && err != nil {
			if len(c.buf) == 0 {
				return 0, err
			}
			c.ok = len(c.buf) // an incomplete header at EOF: net/http judges it
			c.st = unchecked
		}
	}
	n := copy(p, c.buf[:c.ok])
	c.buf = c.buf[:copy(c.buf, c.buf[n:])]
	c.ok -= n
	return n, nil
}

// scan advances c.ok over the bytes of c.buf that may be passed on. It
// reports false when a header block is ambiguous.
func (c *conn) scan() bool {
	for c.ok < len(c.buf) {
		rest := c.buf[c.ok:]
		switch c.st {
		case unchecked:
			c.ok = len(c.buf)
		case inHeader:
			end := headerEnd(rest)
			if end < 0 {
				if len(rest) > MaxHeader {
					c.st = unchecked
					continue
				}
				return true // wait for the rest of the header
			}
			ambiguous, st, left := frame(rest[:end])
			if ambiguous {
				return false
			}
			c.ok += end
			c.st, c.left = st, left
		case inBody, inChunkData:
			n := int(min(c.left, int64(len(rest))))
			c.ok += n
			c.left -= int64(n)
			if c.left == 0 {
				if c.st == inBody {
					c.st = inHeader
				} else {
					c.st = inChunkEnd
				}
			}
		case inChunkEnd:
			// CRLF (or a bare LF) after chunk data.
			switch {
			case rest[0] == '\n':
				c.ok++
				c.st = inChunkSize
			case rest[0] != '\r':
				c.st = unchecked // malformed: net/http refuses it
			case len(rest) < 2:
				return true // wait for the LF
			case rest[1] == '\n':
				c.ok += 2
				c.st = inChunkSize
			default:
				c.st = unchecked
			}
		case inChunkSize, inTrailer:
			// A line is held back until it is complete (at most 4 KiB).
			nl := bytes.IndexByte(rest, '\n')
			if nl < 0 {
				if len(rest) > 4096 {
					c.st = unchecked
					continue
				}
				return true
			}
			line := bytes.TrimRight(rest[:nl], "\r")
			c.ok += nl + 1
			if c.st == inTrailer {
				if len(line) == 0 {
					c.st = inHeader // the empty line: the request is complete
				}
				continue
			}
			size, ok := chunkSize(line)
			switch {
			case !ok:
				c.st = unchecked
			case size == 0:
				c.st = inTrailer
			default:
				c.st, c.left = inChunkData, size
			}
		}
	}
	return true
}

// headerEnd returns the length of the header block at the start of b
// (through its empty line), or -1 when it is not complete. Empty lines
// before the request line are part of it.
func headerEnd(b []byte) int {
	i := 0
	for i < len(b) && (b[i] == '\r' || b[i] == '\n') {
		i++
	}
	for {
		nl := bytes.IndexByte(b[i:], '\n')
		if nl < 0 {
			return -1
		}
		next := i + nl + 1
		if next < len(b) && b[next] == '\n' {
			return next + 1
		}
		if next+1 < len(b) && b[next] == '\r' && b[next+1] == '\n' {
			return next + 2
		}
		if next >= len(b) || (b[next] == '\r' && next+1 >= len(b)) {
			return -1
		}
		i = next
	}
}

// frame reads a header block: whether it is ambiguous (both
// Content-Length and Transfer-Encoding), and where its body goes.
func frame(h []byte) (ambiguous bool, st state, left int64) {
	var cl, te []byte
	hasCL, hasTE := false, false
	first := true
	for line := range bytes.SplitSeq(h, []byte("\n")) {
		line = bytes.TrimRight(line, "\r")
		if len(line) == 0 {
			continue
		}
		if first {
			first = false
			continue // the request line
		}
		name, value, ok := bytes.Cut(line, []byte(":"))
		if !ok {
			continue
		}
		name = bytes.TrimSpace(name)
		switch {
		case bytes.EqualFold(name, []byte("Content-Length")):
			hasCL, cl = true, bytes.TrimSpace(value)
		case bytes.EqualFold(name, []byte("Transfer-Encoding")):
			hasTE = true
			te = append(append(te, ','), value...)
		}
	}
	switch {
	case hasCL && hasTE:
		return true, 0, 0
	case hasTE:
		codings := bytes.Split(te, []byte(","))
		if last := bytes.TrimSpace(codings[len(codings)-1]); bytes.EqualFold(last, []byte("chunked")) {
			return false, inChunkSize, 0
		}
		return false, unchecked, 0 // net/http refuses other codings
	case hasCL:
		n, err := strconv.ParseInt(string(cl), 10, 64)
		if err != nil || n < 0 {
			return false, unchecked, 0 // net/http refuses it
		}
		if n == 0 {
			return false, inHeader, 0
		}
		return false, inBody, n
	}
	return false, inHeader, 0
}

// chunkSize parses a chunk-size line (hex digits, optional extensions).
func chunkSize(line []byte) (int64, bool) {
	if i := bytes.IndexByte(line, ';'); i >= 0 {
		line = line[:i]
	}
	line = bytes.TrimSpace(line)
	if len(line) == 0 || len(line) > 15 {
		return 0, false
	}
	n, err := strconv.ParseInt(string(line), 16, 64)
	return n, err == nil && n >= 0
}
