package match

import (
	"bytes"
	"strings"

	"gamethumbs/internal/catalog"
)

// Tier scores (0..1000). A team's score is the best tier any reading of
// the query reaches, minus variantPenalty for rewritten readings.
const (
	scoreAlias   = 1000 // Team.Aliases entry, compact-equal to the query
	scoreAbbr    = 1000 // abbreviation, compact-equal
	scoreConcat  = 950  // city (or a shorthand of it) + nickname: "kansascitychiefs", "la lakers"
	scoreName    = 900  // Team.Name
	scoreShort   = 850  // Team.ShortName (ESPN shortDisplayName)
	scoreFull    = 800  // Team.FullName, or the slug
	scoreCity    = 500  // Team.City
	scoreHasName = 700  // query contains the name/short name, < 4 characters after it; +0..49 for coverage
	scoreInName  = 650  // name/short name contains the query; +25 at its start, +0..24 for coverage
	scoreInFull  = 200  // full name contains the query; +25 at its start, +0..24 for coverage
	scoreHasCity = 100  // query contains the city with < 3 characters after it
)

// minPartial is the shortest key the partial tier looks at.
const minPartial = 4

// teamKeys holds the compact keys of one team's fields. Name, short, full,
// city and slug have their stop-words removed ("Arsenal FC" → "arsenal");
// the abbreviation is only compacted ("SC" stays "sc").
type teamKeys struct {
	abbr, name, short, full, city, slug []byte
}

// buildKeys computes the keys of t, using buf for the keys and tmp as
// scratch; it allocates only when the fields do not fit in buf. A field
// equal to an earlier one (ESPN repeats them: short name = name, city =
// full name for clubs) reuses its key.
func buildKeys(t *catalog.Team, buf, tmp []byte) (k teamKeys) {
	b := buf[:0]
	b = catalog.AppendFold(b, t.Abbreviation, false)
	k.abbr = b[:len(b):len(b)]
	slug := t.Slug
	if i := strings.IndexByte(slug, '.'); i >= 0 {
		slug = slug[i+1:] // "eng.man_utd" → "man_utd"
	}
	raw := [...]string{t.Name, t.ShortName, t.FullName, t.City, slug}
	var keys [len(raw)][]byte
outer:
	for i, s := range raw {
		for j := range i {
			if raw[j] == s {
				keys[i] = keys[j]
				continue outer
			}
		}
		n := len(b)
		b = appendKey(b, tmp, s)
		keys[i] = b[n:len(b):len(b)]
	}
	k.name, k.short, k.full, k.city, k.slug = keys[0], keys[1], keys[2], keys[3], keys[4]
	return k
}

// scoreKeys scores a prepared query against one team's keys.
func scoreKeys(q *prepared, k *teamKeys) int {
	if len(k.abbr) > 0 && (bytes.Equal(q.lit, k.abbr) || bytes.Equal(q.vars[0].key, k.abbr)) {
		return scoreAbbr
	}
	best := 0
	for i := 0; i < q.n; i++ {
		v := &q.vars[i]
		s := exactTier(v.key, k)
		if s < scoreConcat && concatTier(v.key, k, v.penalty == 0) {
			s = scoreConcat
		}
		if s < scoreHasName+50 && v.partial {
			s = max(s, partialTier(v.key, k))
		}
		if s > 0 {
			s -= v.penalty
		}
		best = max(best, s)
	}
	return best
}

// exactTier is the best field whose key equals c.
func exactTier(c []byte, k *teamKeys) int {
	switch {
	case bytes.Equal(c, k.name):
		return scoreName
	case bytes.Equal(c, k.short):
		return scoreShort
	case bytes.Equal(c, k.full), bytes.Equal(c, k.slug):
		return scoreFull
	case bytes.Equal(c, k.city):
		return scoreCity
	}
	return 0
}

// concatTier reports whether c is a city form followed by the short name,
// name or abbreviation (each at least 4 characters): "kansascitychiefs",
// "losangelesclippers" for city "LA", "ohiostbuckeyes"-style "state"→"st",
// or, when literal is set, a shorthand inside the nickname spelled out
// ("losangelesfc" for LAFC; a rewritten query such as "lakers" read as
// "losangeles"+"kers" must not qualify).
func concatTier(c []byte, k *teamKeys, literal bool) bool {
	for _, cand := range [...][]byte{k.short, k.name, k.abbr} {
		if len(cand) < minPartial || len(c) <= len(cand) {
			continue
		}
		if bytes.HasSuffix(c, cand) && cityVariation(c[:len(c)-len(cand)], k.city) {
			return true
		}
		if literal && spelledOut(c, cand) {
			return true
		}
	}
	return false
}

// spelledOut reports whether c is cand with its leading location shorthand
// written out: "losangelesfc" for "lafc", "newyorkcityfc" is not "nycfc".
func spelledOut(c, cand []byte) bool {
	for n := 3; n >= 2; n-- {
		if len(cand) <= n || !bytes.HasSuffix(c, cand[n:]) {
			continue
		}
		if exp := expandCode(cand[:n]); exp != "" {
			return len(c) == len(exp)+len(cand)-n && string(c[:len(exp)]) == exp
		}
	}
	return false
}

// cityVariation reports whether p names the team's city: equal, equal with
// "state" shortened to "st" (either way), or related through the shorthand table.
func cityVariation(p, city []byte) bool {
	if len(city) == 0 {
		return false
	}
	if bytes.Equal(p, city) {
		return true
	}
	if stem, ok := bytes.CutSuffix(city, []byte("state")); ok && len(stem) >= 3 {
		if s, ok := bytes.CutSuffix(p, []byte("st")); ok && bytes.Equal(s, stem) {
			return true
		}
	}
	if stem, ok := bytes.CutSuffix(city, []byte("st")); ok && len(stem) >= 3 {
		if s, ok := bytes.CutSuffix(p, []byte("state")); ok && bytes.Equal(s, stem) {
			return true
		}
	}
	return relatedCity(p, city)
}

// partialTier scores c against substrings of the team's fields.
func partialTier(c []byte, k *teamKeys) int {
	best := 0
	for i, f := range [...][]byte{k.name, k.short} {
		if len(f) < minPartial || (i == 1 && bytes.Equal(f, k.name)) {
			continue
		}
		if j := bytes.Index(c, f); j >= 0 {
			if after := len(c) - j - len(f); after < 4 {
				best = max(best, scoreHasName+49*len(f)/len(c))
			}
		} else if len(c) >= minPartial {
			best = max(best, contained(c, f, scoreInName))
		}
	}
	if best > 0 {
		return best
	}
	if len(c) >= minPartial {
		best = contained(c, k.full, scoreInFull)
	}
	if best == 0 && len(k.city) >= minPartial {
		if j := bytes.Index(c, k.city); j >= 0 && len(c)-j-len(k.city) < 3 {
			best = scoreHasCity
		}
	}
	return best
}

// contained scores c found inside f: base, +25 when f starts with c, and up
// to +24 for the share of f that c covers. It is 0 when f lacks c.
func contained(c, f []byte, base int) int {
	j := bytes.Index(f, c)
	if j < 0 {
		return 0
	}
	s := base + 24*len(c)/len(f)
	if j == 0 {
		s += 25
	}
	return s
}
