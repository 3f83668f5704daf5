package title

import (
	"strings"
	"testing"
)

func TestParseExamples(t *testing.T) {
	p, rosters := testParser(t)
	tests := []struct {
		title, hint string
		canonical   string // "" for no result
	}{
		{"NBA 03: Mavs vs Spurs @ 6PM", "", "/nba/dal/sa"},
		{"EPL | Arsenal v Chelsea 15:00", "", "/epl/ars/che"},
		{"(NHL) Bruins @ Rangers", "", "/nhl/bos/nyr"},
		{"UFC 300: Pereira vs. Hill", "", "/ufc/ap/jh"},
		{"College Football: Alabama at Georgia", "", "/ncaaf/ala/uga"},
		{"Mavs vs Spurs", "", "/nba/dal/sa"},        // no league named: NBA is the only fit
		{"Spurs vs Arsenal", "", "/epl/tot/ars"},    // not the NBA Spurs: Arsenal only fits the Premier League
		{"Panthers vs Jets", "", ""},                // NFL and NHL both fit: ambiguous
		{"Panthers vs Jets", "nhl", "/nhl/fla/wpg"}, // the hint decides
		{"Panthers vs Jets", "National Football League", "/nfl/car/nyj"},
		{"Lakers vs Lakers", "", ""},                // one team is not a matchup
		{"F1: Monaco Grand Prix - Race", "", "/f1"}, // the league alone
		{"NFL RedZone", "", ""},                     // a studio show
		{"Kramer vs. Kramer", "", ""},               // a film
		{"NBA: LA vs Boston", "", "/nba"},           // LA is the Clippers or the Lakers: league only
		{"nothing here at all", "", ""},
		{strings.Repeat("Lakers vs Celtics ", 30), "", ""}, // over MaxLen
		{"Lakers vs Celtics", "no-such-league", ""},        // an unknown hint names nothing
	}
	for _, tt := range tests {
		r, ok := p.Parse(tt.title, tt.hint, rosters)
		got := ""
		if ok {
			got = r.Canonical()
			if r.Confidence < Threshold || r.Confidence > 1 {
				t.Errorf("Parse(%q) confidence %v outside [%v, 1]", tt.title, r.Confidence, Threshold)
			}
		}
		if got != tt.canonical {
			t.Errorf("Parse(%q, %q) = %q, want %q", tt.title, tt.hint, got, tt.canonical)
		}
	}
}

// A canonical identifier resolves back to the same team.
func TestIdentifiersResolveBack(t *testing.T) {
	p, rosters := testParser(t)
	for _, c := range readCorpus(t) {
		r, ok := p.Parse(c.title, "", rosters)
		if !ok || r.Teams != 2 {
			continue
		}
		x := p.index(rosters(r.League))
		for _, side := range []struct {
			id   string
			full string
		}{{r.Ident1, r.Team1.FullName}, {r.Ident2, r.Team2.FullName}} {
			i, _, _ := x.Rank(side.id)
			if i < 0 || rosters(r.League)[i].FullName != side.full {
				t.Errorf("%q: identifier %q does not resolve back to %s", c.title, side.id, side.full)
			}
		}
	}
}

func FuzzParse(f *testing.F) {
	p, rosters := testParser(f)
	for _, s := range []string{"NBA 03: Mavs vs Spurs @ 6PM", "(NHL) Bruins @ Rangers", "a (b) c", "#", "vs", "@@ - – x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, ok := p.Parse(s, "", rosters)
		if ok && (r.League == "" || r.Confidence < Threshold) {
			t.Errorf("Parse(%q) = %+v", s, r)
		}
	})
}

// BenchmarkParse measures one warm parse of titles that name their league,
// and of titles that do not (every default league is tried): one pair of
// one league, one of two soccer competitions, and one whose "Rangers" is
// in three leagues.
func BenchmarkParse(b *testing.B) {
	p, rosters := testParser(b)
	for _, title := range []string{"NBA 03: Mavs vs Spurs @ 6PM", "EPL | Arsenal v Chelsea 15:00", "Mavs vs Spurs",
		"Arsenal v Chelsea 15:00", "Bruins @ Rangers"} {
		b.Run(title, func(b *testing.B) {
			p.Parse(title, "", rosters) // warm the roster indexes
			b.ReportAllocs()
			c0 := cpuTime()
			for b.Loop() {
				p.Parse(title, "", rosters)
			}
			if c1 := cpuTime(); c0 > 0 && c1 > c0 {
				b.ReportMetric(float64(c1-c0)/float64(b.N), "cpu-ns/op")
			}
		})
	}
}

// The NCAA sports of the /ncaa routes name their leagues.
func TestNCAASports(t *testing.T) {
	p, _ := testParser(t)
	for title, want := range map[string]string{
		"NCAA Volleyball: Stanford vs Penn State":          "ncaavb",
		"NCAA Women's Basketball: UConn vs South Carolina": "ncaaw",
		"College Softball: Oklahoma vs Texas":              "ncaasbw",
		"NCAA Ice Hockey: Boston College vs Michigan":      "ncaah",
		"NCAA Lacrosse - Syracuse vs Duke":                 "ncaalax",
	} {
		sp := p.Split(title, "")
		if len(sp.Leagues) != 1 || sp.Leagues[0] != want || !sp.Named {
			t.Errorf("Split(%q) leagues = %v (named %v), want %s", title, sp.Leagues, sp.Named, want)
		}
	}
}
