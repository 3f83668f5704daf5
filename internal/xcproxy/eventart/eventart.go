// Package eventart puts gamethumbs pictures on the events an Xtream-Codes
// panel lists: channel entries whose name reads as a matchup ("NBA 03:
// Mavs vs Spurs @ 6PM") get our thumbnail as their logo, and guide
// programmes whose title does get it as their icon. It decides nothing
// about titles itself: a Namer (package title with the catalogue's
// rosters, wired in cmd/gamethumbs) says which names are events and
// which picture they have.
package eventart

import (
	"context"
	"net/url"
	"strings"
)

// Namer resolves an event name to the matchup path of its pictures on
// this service ("/nba/dal/sa"); ok is false when the name is not an
// event that resolves with confidence. err reports that it could not tell
// (a provider failed): the name gets no art this time, and the answer is
// not remembered. It must be safe for concurrent use and return quickly
// (it runs once per playlist entry).
type Namer func(ctx context.Context, name string) (path string, ok bool, err error)

// Kind is the picture XC_EVENT_ART asks for.
type Kind string

const (
	Off   Kind = "off"
	Thumb Kind = "thumb"
	Logo  Kind = "logo"
)

// ParseKind reads XC_EVENT_ART: "thumb", "logo" or "off" (also empty), in
// any case.
func ParseKind(s string) (Kind, bool) {
	switch k := Kind(strings.ToLower(strings.TrimSpace(s))); k {
	case "", Off:
		return Off, true
	case Thumb, Logo:
		return k, true
	}
	return Off, false
}

// Absolute joins the public root of the service (scheme://host[/prefix],
// no trailing slash needed) and a picture path.
func Absolute(root, path string) string {
	return strings.TrimSuffix(root, "/") + path
}

// RootFromProxyURL derives the service root from a proxy public URL such
// as "https://tv.example.com/xc/panel" or "https://tv.example.com": the
// part before "/xc/" (or the URL without its path when it has none).
func RootFromProxyURL(public string) string {
	u, err := url.Parse(public)
	if err != nil || u.Scheme == "" || u.Host == "" {
		return ""
	}
	p := u.Path
	if i := strings.Index(p, "/xc/"); i >= 0 {
		p = p[:i]
	} else {
		p = strings.TrimSuffix(strings.TrimSuffix(p, "/xc"), "/")
	}
	return u.Scheme + "://" + u.Host + p
}
