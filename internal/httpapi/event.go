package httpapi

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"unicode/utf8"

	"gamethumbs/internal/render"
	"gamethumbs/internal/title"
)

// /event/{logo|thumb|cover}[.png]?title=...[&league=...] and /event/raw:
// artwork and data for an event named the way channel lists and guides
// name it ("NBA 03: Mavs vs Spurs @ 6PM"). The title is read by package
// title; the picture is the matchup route's picture of the resolved teams,
// so its cache key is the resolved matchup and every spelling of one game
// shares one entry.

// eventReader is implemented by backends that read event titles
// (*scene.Service).
type eventReader interface {
	Event(ctx context.Context, text, hint string) (*title.Result, title.Split, error)
}

func (s *Server) eventThumb(w http.ResponseWriter, r *http.Request, _ params) (served, error) {
	return s.eventImage(w, r, render.KindThumb)
}

func (s *Server) eventCover(w http.ResponseWriter, r *http.Request, _ params) (served, error) {
	return s.eventImage(w, r, render.KindCover)
}

func (s *Server) eventLogo(w http.ResponseWriter, r *http.Request, _ params) (served, error) {
	return s.eventImage(w, r, render.KindLogo)
}

// eventQuery reads title= and league= and removes them from the values
// passed on to the matchup options (title= is also an overlay option).
func eventQuery(values url.Values) (text, hint string, rest url.Values, herr *Error) {
	q := &query{v: values}
	text = q.get("title")
	hint = q.get("league")
	if q.err != nil {
		return "", "", nil, q.err
	}
	switch {
	case text == "":
		return "", "", nil, errorf(400, "missing title: give the event name, e.g. title=NBA: Lakers vs Celtics")
	case len(text) > title.MaxLen || !utf8.ValidString(text):
		return "", "", nil, errorf(400, "invalid title: at most %d bytes of valid UTF-8", title.MaxLen)
	case len(hint) > maxSegmentLen || !utf8.ValidString(hint):
		return "", "", nil, errorf(400, "invalid league: at most %d bytes of valid UTF-8", maxSegmentLen)
	}
	rest = make(url.Values, len(values))
	for k, v := range values {
		if k != "title" && k != "league" {
			rest[k] = v
		}
	}
	return text, hint, rest, nil
}

// readTitle resolves an event title. A nil result with a nil error means
// nothing was understood; sp says what the text alone said.
func (s *Server) readTitle(ctx context.Context, text, hint string) (*title.Result, title.Split, error) {
	er, ok := s.backend.(eventReader)
	if !ok {
		return nil, title.Split{}, errorf(http.StatusNotFound, "event titles are not available in this mode")
	}
	return er.Event(ctx, text, hint)
}

// understood is the body of a 404: what the title said, for the user to
// see why nothing matched.
type understood struct {
	Error   string   `json:"error"`
	Leagues []string `json:"leagues,omitempty"`
	Named   bool     `json:"leagueNamed,omitempty"`
	Side1   string   `json:"side1,omitempty"`
	Side2   string   `json:"side2,omitempty"`
}

func notUnderstood(w http.ResponseWriter, sp title.Split) {
	body := understood{Error: "no matchup or league found in the title", Side1: sp.Side1, Side2: sp.Side2}
	if sp.Named {
		body.Leagues, body.Named = sp.Leagues, true
	}
	writeJSON(w, http.StatusNotFound, body)
}

// eventImage resolves the picture of the matchup (or league) a title
// names; the dispatcher writes it. The URL is not remembered
// (resolvedURLs): reading the title is part of what it means.
func (s *Server) eventImage(w http.ResponseWriter, r *http.Request, kind render.Kind) (served, error) {
	text, hint, rest, herr := eventQuery(r.URL.Query())
	if herr != nil {
		return served{}, herr
	}
	ctx, cancel := s.lookupContext(r)
	defer cancel()
	res, sp, err := s.readTitle(ctx, text, hint)
	if err != nil {
		return served{}, err
	}
	var league string
	var teams []string
	switch {
	case res != nil:
		league = res.League
		if res.Teams == 2 {
			teams = []string{res.Ident1, res.Ident2}
		}
	case sp.Named && len(sp.Leagues) == 1 && sp.Side1 != "" && strings.EqualFold(rest.Get("fallback"), "true"):
		// fallback=true: the named league's matchup picture with stand-ins.
		league, teams = sp.Leagues[0], []string{sp.Side1, sp.Side2}
	default:
		// Reading the title cost work: counted like a render.
		if err := s.chargeImage(w, r); err != nil {
			return served{charged: true}, err
		}
		notUnderstood(w, sp)
		return served{charged: true}, nil
	}
	// The title's separator says which team is at home ("A @ B": B; "A vs
	// B": A) unless home= does: styles 10-13 draw that team's venue.
	if len(teams) == 2 && sp.Home != 0 && rest.Get("home") == "" {
		rest.Set("home", teams[sp.Home-1])
	}
	req, warnings, herr := s.parseImage(kind, league, teams, rest)
	if herr != nil {
		return served{}, herr
	}
	for _, msg := range warnings { // as on the other image routes
		w.Header().Add("Warning", `299 gamethumbs "`+msg+`"`)
	}
	job, err := s.backend.Prepare(ctx, req)
	if err != nil {
		return served{}, err
	}
	// As on the other image routes, only a cache miss counts against the
	// rate limit.
	var out served
	img, hit, err := s.images.get(r.Context(), job.Key(), job, func() error {
		out.charged = true
		return s.chargeImage(w, r)
	})
	if err != nil {
		return out, err
	}
	if res != nil {
		w.Header().Set("Link", "<"+res.Canonical()+"/"+kindPath(kind)+">; rel=\"canonical\"")
	}
	out.img, out.hit = img, hit
	return out, nil
}

func kindPath(k render.Kind) string {
	switch k {
	case render.KindCover:
		return "cover"
	case render.KindLogo:
		return "logo"
	}
	return "thumb"
}

// eventRecord is the body of /event/raw.
type eventRecord struct {
	League     string         `json:"league"`
	Team1      *rawTeamRecord `json:"team1,omitempty"`
	Team2      *rawTeamRecord `json:"team2,omitempty"`
	Confidence float64        `json:"confidence"`
	Canonical  string         `json:"canonical"`
}

func (s *Server) eventRaw(w http.ResponseWriter, r *http.Request, _ params) error {
	text, hint, _, herr := eventQuery(r.URL.Query())
	if herr != nil {
		return herr
	}
	ctx, cancel := s.lookupContext(r)
	defer cancel()
	res, sp, err := s.readTitle(ctx, text, hint)
	if err != nil {
		return err
	}
	if res == nil {
		notUnderstood(w, sp)
		return nil
	}
	rec := eventRecord{League: res.League, Confidence: float64(int(res.Confidence*1000+0.5)) / 1000, Canonical: res.Canonical()}
	if res.Teams == 2 {
		l, err := s.backend.League(ctx, res.League, false)
		if err != nil {
			return err
		}
		for i, id := range []string{res.Ident1, res.Ident2} {
			rt, err := s.teamRecord(ctx, l, id)
			if err != nil {
				return err
			}
			if i == 0 {
				rec.Team1 = &rt
			} else {
				rec.Team2 = &rt
			}
		}
	}
	w.Header().Set("Cache-Control", "public, max-age=300")
	writeJSON(w, http.StatusOK, rec)
	return nil
}
