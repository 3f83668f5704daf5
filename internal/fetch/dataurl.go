package fetch

import (
	"encoding/base64"
	"net/url"
	"strings"
)

// decodeDataURL decodes a data:image/...[;base64],payload URL without any
// network access. The decoded size is bounded by limit, and the encoded
// payload is refused before decoding when it cannot fit.
func decodeDataURL(s string, limit int64) ([]byte, error) {
	comma := strings.IndexByte(s, ',')
	if comma < 0 {
		return nil, &BlockedError{Reason: "data URL has no comma"}
	}
	header, payload := s[len("data:"):comma], s[comma+1:]
	mediaType, isBase64 := header, false
	if i := strings.LastIndexByte(header, ';'); i >= 0 && strings.EqualFold(header[i+1:], "base64") {
		mediaType, isBase64 = header[:i], true
	}
	if t, _, _ := strings.Cut(mediaType, ";"); !strings.HasPrefix(strings.ToLower(t), "image/") {
		return nil, &NotImageError{Detected: clip(t, 64)}
	}
	// Percent-encoding at most triples a byte; base64 adds a third.
	if int64(len(payload)) > 3*limit+16 {
		return nil, &TooLargeError{What: "body", Size: -1, Limit: limit}
	}
	if strings.IndexByte(payload, '%') >= 0 {
		unescaped, err := url.PathUnescape(payload)
		if err != nil {
			return nil, &BlockedError{Reason: "data URL is not properly escaped"}
		}
		payload = unescaped
	}
	var data []byte
	if isBase64 {
		payload = strings.TrimRight(payload, "=")
		if int64(base64.RawStdEncoding.DecodedLen(len(payload))) > limit+3 {
			return nil, &TooLargeError{What: "body", Size: -1, Limit: limit}
		}
		var err error
		data, err = base64.RawStdEncoding.DecodeString(payload)
		if err != nil {
			return nil, &BlockedError{Reason: "data URL has invalid base64"}
		}
	} else {
		data = []byte(payload)
	}
	if int64(len(data)) > limit {
		return nil, &TooLargeError{What: "body", Size: int64(len(data)), Limit: limit}
	}
	return data, nil
}
