package render

import (
	"errors"
	"fmt"
)

// ErrUnsupported is for kinds this package does not draw; Render draws
// every Kind today and no longer returns it.
var ErrUnsupported = errors.New("render: kind not supported")

// ErrInvalid matches every *OptionError with errors.Is.
var ErrInvalid = errors.New("render: invalid options")

// OptionError reports an Options field (or the scene) that cannot be drawn.
type OptionError struct {
	Field  string // "Width", "Style", "Badge", …
	Value  any
	Reason string
}

func (e *OptionError) Error() string {
	return fmt.Sprintf("render: invalid %s %v: %s", e.Field, e.Value, e.Reason)
}

// Is makes errors.Is(err, ErrInvalid) true for option errors.
func (e *OptionError) Is(target error) bool { return target == ErrInvalid }
