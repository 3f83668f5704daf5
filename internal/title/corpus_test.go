package title

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gamethumbs/internal/catalog"
	"gamethumbs/internal/espntest"
)

// espnRosters are the leagues whose rosters come from the fake ESPN.
var espnRosters = map[string][2]string{
	"nfl": {"football", "nfl"}, "nba": {"basketball", "nba"}, "nhl": {"hockey", "nhl"},
	"epl": {"soccer", "eng.1"}, "mls": {"soccer", "usa.1"}, "ncaaf": {"football", "college-football"},
}

// loadRosters reads every roster the corpus needs, mapped as the ESPN
// provider maps teams.
func loadRosters(t testing.TB) map[string][]catalog.Team {
	t.Helper()
	out := map[string][]catalog.Team{}
	for code, ss := range espnRosters {
		for _, e := range espntest.Teams(ss[0], ss[1]) {
			out[code] = append(out[code], catalog.Team{
				ID: e.ID, Slug: e.Slug, Abbreviation: e.Abbreviation, City: e.Location, Name: e.Nickname,
				FullName: e.DisplayName, ShortName: e.ShortDisplayName,
			})
		}
	}
	files, err := filepath.Glob("testdata/rosters/*.txt")
	if err != nil || len(files) == 0 {
		t.Fatalf("no rosters: %v", err)
	}
	for _, f := range files {
		code := strings.TrimSuffix(filepath.Base(f), ".txt")
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
			c := strings.Split(line, "|")
			if len(c) != 5 {
				t.Fatalf("%s:%d: want 5 fields", f, i+1)
			}
			slug := strings.ToLower(strings.NewReplacer(" ", "-", ".", "", "'", "").Replace(c[3]))
			out[code] = append(out[code], catalog.Team{ID: code + c[0], Abbreviation: c[0], City: c[1], Name: c[2], FullName: c[3], ShortName: c[4], Slug: slug})
		}
	}
	return out
}

func testParser(t testing.TB) (*Parser, Rosters) {
	t.Helper()
	cat, err := catalog.New(func(k string) string { return "true" }) // every league enabled
	if err != nil {
		t.Fatal(err)
	}
	rs := loadRosters(t)
	return New(cat, nil), func(code string) []catalog.Team { return rs[code] }
}

type labelled struct {
	title, league, team1, team2 string
	line                        int
}

func readCorpus(t testing.TB) []labelled {
	t.Helper()
	f, err := os.Open("testdata/corpus.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []labelled
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		c := strings.Split(line, "\t")
		if len(c) != 4 {
			t.Fatalf("corpus.tsv:%d: want 4 tab-separated fields, got %d", n, len(c))
		}
		out = append(out, labelled{c[0], c[1], c[2], c[3], n})
	}
	return out
}

// The corpus decides: precision of the pairs returned at least 99 %,
// recall of the matchups at least 90 %, and no picture at all for a title
// that is not an event.
func TestCorpus(t *testing.T) {
	p, rosters := testParser(t)
	corpus := readCorpus(t)
	var matchups, returned, right, nones, nonePics, leagueOnly, leagueOnlyRight int
	var misses []string
	for _, c := range corpus {
		r, ok := p.Parse(c.title, "", rosters)
		got := "nothing"
		if ok {
			got = r.League
			if r.Teams == 2 {
				got += " " + r.Team1.FullName + " / " + r.Team2.FullName
			}
		}
		switch {
		case c.league == "none":
			nones++
			if ok {
				nonePics++
				t.Errorf("corpus.tsv:%d %q is not an event, got %s", c.line, c.title, got)
			}
			continue
		case c.team1 == "-":
			leagueOnly++
			if ok && r.League == c.league && r.Teams == 0 {
				leagueOnlyRight++
			} else if ok {
				t.Errorf("corpus.tsv:%d %q: want league %s alone, got %s", c.line, c.title, c.league, got)
			} else {
				misses = append(misses, c.title+" (league only) → nothing")
			}
			if ok && r.Teams == 2 {
				returned++
			}
			continue
		}
		matchups++
		if !ok || r.Teams != 2 {
			misses = append(misses, c.title+" → "+got)
			continue
		}
		returned++
		if r.League == c.league && r.Team1.FullName == c.team1 && r.Team2.FullName == c.team2 {
			right++
		} else {
			t.Errorf("corpus.tsv:%d %q: want %s %s / %s, got %s", c.line, c.title, c.league, c.team1, c.team2, got)
		}
	}
	precision := float64(right) / float64(max(returned, 1))
	recall := float64(right) / float64(max(matchups, 1))
	t.Logf("corpus: %d titles: %d matchups, %d league-only, %d none", len(corpus), matchups, leagueOnly, nones)
	t.Logf("precision %.2f%% (%d/%d pairs right), recall %.2f%% (%d/%d matchups), league-only %d/%d, pictures for none: %d",
		100*precision, right, returned, 100*recall, right, matchups, leagueOnlyRight, leagueOnly, nonePics)
	for _, m := range misses {
		t.Logf("miss: %s", m)
	}
	if len(corpus) < 400 {
		t.Errorf("corpus has %d titles, want at least 400", len(corpus))
	}
	if precision < 0.99 {
		t.Errorf("precision %.2f%% < 99%%", 100*precision)
	}
	if recall < 0.90 {
		t.Errorf("recall %.2f%% < 90%%", 100*recall)
	}
}
