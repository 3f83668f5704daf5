package catalog

import (
	"slices"
	"testing"
)

// addedLeagueFacts are the leagues game-thumbs has beyond the reference
// table the others come from: boxing and cbl of v2.2, and the codes its
// development branch added after it. They follow the others in the table.
var addedLeagueFacts = []struct {
	code, sport, slug string
	providers         []string
	aliases           []string
}{
	{"boxing", "", "", []string{"thesportsdbathlete"}, []string{"box"}},
	{"eredivisie", "soccer", "ned.1", []string{"espn"}, []string{"ned.1"}},
	{"eerste-divisie", "soccer", "ned.2", []string{"espn"}, []string{"ned.2"}},
	{"nwsl", "soccer", "usa.nwsl", []string{"espn"}, []string{"usa.nwsl"}},
	{"gohl", "", "", []string{"hockeytech"}, []string{"gojhl"}},
	{"cbl", "", "", nil, []string{"canadian baseball", "canadian baseball league"}},
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
