package xcproxy

import (
	"errors"
	"fmt"
	"net/url"
	"strings"

	"gamethumbs/internal/redact"
)

// Upstream is one XC panel the proxy forwards to.
type Upstream struct {
	ID   string   // path segment after /xc/; compared without regard to case
	Base *url.URL // http or https; a trailing slash is optional
}

// envName is the variable ParseUpstreams errors refer to.
const envName = "XC_PROXY_UPSTREAM"

// ParseUpstreams parses XC_PROXY_UPSTREAM: comma-separated id=url pairs.
// The id is everything before the first '=' (so a URL may contain '=' in
// its query); ids and URLs are trimmed. Errors name the variable and never
// include URL credentials.
func ParseUpstreams(s string) ([]Upstream, error) {
	if strings.TrimSpace(s) == "" {
		return nil, errors.New(envName + " is empty: want id=http://panel:port[,id2=...]")
	}
	var ups []Upstream
	seen := map[string]bool{}
	for i, item := range strings.Split(s, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			return nil, fmt.Errorf("%s: entry %d is empty", envName, i+1)
		}
		id, raw, ok := strings.Cut(item, "=")
		id, raw = strings.TrimSpace(id), strings.TrimSpace(raw)
		if !ok {
			return nil, fmt.Errorf("%s: entry %d (%s) has no '=': want id=url", envName, i+1, describeURL(item))
		}
		if id == "" {
			return nil, fmt.Errorf("%s: entry %d has an empty id", envName, i+1)
		}
		if strings.Contains(id, ":") || strings.Contains(id, "/") {
			return nil, fmt.Errorf("%s: entry %d (%s) starts with a URL: want id=url", envName, i+1, describeURL(item))
		}
		if !validID(id) {
			return nil, fmt.Errorf("%s: id %q may only hold letters, digits, '-', '_' and '.'", envName, redact.URL(id))
		}
		u, err := url.Parse(raw)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return nil, fmt.Errorf("%s: upstream %q: %s is not an http(s) URL", envName, id, describeURL(raw))
		}
		if u.Fragment != "" {
			return nil, fmt.Errorf("%s: upstream %q: the URL must not have a #fragment", envName, id)
		}
		key := strings.ToLower(id)
		if seen[key] {
			return nil, fmt.Errorf("%s: duplicate id %q", envName, id)
		}
		seen[key] = true
		ups = append(ups, Upstream{ID: id, Base: u})
	}
	return ups, nil
}

// validID keeps ids to characters that need no escaping in a path.
func validID(id string) bool {
	for i := 0; i < len(id); i++ {
		c := id[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '_' || c == '.') {
			return false
		}
	}
	return id != "." && id != ".."
}

// describeURL quotes a URL for an error message with its secrets masked:
// user information and username/password query values.
func describeURL(raw string) string {
	if u, err := url.Parse(raw); err == nil && u.User != nil {
		u.User = url.User(redact.Mask)
		raw = u.String()
	} else if err != nil {
		if at := strings.LastIndexByte(raw, '@'); at >= 0 {
			raw = redact.Mask + "@" + raw[at+1:]
		}
	}
	return fmt.Sprintf("%q", redact.URL(raw))
}
