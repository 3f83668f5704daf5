package espn

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"sync"
	"time"

	"gamethumbs/internal/catalog"
)

// Lifetimes and bounds of the per-team details: a record changes with
// every game, a venue hardly ever. Each store holds at most maxDetailKeys
// teams (every team of the big ESPN leagues and college football fits).
const (
	VenueTTL      = 24 * time.Hour
	RecordTTL     = time.Hour
	maxDetailKeys = 4096
)

// franchiseDTO is the part of the core API franchise
// ({core}/v2/sports/{sport}/leagues/{slug}/franchises/{id}) that names the
// home venue.
type franchiseDTO struct {
	Venue object[struct {
		FullName text `json:"fullName"`
		Address  object[struct {
			City    text `json:"city"`
			State   text `json:"state"`
			Country text `json:"country"`
		}] `json:"address"`
		Images list[struct {
			Href text  `json:"href"`
			Rel  texts `json:"rel"`
		}] `json:"images"`
	}] `json:"venue"`
}

// teamDetailDTO is the part of the site API team
// ({site}/apis/site/v2/sports/{sport}/{slug}/teams/{id}) that holds the
// record.
type teamDetailDTO struct {
	Team object[struct {
		Record object[struct {
			Items list[struct {
				Type    text `json:"type"`
				Summary text `json:"summary"`
			}] `json:"items"`
		}] `json:"record"`
	}] `json:"team"`
}

// Details returns the home venue of t (core API franchise, kept for
// VenueTTL) and its overall record (site API team, kept for RecordTTL),
// asked for at once. A league without an ESPN sport and slug, or a team
// without an id, gives catalog.ErrNotCovered. What ESPN answers 404 for is
// unknown (empty), not an error; a failure of one part returns the other
// with the *catalog.UpstreamError.
func (p *Provider) Details(ctx context.Context, l catalog.League, t catalog.Team) (catalog.Details, error) {
	if l.Sport == "" || l.Slug == "" || t.ID == "" {
		return catalog.Details{}, fmt.Errorf("espn: no team details for %q in %q: %w", t.ID, l.Code, catalog.ErrNotCovered)
	}
	key := l.Sport + "/" + l.Slug + "/" + t.ID
	var d catalog.Details
	var venueErr, recordErr error
	var wg sync.WaitGroup
	wg.Go(func() {
		d.Venue, venueErr = p.venues.Get(ctx, key, load(p, func(ctx context.Context) (catalog.Venue, error) {
			return p.loadVenue(ctx, l.Sport, l.Slug, t.ID)
		}))
	})
	wg.Go(func() {
		d.Record, recordErr = p.records.Get(ctx, key, load(p, func(ctx context.Context) (string, error) {
			return p.loadRecord(ctx, l.Sport, l.Slug, t.ID)
		}))
	})
	wg.Wait()
	return d, callerError(errors.Join(venueErr, recordErr))
}

// notFound reports whether err is ESPN answering 404 (no such franchise
// or team): the detail is unknown, and that answer is cached.
func notFound(err error) bool {
	var ue *catalog.UpstreamError
	return errors.As(err, &ue) && ue.Status == http.StatusNotFound
}

func (p *Provider) loadVenue(ctx context.Context, sport, slug, id string) (catalog.Venue, error) {
	u := p.core + "/v2/sports/" + url.PathEscape(sport) + "/leagues/" + url.PathEscape(slug) +
		"/franchises/" + url.PathEscape(id) + "?lang=en&region=us"
	var resp franchiseDTO
	if err := p.getJSON(ctx, u, &resp); err != nil {
		if notFound(err) {
			return catalog.Venue{}, nil
		}
		return catalog.Venue{}, err
	}
	v := resp.Venue.V
	addr := v.Address.V
	out := catalog.Venue{Name: string(v.FullName), City: string(addr.City), State: string(addr.State)}
	if out.State == "" {
		out.State = string(addr.Country) // venues abroad name a country instead
	}
	// The day photo when ESPN marks one, else the first.
	for _, img := range v.Images {
		if img.Href == "" {
			continue
		}
		if out.Image == "" || img.Rel.has("day") && !img.Rel.has("night") {
			out.Image = string(img.Href)
		}
		if img.Rel.has("day") {
			break
		}
	}
	return out, nil
}

func (p *Provider) loadRecord(ctx context.Context, sport, slug, id string) (string, error) {
	u := p.site + "/apis/site/v2/sports/" + url.PathEscape(sport) + "/" + url.PathEscape(slug) + "/teams/" + url.PathEscape(id)
	var resp teamDetailDTO
	if err := p.getJSON(ctx, u, &resp); err != nil {
		if notFound(err) {
			return "", nil
		}
		return "", err
	}
	for _, it := range resp.Team.V.Record.V.Items {
		if it.Type == "total" {
			return string(it.Summary), nil
		}
	}
	return "", nil
}
