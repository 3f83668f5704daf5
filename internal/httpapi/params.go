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
	coverAspects = []aspect{{"3-4", 1080, 1440}, {"9-16", 1080, 1920}, {"1-1", 1080, 1080}, {"2-3", 1000, 1500}}
	logoSizes    = []int{256, 512, 1024, 2048}
	// matchupStyles are the thumbnail/cover styles; logo styles are 1-6.
	matchupStyles = []int{1, 2, 3, 4, 5, 6, 10, 11, 12, 13, 98, 99}
	logoStyles    = []int{1, 2, 3, 4, 5, 6}
	// badges are the built-in badge texts (case-insensitive on input):
	// game-thumbs v2.2's vocabulary, grouped as badgeGroup says.
	badges = []string{
		"4K", "HD", "FHD", "UHD",
		"ALT", "MANNINGCAST", "PRIMEVISION", "PEYTONCAST", "PEYTON AND ELI",
		"PLAYOFFS", "PRESEASON",
		"EN", "ENG", "ENGLISH", "ES", "ESP", "SPANISH", "FR", "FRE", "FRENCH",
		"DE", "GER", "GERMAN", "IT", "ITA", "ITALIAN",
		"NBC", "ESPN", "FOX", "CBS", "ABC", "NFLN", "MLBN", "NBA TV", "CW", "PEACOCK",
	}
)

// badgeGroup names the kind of a built-in badge (quality, alternate feed,
// event, language or network), for the OpenAPI descriptions.
func badgeGroup(b string) string {
	switch b {
	case "4K", "HD", "FHD", "UHD":
		return "quality"
	case "ALT", "MANNINGCAST", "PRIMEVISION", "PEYTONCAST", "PEYTON AND ELI":
		return "alternate feed"
	case "PLAYOFFS", "PRESEASON":
		return "event"
	case "NBC", "ESPN", "FOX", "CBS", "ABC", "NFLN", "MLBN", "NBA TV", "CW", "PEACOCK":
		return "network"
	}
	return "language"
}

type aspect struct {
	name          string
	width, height int
}

// aspectAliases maps accepted spellings to the canonical names.
var aspectAliases = map[string]string{
	"4x3": "4-3", "16x9": "16-9", "1x1": "1-1", "square": "1-1", "3x4": "3-4", "9x16": "9-16", "2x3": "2-3",
}

// query wraps url.Values with the image-route accessors. A parameter
// given twice is an error. A value outside the allowed set is, when strict
// (STRICT_PARAMS), an error; otherwise it is ignored as game-thumbs ignores
// it (the default is used) and named in warnings, which the response
// carries in Warning headers.
type query struct {
	v        url.Values
	strict   bool
	err      *Error
	warnings []string
}

func (q *query) fail(e *Error) {
	if q.err == nil {
		q.err = e
	}
}

// maxWarnings bounds the Warning headers of one response.
const maxWarnings = 4

// ignore handles a value outside the allowed set: e when strict, else a
// warning "<name> <value> ignored".
func (q *query) ignore(name, value string, e *Error) {
	if q.strict {
		q.fail(e)
		return
	}
	if len(q.warnings) < maxWarnings {
		q.warnings = append(q.warnings, name+" "+warnValue(value)+" ignored")
	}
}

// warnValue makes a client value safe inside a Warning header's quoted
// text: printable ASCII without quotes or backslashes, at most 40 bytes.
func warnValue(v string) string {
	var b strings.Builder
	for _, r := range v {
		if b.Len() >= 40 {
			b.WriteString("...")
			break
		}
		if r < 0x20 || r > 0x7e || r == '"' || r == '\\' {
			r = '?'
		}
		b.WriteRune(r)
	}
	return b.String()
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
		q.ignore(name, v, errorf(400, "invalid %s %q: allowed values are true, false", name, clip(v)))
		return def
	}
}

// leadingInt parses the leading decimal digits of v, as game-thumbs does
// ("512px" is 512); ok is false when v does not start with a digit.
func leadingInt(v string) (int, bool) {
	i := 0
	for i < len(v) && i < 9 && v[i] >= '0' && v[i] <= '9' {
		i++
	}
	if i == 0 {
		return 0, false
	}
	n, err := strconv.Atoi(v[:i])
	return n, err == nil
}

