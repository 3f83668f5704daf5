package xcproxy

import (
	"errors"
	"fmt"
	"net"
	"net/http"
	"strconv"
	"strings"
)

// listenEnv is the variable ParseListeners errors refer to.
const listenEnv = "XC_PROXY_LISTEN"

// Listener is one root-mode listener: the upstream ID served at the root
// of its own address, for players that refuse a server URL with a path.
type Listener struct {
	ID   string // an upstream id of XC_PROXY_UPSTREAM
	Addr string // host:port or :port
}

// ParseListeners parses XC_PROXY_LISTEN: comma-separated id=addr pairs,
// addr being host:port or :port (e.g. main=:8081,backup=127.0.0.1:8082).
// An empty value means no listener.
func ParseListeners(s string) ([]Listener, error) {
	if strings.TrimSpace(s) == "" {
		return nil, nil
	}
	var ls []Listener
	seenID, seenAddr := map[string]bool{}, map[string]bool{}
	for i, item := range strings.Split(s, ",") {
		id, addr, ok := strings.Cut(strings.TrimSpace(item), "=")
		id, addr = strings.TrimSpace(id), strings.TrimSpace(addr)
		if !ok || id == "" || addr == "" {
			return nil, fmt.Errorf("%s: entry %d: want id=host:port or id=:port", listenEnv, i+1)
		}
		if !validID(id) {
			return nil, fmt.Errorf("%s: entry %d: id may only hold letters, digits, '-', '_' and '.'", listenEnv, i+1)
		}
		_, port, err := net.SplitHostPort(addr)
		if err != nil {
			return nil, fmt.Errorf("%s: %s: address %q is not host:port or :port", listenEnv, id, addr)
		}
		if n, err := strconv.Atoi(port); err != nil || n < 0 || n > 65535 {
			return nil, fmt.Errorf("%s: %s: port %q is not a number 0-65535", listenEnv, id, port)
		}
		key := strings.ToLower(id)
		if seenID[key] {
			return nil, fmt.Errorf("%s: upstream %q is listed twice", listenEnv, id)
		}
		if seenAddr[addr] && port != "0" {
			return nil, fmt.Errorf("%s: address %q is listed twice", listenEnv, addr)
		}
		seenID[key], seenAddr[addr] = true, true
		ls = append(ls, Listener{ID: id, Addr: addr})
	}
	return ls, nil
}

// Root returns the handler of a root-mode listener for upstream id: it
// serves the panel at the root (/player_api.php, /get.php, /xmltv.php,
// /live/..., /movie/..., /series/..., /timeshift/..., /hlsr/...), exactly
// as /xc/<id>/... is served, with the URLs it writes (guide link, HLS
// segments, redirects) pointing at the root, and, with
// RewriteServerInfo, the login answer's server_info too.
func (h *Handler) Root(id string) (http.Handler, error) {
	up := h.ups[strings.ToLower(id)]
	if up == nil {
		return nil, errors.New(listenEnv + ": " + strconv.Quote(id) + " is not an upstream id of " + envName)
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h.serve(w, r, up, rootRoute(up.ID, r.URL.EscapedPath()))
	}), nil
}
