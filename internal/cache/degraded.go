package cache

import "errors"

// A picture drawn without a logo or team because a source failed for the
// moment is degraded: it is served short-lived and never stored, so the
// next request renders it again once the source is back. Every tier
// refuses such values itself, so no caller can cache a failure as success
// by forgetting a check.

// Degradable is implemented by values that may be degraded results.
type Degradable interface {
	// Degraded reports whether the value must not be stored.
	Degraded() bool
}

// ErrDegraded is returned by a tier asked to store a degraded value.
var ErrDegraded = errors.New("cache: a degraded result is never stored")

// Storable reports whether v may be stored in a cache tier: false for a
// Degradable value that is degraded.
func Storable(v any) bool {
	d, ok := v.(Degradable)
	return !ok || !d.Degraded()
}
