package catalog

import (
	"bufio"
	"os"
	"strings"
	"testing"
)

// teamarrRow is one league of Teamarr's table (testdata/teamarr-leagues.tsv,
// a copy of the facts in its schema): the code and alias its users put in
// templates, the provider and the provider's id of the league.
type teamarrRow struct {
	code, alias, provider, providerID, name string
}

func readTeamarr(t *testing.T) []teamarrRow {
	t.Helper()
	f, err := os.Open("testdata/teamarr-leagues.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows []teamarrRow
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		c := strings.Split(line, "\t")
		if len(c) != 5 {
			t.Fatalf("bad row %q", line)
		}
		rows = append(rows, teamarrRow{c[0], c[1], c[2], c[3], c[4]})
	}
	if len(rows) != 86 {
		t.Fatalf("%d Teamarr leagues, want 86", len(rows))
	}
	return rows
}

// TestTeamarrLeagues: every league of Teamarr's table is found by its
// league_code and by its league_id, both naming the same league, whose
// provider id is Teamarr's where our table names one for that provider.
// Gated leagues (ufc) are found with their variables off, for league
// pictures.
func TestTeamarrLeagues(t *testing.T) {
	c, err := New(nil)
	if err != nil {
		t.Fatal(err)
	}
	find := func(name string) (League, bool) {
		if l, ok := c.Lookup(name); ok {
			return l, true
		}
		return c.LookupDisabled(name)
	}
	for _, r := range readTeamarr(t) {
		byCode, ok1 := find(r.code)
		byAlias, ok2 := find(r.alias)
		if !ok1 || !ok2 || byCode.Code != byAlias.Code {
			t.Errorf("%s / %s: found %q (%v) and %q (%v), want one league", r.code, r.alias, byCode.Code, ok1, byAlias.Code, ok2)
			continue
		}
		prov := map[string]string{"espn": "espn", "tsdb": "thesportsdb", "hockeytech": "hockeytech"}[r.provider]
		if id, ok := byCode.IDs[prov]; ok && id != r.providerID {
			t.Errorf("%s = %s: %s id %q, Teamarr says %q", r.code, byCode.Code, prov, id, r.providerID)
		}
		if byName, ok := find(r.name); !ok || byName.Code != byCode.Code {
			t.Errorf("Lookup(%q) = %q, %v; want %s", r.name, byName.Code, ok, byCode.Code)
		}
	}
}

// TestESPNCodes: every catalogued league with an ESPN sport and slug is
// found by its ESPN code in any letter case, and each provider id Lookup
// accepts names its own league.
func TestESPNCodes(t *testing.T) {
	c, err := New(allOn)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, l := range c.Leagues() {
		for _, id := range l.lookupIDs() {
			for _, k := range []string{id, strings.ToUpper(id)} {
				if got, ok := c.Lookup(k); !ok || got.Code != l.Code {
					t.Errorf("Lookup(%q) = %q, %v; want %s (its provider id)", k, got.Code, ok, l.Code)
				}
			}
			n++
		}
	}
	for _, code := range []string{"esp.1", "ger.1", "ita.1", "fra.1", "usa.ncaa.m.1", "mens-college-hockey", "womens-college-hockey"} {
		if _, ok := c.Lookup(code); !ok {
			t.Errorf("Lookup(%q) not found", code)
		}
	}
	if n < 120 {
		t.Errorf("only %d provider ids checked", n)
	}
}
