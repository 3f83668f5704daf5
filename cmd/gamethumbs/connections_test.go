package main

import (
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestNeverReadingClients: 150 clients that send requests and never read
// the answers, against MAX_CONNECTIONS=100. /health keeps answering within
// a second, other requests get a quick answer instead of hanging, and once
// SERVER_TIMEOUT has passed the stuck connections are cut and the server
// serves normally again.
func TestNeverReadingClients(t *testing.T) {
	svc := start(t, map[string]string{"MAX_CONNECTIONS": "100", "SERVER_TIMEOUT": "1500"})
	addr := strings.TrimPrefix(svc.base, "http://")
	// Warm the cover so that the clients are stuck writing, not rendering.
	if resp, _ := svc.get(t, "/nba/lakers/celtics/cover"); resp.StatusCode != 200 {
		t.Fatalf("cover = %d", resp.StatusCode)
	}
	requests := strings.Repeat("GET /nba/lakers/celtics/cover HTTP/1.1\r\nHost: t\r\n\r\n", 200)
	var held []net.Conn
	t.Cleanup(func() {
		for _, c := range held {
			c.Close()
		}
	})
	for range 150 {
		c, err := net.DialTimeout("tcp", addr, time.Second)
		if err != nil {
			t.Fatalf("dial: %v", err)
		}
		held = append(held, c)
		c.SetWriteDeadline(time.Now().Add(time.Second))
		c.Write([]byte(requests)) // an overflow connection may be closed under us
	}
	client := &http.Client{Timeout: time.Second, Transport: &http.Transport{DisableKeepAlives: true}}
	// The overflow reserve answers its clients' first request with 503 and
	// closes them; until the server has done so (a moment, longer on a
	// loaded machine) a new connection past the reserve is closed at once.
	// Once settled, /health must answer every time.
	settle := time.Now().Add(3 * time.Second)
	for {
		resp, err := client.Get(svc.base + "/health")
		if err == nil {
			resp.Body.Close()
			break
		}
		if time.Now().After(settle) {
			t.Fatalf("/health never answered with 150 stuck clients: %v", err)
		}
		time.Sleep(50 * time.Millisecond)
	}
	for i := range 5 {
		began := time.Now()
		resp, err := client.Get(svc.base + "/health")
		if err != nil {
			t.Fatalf("/health %d with 150 stuck clients: %v", i+1, err)
		}
		resp.Body.Close()
		if resp.StatusCode != 200 || time.Since(began) > time.Second {
			t.Fatalf("/health %d = %d in %v, want 200 within 1s", i+1, resp.StatusCode, time.Since(began))
		}
	}
	resp, err := client.Get(svc.base + "/nba/lakers/raw")
	if err != nil {
		t.Fatalf("a request at the cap hung: %v", err)
	}
	resp.Body.Close()
	// 503 when every connection is busy writing; 200 when a client whose
	// answers all fit in the socket buffers sat idle and made room.
	if (resp.StatusCode != 503 || resp.Header.Get("Retry-After") == "") && resp.StatusCode != 200 {
		t.Errorf("a request at the cap = %d (Retry-After %q), want 503 with Retry-After, or 200", resp.StatusCode, resp.Header.Get("Retry-After"))
	}

	// The stuck clients had SERVER_TIMEOUT to take their bytes.
	deadline := time.Now().Add(8 * time.Second)
	for {
		resp, err := client.Get(svc.base + "/nba/lakers/raw")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == 200 {
				break
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("8 s after the stuck clients came, requests still fail: %v %v", err, resp)
		}
		time.Sleep(200 * time.Millisecond)
	}
}
