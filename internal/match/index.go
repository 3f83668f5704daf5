package match

import "gamethumbs/internal/catalog"

// Index is a roster with every team's keys computed once, for callers
// that score many queries against the same roster (the title reader
// scores two sides against several leagues per title). It is immutable
// after NewIndex and safe for concurrent use.
type Index struct {
	teams   []catalog.Team
	keys    []teamKeys
	aliases [][]aliasKey
	reach   reach // see RankAbove
}

// aliasKey is one alias in the two forms aliasMatch compares.
type aliasKey struct{ key, lit []byte }

// NewIndex computes the keys of teams. The slice is kept, not copied.
func NewIndex(teams []catalog.Team) *Index {
	x := &Index{teams: teams, keys: make([]teamKeys, len(teams)), aliases: make([][]aliasKey, len(teams))}
	var tmp [256]byte
	for i := range teams {
		t := &teams[i]
		x.keys[i] = buildKeys(t, make([]byte, 0, 2*(len(t.Name)+len(t.FullName)+len(t.City))+32), tmp[:])
		for _, a := range t.Aliases {
			x.aliases[i] = append(x.aliases[i], aliasKey{
				key: appendKey(nil, tmp[:], a),
				lit: catalog.AppendFold(nil, a, false),
			})
		}
	}
	x.reach = newReach(x)
	return x
}

// Len is the number of teams in the index.
func (x *Index) Len() int { return len(x.teams) }

// Rank scores query against every team and returns the best team (the
// earliest on equal scores, as [Find] does), its score and the best score
// of any other team, so a caller can tell a clear match from a tie. best
// is -1 when nothing scores above 0.
func (x *Index) Rank(query string) (best, score, second int) {
	var qb [512]byte
	q, ok := parse(query, qb[:])
	if !ok {
		return -1, 0, 0
	}
	return x.rank(&q)
}

// RankAbove is Rank for a caller that only wants a team scoring at least
// floor: when floor is above the city tier (500) and no reading of query
// can get there in this roster, it returns -1, 0, 0 without scoring any
// team. Otherwise it returns what Rank returns. A title that names no
// league tries a dozen rosters, and most cannot hold its side at all.
func (x *Index) RankAbove(query string, floor int) (best, score, second int) {
	var qb [512]byte
	q, ok := parse(query, qb[:])
	if !ok || floor > scoreCity && !x.reach.may(&q) {
		return -1, 0, 0
	}
	return x.rank(&q)
}

func (x *Index) rank(q *prepared) (best, score, second int) {
	best = -1
	for i := range x.keys {
		sc := x.score(q, i)
		switch {
		case sc > score:
			best, second, score = i, score, sc
		case sc > second:
			second = sc
		}
	}
	return best, score, second
}

// score is scoreTeam on precomputed keys.
func (x *Index) score(q *prepared, i int) int {
	for _, a := range x.aliases[i] {
		if len(a.key) > 0 && (string(a.key) == string(q.lit) || string(a.key) == string(q.vars[0].key)) {
			return scoreAlias
		}
		if len(a.lit) > 0 && string(a.lit) == string(q.lit) {
			return scoreAlias
		}
	}
	return scoreKeys(q, &x.keys[i])
}
