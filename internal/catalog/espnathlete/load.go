package espnathlete

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"time"
)

// Publishing and checkpointing during a load.
const (
	publishEvery    = time.Second      // partial rosters become visible at most this often
	checkpointEvery = 30 * time.Second // partial rosters are persisted at most this often
)

// page is one page of the athlete list.
type page struct {
	PageCount int          `json:"pageCount"`
	Items     []athleteDTO `json:"items"`
}

// run loads st's roster: the persisted file first, then ESPN for what the
// file lacks (everything, on a cold start).
func (p *Provider) run(st *leagueState) {
	ctx := p.ctx
	started := p.now()
	have := st.roster.Load()
	if have == nil && p.cfg.Dir != "" {
		as, fetched, complete, err := readFile(p.file(st))
		switch {
		case err == nil:
			have = buildRoster(st.sport, p.cdn, as)
			st.adopt(have, fetched, complete)
			p.log.Info("athlete roster read from disk", "league", st.sport+"/"+st.slug, "athletes", len(as), "complete", complete)
			if complete && started.Sub(fetched) < p.cfg.TTL {
				st.finish(nil, time.Time{}, true, nil, p.now())
				return
			}
		case !errors.Is(err, fs.ErrNotExist):
			p.log.Warn("athlete roster file unreadable; loading from ESPN", "league", st.sport+"/"+st.slug, "err", err)
		}
	}
	r, complete, err := p.loadNetwork(ctx, st, have)
	if err != nil {
		err = upstream(err)
		p.log.Warn("athlete roster load failed", "league", st.sport+"/"+st.slug, "err", err)
	}
	if r != nil && p.cfg.Dir != "" {
		if werr := writeFile(p.cfg.Dir, p.file(st), st.sport+"/"+st.slug, started, complete, r.athletes); werr != nil {
			p.log.Warn("athlete roster not persisted", "league", st.sport+"/"+st.slug, "err", werr)
		}
	}
	if r != nil {
		p.log.Info("athlete roster loaded", "league", st.sport+"/"+st.slug, "athletes", len(r.athletes), "complete", complete,
			"took", p.now().Sub(started).Round(time.Millisecond))
	}
	st.finish(r, started, complete, err, p.now())
}

// loadNetwork lists the league's athletes and fetches those have lacks.
// It returns the new roster (nil when the list could not be read) and
// whether every athlete could be fetched.
func (p *Provider) loadNetwork(ctx context.Context, st *leagueState, have *roster) (*roster, bool, error) {
	ps := &pauser{}
	ids, inline, err := p.list(ctx, st, ps)
	if err != nil {
		return nil, false, err
	}
	got := make(map[string]athlete, len(ids))
	if have != nil {
		for _, a := range have.athletes {
			got[a.ID] = a
		}
	}
	for id, a := range inline {
		got[id] = a
	}
	var missing []string
	for _, id := range ids {
		if _, ok := got[id]; !ok {
			missing = append(missing, id)
		}
	}
	assemble := func() []athlete {
		out := make([]athlete, 0, len(got))
		for _, id := range ids {
			if a, ok := got[id]; ok {
				out = append(out, a)
			}
		}
		return out
	}
	if len(missing) > 0 && have == nil {
		st.publish(buildRoster(st.sport, p.cdn, assemble()), len(missing))
	}

	jobs := make(chan string)
	results := make(chan fetched)
	for range min(p.cfg.Concurrency, max(len(missing), 1)) {
		go func() {
			for id := range jobs {
				select {
				case results <- p.fetchAthlete(ctx, st, id, ps):
				case <-ctx.Done():
					return
				}
			}
		}()
	}
	go func() {
		defer close(jobs)
		for _, id := range missing {
			select {
			case jobs <- id:
			case <-ctx.Done():
				return
			}
		}
	}()
	failed, lastPublish, lastCheckpoint := 0, time.Now(), time.Now()
	var firstErr error
	for done := 0; done < len(missing); done++ {
		var res fetched
		select {
		case res = <-results:
		case <-ctx.Done():
			return buildRoster(st.sport, p.cdn, assemble()), false, ctx.Err()
		}
		if res.err != nil {
			failed++
			if firstErr == nil {
				firstErr = res.err
			}
		} else if res.ok {
			got[res.a.ID] = res.a
		}
		if now := time.Now(); now.Sub(lastPublish) >= publishEvery && have == nil {
			lastPublish = now
			r := buildRoster(st.sport, p.cdn, assemble())
			st.publish(r, len(missing)-done-1)
			if p.cfg.Dir != "" && now.Sub(lastCheckpoint) >= checkpointEvery {
				lastCheckpoint = now
				_ = writeFile(p.cfg.Dir, p.file(st), st.sport+"/"+st.slug, p.now(), false, r.athletes)
			}
		}
	}
	r := buildRoster(st.sport, p.cdn, assemble())
	if failed > 0 {
		return r, false, fmt.Errorf("%d of %d athletes could not be fetched (first: %w)", failed, len(missing), firstErr)
	}
	return r, true, nil
}

// fetched is the outcome of one athlete request; ok is false for an
// athlete ESPN no longer has (404) or one without a name.
type fetched struct {
	a   athlete
	ok  bool
	err error
}

func (p *Provider) fetchAthlete(ctx context.Context, st *leagueState, id string, ps *pauser) fetched {
	var d athleteDTO
	err := p.fetch(ctx, p.leagueURL(st)+"/athletes/"+id+"?lang=en&region=us", &d, ps)
	if code, _ := statusOf(err); code == 404 {
		return fetched{}
	}
	if err != nil {
		return fetched{err: err}
	}
	if d.ID == "" {
		d.ID = text(id)
	}
	a, ok := d.toAthlete()
	return fetched{a: a, ok: ok && a.ID == id}
}

// list reads every page of the league's athlete list and returns the ids
// in ESPN's order, plus athletes whose page item was a whole object.
func (p *Provider) list(ctx context.Context, st *leagueState, ps *pauser) ([]string, map[string]athlete, error) {
	var ids []string
	inline := map[string]athlete{}
	seen := map[string]bool{}
	for n, count := 1, 1; n <= count && n <= maxPages; n++ {
		var pg page
		if err := p.fetch(ctx, p.leagueURL(st)+"/athletes?limit=1000&page="+fmt.Sprint(n), &pg, ps); err != nil {
			return nil, nil, err
		}
		count = pg.PageCount
		for i := range pg.Items {
			it := &pg.Items[i]
			id := string(it.ID)
			if a, ok := it.toAthlete(); ok {
				inline[id] = a
			} else {
				id = refID(string(it.Ref))
			}
			if id != "" && !seen[id] {
				seen[id] = true
				ids = append(ids, id)
			}
		}
	}
	return ids, inline, nil
}

// leagueURL is the core API URL of the league; athlete URLs are built
// from it and the id, never taken from $ref (which could name any host).
func (p *Provider) leagueURL(st *leagueState) string {
	return p.core + "/v2/sports/" + url.PathEscape(st.sport) + "/leagues/" + url.PathEscape(st.slug)
}
