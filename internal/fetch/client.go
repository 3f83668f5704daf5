package fetch

import (
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"syscall"
	"time"
)

// maxRedirects is how many redirects a client follows before giving up.
const maxRedirects = 5

// NewClient returns the plain outbound client used for provider APIs:
// timeouts on dial, TLS handshake, response headers and the whole request
// (cfg.Timeout), at most 5 redirects, only http and https, a keep-alive
// pool, and the proxy named by the environment (HTTPS_PROXY and friends).
// It can reach any address; use NewPublicClient for user-supplied URLs.
func NewClient(cfg Config) *http.Client {
	cfg = cfg.withDefaults()
	return newClient(cfg, nil, http.ProxyFromEnvironment)
}

// NewPublicClient returns a client like NewClient that only connects to
// public addresses. The check runs in net.Dialer.Control, after DNS
// resolution and for every connection, so a name that resolves to (or is
// rebound to) a private address is refused, and so is every redirect hop.
// A refused request fails with an error wrapping *BlockedError.
// cfg.AllowInsecure lifts the address check; the http/https scheme check
// remains. The environment proxy is ignored: a proxy would dial on our
// behalf and escape the check.
func NewPublicClient(cfg Config) *http.Client {
	cfg = cfg.withDefaults()
	var control func(network, address string, c syscall.RawConn) error
	if !cfg.AllowInsecure {
		control = publicOnly(cfg.testAllow)
	}
	return newClient(cfg, control, nil)
}

func newClient(cfg Config, control func(string, string, syscall.RawConn) error, proxy func(*http.Request) (*url.URL, error)) *http.Client {
	step := min(cfg.Timeout, 5*time.Second)
	dialer := &net.Dialer{
		Timeout:   step,
		KeepAlive: 30 * time.Second,
		Control:   control,
	}
	transport := &http.Transport{
		Proxy:                  proxy,
		DialContext:            dialer.DialContext,
		ForceAttemptHTTP2:      true,
		TLSHandshakeTimeout:    step,
		ResponseHeaderTimeout:  cfg.Timeout,
		ExpectContinueTimeout:  time.Second,
		MaxIdleConns:           64,
		MaxIdleConnsPerHost:    8,
		IdleConnTimeout:        90 * time.Second,
		MaxResponseHeaderBytes: 64 << 10,
	}
	return &http.Client{
		Transport:     transport,
		Timeout:       cfg.Timeout,
		CheckRedirect: checkRedirect,
	}
}

// checkRedirect re-applies CheckURL to every hop and stops after
// maxRedirects. Address checks happen when the hop is dialled.
func checkRedirect(req *http.Request, via []*http.Request) error {
	if len(via) > maxRedirects {
		return fmt.Errorf("stopped after %d redirects", maxRedirects)
	}
	return checkParsed(req.URL)
}

// publicOnly returns a Dialer.Control hook refusing non-public addresses.
// allow (tests only) may exempt chosen addresses.
func publicOnly(allow func(netip.AddrPort) bool) func(string, string, syscall.RawConn) error {
	return func(network, address string, _ syscall.RawConn) error {
		ap, err := netip.ParseAddrPort(address)
		if err != nil {
			return &BlockedError{Reason: "address " + address + " cannot be checked"}
		}
		if allow != nil && allow(ap) {
			return nil
		}
		return CheckAddr(ap.Addr())
	}
}

// CheckURL is the cheap check to run before fetching a user-supplied URL:
// it must parse as an absolute http or https URL with a host and without
// user:password. It returns a *BlockedError with a readable reason. It does
// not resolve the host: NewPublicClient checks addresses when it connects.
func CheckURL(raw string) error {
	if raw == "" {
		return &BlockedError{Reason: "URL is empty"}
	}
	u, err := url.Parse(raw)
	if err != nil {
		return &BlockedError{Reason: "URL is not a valid absolute URL"}
	}
	return checkParsed(u)
}

func checkParsed(u *url.URL) error {
	switch {
	case u.Scheme == "":
		return &BlockedError{Reason: "URL is not a valid absolute URL"}
	case u.Scheme != "http" && u.Scheme != "https":
		return &BlockedError{Reason: fmt.Sprintf("scheme %s is not allowed (use http or https)", clip(u.Scheme, 16))}
	case u.Hostname() == "":
		return &BlockedError{Reason: "URL is missing a host"}
	case u.User != nil:
		return &BlockedError{Reason: "URL must not contain a user name or password"}
	}
	return nil
}

// clip shortens s to at most n bytes so that echoed input stays small.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "..."
}
