package providertest

import (
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
)

func TestCounter(t *testing.T) {
	var c Counter
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c.Count("a")
		}()
	}
	wg.Wait()
	if got := c.Hits("a"); got != 8 {
		t.Errorf("Hits(a) after 8 concurrent Counts = %d, want 8", got)
	}
	if got := c.Hits("b"); got != 0 {
		t.Errorf("Hits(b) = %d, want 0", got)
	}
}

func TestFailures(t *testing.T) {
	var f Failures
	f.Fail("/core/", 503)
	tests := []struct {
		key            string
		status, prefix int
	}{
		{"/core/", 503, 503},
		{"/core/v2/x", 0, 503},
		{"/cdn/x", 0, 0},
	}
	for _, tt := range tests {
		if got, gotP := f.Status(tt.key), f.Prefixed(tt.key); got != tt.status || gotP != tt.prefix {
			t.Errorf("Status(%s), Prefixed(%s) = %d, %d; want %d, %d", tt.key, tt.key, got, gotP, tt.status, tt.prefix)
		}
	}
	f.Fail("/core/", 0)
	if got := f.Prefixed("/core/v2"); got != 0 {
		t.Errorf("Prefixed after Fail(/core/, 0) = %d, want 0", got)
	}
}

func TestStartAndRefuse(t *testing.T) {
	u := Start(t, func(w http.ResponseWriter, r *http.Request) { Refuse(w, http.StatusTeapot) })
	resp, err := http.Get(u)
	if err != nil {
		t.Fatalf("GET %s: %v", u, err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusTeapot {
		t.Errorf("status = %d, want %d", resp.StatusCode, http.StatusTeapot)
	}
	rec := httptest.NewRecorder()
	Refuse(rec, 503)
	if rec.Code != 503 || rec.Body.String() != "{\"error\":\"injected\"}\n" {
		t.Errorf("Refuse(503) = %d %q, want 503 with the injected error body", rec.Code, rec.Body.String())
	}
}
