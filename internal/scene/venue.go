package scene

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"gamethumbs/internal/catalog"
	"gamethumbs/internal/fetch"
	"gamethumbs/internal/match"
	"gamethumbs/internal/render"
)

// venueJob reports whether req draws a venue style (10-13) of a matchup.
func venueJob(req Request, sides []side) bool {
	return render.IsVenueStyle(req.Style) && req.Kind != render.KindLogo && len(sides) == 2
}

// homeIndex is the side whose venue a venue style shows: the team home=
// names, else the league's default (the first team in soccer, rugby and
// cricket, "home v away"; the second elsewhere, "away @ home"). A home=
// that names neither team is an *InputError.
func homeIndex(req Request, l catalog.League, sides []side) (int, error) {
	if req.Home != "" {
		switch match.Winner(req.Home, sides[0].seg, sides[1].seg, sides[0].team, sides[1].team) {
		case 1:
			return 0, nil
		case 2:
			return 1, nil
		}
		return 0, &InputError{Msg: fmt.Sprintf("home %q names neither team of the matchup", clipText(req.Home, 40))}
	}
	if catalog.HomeFirst(l) {
		return 0, nil
	}
	return 1, nil
}

// clipText shortens s to at most n runes for an error message.
func clipText(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n]) + "…"
}

// TeamDetails resolves a team of l for the raw endpoint, with colours
// filled, and its venue and record. Details that cannot be had are left
// empty: only the team lookup can fail.
func (s *Service) TeamDetails(ctx context.Context, l catalog.League, id string) (catalog.Team, catalog.Details, error) {
	t, where, err := s.findTeam(ctx, l, id)
	if err != nil {
		return catalog.Team{}, catalog.Details{}, err
	}
	s.fillColors(ctx, l, &t)
	d, _ := s.details(ctx, where, t)
	return t, d, nil
}

// details asks the provider whose roster team t came from (the first of
// l's providers that has one) for its venue and record; a venue the roster
// itself carries (TheSportsDB) wins. Providers that know no details give
// empty ones; a provider failure is returned with what was had.
func (s *Service) details(ctx context.Context, l catalog.League, t catalog.Team) (catalog.Details, error) {
	var d catalog.Details
	var err error
	for _, id := range l.Providers {
		p, ok := s.cfg.Providers[id]
		if !ok {
			continue
		}
		if _, terr := p.Teams(ctx, l); terr != nil {
			continue // not where the team came from
		}
		if dp, ok := p.(catalog.DetailsProvider); ok {
			d, err = dp.Details(ctx, l, t)
			if errors.Is(err, catalog.ErrNotCovered) {
				err = nil
			}
		}
		break
	}
	if t.Venue.Known() {
		d.Venue = t.Venue
	}
	d.Record = cleanRecord(d.Record)
	return d, err
}

// cleanRecord keeps a record that reads as one ("10-7", "41-23-5"): short
// and printable; anything else (prose, control characters) is unknown.
func cleanRecord(r string) string {
	r = strings.TrimSpace(r)
	if utf8.RuneCountInString(r) > 16 || strings.IndexFunc(r, func(c rune) bool { return !unicode.IsPrint(c) }) >= 0 {
		return ""
	}
	return r
}

// place is the venue's "city, state" line.
func place(v catalog.Venue) string {
	var parts []string
	for _, p := range []string{v.City, v.State} {
		if p = strings.TrimSpace(p); p != "" && !strings.EqualFold(p, strings.TrimSpace(v.Name)) {
			parts = append(parts, p)
		}
	}
	return strings.Join(parts, ", ")
}

// photos is the fetcher of venue photos: Config.Photos, else the logos'.
func (s *Service) photos() *fetch.Fetcher {
	if s.cfg.Photos != nil {
		return s.cfg.Photos
	}
	return s.cfg.Logos
}

// venue loads what a venue style draws besides the logos: the home
// team's venue and photo and, for styles 12 and 13, both records. Failures
// are recorded in missed: a provider outage or a photo that cannot be had
// degrades the picture (its fallback background is served short-lived and
// never cached as the real thing).
func (j *renderJob) venue(ctx context.Context, missed *failures) (render.Venue, [2]string) {
	records := j.req.Style == 12 || j.req.Style == 13
	var dets [2]catalog.Details
	var wg sync.WaitGroup
	for i, sd := range j.sides {
		if sd.missing || i != j.home && !records {
			continue
		}
		wg.Go(func() {
			d, err := j.svc.details(ctx, sd.league, sd.team)
			missed.provider("team details", err)
			dets[i] = d
		})
	}
	wg.Wait()
	v := dets[j.home].Venue
	out := render.Venue{Name: strings.TrimSpace(v.Name), Place: place(v), Home: j.home}
	if v.Image != "" {
		img, err := j.svc.photos().Image(ctx, v.Image)
		if err != nil {
			j.svc.photoFailed(missed, v.Image, err)
		} else {
			out.Photo = img
		}
	}
	var recs [2]string
	if records {
		recs = [2]string{dets[0].Record, dets[1].Record}
	}
	return out, recs
}

// photoFailed records a venue photo that could not be had. Whatever the
// reason (even a lasting 404), the picture is degraded: the designed
// fallback stands in for the venue, and it must not be kept as if it
// were the picture asked for.
func (s *Service) photoFailed(f *failures, url string, err error) {
	reason := fetch.Reason(err)
	f.mu.Lock()
	if f.degraded == "" {
		f.degraded = "venue photo: " + reason
	}
	f.mu.Unlock()
	if reason == "canceled" {
		return
	}
	if s.cfg.Logger != nil && s.warned.Allow(url) {
		shown := url
		if len(shown) > maxLoggedURL {
			shown = shown[:maxLoggedURL] + "…"
		}
		s.cfg.Logger.Warn("venue photo unavailable; picture drawn without it", "url", shown, "reason", reason,
			"error", err.Error())
	}
}
