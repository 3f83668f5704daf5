package xmltv

import (
	"strings"
)

// Tier says which key matched a channel.
type Tier int

const (
	NoMatch  Tier = iota
	ByID          // the playlist's tvg-id (or JSON epg_channel_id) equals a channel id
	ByNumber      // tvg-chno (or num) equals a numeric channel id or an <lcn>
	ByName        // the display name equals one of the channel's display-names
)

func (t Tier) String() string {
	switch t {
	case ByID:
		return "id"
	case ByNumber:
		return "number"
	case ByName:
		return "name"
	}
	return "none"
}

// Guide maps channel ids, numbers and display names to logo URLs. Only
// channels with an <icon src> are kept; the first icon of a channel wins,
// and for every key the first channel that has it wins. A Guide is
// immutable and safe for concurrent use.
type Guide struct {
	logos     []string
	byID      map[string]int32
	byNumber  map[string]int32
	byName    map[string]int32
	size      int64
	truncated bool
}

func newGuide() *Guide {
	return &Guide{byID: map[string]int32{}, byNumber: map[string]int32{}, byName: map[string]int32{}}
}

// Len returns the number of channels with a logo.
func (g *Guide) Len() int { return len(g.logos) }

// Truncated reports whether a bound (bytes or channels) stopped the parse.
func (g *Guide) Truncated() bool { return g.truncated }

// SizeBytes estimates the memory the guide holds.
func (g *Guide) SizeBytes() int64 { return g.size }

// Lookup finds the logo for a channel: by id, then by number, then by name
// (each compared as described on the Tier constants; ids and names without
// regard to case, all with surrounding blanks trimmed). Empty keys never
// match.
func (g *Guide) Lookup(id, number, name string) (string, Tier) {
	if g == nil {
		return "", NoMatch
	}
	if k := idKey(id); k != "" {
		if i, ok := g.byID[k]; ok {
			return g.logos[i], ByID
		}
	}
	if k := numberKey(number); k != "" {
		if i, ok := g.byNumber[k]; ok {
			return g.logos[i], ByNumber
		}
	}
	if k := nameKey(name); k != "" {
		if i, ok := g.byName[k]; ok {
			return g.logos[i], ByName
		}
	}
	return "", NoMatch
}

// mapEntryCost approximates the bytes a map entry and a string header take.
const mapEntryCost = 64

func (g *Guide) add(id, lcn string, names []string, logo string) {
	idx := int32(len(g.logos))
	g.logos = append(g.logos, logo)
	g.size += int64(len(logo)) + 16
	put := func(m map[string]int32, k string) {
		if k == "" {
			return
		}
		if _, ok := m[k]; !ok {
			m[k] = idx
			g.size += int64(len(k)) + mapEntryCost
		}
	}
	put(g.byID, idKey(id))
	put(g.byNumber, numberKey(id))
	put(g.byNumber, numberKey(lcn))
	for _, n := range names {
		put(g.byName, nameKey(n))
	}
}

func idKey(s string) string {
	return strings.ToLower(strings.TrimSpace(s))
}

func nameKey(s string) string {
	return strings.ToLower(strings.TrimSpace(s))
}

// numberKey returns the canonical form of a channel number: digits with
// optional dot-separated parts (10.1), leading zeros removed in each part.
// Anything else has no number key.
func numberKey(s string) string {
	s = strings.TrimSpace(s)
	if s == "" || len(s) > 32 {
		return ""
	}
	if plainNumber(s) {
		return s
	}
	var b strings.Builder
	for part := range strings.SplitSeq(s, ".") {
		if part == "" {
			return ""
		}
		for i := 0; i < len(part); i++ {
			if part[i] < '0' || part[i] > '9' {
				return ""
			}
		}
		trimmed := strings.TrimLeft(part, "0")
		if trimmed == "" {
			trimmed = "0"
		}
		if b.Len() > 0 {
			b.WriteByte('.')
		}
		b.WriteString(trimmed)
	}
	return b.String()
}

// plainNumber reports whether s is digits without a leading zero.
func plainNumber(s string) bool {
	if s[0] == '0' && len(s) > 1 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}
