package espn

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"gamethumbs/internal/catalog"
)

// teamList is the answer of {site}/apis/site/v2/sports/{sport}/{slug}/teams.
type teamList struct {
	Sports list[struct {
		Leagues list[struct {
			Teams list[struct {
				Team object[teamDTO] `json:"team"`
			}] `json:"teams"`
		}] `json:"leagues"`
	}] `json:"sports"`
}

// teamDTO holds the fields of an ESPN team that the raw record uses.
type teamDTO struct {
	ID               text           `json:"id"`
	Slug             text           `json:"slug"`
	Location         text           `json:"location"`
	Nickname         text           `json:"nickname"`
	DisplayName      text           `json:"displayName"`
	ShortDisplayName text           `json:"shortDisplayName"`
	Abbreviation     text           `json:"abbreviation"`
	Color            text           `json:"color"`
	AlternateColor   text           `json:"alternateColor"`
	Logos            list[logoDTO]  `json:"logos"`
	Groups           list[groupDTO] `json:"groups"`
}

type logoDTO struct {
	Href text  `json:"href"`
	Rel  texts `json:"rel"`
}

type groupDTO struct {
	ID     text `json:"id"`
	Name   text `json:"name"`
	Parent object[struct {
		ID text `json:"id"`
	}] `json:"parent"`
}

// Teams returns the teams of l in ESPN's order. A league without an ESPN
// sport and slug, or one ESPN answers 404 for, gives catalog.ErrNotCovered;
// network failures give *catalog.UpstreamError. The result is cached for
// the TTL and shared between callers: do not modify it.
func (p *Provider) Teams(ctx context.Context, l catalog.League) ([]catalog.Team, error) {
	if l.Sport == "" || l.Slug == "" {
		return nil, fmt.Errorf("espn: league %q has no ESPN sport/slug: %w", l.Code, catalog.ErrNotCovered)
	}
	key := l.Sport + "/" + l.Slug
	teams, err := p.teams.Get(ctx, key, load(p, func(ctx context.Context) ([]catalog.Team, error) {
		return p.loadTeams(ctx, l.Sport, l.Slug)
	}))
	return teams, callerError(err)
}

func (p *Provider) loadTeams(ctx context.Context, sport, slug string) ([]catalog.Team, error) {
	u := p.site + "/apis/site/v2/sports/" + url.PathEscape(sport) + "/" + url.PathEscape(slug) + "/teams?limit=1000"
	var resp teamList
	if err := p.getJSON(ctx, u, &resp); err != nil {
		var ue *catalog.UpstreamError
		if errors.As(err, &ue) && ue.Status == http.StatusNotFound {
			return nil, fmt.Errorf("espn: %s/%s: %w", sport, slug, catalog.ErrNotCovered)
		}
		return nil, err
	}
	if len(resp.Sports) == 0 || len(resp.Sports[0].Leagues) == 0 {
		return nil, &catalog.UpstreamError{Source: ID, Err: fmt.Errorf("team list of %s/%s has no sports[0].leagues[0]", sport, slug)}
	}
	entries := resp.Sports[0].Leagues[0].Teams
	teams := make([]catalog.Team, 0, len(entries))
	for _, e := range entries {
		if t, ok := toTeam(&e.Team.V); ok {
			teams = append(teams, t)
		}
	}
	return teams, nil
}

// toTeam maps an ESPN team to the raw team record. ok is false for an
// entry with nothing to identify it by.
func toTeam(d *teamDTO) (catalog.Team, bool) {
	t := catalog.Team{
		ID:             string(d.ID),
		Slug:           string(d.Slug),
		City:           string(d.Location),
		Name:           string(d.Nickname),
		FullName:       string(d.DisplayName),
		ShortName:      string(d.ShortDisplayName),
		Abbreviation:   string(d.Abbreviation),
		Color:          hexColor(string(d.Color)),
		AlternateColor: hexColor(string(d.AlternateColor)),
	}
	if t.ID == "" && t.FullName == "" && t.Name == "" && t.City == "" && t.Abbreviation == "" && t.ShortName == "" {
		return catalog.Team{}, false
	}
	// The first group with an id names the conference, the first with a
	// parent id the division (as the reference reads them).
	var haveConf, haveDiv bool
	for _, g := range d.Groups {
		if !haveConf && g.ID != "" {
			t.Conference, haveConf = string(g.Name), true
		}
		if !haveDiv && g.Parent.V.ID != "" {
			t.Division, haveDiv = string(g.Name), true
		}
	}
	t.Logo, t.LogoAlt = pickLogos(d.Logos)
	return t, true
}

// hexColor returns "#" and an ESPN colour given as 3 or 6 hex digits
// (with or without "#"), in ESPN's own letter case ("EF0107" gives
// "#EF0107", as game-thumbs answers), and "" for anything else.
func hexColor(s string) string {
	s = strings.TrimPrefix(s, "#")
	if len(s) != 3 && len(s) != 6 {
		return ""
	}
	var b strings.Builder
	b.Grow(7)
	b.WriteByte('#')
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F') {
			return ""
		}
		b.WriteByte(c)
		if len(s) == 3 {
			b.WriteByte(c)
		}
	}
	return b.String()
}
