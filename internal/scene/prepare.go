package scene

import (
	"context"
	"errors"
	"slices"
	"strconv"
	"strings"

	"gamethumbs/internal/catalog"
	"gamethumbs/internal/fetch"
	"gamethumbs/internal/match"
	"gamethumbs/internal/render"
)

// InputError is a request that is well-formed but cannot be served as
// asked (e.g. logo style 5 for a league without a logo). It maps to 400.
type InputError struct{ Msg string }

func (e *InputError) Error() string { return e.Msg }

// side is one resolved team of a request.
type side struct {
	seg     string       // identifier as typed
	team    catalog.Team // resolved team (zero when missing)
	league  catalog.League
	missing bool // not found, fallback stand-in
	loser   bool
	// athletes are the athletes the side shows (athlete leagues): one, or
	// the parts of "a+b", whose pictures are composed.
	athletes []catalog.Team
}

// Prepare resolves the league and teams of req and returns its Job.
func (s *Service) Prepare(ctx context.Context, req Request) (Job, error) {
	l, err := s.League(ctx, req.League, req.Fallback)
	if err != nil {
		return nil, err
	}
	req.Fallback = req.Fallback || l.SkipLogos // implied in skipLogos leagues
	if req.IconURL != "" {
		if s.cfg.Overlays == nil {
			req.IconURL = ""
		} else if err := fetch.CheckURL(req.IconURL); err != nil {
			var blocked *fetch.BlockedError
			if errors.As(err, &blocked) {
				return nil, &InputError{Msg: "Invalid iconurl: " + blocked.Reason}
			}
			return nil, err
		}
	}
	sides := make([]side, 0, len(req.Teams))
	// degraded says why a fallback picture stands in for the one asked
	// for when a provider failed (not when a team is simply unknown).
	var degraded string
	for _, seg := range req.Teams {
		t, where, err := s.findTeam(ctx, l, seg)
		var unknown *catalog.UnknownTeamError
		switch {
		case err == nil:
			sides = append(sides, side{seg: seg, team: t, league: where, athletes: s.sideAthletes(ctx, l, where, seg, t)})
		case req.Fallback && errors.As(err, &unknown):
			sides = append(sides, side{seg: seg, missing: true})
		case req.Fallback && providerDown(ctx, err):
			sides = append(sides, side{seg: seg, missing: true})
			degraded = "team lookup: " + fetch.Reason(err)
		default:
			return nil, err
		}
	}
	// A single team that is missing becomes the league image of its kind.
	if len(sides) == 1 && sides[0].missing {
		sides = sides[:0]
	}
	s.skipLogoSides(ctx, l, sides)
	if len(sides) == 2 && req.Winner != "" && !sides[0].missing && !sides[1].missing {
		switch match.Winner(req.Winner, sides[0].seg, sides[1].seg, sides[0].team, sides[1].team) {
		case 1:
			sides[1].loser = true
		case 2:
			sides[0].loser = true
		}
	}
	// skipLogos leagues draw colour blocks instead of logos: unless the
	// request says mode=default, name the teams on them.
	nameMode := req.Mode == "name" || (req.Mode == "" && (l.Mode == "name" || l.SkipLogos))
	// A raw logo is the provider's file, except in name mode, where a single
	// team gets a text card instead.
	if req.Kind == render.KindLogo && req.Style == 0 && !(nameMode && len(sides) == 1) {
		if job := s.athleteRawJob(sides); job != nil {
			return job, nil
		}
		if !noLogo(sides) {
			return s.rawLogoJob(ctx, l, sides, req.Variant, degraded)
		}
		// A team without a logo anywhere: the configured default image,
		// else its name card in its colours, never a 404.
		if d := s.defaultImage(l); d != "" {
			return &rawJob{svc: s, url: d}, nil
		}
		nameMode = true
	}
	job := &renderJob{svc: s, req: req, league: l, sides: sides, nameMode: nameMode, degraded: degraded}
	if venueJob(req, sides) {
		if job.home, err = homeIndex(req, l, sides); err != nil {
			return nil, err
		}
	}
	return job, nil
}

// noLogo reports whether sides is one found team without any logo.
func noLogo(sides []side) bool {
	return len(sides) == 1 && !sides[0].missing && len(sides[0].athletes) == 0 &&
		sides[0].team.Logo == "" && sides[0].team.LogoAlt == ""
}

// providerDown reports whether err is a provider failure a fallback
// picture may stand in for: an upstream error or timeout, or a roster
// still loading; not the client going away.
func providerDown(ctx context.Context, err error) bool {
	var upstream *catalog.UpstreamError
	// A cancelled context is the client gone; a deadline is the request's
	// provider budget running out, which is the provider's fault.
	return !errors.Is(ctx.Err(), context.Canceled) && (errors.As(err, &upstream) || errors.Is(err, catalog.ErrLoading) ||
		errors.Is(err, context.DeadlineExceeded))
}

