package main

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// TestShutdownEndsOpenStreams: on SIGTERM (the context ends) with live
// streams open through /xc and a root-mode listener, the streams are ended
// at the grace deadline, logged as aborted, and serve returns nil (exit 0).
func TestShutdownEndsOpenStreams(t *testing.T) {
	old := shutdownGrace
	shutdownGrace = 500 * time.Millisecond
	t.Cleanup(func() { shutdownGrace = old })

	panel := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "video/mp2t")
		rc := http.NewResponseController(w)
		for {
			if _, err := w.Write(make([]byte, 188*10)); err != nil || rc.Flush() != nil {
				return
			}
			select {
			case <-r.Context().Done():
				return
			case <-time.After(20 * time.Millisecond):
			}
		}
	}))
	defer panel.Close()
	svc, root := startXCProxy(t, &xcPanel{srv: panel}, nil)
	for _, u := range []string{svc.base + "/xc/main/live/u/p/1.ts", root + "/live/u/p/1.ts"} {
		resp, err := http.Get(u)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		if _, err := resp.Body.Read(make([]byte, 512)); err != nil {
			t.Fatalf("stream %s: %v", u, err)
		}
	}
	start := time.Now()
	svc.stop()
	select {
	case err := <-svc.done:
		if err != nil {
			t.Errorf("serve returned %v with open streams, want nil (exit 0)", err)
		}
	case <-time.After(shutdownGrace + 10*time.Second):
		t.Fatal("serve did not return after the grace period")
	}
	svc.done <- nil // for start's cleanup
	if took := time.Since(start); took < shutdownGrace {
		t.Errorf("shutdown took %v, less than the grace %v: streams were not given their time", took, shutdownGrace)
	}
	logs := svc.logs.String()
	if n := strings.Count(logs, "aborted=true"); n != 2 {
		t.Errorf("%d aborted access-log lines, want 2:\n%s", n, lastLines(logs, 10))
	}
	if !strings.Contains(logs, "open streams ended at the grace deadline") {
		t.Errorf("the forced end is not logged:\n%s", lastLines(logs, 10))
	}
}
