package catalog

import "testing"

func TestNCAASport(t *testing.T) {
	tests := []struct{ in, want string }{
		// Every sport and alias of the spec table.
		{"football", "ncaaf"}, {"footballm", "ncaaf"},
		{"basketball", "ncaam"}, {"basketballm", "ncaam"}, {"march-madness", "ncaam"},
		{"hockey", "ncaah"}, {"ice-hockey", "ncaah"}, {"hockeym", "ncaah"},
		{"soccer", "ncaas"}, {"soccerm", "ncaas"},
		{"baseball", "ncaabb"}, {"baseballm", "ncaabb"},
		{"lacrosse", "ncaalax"}, {"lacrossem", "ncaalax"}, {"mens-lacrosse", "ncaalax"},
		{"volleyball", "ncaavb"}, {"volleyballm", "ncaavb"}, {"mens-volleyball", "ncaavb"},
		{"water-polo", "ncaawp"}, {"waterpolo", "ncaawp"}, {"waterpolom", "ncaawp"},
		{"womens-basketball", "ncaaw"}, {"basketballw", "ncaaw"},
		{"womens-hockey", "ncaawh"}, {"hockeyw", "ncaawh"},
		{"womens-soccer", "ncaaws"}, {"soccerw", "ncaaws"},
		{"softball", "ncaasbw"}, {"softballw", "ncaasbw"},
		{"womens-lacrosse", "ncaawlax"}, {"lacrossew", "ncaawlax"},
		{"womens-volleyball", "ncaawvb"}, {"volleyballw", "ncaawvb"},
		{"womens-water-polo", "ncaawwp"}, {"waterpolow", "ncaawwp"},
		{"field-hockey", "ncaawfh"}, {"fieldhockey", "ncaawfh"},
		// Extra aliases of the reference route.
		{"ice-hockeym", "ncaah"}, {"mens-water-polo", "ncaawp"},
		{"ice-hockeyw", "ncaawh"}, {"womens-college-hockey", "ncaawh"},
		{"womens-college-basketball", "ncaaw"}, {"womens-college-soccer", "ncaaws"},
		{"womens-softball", "ncaasbw"}, {"womens-college-lacrosse", "ncaawlax"},
		{"womens-college-volleyball", "ncaawvb"}, {"womens-college-water-polo", "ncaawwp"},
		{"womens-field-hockey", "ncaawfh"}, {"womens-college-field-hockey", "ncaawfh"},
		// Compact matches.
		{"Football", "ncaaf"}, {"ICE HOCKEY", "ncaah"}, {"Ice_Hockey", "ncaah"},
		{"water polo", "ncaawp"}, {"Womens Basketball", "ncaaw"}, {"march madness", "ncaam"},
		{"Field-Hockey", "ncaawfh"},
		// Unknown.
		{"curling", ""}, {"", ""}, {"---", ""}, {"footbal", ""}, {"ncaaf", ""}, {"mens-basketball", ""},
	}
	for _, tt := range tests {
		got, ok := NCAASport(tt.in)
		if ok != (tt.want != "") || got != tt.want {
			t.Errorf("NCAASport(%q) = %q, %v, want %q", tt.in, got, ok, tt.want)
		}
	}
}

func TestNCAASportsTable(t *testing.T) {
	c, err := New(nil)
	if err != nil {
		t.Fatalf("New() error = %v", err)
	}
	entries := NCAASports()
	if len(entries) != 16 {
		t.Fatalf("len(NCAASports()) = %d, want 16", len(entries))
	}
	codes := make(map[string]bool)
	names := make(map[string]string) // compact name → code
	for _, e := range entries {
		if codes[e.Code] {
			t.Errorf("NCAASports(): code %q appears twice", e.Code)
		}
		codes[e.Code] = true
		if _, ok := c.Get(e.Code); !ok {
			t.Errorf("NCAASports(): code %q of %q is not in the catalogue", e.Code, e.Sport)
		}
		for _, n := range append([]string{e.Sport}, e.Aliases...) {
			if prev, ok := names[Compact(n)]; ok && prev != e.Code {
				t.Errorf("NCAASports(): %q matches both %q and %q", n, prev, e.Code)
			}
			names[Compact(n)] = e.Code
			if got, _ := NCAASport(n); got != e.Code {
				t.Errorf("NCAASport(%q) = %q, want %q", n, got, e.Code)
			}
		}
	}
	entries[0].Aliases[0] = "changed"
	if got := NCAASports()[0].Aliases[0]; got != "footballm" {
		t.Errorf("NCAASports()[0].Aliases[0] after changing a copy = %q, want footballm", got)
	}
}
