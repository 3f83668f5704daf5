package httpapi

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"gamethumbs/internal/render"
	"gamethumbs/internal/scene"
)

// Limits on untrusted input.
const (
	maxSegmentLen = 200 // a league or team identifier
	maxTextLen    = 120 // title, subtitle, winner
	maxURLLen     = 2048
	maxBadgeLen   = 16
)

// Allowed values, in the order error messages list them.
var (
	thumbAspects = []aspect{{"4-3", 1440, 1080}, {"16-9", 1920, 1080}, {"1-1", 1080, 1080}}
	coverAspects = []aspect{{"3-4", 1080, 1440}, {"9-16", 1080, 1920}, {"1-1", 1080, 1080}}
	logoSizes    = []int{256, 512, 1024, 2048}
	// matchupStyles are the thumbnail/cover styles; logo styles are 1-6.
	matchupStyles = []int{1, 2, 3, 4, 5, 6, 98, 99}
	logoStyles    = []int{1, 2, 3, 4, 5, 6}
	// badges are the built-in badge texts (case-insensitive on input).
	badges = []string{"ALT", "4K", "HD", "FHD", "UHD", "PLAYOFFS", "PRESEASON", "EN", "ES", "FR", "DE", "IT"}
)

type aspect struct {
	name          string
	width, height int
}

// aspectAliases maps accepted spellings to the canonical names.
var aspectAliases = map[string]string{
	"4x3": "4-3", "16x9": "16-9", "1x1": "1-1", "square": "1-1", "3x4": "3-4", "9x16": "9-16",
}

// query wraps url.Values with strict accessors: a parameter given twice is
// an error, as is any value outside the allowed set.
type query struct {
	v   url.Values
	err *Error
}

func (q *query) fail(e *Error) {
	if q.err == nil {
		q.err = e
	}
}

// get returns the single value of name ("" when absent).
func (q *query) get(name string) string {
	vals := q.v[name]
	if len(vals) == 0 {
		return ""
	}
	if len(vals) > 1 {
		q.fail(errorf(400, "parameter %s given %d times; give it once", name, len(vals)))
		return ""
	}
	return strings.TrimSpace(vals[0])
}

func (q *query) has(name string) bool { return len(q.v[name]) > 0 }

func (q *query) boolean(name string, def bool) bool {
	switch v := q.get(name); strings.ToLower(v) {
	case "":
		return def
	case "true":
		return true
	case "false":
		return false
	default:
		q.fail(errorf(400, "invalid %s %q: allowed values are true, false", name, clip(v)))
		return def
	}
}

func (q *query) intOneOf(name string, def int, allowed []int) int {
	v := q.get(name)
	if v == "" {
		return def
	}
	n, err := strconv.Atoi(v)
	if err == nil {
		for _, a := range allowed {
			if n == a {
				return n
			}
		}
	}
	q.fail(errorf(400, "invalid %s %q: allowed values are %s", name, clip(v), joinInts(allowed)))
	return def
}

func (q *query) text(name string, limit int) string {
	v := q.get(name)
	if utf8.RuneCountInString(v) > limit || !utf8.ValidString(v) {
		q.fail(errorf(400, "invalid %s: at most %d characters of valid UTF-8", name, limit))
		return ""
	}
	return stripControls(v)
}

// stripControls turns line breaks and tabs into spaces and drops other
// control characters (which no font draws), collapsing the spaces left.
func stripControls(v string) string {
	if !strings.ContainsFunc(v, unicode.IsControl) {
		return v
	}
	v = strings.Map(func(r rune) rune {
		switch {
		case r == '\n' || r == '\r' || r == '\t':
			return ' '
		case unicode.IsControl(r):
			return -1
		}
		return r
	}, v)
	return strings.Join(strings.Fields(v), " ")
}

func (q *query) aspect(kind render.Kind) (w, h int) {
	list := thumbAspects
	if kind == render.KindCover {
		list = coverAspects
	}
	v := strings.ToLower(q.get("aspect"))
	if v == "" {
		return list[0].width, list[0].height
	}
	if a, ok := aspectAliases[v]; ok {
		v = a
	}
	names := make([]string, len(list))
	for i, a := range list {
		if a.name == v {
			return a.width, a.height
		}
		names[i] = a.name
	}
	q.fail(errorf(400, "invalid aspect %q: allowed values are %s", clip(v), strings.Join(names, ", ")))
	return list[0].width, list[0].height
}

