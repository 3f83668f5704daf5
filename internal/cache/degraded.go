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

// ErrEmpty is returned by a tier asked to store a picture without bytes.
var ErrEmpty = errors.New("cache: an empty picture is never stored")

// Storable reports whether img may be stored in a cache tier: false for a
// degraded picture (or one without bytes).
func Storable(img *Image) bool { return storable(img) == nil }

// storable returns the error of a tier asked to store img: ErrDegraded,
// ErrEmpty, or nil.
func storable(img *Image) error {
	switch {
	case img != nil && img.Degraded != "":
		return ErrDegraded
	case img == nil || len(img.Data) == 0:
		return ErrEmpty
	}
	return nil
}

// lasting returns the error of a tier that outlives the process asked to
// store img: storable's, or ErrIncomplete.
func lasting(img *Image) error {
	if err := storable(img); err != nil {
		return err
	}
	if img.Incomplete != "" {
		return ErrIncomplete
	}
	return nil
}
