package scene

import (
	"context"
	"errors"
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
	// outage is the provider failure that left a fallback side missing
	// (nil when the team is simply unknown): the picture is degraded.
	outage error
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
				return nil, &InputError{Msg: "invalid iconurl: " + blocked.Reason}
			}
			return nil, err
		}
	}
	sides := make([]side, 0, len(req.Teams))
	for _, seg := range req.Teams {
		t, where, err := s.findTeam(ctx, l, seg)
		var unknown *catalog.UnknownTeamError
		var upstream *catalog.UpstreamError
		switch {
		case err == nil:
			sides = append(sides, side{seg: seg, team: t, league: where, athletes: s.sideAthletes(ctx, l, where, seg, t)})
		case req.Fallback && errors.As(err, &unknown):
			sides = append(sides, side{seg: seg, missing: true})
		case req.Fallback && errors.As(err, &upstream):
			sides = append(sides, side{seg: seg, missing: true, outage: err})
		default:
			return nil, err
		}
	}
	var outage error // a provider failure behind a missing side degrades the picture
	for _, sd := range sides {
		if sd.outage != nil {
			outage = sd.outage
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
		return s.rawLogoJob(ctx, l, sides, req.Variant)
	}
	return &renderJob{svc: s, req: req, league: l, sides: sides, nameMode: nameMode, outage: outage}, nil
}

// rawLogoJob serves a league or team logo as the provider has it.
func (s *Service) rawLogoJob(ctx context.Context, l catalog.League, sides []side, variant string) (Job, error) {
	var url string
	if len(sides) == 0 {
		light, dark, err := s.leagueLogoURLs(ctx, l)
		if err != nil {
			return nil, err
		}
		url = light
		if variant == "dark" && dark != "" {
			url = dark
		}
		if url == "" {
			url = dark
		}
		if url == "" {
			return nil, &NotFoundError{Msg: "league " + l.ShortName + " has no logo"}
		}
	} else {
		t := sides[0].team
		url = t.Logo
		if variant == "dark" && t.LogoAlt != "" {
			url = t.LogoAlt
		}
		if url == "" {
			url = t.LogoAlt
		}
		if url == "" {
			return nil, &NotFoundError{Msg: "team " + t.FullName + " has no logo"}
		}
	}
	return &rawJob{svc: s, url: url}, nil
}

// NotFoundError is a resource the provider does not have (a logo). 404.
type NotFoundError struct{ Msg string }

func (e *NotFoundError) Error() string { return e.Msg }

// leagueLogoURLs asks the league's providers for its logos; a URL in the
// league configuration wins.
func (s *Service) leagueLogoURLs(ctx context.Context, l catalog.League) (light, dark string, err error) {
	if l.LogoURL != "" {
		return l.LogoURL, l.LogoURLDark, nil
	}
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
	return "", "", err
}

type rawJob struct {
	svc *Service
	url string
}

func (j *rawJob) Key() string { return "raw|" + j.url }

func (j *rawJob) Render(ctx context.Context) (Output, error) {
	data, ctype, err := j.svc.cfg.Logos.Raw(ctx, j.url)
	if err != nil {
		return Output{}, rawLogoError(err)
	}
	return Output{Data: data, ContentType: ctype}, nil
}

// rawLogoError maps a failed logo download for the raw routes: a 404 is
// the provider not having it; a file that is not an image, too large or
// corrupt is the provider's fault (502), never ours (500).
func rawLogoError(err error) error {
	if fetch.IsNotFound(err) {
		return &NotFoundError{Msg: "logo not found at provider"}
	}
	var ue *catalog.UpstreamError
	if !errors.As(err, &ue) && fetch.Lasting(err) {
		return &catalog.UpstreamError{Source: "logo host", Err: err}
	}
	return err
}

// renderJob is a picture drawn by the render package.
type renderJob struct {
	svc      *Service
	req      Request
	league   catalog.League
	sides    []side
	nameMode bool
	outage   error // provider failure that left a side missing, if any
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
	return string(b)
}

func firstLetter(s string) string {
	for _, r := range s {
		return string(r)
	}
	return ""
}
