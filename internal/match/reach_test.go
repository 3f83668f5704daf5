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
	var queries []string
	for _, list := range rosters {
		for _, tm := range list {
			for _, f := range append([]string{tm.Abbreviation, tm.City, tm.Name, tm.FullName, tm.ShortName, tm.Slug}, tm.Aliases...) {
				queries = append(queries, f, strings.ToUpper(f), "the "+f, f+" fc", f+" st", "st "+f)
				// Pieces: a name inside a longer query, and parts of a name.
				queries = append(queries, tm.City+" "+f, f+"s", "la "+f, "ny "+f, "kc"+f)
				for n := 2; n < len(f); n++ {
					queries = append(queries, f[:n], f[len(f)-n:])
				}
			}
		}
	}
	queries = append(queries, "losangelesfc", "new york city fc", "penn st", "saint johns", "s f giants", "golden state",
		"mavs", "spurs", "man utd", "garbage", "", "x", "wolves", "sixers", "habs", "tampa", "bay", "carolina")
	for name, list := range rosters {
		x := NewIndex(list)
		for _, q := range queries {
			best, score, second := x.Rank(q)
			for _, floor := range []int{501, 600, 650, 700, 900} {
				b, s, s2 := x.RankAbove(q, floor)
				if score >= floor && (b != best || s != score || s2 != second) {
					t.Errorf("%s: RankAbove(%q, %d) = %d %d %d; Rank = %d %d %d", name, q, floor, b, s, s2, best, score, second)
				}
				if b >= 0 && (b != best || s != score || s2 != second) {
					t.Errorf("%s: RankAbove(%q, %d) = %d %d %d; Rank = %d %d %d", name, q, floor, b, s, s2, best, score, second)
				}
			}
			// At or below the city tier it is Rank.
			if b, s, s2 := x.RankAbove(q, 500); b != best || s != score || s2 != second {
				t.Errorf("%s: RankAbove(%q, 500) = %d %d %d; Rank = %d %d %d", name, q, b, s, s2, best, score, second)
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
