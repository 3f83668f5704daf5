package espn

import (
	"encoding/json"
	"strings"
)

// text is a JSON scalar read as a string: a string as is, a number as its
// literal ("id": 13 and "id": "13" both give "13"), anything else (null,
// booleans, objects, arrays) as "". It never fails, so one odd field cannot
// spoil a whole team list.
type text string

func (t *text) UnmarshalJSON(b []byte) error {
	*t = ""
	if len(b) == 0 {
		return nil
	}
	switch c := b[0]; {
	case c == '"':
		var s string
		if json.Unmarshal(b, &s) == nil {
			*t = text(strings.TrimSpace(s))
		}
	case c == '-' || (c >= '0' && c <= '9'):
		*t = text(b)
	}
	return nil
}

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
			_ = decodeLenient(r, &out[i])
		}
		*l = out
	case '{':
		var one T
		_ = decodeLenient(b, &one)
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
		_ = decodeLenient(b, &o.V)
	}
	return nil
}
