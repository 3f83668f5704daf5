package metrics

import (
	"context"
	"errors"
	"time"

	"gamethumbs/internal/catalog"
)

// Provider wraps p so that every call is counted and timed under p's id.
// A nil m returns p unchanged.
func (m *Metrics) Provider(p catalog.Provider) catalog.Provider {
	if m == nil || p == nil {
		return p
	}
	return &provider{next: p, m: m, id: p.ID()}
}

// provider is the metrics decorator of a catalog.Provider.
type provider struct {
	next catalog.Provider
	m    *Metrics
	id   string
}

func (p *provider) ID() string { return p.id }

func (p *provider) Teams(ctx context.Context, l catalog.League) ([]catalog.Team, error) {
	start := time.Now()
	teams, err := p.next.Teams(ctx, l)
	p.observe("teams", start, err)
	return teams, err
}

func (p *provider) LeagueLogos(ctx context.Context, l catalog.League) (string, string, error) {
	start := time.Now()
	light, dark, err := p.next.LeagueLogos(ctx, l)
	p.observe("league_logos", start, err)
	return light, dark, err
}

// Details forwards to a provider that knows teams' details (counted as
// "details"); others are not covered.
func (p *provider) Details(ctx context.Context, l catalog.League, t catalog.Team) (catalog.Details, error) {
	dp, ok := p.next.(catalog.DetailsProvider)
	if !ok {
		return catalog.Details{}, catalog.ErrNotCovered
	}
	start := time.Now()
	d, err := dp.Details(ctx, l, t)
	p.observe("details", start, err)
	return d, err
}

func (p *provider) observe(op string, start time.Time, err error) {
	p.m.providerCalls.WithLabelValues(p.id, op).Inc()
	p.m.providerLatency.WithLabelValues(p.id, op).Observe(time.Since(start).Seconds())
	if err != nil && !errors.Is(err, catalog.ErrNotCovered) && !errors.Is(err, context.Canceled) {
		p.m.providerErrors.WithLabelValues(p.id, op).Inc()
	}
}