// rawLogoJob serves a league or team logo as the provider has it, as a
// PNG. A league without any logo gets the configured default image, else
// its wordmark card.
//
// degraded, when set, marks the picture as a stand-in (see
// Output.Degraded).
func (s *Service) rawLogoJob(ctx context.Context, l catalog.League, sides []side, variant, degraded string) (Job, error) {
	if len(sides) == 0 {
		light, dark, err := s.leagueLogoURLs(ctx, l)
		url := light
		if variant == "dark" && dark != "" || url == "" {
			url = dark
		}
		if url == "" {
			url = s.defaultImage(l)
		}
		if url == "" {
			wj := &wordmarkJob{svc: s, league: l, degraded: degraded}
			if transient(err) {
				wj.degraded = "league logo source unavailable"
			}
			return wj, nil
		}
		return &rawJob{svc: s, url: url, league: &l, degraded: degraded}, nil
	}
	t := sides[0].team
	url := t.Logo
	if variant == "dark" && t.LogoAlt != "" || url == "" {
		url = t.LogoAlt
	}
	if url == "" {
		return nil, &NotFoundError{Msg: "team " + t.FullName + " has no logo"}
	}
	return &rawJob{svc: s, url: url}, nil
}

// NotFoundError is a resource the provider does not have (a logo). 404.
type NotFoundError struct{ Msg string }

func (e *NotFoundError) Error() string { return e.Msg }

// leagueLogoURLs asks for the league's logos: a URL in the league
// configuration wins, then the league art sources (LeagueArt) that are not
// among the league's providers and know the league (as the reference's
// logoUrl overrides ESPN's logo for ATP and WTA with TheSportsDB's
// badge), then the league's providers in their order.
func (s *Service) leagueLogoURLs(ctx context.Context, l catalog.League) (light, dark string, err error) {
	if l.LogoURL != "" {
		return l.LogoURL, l.LogoURLDark, nil
	}
	var artErr error
	for _, id := range s.cfg.LeagueArt {
		p, ok := s.cfg.Providers[id]
		if !ok || slices.Contains(l.Providers, id) {
			continue
		}
		light, dark, err = p.LeagueLogos(ctx, l)
		if err == nil && (light != "" || dark != "") {
			return light, dark, nil
		}
		if !errors.Is(err, catalog.ErrNotCovered) {
			artErr = err // a failed art source: the league may still have a logo of its own
		}
	}
	err = nil
	for _, id := range l.Providers {
		p, ok := s.cfg.Providers[id]
		if !ok {
			continue
		}
		light, dark, err = p.LeagueLogos(ctx, l)
		if err == nil && (light != "" || dark != "") {
			return light, dark, nil
		}
	}
	if artErr != nil && (err == nil || errors.Is(err, catalog.ErrNotCovered)) {
		err = artErr // the art source failed and no provider of the league has a logo
	}
	return "", "", err
}

// renderJob is a picture drawn by the render package.
type renderJob struct {
	svc      *Service
	req      Request
	league   catalog.League
	sides    []side
	nameMode bool
	home     int // styles 10-13: the side whose venue is drawn (venue.go)
	// degraded is set while rendering when a stand-in replaced something a
	// source failed to give (see Output.Degraded).
	degraded string
}

// Key is the canonical key: options after defaults, league code, teams as
// resolved (ids, so "LAKERS", "lakers" and "lal" share one entry), the
// winner side and the name mode.
func (j *renderJob) Key() string {
	var buf [384]byte // one allocation (the string) for usual keys
	b := j.req.appendKey(buf[:0])
	b = append(b, "|L="...)
	b = append(b, j.league.Code...)
	for _, sd := range j.sides {
		b = append(b, "|T="...)
		if sd.missing {
			b = append(b, '?')
			b = append(b, strings.ToUpper(firstLetter(sd.seg))...)
			continue
		}
		b = append(b, sd.league.Code...)
		b = append(b, ':')
		b = append(b, sd.team.ID...)
		if sd.team.ID == "" {
			b = strconv.AppendQuote(b, sd.team.FullName)
		}
		if sd.loser {
			b = append(b, ":loser"...)
		}
	}
	b = append(b, "|N="...)
	b = strconv.AppendBool(b, j.nameMode)
	if venueJob(j.req, j.sides) {
		b = append(b, "|H="...)
		b = strconv.AppendInt(b, int64(j.home), 10)
	}
	return string(b)
}

func firstLetter(s string) string {
	for _, r := range s {
		return string(r)
	}
	return ""
}
