package main

import (
	"encoding/json"
	"io"
	"net"
	"regexp"
	"strings"
	"testing"
	"time"

	"gamethumbs/internal/cluster/redistest"
)

// TestSmugglingRejected: a request with both Content-Length and chunked
// Transfer-Encoding is answered 400 and its connection closed, on the
// main port and on an XC root listener; the request smuggled behind it
// is never answered.
func TestSmugglingRejected(t *testing.T) {
	svc := start(t, map[string]string{"XC_PROXY": "true", "XC_PROXY_UPSTREAM": "main=" + closedURL,
		"XC_PROXY_LISTEN": "main=127.0.0.1:0", "LOG_LEVEL": "debug"})
	root := rootListener(t, svc.logs.String())
	const attempt = "POST /xc/main/player_api.php HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\n" +
		"Content-Length: 48\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\nGET /health?smuggled=1 HTTP/1.1\r\nHost: x\r\n\r\n"
	for _, addr := range []string{strings.TrimPrefix(svc.base, "http://"), root} {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		c.Write([]byte(attempt))
		c.SetReadDeadline(time.Now().Add(5 * time.Second))
		out, err := io.ReadAll(c) // returns when the server closes the connection
		c.Close()
		if err != nil {
			t.Errorf("%s: the connection stayed open (%v) after:\n%s", addr, err, out)
		}
		if !strings.HasPrefix(string(out), "HTTP/1.1 400 ") || strings.Count(string(out), "HTTP/1.1 ") != 1 {
			t.Errorf("%s: answers:\n%s", addr, out)
		}
	}
	if strings.Contains(svc.logs.String(), "smuggled") || strings.Contains(svc.logs.String(), "player_api") {
		t.Errorf("a request of the attempt reached the server:\n%s", svc.logs.String())
	}
}

// rootListener returns the address of the first XC root-mode listener the
// start log names.
func rootListener(t *testing.T, logs string) string {
	t.Helper()
	m := regexp.MustCompile(`=http://(127\.0\.0\.1:\d+) \(root\)`).FindStringSubmatch(logs)
	if m == nil {
		t.Fatalf("no root-mode listener in the logs:\n%s", logs)
	}
	return m[1]
}

// TestHealthFollowsRedis: /health's redis state comes from a periodic
// ping: it says "down" within 5 s of Redis dying although no request
// needed Redis, and "up" again within 5 s of its return.
func TestHealthFollowsRedis(t *testing.T) {
	srv := redistest.Start(t)
	svc := start(t, map[string]string{"REDIS_URL": srv.URL()})
	state := func() string {
		_, body := svc.get(t, "/health")
		var h struct{ Redis string }
		if err := json.Unmarshal(body, &h); err != nil {
			t.Fatalf("/health: %s", body)
		}
		return h.Redis
	}
	waitFor := func(want string) time.Duration {
		start := time.Now()
		for time.Since(start) < 10*time.Second {
			if state() == want {
				return time.Since(start)
			}
			time.Sleep(100 * time.Millisecond)
		}
		return time.Since(start)
	}
	if s := state(); s != "up" {
		t.Fatalf("/health redis = %q with Redis running", s)
	}
	srv.Stop()
	if took := waitFor("down"); took > 5*time.Second {
		t.Errorf("/health said redis up %v after Redis died, want down within 5s", took)
	}
	srv.Restart()
	if took := waitFor("up"); took > 5*time.Second {
		t.Errorf("/health said redis down %v after Redis came back, want up within 5s", took)
	}
}
