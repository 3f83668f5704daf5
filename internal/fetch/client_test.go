package fetch

import (
	"context"
	"errors"
	"image/color"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"gamethumbs/internal/catalog"
)

func TestCheckURL(t *testing.T) {
	tests := []struct {
		raw  string
		want string // "" = accepted; otherwise part of the reason
	}{
		{"https://a.espncdn.com/i/teamlogos/nba/500/bos.png", ""},
		{"http://example.com/x.svg?size=2", ""},
		{"HTTPS://EXAMPLE.COM/", ""},
		{"", "empty"},
		{"/local/file.png", "not a valid absolute URL"},
		{"./logo.png", "not a valid absolute URL"},
		{"example.com/x.png", "not a valid absolute URL"},
		{"ftp://example.com/x.png", "scheme ftp is not allowed"},
		{"file:///etc/passwd", "scheme file is not allowed"},
		{"gopher://example.com/", "scheme gopher is not allowed"},
		{"javascript:alert(1)", "scheme javascript is not allowed"},
		{"http:///x.png", "missing a host"},
		{"https://user:pass@example.com/x.png", "user name or password"},
		{"http://exa mple.com/", "not a valid absolute URL"},
		{"http://[::1", "not a valid absolute URL"},
	}
	for _, tt := range tests {
		err := CheckURL(tt.raw)
		if tt.want == "" {
			if err != nil {
				t.Errorf("CheckURL(%q) = %v, want nil", tt.raw, err)
			}
			continue
		}
		var be *BlockedError
		if !errors.As(err, &be) || !strings.Contains(be.Reason, tt.want) {
			t.Errorf("CheckURL(%q) = %v, want *BlockedError mentioning %q", tt.raw, err, tt.want)
		}
	}
}

// pngServer serves a small PNG on 127.0.0.1 and counts hits.
func pngServer(t *testing.T) (string, func() int64) {
	srv, hits := countingServer(t, serveBytes(pngBytes(t, 4, 4, color.NRGBA{255, 0, 0, 255}), "image/png"))
	return srv.URL, hits.Load
}

func wantBlocked(t *testing.T, what string, err error, reason string) {
	t.Helper()
	var be *BlockedError
	if !errors.As(err, &be) {
		t.Fatalf("%s: err = %v, want *BlockedError", what, err)
	}
	if !strings.Contains(be.Reason, reason) {
		t.Errorf("%s: Reason = %q, want it to mention %q", what, be.Reason, reason)
	}
}

// skipWithoutLocalhost skips a check that needs the name localhost, which
// resolves through /etc/hosts: a bare chroot or minimal image may have
// none (Go then asks DNS, which does not know it).
func skipWithoutLocalhost(t *testing.T) {
	t.Helper()
	if _, err := net.DefaultResolver.LookupHost(context.Background(), "localhost"); err != nil {
		t.Skipf("the name localhost does not resolve here (no /etc/hosts entry?): %v", err)
	}
}

func TestPublicClientRefusesLoopback(t *testing.T) {
	srvURL, hits := pngServer(t)
	f := New(NewPublicClient(Config{}), Config{})
	_, _, err := f.Bytes(context.Background(), srvURL+"/logo.png")
	wantBlocked(t, "Bytes(loopback)", err, "address 127.0.0.1 is loopback")
	if n := hits(); n != 0 {
		t.Errorf("server hits = %d, want 0 (refused before connecting)", n)
	}

	// The name localhost resolves to loopback and is refused at dial time.
	skipWithoutLocalhost(t)
	u, _ := url.Parse(srvURL)
	_, _, err = f.Bytes(context.Background(), "http://localhost:"+u.Port()+"/logo.png")
	wantBlocked(t, "Bytes(localhost)", err, "loopback")
}

func TestPublicClientRefusesPrivateLiterals(t *testing.T) {
	f := New(NewPublicClient(Config{}), Config{})
	tests := []struct{ url, reason string }{
		{"http://10.0.0.1/x.png", "address 10.0.0.1 is private"},
		{"http://169.254.169.254/latest/meta-data/", "address 169.254.169.254 is link-local"},
		{"http://192.168.1.1/x.png", "private"},
		{"http://[::1]/x.png", "loopback"},
		{"http://[::ffff:10.1.2.3]/x.png", "private"},
		{"http://0.0.0.0:8080/", "this-network"},
		{"https://100.100.100.200/", "carrier-grade NAT"},
	}
	for _, tt := range tests {
		_, _, err := f.Bytes(context.Background(), tt.url)
		wantBlocked(t, "Bytes("+tt.url+")", err, tt.reason)
	}
}

