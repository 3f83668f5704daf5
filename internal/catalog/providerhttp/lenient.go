package providerhttp

import (
	"encoding/json"
	"errors"
	"strings"
)

// DecodeLenient decodes JSON into v. Malformed JSON is an error; a value
// whose type does not fit its field (a string where an object was
// expected) only leaves that field empty.
func DecodeLenient(data []byte, v any) error {
	err := json.Unmarshal(data, v)
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		return nil
	}
	return err
}

// Scalar reads a JSON scalar as a string: a string's value as is, a
// number as its literal. ok is false for anything else (null, booleans,
// objects, arrays, malformed input).
func Scalar(b []byte) (s string, ok bool) {
	if len(b) == 0 {
		return "", false
	}
	switch c := b[0]; {
	case c == '"':
		if json.Unmarshal(b, &s) == nil {
			return s, true
		}
	case c == '-' || (c >= '0' && c <= '9'):
		return string(b), true
	}
	return "", false
}

// Text is a JSON scalar read as a trimmed string: a string trimmed of
// spaces, a number as its literal ("id": 13 and "id": "13" both give
// "13"), anything else as "". It never fails, so one odd field cannot
// spoil a whole answer.
type Text string

// UnmarshalJSON implements json.Unmarshaler; it never fails.
func (t *Text) UnmarshalJSON(b []byte) error {
	s, _ := Scalar(b)
	*t = Text(strings.TrimSpace(s))
	return nil
}
