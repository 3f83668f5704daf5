package espnathlete

import (
	"fmt"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"gamethumbs/internal/catalog"
)

// retryFailed is how long a failed or incomplete load waits before it is
// tried again.
const retryFailed = 5 * time.Minute

// leagueState is the roster of one league and its load.
type leagueState struct {
	sport, slug string
	roster      atomic.Pointer[roster] // nil until something is loaded

	mu       sync.Mutex
	loading  bool
	complete bool      // the roster is a whole load (file or network)
	fetched  time.Time // when the roster's data was fetched from ESPN
	lastErr  error     // last load failure, nil after a success
	failedAt time.Time
	pending  int // athletes the running load still has to fetch
}

// ensure starts a load when the roster is missing, incomplete or older
// than the TTL, unless one runs or the last one failed recently.
func (st *leagueState) ensure(p *Provider) {
	now := p.now()
	st.mu.Lock()
	defer st.mu.Unlock()
	if st.loading {
		return
	}
	stale := now.Sub(st.fetched) >= p.cfg.TTL
	if st.roster.Load() != nil && st.complete && !stale {
		return
	}
	if !st.failedAt.IsZero() && now.Sub(st.failedAt) < retryFailed {
		return
	}
	if p.ctx.Err() != nil {
		return
	}
	st.loading = true
	p.wg.Add(1)
	go func() {
		defer p.wg.Done()
		p.run(st)
	}()
}

// missError is the error for a name that is not in the roster: ErrLoading
// while the first load runs, the load's failure when nothing could be
// loaded, nil otherwise (the athlete does not exist).
func (st *leagueState) missError() error {
	st.mu.Lock()
	defer st.mu.Unlock()
	n := 0
	if r := st.roster.Load(); r != nil {
		n = len(r.teams)
	}
	switch {
	case st.loading && !st.complete:
		return &catalog.UpstreamError{Source: ID, Status: http.StatusServiceUnavailable,
			Err: fmt.Errorf("%w: %s/%s has %d athletes so far, %d to go; retry in a minute", ErrLoading, st.sport, st.slug, n, st.pending)}
	case !st.complete && n == 0 && st.lastErr != nil:
		return st.lastErr
	}
	return nil
}

// finish records the end of a load.
func (st *leagueState) finish(r *roster, fetched time.Time, complete bool, err error, now time.Time) {
	st.mu.Lock()
	defer st.mu.Unlock()
	if r != nil {
		st.roster.Store(r)
		st.fetched, st.complete = fetched, complete
	}
	st.loading, st.pending = false, 0
	st.lastErr = err
	if err != nil || !complete {
		st.failedAt = now
	} else {
		st.failedAt = time.Time{}
	}
}

// publish makes a partial roster visible during a load.
func (st *leagueState) publish(r *roster, pending int) {
	st.mu.Lock()
	st.roster.Store(r)
	st.pending = pending
	st.mu.Unlock()
}

// adopt installs a roster read from disk before the network load.
func (st *leagueState) adopt(r *roster, fetched time.Time, complete bool) {
	st.mu.Lock()
	st.roster.Store(r)
	st.fetched, st.complete = fetched, complete
	st.mu.Unlock()
}
