package thesportsdb

import (
	"context"
	"strings"
	"unicode"

	"gamethumbs/internal/catalog/providerhttp"
)

// maxBody bounds one API answer; a league's teams are a few hundred KB.
const maxBody = 8 << 20

// getJSON fetches {base}/api/v1/json/{key}/{call} into v. Errors name the
// call, never the key (the Getter's Redact masks it in transport errors).
func (p *Provider) getJSON(ctx context.Context, call string, v any) error {
	what := "/api/v1/json/***/" + call
	if i := strings.IndexByte(what, '?'); i >= 0 {
		what = what[:i]
	}
	return p.get.GetJSON(ctx, p.base+"/api/v1/json/"+p.key+"/"+call, "GET "+what, v)
}

// text is a JSON scalar read as a trimmed string; numbers as their
// literal, anything else "".
type text = providerhttp.Text

// lastPart is the last comma-separated part of a location ("Holloway,
// London" → "London").
func lastPart(s string) string {
	if i := strings.LastIndexByte(s, ','); i >= 0 {
		s = s[i+1:]
	}
	return strings.TrimSpace(s)
}

// cityState splits a location into the venue's city and state: the last
// two comma-separated parts ("Regina, Saskatchewan"), or the city alone.
func cityState(loc string) (city, state string) {
	var parts []string
	for _, p := range strings.Split(loc, ",") {
		if p = strings.TrimSpace(p); p != "" {
			parts = append(parts, p)
		}
	}
	switch len(parts) {
	case 0:
		return "", ""
	case 1:
		return parts[0], ""
	}
	return parts[len(parts)-2], parts[len(parts)-1]
}

// abbreviate is the first three letters of a name, upper-cased.
func abbreviate(name string) string {
	var b strings.Builder
	for _, r := range name {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(unicode.ToUpper(r))
			if b.Len() >= 3 {
				break
			}
		}
	}
	return b.String()
}

// hexColor normalises "#RRGGBB", "RRGGBB" or "#RGB" to "#RRGGBB" in the
// provider's letter case; anything else gives "".
func hexColor(s string) string {
	s = strings.TrimPrefix(strings.TrimSpace(s), "#")
	if len(s) == 3 {
		s = string([]byte{s[0], s[0], s[1], s[1], s[2], s[2]})
	}
	if len(s) != 6 {
		return ""
	}
	for i := 0; i < 6; i++ {
		c := s[i]
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F') {
			return ""
		}
	}
	return "#" + s
}
