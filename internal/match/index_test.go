package match

import (
	"testing"

	"gamethumbs/internal/catalog"
)

// An index ranks exactly as Find and Score do, and reports the runner-up.
func TestIndexRankAgreesWithFind(t *testing.T) {
	rosters := map[string][][]catalog.Team{"nfl": {nfl}, "nba": {nba}, "nhl": {nhl}, "epl": {epl}}
	queries := []string{"chiefs", "KC", "new york", "la", "ny", "spurs", "arsenal", "man utd", "rangers", "st louis", "garbage", "", "golden state"}
	for name, rs := range rosters {
		x := NewIndex(rs[0])
		for _, q := range queries {
			best, score, second := x.Rank(q)
			want, ok := Find(q, rs[0])
			if !ok {
				want = -1
			}
			if best != want {
				t.Errorf("%s: Rank(%q) best = %d, Find = %d", name, q, best, want)
			}
			if best >= 0 && score != Score(q, rs[0][best]) {
				t.Errorf("%s: Rank(%q) score = %d, Score = %d", name, q, score, Score(q, rs[0][best]))
			}
			if second > score {
				t.Errorf("%s: Rank(%q) second %d > best %d", name, q, second, score)
			}
		}
	}
	// "new york" in the NFL is a tie between the Giants and the Jets.
	if _, s, s2 := NewIndex(nfl).Rank("new york"); s != s2 {
		t.Errorf("Rank(new york) in the NFL = %d, %d; want a tie", s, s2)
	}
}

func BenchmarkIndexRank(b *testing.B) {
	x := NewIndex(nfl)
	b.ReportAllocs()
	c0 := cpuTime()
	for b.Loop() {
		x.Rank("chiefs")
	}
	reportCPU(b, c0)
}
