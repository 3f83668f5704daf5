package cache

import "errors"

// A picture drawn without a logo or team because a source failed for the
// moment is degraded: it is served short-lived and never stored, so the
// next request renders it again once the source is back. Every tier
// refuses such a picture itself, so no caller can cache a failure as
// success by forgetting a check.

// ErrDegraded is returned by a tier asked to store a degraded picture.
var ErrDegraded = errors.New("cache: a degraded result is never stored")

// ErrIncomplete is returned by a tier that outlives the process asked to
// store an incomplete picture (one the memory tier keeps for
// IncompleteTTL only).
var ErrIncomplete = errors.New("cache: an incomplete result is kept in memory only")

// Storable reports whether img may be stored in a cache tier: false for a
// degraded picture.
func Storable(img *Image) bool { return img != nil && img.Degraded == "" }

// lasting reports whether img may be kept by a tier that outlives the
// process, returning the error of the tier that may not.
func lasting(img *Image) error {
	switch {
	case !Storable(img):
		return ErrDegraded
	case img.Incomplete != "":
		return ErrIncomplete
	}
	return nil
}
