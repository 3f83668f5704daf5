package httpframe

import (
	"bufio"
	"bytes"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"
)

// server serves a handler that records every request it sees (method,
// path and body) on a guarded listener.
type server struct {
	addr string
	mu   sync.Mutex
	seen []string
}

func newServer(t *testing.T) *server {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s := &server{addr: ln.Addr().String()}
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		s.mu.Lock()
		s.seen = append(s.seen, r.Method+" "+r.URL.Path+" "+string(body))
		s.mu.Unlock()
		io.WriteString(w, "ok "+r.URL.Path)
	}), ReadHeaderTimeout: 5 * time.Second, MaxHeaderBytes: 64 << 10}
	go srv.Serve(Listen(ln))
	t.Cleanup(func() { srv.Close() })
	return s
}

func (s *server) requests() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.seen...)
}

// exchange sends raw on one connection, in pieces of size step (0: at
// once), and returns everything the server sent until it closed the
// connection or went quiet.
func (s *server) exchange(t *testing.T, raw string, step int) string {
	t.Helper()
	c, err := net.Dial("tcp", s.addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if step <= 0 {
		step = len(raw)
	}
	for i := 0; i < len(raw); i += step {
		if _, err := c.Write([]byte(raw[i:min(i+step, len(raw))])); err != nil {
			break // the server closed the connection: the rest is never read
		}
	}
	c.SetReadDeadline(time.Now().Add(2 * time.Second))
	out, _ := io.ReadAll(c)
	return string(out)
}

// statuses returns the status lines of a byte stream of responses.
func statuses(t *testing.T, out string) []string {
	var st []string
	br := bufio.NewReader(strings.NewReader(out))
	for {
		resp, err := http.ReadResponse(br, nil)
		if err != nil {
			return st
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		st = append(st, resp.Status)
	}
}

const smuggle = "POST /first HTTP/1.1\r\nHost: x\r\nContent-Length: 44\r\nTransfer-Encoding: chunked\r\n\r\n" +
	"0\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: x\r\n\r\n"

// TestRejectsContentLengthWithTransferEncoding: the smuggling attempt is
// answered 400 with Connection: close, the connection is closed, and no
// request of it (the smuggled one least of all) reaches the handler,
// however the bytes are split.
func TestRejectsContentLengthWithTransferEncoding(t *testing.T) {
	for _, step := range []int{0, 1, 7, 64} {
		s := newServer(t)
		out := s.exchange(t, smuggle, step)
		if st := statuses(t, out); len(st) != 1 || st[0] != "400 Bad Request" || !strings.Contains(out, "Connection: close") {
			t.Errorf("step %d: answers %q:\n%s", step, st, out)
		}
		if strings.Contains(out, "smuggled") {
			t.Errorf("step %d: the smuggled request was answered:\n%s", step, out)
		}
		if seen := s.requests(); len(seen) != 0 {
			t.Errorf("step %d: the handler saw %q", step, seen)
		}
	}
	// Obfuscated forms: letter case, a list of codings, the headers in the
	// other order, a second request on a kept-alive connection.
	for _, raw := range []string{
		"POST / HTTP/1.1\r\nHost: x\r\ntransfer-encoding: gzip, chunked\r\ncontent-length: 3\r\n\r\n0\r\n\r\n",
		"GET /a HTTP/1.1\r\nHost: x\r\n\r\nPOST /b HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: x\r\n\r\n",
		"POST /a HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\nPOST /b HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Length: 0\r\n\r\n0\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: x\r\n\r\n",
	} {
		s := newServer(t)
		out := s.exchange(t, raw, 0)
		st := statuses(t, out)
		if len(st) == 0 || st[len(st)-1] != "400 Bad Request" || strings.Contains(out, "smuggled") || strings.Contains(out, "ok /b") {
			t.Errorf("%q: answers %q:\n%s", raw, st, out)
		}
		for _, r := range s.requests() {
			if !strings.HasPrefix(r, "GET /a") && !strings.HasPrefix(r, "POST /a") {
				t.Errorf("%q: the handler saw %q", raw, r)
			}
		}
	}
}

// TestPassesWellFramedRequests: pipelined requests with Content-Length
// and chunked bodies (with extensions and trailers) all reach the handler
// with their bodies, in order, however the bytes are split.
func TestPassesWellFramedRequests(t *testing.T) {
	raw := "POST /one HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello" +
		"POST /two HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n3;ext=1\r\nabc\r\n10\r\n0123456789abcdef\r\n0\r\nX-Trailer: t\r\n\r\n" +
		"\r\nGET /three HTTP/1.1\r\nHost: x\r\n\r\n" +
		"POST /four HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
	want := []string{"POST /one hello", "POST /two abc0123456789abcdef", "GET /three ", "POST /four "}
	for _, step := range []int{0, 1, 5, 33} {
		s := newServer(t)
		out := s.exchange(t, raw, step)
		if st := statuses(t, out); len(st) != 4 {
			t.Errorf("step %d: %d answers %q:\n%s", step, len(st), st, out)
		}
		if got := s.requests(); strings.Join(got, "|") != strings.Join(want, "|") {
			t.Errorf("step %d: the handler saw %q, want %q", step, got, want)
		}
	}
}

// TestOversizedHeaderPasses: a header block over MaxHeader is passed on
// unchecked, and net/http refuses it itself (431).
func TestOversizedHeaderPasses(t *testing.T) {
	s := newServer(t)
	raw := "GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + strings.Repeat("a", MaxHeader+10) + "\r\n\r\n"
	out := s.exchange(t, raw, 0)
	if st := statuses(t, out); len(st) != 1 || !strings.HasPrefix(st[0], "431") {
		t.Errorf("answers %q", st)
	}
}

// FuzzFrame: whatever arrives, the guard never passes on a request with
// both headers, and passes every byte of other streams unchanged.
func FuzzFrame(f *testing.F) {
	f.Add([]byte(smuggle), uint8(3))
	f.Add([]byte("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nabcde\r\n0\r\n\r\n"), uint8(1))
	f.Fuzz(func(t *testing.T, in []byte, step uint8) {
		a, b := net.Pipe()
		c := &conn{Conn: a}
		go func() {
			s := max(int(step), 1)
			for i := 0; i < len(in); i += s {
				if _, err := b.Write(in[i:min(i+s, len(in))]); err != nil {
					return
				}
			}
			b.Close()
		}()
		go io.Copy(io.Discard, b) // the rejection, if any
		out, _ := io.ReadAll(c)
		a.Close()
		if !bytes.HasPrefix(in, out) {
			t.Fatalf("passed on %q, not a prefix of %q", out, in)
		}
		if bytes.Contains(bytes.ToLower(out), []byte("content-length")) && bytes.Contains(bytes.ToLower(out), []byte("transfer-encoding")) {
			if amb, _, _ := frame(out[:max(headerEnd(out), 0)]); amb {
				t.Fatalf("passed on an ambiguous header: %q", out)
			}
		}
	})
}