func TestAllowInsecureLiftsAddressCheckOnly(t *testing.T) {
	srvURL, hits := pngServer(t)
	cfg := Config{AllowInsecure: true}
	f := New(NewPublicClient(cfg), cfg)
	data, ct, err := f.Bytes(context.Background(), srvURL+"/logo.png")
	if err != nil || ct != TypePNG || len(data) == 0 {
		t.Fatalf("Bytes(loopback, AllowInsecure) = %d bytes, %q, %v; want a PNG", len(data), ct, err)
	}
	if hits() != 1 {
		t.Errorf("server hits = %d, want 1", hits())
	}
	_, _, err = f.Bytes(context.Background(), "ftp://example.com/x.png")
	wantBlocked(t, "Bytes(ftp, AllowInsecure)", err, "scheme ftp is not allowed")
}

func TestPlainClientReachesLoopback(t *testing.T) {
	srvURL, _ := pngServer(t)
	f := New(nil, Config{})
	if _, ct, err := f.Bytes(context.Background(), srvURL); err != nil || ct != TypePNG {
		t.Fatalf("Bytes(loopback) with NewClient = %q, %v; want image/png", ct, err)
	}
}

// allowPort exempts one loopback port from the guard, standing in for a
// public host in tests.
func allowPort(rawURL string) func(netip.AddrPort) bool {
	u, _ := url.Parse(rawURL)
	port, _ := strconv.Atoi(u.Port())
	return func(ap netip.AddrPort) bool { return int(ap.Port()) == port }
}

func TestPublicClientRechecksRedirects(t *testing.T) {
	blockedURL, blockedHits := pngServer(t)
	tests := []struct {
		name     string
		location string
		reason   string
	}{
		{"to a loopback server", blockedURL + "/logo.png", "address 127.0.0.1 is loopback"},
		{"to the metadata address", "http://169.254.169.254/latest/meta-data/", "link-local"},
		{"to ftp", "ftp://example.com/logo.png", "scheme ftp is not allowed"},
		{"to file", "file:///etc/passwd", "scheme file is not allowed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			front, frontHits := countingServer(t, func(w http.ResponseWriter, r *http.Request) {
				http.Redirect(w, r, tt.location, http.StatusFound)
			})
			cfg := Config{testAllow: allowPort(front.URL)}
			f := New(NewPublicClient(cfg), cfg)
			_, _, err := f.Bytes(context.Background(), front.URL+"/start")
			wantBlocked(t, "Bytes(redirect)", err, tt.reason)
			if frontHits.Load() != 1 {
				t.Errorf("allowed server hits = %d, want 1", frontHits.Load())
			}
		})
	}
	if blockedHits() != 0 {
		t.Errorf("blocked server hits = %d, want 0", blockedHits())
	}
}

func TestRedirectLimit(t *testing.T) {
	tests := []struct {
		hops   int
		wantOK bool
	}{
		{5, true},
		{6, false},
	}
	for _, tt := range tests {
		img := pngBytes(t, 2, 2, color.NRGBA{0, 0, 255, 255})
		srv, _ := countingServer(t, func(w http.ResponseWriter, r *http.Request) {
			n, _ := strconv.Atoi(strings.TrimPrefix(r.URL.Path, "/"))
			if n < tt.hops {
				http.Redirect(w, r, "/"+strconv.Itoa(n+1), http.StatusFound)
				return
			}
			_, _ = w.Write(img)
		})
		_, _, err := New(nil, Config{}).Bytes(context.Background(), srv.URL+"/0")
		if gotOK := err == nil; gotOK != tt.wantOK {
			t.Errorf("Bytes after %d redirects: err = %v, want success %v", tt.hops, err, tt.wantOK)
		}
		var ue *catalog.UpstreamError
		if err != nil && !errors.As(err, &ue) {
			t.Errorf("Bytes after %d redirects: err = %T, want *catalog.UpstreamError", tt.hops, err)
		}
	}
}
