package espn

import (
	"encoding/json"

	"gamethumbs/internal/catalog/providerhttp"
)

// text is a JSON scalar read as a trimmed string (see providerhttp.Text).
type text = providerhttp.Text

// texts is a JSON array of scalars; any other JSON value gives nil.
type texts []text

func (ts *texts) UnmarshalJSON(b []byte) error {
	*ts = nil
	if len(b) > 0 && b[0] == '[' {
		var out []text
		if json.Unmarshal(b, &out) == nil {
			*ts = out
		}
	}
	return nil
}

// has reports whether ts contains s.
func (ts texts) has(s string) bool {
	for _, t := range ts {
		if string(t) == s {
			return true
		}
	}
	return false
}

// list is a JSON array of objects. A single object is read as a list of one
// (ESPN sometimes sends "groups": {...}); anything else gives nil. Elements
// of the wrong type are left zero.
type list[T any] []T

func (l *list[T]) UnmarshalJSON(b []byte) error {
	*l = nil
	if len(b) == 0 {
		return nil
	}
	switch b[0] {
	case '[':
		var raw []json.RawMessage
		if json.Unmarshal(b, &raw) != nil {
			return nil
		}
		out := make([]T, len(raw))
		for i, r := range raw {
			_ = providerhttp.DecodeLenient(r, &out[i])
		}
		*l = out
	case '{':
		var one T
		_ = providerhttp.DecodeLenient(b, &one)
		*l = list[T]{one}
	}
	return nil
}

// object is a JSON object field whose value may be missing, null or of the
// wrong type; all of those leave it zero.
type object[T any] struct{ V T }

func (o *object[T]) UnmarshalJSON(b []byte) error {
	var zero T
	o.V = zero
	if len(b) > 0 && b[0] == '{' {
		_ = providerhttp.DecodeLenient(b, &o.V)
	}
	return nil
}