// intOneOf reads an integer from allowed. Unless strict, a value that does
// not start with digits, or 0, is ignored (the default); a number outside
// allowed is ignored too when tolerate is set (size), and is an error
// otherwise (style, which game-thumbs also refuses).
func (q *query) intOneOf(name string, def int, allowed []int, tolerate bool) int {
	v := q.get(name)
	if v == "" {
		return def
	}
	bad := errorf(400, "invalid %s %q: allowed values are %s", name, clip(v), joinInts(allowed))
	n, err := strconv.Atoi(v)
	if err != nil && !q.strict {
		var ok bool
		if n, ok = leadingInt(v); !ok || n == 0 {
			q.ignore(name, v, bad)
			return def
		}
	} else if err != nil {
		q.fail(bad)
		return def
	}
	for _, a := range allowed {
		if n == a {
			return n
		}
	}
	if tolerate || n == 0 {
		q.ignore(name, v, bad)
	} else {
		q.fail(bad)
	}
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
	raw := q.get("aspect")
	v := strings.ToLower(raw)
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
	q.ignore("aspect", raw, errorf(400, "invalid aspect %q: allowed values are %s", clip(v), strings.Join(names, ", ")))
	return list[0].width, list[0].height
}

func (q *query) badge(custom bool) string {
	raw := q.get("badge")
	v := strings.Join(strings.Fields(strings.ToUpper(raw)), " ")
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
	q.ignore("badge", raw, errorf(400, "invalid badge %q: allowed values are %s", clip(v), strings.Join(badges, ", ")))
	return ""
}

// badgeRefuses reports a character the badge renderer cannot draw.
func badgeRefuses(r rune) bool {
	return !unicode.IsLetter(r) && !unicode.IsDigit(r) && !strings.ContainsRune(" &+-.!'/:#", r)
}

// oneOf reads a value from allowed; anything else is an error, or, when
// tolerate is set and not strict, ignored.
func (q *query) oneOf(name string, tolerate bool, allowed ...string) string {
	raw := q.get(name)
	v := strings.ToLower(raw)
	if v == "" {
		return ""
	}
	for _, a := range allowed {
		if v == a {
			return v
		}
	}
	e := errorf(400, "invalid %s %q: allowed values are %s", name, clip(v), strings.Join(allowed, ", "))
	if tolerate {
		q.ignore(name, raw, e)
	} else {
		q.fail(e)
	}
	return ""
}

// parseImage turns the path parameters and query of an image route into a
// validated scene.Request.
//
// warnings name the values that were ignored (see query).
func (s *Server) parseImage(kind render.Kind, league string, teams []string, values url.Values) (req scene.Request, warnings []string, herr *Error) {
	for _, seg := range append([]string{league}, teams...) {
		if utf8.RuneCountInString(seg) > maxSegmentLen || !utf8.ValidString(seg) {
			return scene.Request{}, nil, errorf(400, "identifier too long or not valid UTF-8 (at most %d characters)", maxSegmentLen)
		}
	}
	q := &query{v: values, strict: s.cfg.StrictParams}
	req = scene.Request{Kind: kind, League: league, Teams: teams}
	matchup := len(teams) == 2
	switch kind {
	case render.KindLogo:
		req.Variant = q.oneOf("variant", false, "light", "dark")
		if req.Variant == "" {
			req.Variant = "light"
		}
		if matchup {
			req.Style = q.intOneOf("style", 1, logoStyles, false)
		} else {
			// game-thumbs serves the raw logo for any style other than 1.
			req.Style = q.intOneOf("style", 0, []int{1}, true)
		}
		size := q.intOneOf("size", 1024, logoSizes, true)
		req.Width, req.Height = size, size
		req.Trim = q.boolean("trim", true)
		// The league logo is on by default for styles that need it.
		req.LeagueLogo = q.boolean("logo", req.Style == 5 || req.Style == 6 || (matchup && req.Style == 1))
	default:
		req.Width, req.Height = q.aspect(kind)
		if matchup {
			req.Style = q.intOneOf("style", 1, matchupStyles, false)
		} else if q.has("style") {
			q.intOneOf("style", 1, matchupStyles, false) // validated, unused for single images
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
	req.Home = q.text("home", maxTextLen)
	req.Fallback = q.boolean("fallback", false)
	req.Mode = q.oneOf("mode", true, "name", "default")
	// useLight=true (game-thumbs): the primary logos, without the choice
	// by contrast. The lower-case spelling is accepted too.
	req.UseLight = q.boolean("useLight", false) || q.boolean("uselight", false)
	if q.err != nil {
		return scene.Request{}, nil, q.err
	}
	if !matchup {
		req.Winner = "" // winner is a matchup option
	}
	if !matchup || !render.IsVenueStyle(req.Style) || kind == render.KindLogo {
		req.Home = "" // home picks the venue of styles 10-13
	}
	return req, q.warnings, nil
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
