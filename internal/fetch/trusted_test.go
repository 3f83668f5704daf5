package fetch

import (
	"context"
	"net/http"
	"strings"
	"testing"
)

// TestTrustedHostRedirects: a host listed in ALLOW_INSECURE_OVERLAY_URLS
// is reached at its private address, but its redirects are checked: they
// may only go to listed hosts, and never to a private address.
func TestTrustedHostRedirects(t *testing.T) {
	targetURL, targetHits := pngServer(t) // a loopback server the redirects aim at
	port := targetURL[strings.LastIndex(targetURL, ":")+1:]
	listed := []string{"127.0.0.1", "localhost", "::1", "169.254.169.254"}

	direct := New(NewTrustedClient(Config{}, listed), Config{})
	if _, _, err := direct.Bytes(context.Background(), targetURL+"/logo.png"); err != nil {
		t.Fatalf("listed host, first request: %v", err)
	}
	before := targetHits()

	tests := []struct {
		name, location, reason string
	}{
		{"to a listed loopback address", targetURL + "/logo.png", "loopback"},
		{"to a listed name resolving to loopback", "http://localhost:" + port + "/logo.png", "loopback"},
		{"to listed [::1]", "http://[::1]:" + port + "/logo.png", "loopback"},
		{"to the listed metadata address", "http://169.254.169.254/latest/meta-data/", "link-local"},
		{"to a host that is not listed", "http://example.com/logo.png", "not a listed host"},
		{"to file", "file:///etc/passwd", "scheme file is not allowed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if strings.Contains(tt.location, "localhost") {
				skipWithoutLocalhost(t)
			}
			front, frontHits := countingServer(t, func(w http.ResponseWriter, r *http.Request) {
				http.Redirect(w, r, tt.location, http.StatusFound)
			})
			f := New(NewTrustedClient(Config{}, listed), Config{})
			_, _, err := f.Bytes(context.Background(), front.URL+"/start")
			wantBlocked(t, "Bytes(redirect)", err, tt.reason)
			if frontHits.Load() != 1 {
				t.Errorf("listed server hits = %d, want 1", frontHits.Load())
			}
		})
	}
	if got := targetHits() - before; got != 0 {
		t.Errorf("redirect target reached %d times, want 0", got)
	}
}
