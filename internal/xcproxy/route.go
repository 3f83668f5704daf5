package xcproxy

import (
	"net/url"
	"strings"
)

// kind is what a request asks the panel for; it decides what may be
// rewritten.
type kind int

const (
	kindOther       kind = iota // player_api.php without the live list, server root, …
	kindPlaylist                // get.php (the playlist script), or /xc/<id>?type=…
	kindLiveStreams             // player_api.php?action=get_live_streams
	kindGuide                   // xmltv.php: passed through
	kindStream                  // live/movie/series/timeshift/… and /<u>/<p>/<id>: never rewritten (unless HLS)
	kindHLS                     // a .m3u8 path: HLS playlist, URIs mapped back into the proxy
	kindAPI                     // player_api.php with another action (or none: the login answer)
)

func (k kind) String() string {
	return [...]string{"other", "playlist", "live-streams", "guide", "stream", "hls", "api"}[k]
}

// rewritable reports whether responses of the kind may be rewritten, so
// that the request asks for the whole body.
func (k kind) rewritable() bool {
	return k == kindPlaylist || k == kindLiveStreams || k == kindHLS
}

// route is a parsed /xc/<id>/<rest> request, or a root-mode request
// whose whole path is rest.
type route struct {
	id      string // as written in the request
	rest    string // escaped path after /xc/<id>, starting with "/" ("/" for none)
	prefix  string // escaped path the proxy serves the panel under: "/xc/<id>", "" at the root
	root    bool   // served by a root-mode listener
	kind    kind
	dotSegs bool // rest has "." or ".." segments
}

// parseRoute splits an escaped path of the form /xc/<id>[/<rest>]. It
// reports false when the path is not under /xc/ or has no id.
func parseRoute(escapedPath string) (route, bool) {
	p := strings.TrimLeft(escapedPath, "/")
	prefix, p, _ := strings.Cut(p, "/")
	if !strings.EqualFold(prefix, "xc") {
		return route{}, false
	}
	p = strings.TrimLeft(p, "/")
	id, rest, _ := strings.Cut(p, "/")
	if id == "" {
		return route{}, false
	}
	if unescaped, err := url.PathUnescape(id); err == nil {
		id = unescaped
	}
	r := route{id: id, rest: "/" + strings.TrimLeft(rest, "/"), prefix: "/xc/" + url.PathEscape(id)}
	r.checkDots()
	return r, true
}

// rootRoute is the route of a root-mode request for upstream id.
func rootRoute(id, escapedPath string) route {
	r := route{id: id, rest: "/" + strings.TrimLeft(escapedPath, "/"), root: true}
	r.checkDots()
	return r
}

// checkDots sets dotSegs when rest has "." or ".." segments, literal or
// percent-encoded.
func (r *route) checkDots() {
	for seg := range strings.SplitSeq(r.rest, "/") {
		if seg == "." || seg == ".." || strings.EqualFold(seg, "%2e") || strings.EqualFold(seg, "%2e%2e") ||
			strings.EqualFold(seg, ".%2e") || strings.EqualFold(seg, "%2e.") {
			r.dotSegs = true
		}
	}
}

// classify sets r.kind from the path and the query.
func (r *route) classify(q url.Values) {
	segs := strings.Split(strings.Trim(r.rest, "/"), "/")
	first := strings.ToLower(segs[0])
	last := strings.ToLower(segs[len(segs)-1])
	switch {
	case len(segs) >= 2 && strings.HasSuffix(last, ".m3u8"):
		r.kind = kindHLS // live/u/p/1.m3u8, hlsr/<token>/.../index.m3u8, hls/...
	case len(segs) >= 2 && (first == "live" || first == "movie" || first == "series" || first == "timeshift" || first == "hlsr" || first == "hls"):
		r.kind = kindStream
	case len(segs) == 3 && isStreamID(segs[2]):
		r.kind = kindStream // direct form /<u>/<p>/<id>
	case len(segs) == 1 && first == "get.php":
		r.kind = kindPlaylist
	case len(segs) == 1 && first == "" && q.Has("type"):
		r.kind = kindPlaylist
		r.rest = "/get.php"
	case len(segs) == 1 && first == "xmltv.php":
		r.kind = kindGuide
	case len(segs) == 1 && first == "player_api.php" && q.Get("action") == "get_live_streams":
		r.kind = kindLiveStreams
	case len(segs) == 1 && first == "player_api.php":
		r.kind = kindAPI
	case len(segs) == 1 && strings.HasPrefix(strings.ToLower(q.Get("type")), "m3u"):
		r.kind = kindPlaylist // another script asked for a playlist; the body decides
	default:
		r.kind = kindOther
	}
}

// isStreamID reports whether seg is an XC stream id: digits with an
// optional extension.
func isStreamID(seg string) bool {
	digits, _, _ := strings.Cut(seg, ".")
	if digits == "" {
		return false
	}
	for i := 0; i < len(digits); i++ {
		if digits[i] < '0' || digits[i] > '9' {
			return false
		}
	}
	return true
}
