package fetch

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
)

// NewTrustedClient returns the client for icons of hosts the operator
// listed in ALLOW_INSECURE_OVERLAY_URLS. The listing exempts the first
// request only: it may reach the listed host at any address (a LAN icon
// server). A redirect may only lead to a listed host, and every hop is
// dialled through the public-address check with its own connections, so
// a listed host cannot bounce a request to loopback, the cloud metadata
// address or any other private address.
func NewTrustedClient(cfg Config, hosts []string) *http.Client {
	cfg = cfg.withDefaults()
	first := newClient(cfg, nil, nil)
	hops := newClient(cfg, publicOnly(cfg.testAllow), nil)
	listed := make([]string, len(hosts))
	for i, h := range hosts {
		listed[i] = strings.ToLower(h)
	}
	return &http.Client{
		Transport: firstHopOnly{first: first.Transport, hops: hops.Transport},
		Timeout:   cfg.Timeout,
		CheckRedirect: func(req *http.Request, via []*http.Request) error {
			if err := checkRedirect(req, via); err != nil {
				return err
			}
			if !slices.Contains(listed, strings.ToLower(req.URL.Hostname())) {
				return &BlockedError{Reason: fmt.Sprintf("redirect to %s, which is not a listed host", clip(req.URL.Hostname(), 64))}
			}
			return nil
		},
	}
}

// firstHopOnly sends the first request of a client call through first and
// every redirect hop (a request with Response set) through hops.
type firstHopOnly struct {
	first, hops http.RoundTripper
}

func (t firstHopOnly) RoundTrip(req *http.Request) (*http.Response, error) {
	if req.Response != nil {
		return t.hops.RoundTrip(req)
	}
	return t.first.RoundTrip(req)
}
