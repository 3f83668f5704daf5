package connlimit

import (
	"errors"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

func serve(t *testing.T, max int) (*Listener, string) {
	t.Helper()
	tcp, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ln := Listen(tcp, max)
	srv := &http.Server{
		Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if Overflow(r.Context()) && r.URL.Path != "/health" {
				w.Header().Set("Connection", "close")
				http.Error(w, "full", http.StatusServiceUnavailable)
				return
			}
			io.WriteString(w, "ok")
		}),
		ConnContext: ConnContext,
		ConnState:   ln.ConnState,
	}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	return ln, "http://" + tcp.Addr().String()
}

func get(t *testing.T, c *http.Client, url string) int {
	t.Helper()
	resp, err := c.Get(url)
	if err != nil {
		t.Fatalf("GET %s: %v", url, err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp.StatusCode
}

// TestIdleConnectionsMakeRoom: at the cap, an idle keep-alive connection
// is closed for a new client instead of refusing it.
func TestIdleConnectionsMakeRoom(t *testing.T) {
	ln, base := serve(t, 2)
	var keep []*http.Client
	for range 2 {
		c := &http.Client{Transport: &http.Transport{}}
		keep = append(keep, c)
		if code := get(t, c, base+"/"); code != 200 {
			t.Fatalf("first clients = %d", code)
		}
	}
	time.Sleep(50 * time.Millisecond) // both connections are idle now
	fresh := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}}
	if code := get(t, fresh, base+"/"); code != 200 {
		t.Errorf("new client at the cap with idle connections = %d, want 200", code)
	}
	if n := ln.Open(); n > 2 {
		t.Errorf("%d connections open, want at most 2", n)
	}
	// The client whose connection was closed reconnects transparently.
	for _, c := range keep {
		if code := get(t, c, base+"/"); code != 200 {
			t.Errorf("client after its idle connection was closed = %d", code)
		}
	}
}

// TestBusyConnectionsOverflow: at the cap with every connection busy,
// /health is still answered and other requests get 503 at once; past the
// reserve, connections are closed.
func TestBusyConnectionsOverflow(t *testing.T) {
	ln, base := serve(t, 2)
	addr := strings.TrimPrefix(base, "http://")
	// Two connections that never send a whole request: busy, not idle.
	for range 2 {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		c.Write([]byte("GET / HTTP/1.1\r\n"))
	}
	time.Sleep(50 * time.Millisecond)
	c := &http.Client{Timeout: time.Second, Transport: &http.Transport{DisableKeepAlives: true}}
	if code := get(t, c, base+"/health"); code != 200 {
		t.Errorf("/health at the cap = %d, want 200", code)
	}
	if code := get(t, c, base+"/work"); code != 503 {
		t.Errorf("other request at the cap = %d, want 503", code)
	}
	// Fill the reserve with silent connections: the next one is closed.
	var silent []net.Conn
	for range ln.reserve {
		s, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		silent = append(silent, s)
	}
	defer func() {
		for _, s := range silent {
			s.Close()
		}
	}()
	time.Sleep(50 * time.Millisecond)
	extra, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer extra.Close()
	extra.SetReadDeadline(time.Now().Add(5 * time.Second)) // generous: a loaded machine accepts late
	var ne net.Error
	if n, err := extra.Read(make([]byte, 1)); err == nil || n > 0 || (errors.As(err, &ne) && ne.Timeout()) {
		t.Errorf("connection past the reserve was kept open (read %d, %v)", n, err)
	}
}

func TestDefaultMax(t *testing.T) {
	for _, tt := range []struct {
		files uint64
		want  int
	}{{0, 1024}, {20, 32}, {128, 96}, {1024, 768}, {1 << 20, 16384}} {
		if got := defaultMax(tt.files); got != tt.want {
			t.Errorf("defaultMax(%d) = %d, want %d", tt.files, got, tt.want)
		}
	}
}
