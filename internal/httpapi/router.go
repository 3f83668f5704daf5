package httpapi

import (
	"net/http"
	"net/url"
	"strings"

	"gamethumbs/internal/cache"
)

// A pattern is a route path split into segments. A segment is either a
// literal (matched case-insensitively) or a parameter written {name}. A
// literal ending in "[.png]" also matches with a ".png" or ".webp" suffix;
// ".webp" sets the parameter "format" to "webp".
type pattern []string

// route is one entry of the route table.
type route struct {
	path    string      // e.g. "/{league}/{team}/thumb[.png]"
	kind    routeKind   // for rate limits, logs and metrics
	handler handlerFunc // the handler; or
	image   imageFunc   // the handler of a picture route
	segs    pattern     // parsed path
}

// handlerFunc handles one matched route. Returning an error hands the
// response to the single error writer.
type handlerFunc func(w http.ResponseWriter, r *http.Request, p params) error

// imageFunc handles a picture route: it resolves the picture and returns
// it with what the dispatcher needs to know (see served); ServeHTTP
// writes it. It may set headers of its own on w (Warning, Link), or
// answer itself and return no picture. Returning an error hands the
// response to the single error writer.
type imageFunc func(w http.ResponseWriter, r *http.Request, p params) (served, error)

// served is what a picture route returns.
type served struct {
	img *cache.Image // the picture to write; nil when the handler answered itself
	// key is the cache key of the complete picture the URL resolved to,
	// remembered for the URL (resolvedURLs); empty: not remembered.
	key     string
	charged bool // counted against the image limit while served
	hit     bool // answered from a cache tier (not rate limited)
}

// params are the path parameters of a matched route, as typed by the
// client (already percent-decoded).
type params map[string]string

// routeKind groups routes for rate limiting and metrics.
type routeKind string

const (
	kindImage  routeKind = "image"
	kindData   routeKind = "data"
	kindHealth routeKind = "health"
	kindXC     routeKind = "xc"
	kindOther  routeKind = "other"
)

func compile(rs []route) []route {
	for i := range rs {
		rs[i].segs = strings.Split(strings.Trim(rs[i].path, "/"), "/")
		if rs[i].path == "/" {
			rs[i].segs = nil
		}
	}
	return rs
}

// cleanSegments splits an escaped URL path into decoded segments,
// tolerating repeated and trailing slashes. ok is false for a malformed
// escape or a segment that decodes to something containing "/" or a NUL.
func cleanSegments(escaped string) (segs []string, ok bool) {
	for _, raw := range strings.Split(escaped, "/") {
		if raw == "" {
			continue
		}
		s, err := url.PathUnescape(raw)
		if err != nil || strings.ContainsAny(s, "/\x00") {
			return nil, false
		}
		segs = append(segs, s)
	}
	return segs, true
}

// match reports whether segs fit the pattern and fills p.
func (pt pattern) match(segs []string, p params) bool {
	if len(pt) != len(segs) {
		return false
	}
	for i, want := range pt {
		got := segs[i]
		if strings.HasPrefix(want, "{") {
			continue
		}
		lit, png := strings.CutSuffix(want, "[.png]")
		if strings.EqualFold(got, lit) {
			continue
		}
		if png && len(got) == len(lit)+4 && strings.EqualFold(got, lit+".png") {
			continue
		}
		if png && len(got) == len(lit)+5 && strings.EqualFold(got, lit+".webp") {
			continue
		}
		return false
	}
	for i, want := range pt {
		if strings.HasPrefix(want, "{") {
			p[strings.Trim(want, "{}")] = segs[i]
		} else if len(segs[i]) > 5 && strings.EqualFold(segs[i][len(segs[i])-5:], ".webp") {
			p["format"] = "webp"
		}
	}
	return true
}
