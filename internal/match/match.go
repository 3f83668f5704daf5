// Package match resolves what a user typed (a URL path segment, a winner=
// value) to a team of a league's roster. It is pure: no I/O, no global
// mutable state, safe for concurrent use.
//
// Both sides are normalised with [Fold] (lower case, accents folded,
// ø/ß/æ/ł/... transliterated, punctuation ignored) and compared as compact
// keys, so "St. Louis", "st-louis" and "stlouis" are the same text. A
// leading "the" and the club affixes "fc", "cf", "afc", "sc", "ac" are
// ignored on both sides unless they are the only word.
//
// # Scores
//
// [Score] rates a query against one team from 0 (no match) to 1000:
//
//	1000  alias (Team.Aliases) or abbreviation equal
//	 950  city + nickname run together: "kansascitychiefs", "la lakers"
//	 900  name equal          850  short name equal
//	 800  full name or slug equal
//	 700+ the query contains the name with fewer than 4 characters after it
//	 650+ the name contains the query (4+ characters)
//	 500  city equal
//	 200+ the full name contains the query (4+ characters)
//	 100  the query contains the city with fewer than 3 characters after it
//
// Partial scores get a small bonus (below the next tier) for matching at
// the start and for covering more of the field, so "carolina" prefers the
// shortest name that holds it.
//
// The query is also read in rewritten forms, each scored 5 points lower
// than the same tier reached literally: a leading location shorthand
// expanded ("la", "ny", "sf", "gs", "kc", "tb", "no", "sa", "sd", "sj",
// "dc", "nyc", "okc", "stl", "lv", "ne" and a few more), a trailing "st"
// read as "state" ("penn st"), and "st"/"saint" swapped at the start
// ("saint johns"). Blank queries and queries longer than [MaxQueryLen]
// bytes never match.
//
// # Determinism
//
// [Find] returns the highest-scoring team; on equal scores the earliest in
// the roster wins. Consequences with ESPN rosters: "ohio" is Ohio (exact
// name) and never Ohio State (partial); "miami" in college sports is Miami
// (exact name), "miami oh" is Miami (OH); "la" in the NBA is the Clippers,
// whose ESPN city is literally "LA" (the Lakers' "Los Angeles" is reached
// only through the expansion, 5 points lower); "la" in the NFL is the
// Chargers (both cities read "Los Angeles", Chargers come first); "ny" in
// the NFL is the Giants and in the NHL the Islanders for the same reason;
// "ny" in the NBA and "la" in the NHL and MLS are abbreviations and win
// outright.
package match

import "gamethumbs/internal/catalog"

// scratch is per-call storage, kept on the stack by the callers.
type scratch struct {
	q   [512]byte
	t   [512]byte
	tmp [256]byte
}

// Find returns the index in teams of the best match for query, or ok=false.
// Deterministic: ties are broken by the order of teams.
func Find(query string, teams []catalog.Team) (index int, ok bool) {
	var s scratch
	q, ok := parse(query, s.q[:])
	if len(teams) == 0 || !ok {
		return -1, false
	}
	best, bestScore := -1, 0
	for i := range teams {
		sc := scoreTeam(&q, &teams[i], &s)
		if sc > bestScore {
			best, bestScore = i, sc
			if sc >= scoreAbbr {
				break // nothing scores higher, and the earliest wins ties
			}
		}
	}
	return best, best >= 0
}

// Score is the 0..1000 score of query against one team (see the package
// documentation; 0 = no match).
func Score(query string, t catalog.Team) int {
	var s scratch
	q, ok := parse(query, s.q[:])
	if !ok {
		return 0
	}
	return scoreTeam(&q, &t, &s)
}

// scoreTeam scores a prepared query against t.
func scoreTeam(q *prepared, t *catalog.Team, s *scratch) int {
	if aliasMatch(q, t, s) {
		return scoreAlias
	}
	k := buildKeys(t, s.t[:], s.tmp[:])
	return scoreKeys(q, &k)
}

// aliasMatch reports whether one of t's aliases equals the query, compared
// as keys (stop-words removed) or as compact text. It uses s.t as scratch.
func aliasMatch(q *prepared, t *catalog.Team, s *scratch) bool {
	for _, a := range t.Aliases {
		key := appendKey(s.t[:0], s.tmp[:], a)
		if len(key) > 0 && (string(key) == string(q.lit) || string(key) == string(q.vars[0].key)) {
			return true
		}
		if key = catalog.AppendFold(s.t[:0], a, false); len(key) > 0 && string(key) == string(q.lit) {
			return true
		}
	}
	return false
}