func (q *query) badge(custom bool) string {
	v := strings.Join(strings.Fields(strings.ToUpper(q.get("badge"))), " ")
	if v == "" {
		return ""
	}
	for _, b := range badges {
		if v == b {
			return v
		}
	}
	if custom && utf8.RuneCountInString(v) <= maxBadgeLen && utf8.ValidString(v) {
		if strings.ContainsFunc(v, badgeRefuses) {
			q.fail(errorf(400, "invalid badge %q: a custom badge has letters, digits, spaces and & + - . ! ' / : # only", clip(v)))
			return ""
		}
		return v
	}
	q.fail(errorf(400, "invalid badge %q: allowed values are %s", clip(v), strings.Join(badges, ", ")))
	return ""
}

// badgeRefuses reports a character the badge renderer cannot draw.
func badgeRefuses(r rune) bool {
	return !unicode.IsLetter(r) && !unicode.IsDigit(r) && !strings.ContainsRune(" &+-.!'/:#", r)
}

func (q *query) oneOf(name string, allowed ...string) string {
	v := strings.ToLower(q.get(name))
	if v == "" {
		return ""
	}
	for _, a := range allowed {
		if v == a {
			return v
		}
	}
	q.fail(errorf(400, "invalid %s %q: allowed values are %s", name, clip(v), strings.Join(allowed, ", ")))
	return ""
}

// parseImage turns the path parameters and query of an image route into a
// validated scene.Request.
func (s *Server) parseImage(kind render.Kind, league string, teams []string, values url.Values) (scene.Request, *Error) {
	for _, seg := range append([]string{league}, teams...) {
		if utf8.RuneCountInString(seg) > maxSegmentLen || !utf8.ValidString(seg) {
			return scene.Request{}, errorf(400, "identifier too long or not valid UTF-8 (at most %d characters)", maxSegmentLen)
		}
	}
	q := &query{v: values}
	req := scene.Request{Kind: kind, League: league, Teams: teams}
	matchup := len(teams) == 2
	switch kind {
	case render.KindLogo:
		req.Variant = q.oneOf("variant", "light", "dark")
		if req.Variant == "" {
			req.Variant = "light"
		}
		if matchup {
			req.Style = q.intOneOf("style", 1, logoStyles)
		} else {
			req.Style = q.intOneOf("style", 0, []int{1})
		}
		size := q.intOneOf("size", 1024, logoSizes)
		req.Width, req.Height = size, size
		req.Trim = q.boolean("trim", true)
		// The league logo is on by default for styles that need it.
		req.LeagueLogo = q.boolean("logo", req.Style == 5 || req.Style == 6 || (matchup && req.Style == 1))
	default:
		req.Width, req.Height = q.aspect(kind)
		if matchup {
			req.Style = q.intOneOf("style", 1, matchupStyles)
		} else if q.has("style") {
			q.intOneOf("style", 1, matchupStyles) // validated, unused for single images
		}
		req.LeagueLogo = q.boolean("logo", true)
		if len(teams) == 0 && s.cfg.AllowEventOverlays {
			req.Title = q.text("title", maxTextLen)
			req.Subtitle = q.text("subtitle", maxTextLen)
			req.IconURL = q.text("iconurl", maxURLLen)
		}
	}
	req.Badge = q.badge(s.cfg.AllowCustomBadges)
	req.Winner = q.text("winner", maxTextLen)
	req.Fallback = q.boolean("fallback", false)
	req.Mode = q.oneOf("mode", "name", "default")
	if q.err != nil {
		return scene.Request{}, q.err
	}
	if !matchup {
		req.Winner = "" // winner is a matchup option
	}
	return req, nil
}

func joinInts(ns []int) string {
	s := make([]string, len(ns))
	for i, n := range ns {
		s[i] = strconv.Itoa(n)
	}
	return strings.Join(s, ", ")
}

// clip shortens a client value quoted back in an error message.
func clip(s string) string {
	if len(s) <= 40 {
		return s
	}
	r := []rune(s)
	if len(r) > 40 {
		r = r[:40]
	}
	return fmt.Sprintf("%s…", string(r))
}
