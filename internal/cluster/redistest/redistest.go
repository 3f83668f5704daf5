// Package redistest starts a real redis-server on a loopback port in a
// temporary directory for tests, and stops it at the end of the test.
// Tests that need it skip with a clear message when redis-server is not
// installed (CI installs the Debian package).
package redistest

import (
	"bufio"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
	"time"
)

// Server is a running redis-server.
type Server struct {
	t    testing.TB
	bin  string
	dir  string
	port int
	cmd  *exec.Cmd
}

// Start runs redis-server for the test, or skips the test when it is not
// installed.
func Start(t testing.TB) *Server {
	t.Helper()
	bin, err := exec.LookPath("redis-server")
	if err != nil {
		t.Skip("redis-server not installed (Debian package redis-server); skipping the shared-Redis test")
	}
	s := &Server{t: t, bin: bin, dir: t.TempDir(), port: freePort(t)}
	s.Restart()
	t.Cleanup(s.Stop)
	return s
}

// URL is the redis:// URL of the server.
func (s *Server) URL() string { return "redis://127.0.0.1:" + strconv.Itoa(s.port) + "/0" }

// Addr is host:port of the server.
func (s *Server) Addr() string { return "127.0.0.1:" + strconv.Itoa(s.port) }

// Restart starts the server again on the same port (after Stop).
func (s *Server) Restart() {
	s.t.Helper()
	if s.cmd != nil {
		return
	}
	cmd := exec.Command(s.bin, "--port", strconv.Itoa(s.port), "--bind", "127.0.0.1",
		"--dir", s.dir, "--save", "", "--appendonly", "no", "--protected-mode", "yes",
		"--daemonize", "no", "--loglevel", "warning", "--maxmemory", "64mb")
	out, err := cmd.StdoutPipe()
	if err != nil {
		s.t.Fatal(err)
	}
	cmd.Stderr = cmd.Stdout
	if err := cmd.Start(); err != nil {
		s.t.Fatalf("start redis-server: %v", err)
	}
	go func() { // drain its output so it never blocks on a full pipe
		sc := bufio.NewScanner(out)
		for sc.Scan() {
		}
	}()
	s.cmd = cmd
	deadline := time.Now().Add(5 * time.Second)
	for {
		c, err := net.DialTimeout("tcp", s.Addr(), 100*time.Millisecond)
		if err == nil {
			_, _ = c.Write([]byte("PING\r\n"))
			buf := make([]byte, 7)
			_ = c.SetReadDeadline(time.Now().Add(time.Second))
			n, _ := c.Read(buf)
			c.Close()
			if string(buf[:n]) == "+PONG\r\n" {
				return
			}
		}
		if time.Now().After(deadline) {
			s.Stop()
			s.t.Fatalf("redis-server did not answer on %s", s.Addr())
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// Stop kills the server (as a crash would) and waits for it to exit.
func (s *Server) Stop() {
	if s.cmd == nil {
		return
	}
	_ = s.cmd.Process.Kill()
	_ = s.cmd.Wait()
	s.cmd = nil
	_ = os.RemoveAll(filepath.Join(s.dir, "dump.rdb"))
}

// freePort asks the kernel for an unused loopback port.
func freePort(t testing.TB) int {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}
