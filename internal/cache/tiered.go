package cache

import (
	"context"
	"errors"
	"sync/atomic"
)

// Tiered is a Cache of tiers, fastest first (memory, disk, shared): Get
// asks each in turn and copies a hit into the faster tiers that missed;
// Set and Delete go to every tier. Each tier applies its own rules (a
// degraded picture is refused by all; an incomplete one is kept in memory
// only), so Tiered checks nothing itself.
type Tiered struct {
	tiers []Cache
	// counts holds each tier's lookups through Get (hits, misses).
	counts []tierCount
}

type tierCount struct{ hits, misses atomic.Uint64 }

// TierStats are the lookups Get made of one tier.
type TierStats struct{ Hits, Misses uint64 }

// NewTiered composes tiers, fastest first.
func NewTiered(tiers ...Cache) *Tiered {
	return &Tiered{tiers: tiers, counts: make([]tierCount, len(tiers))}
}

// Get returns key's picture from the fastest tier that has it, copied
// into the faster ones.
func (t *Tiered) Get(ctx context.Context, key string) (*Image, bool) {
	for i, c := range t.tiers {
		if img, ok := c.Get(ctx, key); ok {
			t.counts[i].hits.Add(1)
			t.fill(ctx, key, img, i)
			return img, true
		}
		t.counts[i].misses.Add(1)
	}
	return nil, false
}

// Stats returns the lookups Get made of the tier c (one of the tiers it
// was built with; zero for any other), for a hit ratio per tier.
func (t *Tiered) Stats(c Cache) TierStats {
	for i, tc := range t.tiers {
		if tc == c {
			return TierStats{Hits: t.counts[i].hits.Load(), Misses: t.counts[i].misses.Load()}
		}
	}
	return TierStats{}
}

// Promote stores img, found in tier from (not through Get), in the tiers
// faster than from.
func (t *Tiered) Promote(ctx context.Context, key string, img *Image, from Cache) {
	for i, c := range t.tiers {
		if c == from {
			t.fill(ctx, key, img, i)
			return
		}
	}
}

// fill stores img in the tiers before the i-th.
func (t *Tiered) fill(ctx context.Context, key string, img *Image, i int) {
	for _, c := range t.tiers[:i] {
		_ = c.Set(ctx, key, img)
	}
}

// Set stores img in every tier. It returns ErrDegraded for a degraded
// picture (stored nowhere); a tier that refuses an incomplete one is not
// an error.
func (t *Tiered) Set(ctx context.Context, key string, img *Image) error {
	if err := storable(img); err != nil {
		return err
	}
	var errs []error
	for _, c := range t.tiers {
		if err := c.Set(ctx, key, img); err != nil && !errors.Is(err, ErrIncomplete) {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// Delete removes key's picture from every tier.
func (t *Tiered) Delete(ctx context.Context, key string) {
	for _, c := range t.tiers {
		c.Delete(ctx, key)
	}
}
