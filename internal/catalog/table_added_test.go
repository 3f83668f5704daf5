package catalog

import (
	"slices"
	"testing"
)

// addedLeagueFacts are the leagues game-thumbs has beyond the reference
// table the others come from: boxing and cbl of v2.2, and the codes its
// development branch added after it, then the leagues of Teamarr's table
// the reference lacks. They follow the others in the table.
var addedLeagueFacts = []struct {
	code, sport, slug string
	providers         []string
	aliases           []string
}{
	{"boxing", "", "", []string{"thesportsdbathlete", "thesportsdb"}, []string{"box"}},
	{"eredivisie", "soccer", "ned.1", []string{"espn"}, []string{"ned.1"}},
	{"eerste-divisie", "soccer", "ned.2", []string{"espn"}, []string{"ned.2"}},
	{"nwsl", "soccer", "usa.nwsl", []string{"espn"}, []string{"usa.nwsl"}},
	{"gohl", "", "", []string{"hockeytech"}, []string{"gojhl"}},
	{"cbl", "", "", nil, []string{"canadian baseball", "canadian baseball league"}},
	// Leagues of Teamarr's table the reference does not carry (codes are
	// Teamarr's league_id); found by their ESPN code too.
	{"ligamx", "soccer", "mex.1", []string{"espn"}, []string{"mex.1"}},
	{"brasileirao", "soccer", "bra.1", []string{"espn"}, []string{"bra.1"}},
	{"lpa", "soccer", "arg.1", []string{"espn"}, []string{"arg.1"}},
	{"dimayor", "soccer", "col.1", []string{"espn"}, []string{"col.1"}},
	{"libertadores", "soccer", "conmebol.libertadores", []string{"espn"}, []string{"conmebol.libertadores"}},
	{"sudamericana", "soccer", "conmebol.sudamericana", []string{"espn"}, []string{"conmebol.sudamericana"}},
	{"jleague", "soccer", "jpn.1", []string{"espn"}, []string{"jpn.1"}},
	{"aleague", "soccer", "aus.1", []string{"espn"}, []string{"aus.1"}},
	{"spl", "soccer", "ksa.1", []string{"espn"}, []string{"ksa.1"}},
	{"primeira", "soccer", "por.1", []string{"espn"}, []string{"por.1"}},
	{"jupiler", "soccer", "bel.1", []string{"espn"}, []string{"bel.1"}},
	{"super-lig", "soccer", "tur.1", []string{"espn"}, []string{"tur.1"}},
	{"greek-super-league", "soccer", "gre.1", []string{"espn"}, []string{"gre.1"}},
	{"dfb-pokal", "soccer", "ger.dfb_pokal", []string{"espn"}, []string{"ger.dfb_pokal"}},
	{"coppa-italia", "soccer", "ita.coppa_italia", []string{"espn"}, []string{"ita.coppa_italia"}},
	{"coupe-de-france", "soccer", "fra.coupe_de_france", []string{"espn"}, []string{"fra.coupe_de_france"}},
	{"wwc", "soccer", "fifa.wwc", []string{"espn", "flagcdn"}, []string{"fifa.wwc"}},
	{"gold-cup", "soccer", "concacaf.gold", []string{"espn", "flagcdn"}, []string{"concacaf.gold"}},
	{"copa-america", "soccer", "conmebol.america", []string{"espn", "flagcdn"}, []string{"conmebol.america"}},
	{"pll", "lacrosse", "pll", []string{"espn"}, []string{"pll"}},
	{"afl", "", "", []string{"thesportsdb"}, []string{}},
	{"norwegian-hockey", "", "", []string{"thesportsdb"}, []string{}},
}

func TestAddedLeagues(t *testing.T) {
	c, err := New(nil)
	if err != nil {
		t.Fatal(err)
	}
	all := c.Leagues()
	tail := all[len(all)-len(addedLeagueFacts):]
	for i, f := range addedLeagueFacts {
		l := tail[i]
		if l.Code != f.code || l.Sport != f.sport || l.Slug != f.slug || !slices.Equal(l.Providers, f.providers) && len(f.providers)+len(l.Providers) > 0 {
			t.Errorf("league %d = %s %s/%s %v, want %s %s/%s %v", i, l.Code, l.Sport, l.Slug, l.Providers, f.code, f.sport, f.slug, f.providers)
		}
		for _, a := range f.aliases {
			if got, ok := c.Lookup(a); !ok || got.Code != f.code {
				t.Errorf("Lookup(%q) = %s, %v; want %s", a, got.Code, ok, f.code)
			}
		}
	}
	if l, _ := c.Lookup("uefa.europa.conf"); l.Code != "conference" || l.Slug != "uefa.europa.conf" {
		t.Errorf("Conference League = %s with slug %s, want ESPN code uefa.europa.conf", l.Code, l.Slug)
	}
	if got := BuiltinSettings().Get("gohl").HockeyTechClientCode; got != "gojhl" {
		t.Errorf("gohl HockeyTech client code = %q", got)
	}
}
