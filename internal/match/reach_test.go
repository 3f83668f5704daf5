package match

import (
	"strings"
	"testing"

	"gamethumbs/internal/catalog"
)

// RankAbove gives up only on queries that cannot reach its floor: for
// every query, whenever Rank finds a team at or above the floor,
// RankAbove returns exactly what Rank returns.
func TestRankAboveAgreesWithRank(t *testing.T) {
	rosters := map[string][]catalog.Team{"nba": nba, "nfl": nfl, "nhl": nhl, "epl": epl, "mls": mls, "ncaa": ncaa, "europe": europe}
	// queriesOf are the ways a roster's teams are written: every field,
	// with affixes, cities, shorthands, and pieces of it.
	queriesOf := func(list []catalog.Team) []string {
		var qs []string
		for _, tm := range list {
			for _, f := range append([]string{tm.Abbreviation, tm.City, tm.Name, tm.FullName, tm.ShortName, tm.Slug}, tm.Aliases...) {
				qs = append(qs, f, strings.ToUpper(f), "the "+f, f+" fc", f+" st", "st "+f, tm.City+" "+f, f+"s", "la "+f, "kc"+f)
				for _, n := range []int{3, 4, len(f) - 1} {
					if n > 1 && n < len(f) {
						qs = append(qs, f[:n], f[len(f)-n:])
					}
				}
			}
		}
		return qs
	}
	var others []string // a sample of every roster's, tried everywhere
	for _, list := range rosters {
		for i, q := range queriesOf(list) {
			if i%25 == 0 {
				others = append(others, q)
			}
		}
	}
	others = append(others, "losangelesfc", "new york city fc", "penn st", "saint johns", "s f giants", "golden state",
		"mavs", "spurs", "man utd", "garbage", "", "x", "wolves", "sixers", "habs", "tampa", "bay", "carolina")
	for name, list := range rosters {
		x := NewIndex(list)
		for _, q := range append(queriesOf(list), others...) {
			best, score, second := x.Rank(q)
			for _, floor := range []int{500, 501, 650, 700} {
				b, s, s2 := x.RankAbove(q, floor)
				same := b == best && s == score && s2 == second
				// At or below the city tier it is Rank; above, it is Rank
				// whenever Rank reaches the floor, and otherwise nothing
				// or Rank.
				if !same && (floor <= 500 || score >= floor || b >= 0) {
					t.Errorf("%s: RankAbove(%q, %d) = %d %d %d; Rank = %d %d %d", name, q, floor, b, s, s2, best, score, second)
				}
			}
		}
	}
}

// Most queries in a roster that cannot hold them stop at the filter.
func TestRankAboveSkips(t *testing.T) {
	x := NewIndex(epl)
	for _, q := range []string{"mavs", "knicks", "yankees", "maple leafs"} {
		var qb [512]byte
		p, _ := parse(q, qb[:])
		if x.reach.may(&p) {
			t.Errorf("the EPL index may hold %q", q)
		}
	}
}

func BenchmarkIndexRankAbove(b *testing.B) {
	x := NewIndex(nfl)
	b.ReportAllocs()
	for b.Loop() {
		x.RankAbove("mavs", 650)
	}
}
