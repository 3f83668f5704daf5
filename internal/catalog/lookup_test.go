package catalog

import (
	"strings"
	"testing"
)

func TestLookup(t *testing.T) {
	c, err := New(nil)
	if err != nil {
		t.Fatalf("New() error = %v", err)
	}
	tests := []struct {
		in   string
		want string // league code; "" means not found
	}{
		{"nba", "nba"},
		{"NBA", "nba"},
		{"  nba  ", "nba"},
		{"National Basketball Association", "nba"},
		{"national basketball association", "nba"},
		{"nbag", "nbag"},
		{"NBA G League", "nbag"},
		{"g-league", "nbag"},
		{"G_League", "nbag"},
		{"premier league", "epl"},
		{"Premier-League", "epl"},
		{"English Premier League", "epl"},
		{"eng.1", "epl"},
		{"ENG.1", "epl"},
		{"eng1", "epl"},
		{"Segunda División", "segunda"},
		{"SEGUNDA DIVISIÓN", "segunda"},
		{"segunda division", "segunda"},
		{"Segunda Divisio\u0301n", "segunda"}, // decomposed accent
		{"2. Bundesliga", "2-bundesliga"},
		{"2-bundesliga", "2-bundesliga"},
		{"bundesliga", "bundesliga"},
		{"uefa", "uefa"},
		{"uefa.champions", "uefa"},
		{"Champions League", "uefa"},
		{"UCL", "uefa"},
		{"Europa League", "europa"},
		{"uefa.wchampions", "uefa.wchampions"},
		{"march madness", "ncaam"},
		{"ncaab", "ncaam"},
		{"college football", "ncaaf"},
		{"NCAA Football", "ncaaf"},
		{"ncaa", "ncaa"},
		{"championship", "championship"},
		{"conference", "conference"},
		{"mls", "mls"},
		{"usa.1", "mls"},
		{"Major League Soccer", "mls"},
		{"CF Montréal", ""},
		{"", ""},
		{"   ", ""},
		{"!!!", ""},
		{"eng.99", ""},
		{"xyz", ""},
		{"ufc", ""}, // env-gated, off
		{"mma", ""},
		{strings.Repeat("nba", 100), ""},
	}
	for _, tt := range tests {
		l, ok := c.Lookup(tt.in)
		got := l.Code
		if !ok {
			got = ""
		}
		if got != tt.want {
			t.Errorf("Lookup(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestLookupFindsEveryLeagueByItsOwnKeys(t *testing.T) {
	c, err := New(allOn)
	if err != nil {
		t.Fatalf("New() error = %v", err)
	}
	for _, l := range c.Leagues() {
		for _, key := range []string{l.Code, strings.ToUpper(l.Code), l.ShortName} {
			if got, ok := c.Lookup(key); !ok || got.Code != l.Code {
				t.Errorf("Lookup(%q) = %q, %v, want %q", key, got.Code, ok, l.Code)
			}
		}
		if got, ok := c.Lookup(l.Name); !ok {
			t.Errorf("Lookup(%q) not found, want a league", l.Name)
		} else if got.Code != l.Code {
			t.Logf("Lookup(%q) = %q (the name belongs to an earlier league too)", l.Name, got.Code)
		}
		for _, a := range l.Aliases {
			if _, ok := c.Lookup(a); !ok {
				t.Errorf("Lookup(%q) (alias of %s) not found", a, l.Code)
			}
		}
	}
}

func TestLookupPriority(t *testing.T) {
	table := []League{
		{Code: "alpha", ShortName: "ALPHA", Name: "Shared Name", Aliases: []string{"beta", "dup"}},
		{Code: "beta", ShortName: "BETA", Name: "Beta League", Aliases: []string{"dup", "gamma"}},
		{Code: "gamma", ShortName: "GAMMA", Name: "Shared Name"},
		{Code: "delta", ShortName: "Shared Name", Name: "Delta"},
		{Code: "x-y", ShortName: "X-Y", Name: "Ex Why"},
		{Code: "xy", ShortName: "XY", Name: "Ex Why Two"},
	}
	c := newCatalog(table, nil)
	tests := []struct{ in, want, why string }{
		{"beta", "beta", "a code beats an alias of an earlier league"},
		{"gamma", "gamma", "a code beats an alias"},
		{"dup", "alpha", "table order breaks a tie between aliases"},
		{"Shared Name", "delta", "a short name beats a name"},
		{"x-y", "x-y", "exact code before compact match"},
		{"xy", "xy", "exact code before compact match of another code"},
		{"X Y", "x-y", "compact match follows table order"},
	}
	for _, tt := range tests {
		l, ok := c.Lookup(tt.in)
		if !ok || l.Code != tt.want {
			t.Errorf("Lookup(%q) = %q, %v, want %q (%s)", tt.in, l.Code, ok, tt.want, tt.why)
		}
	}
}

func TestGet(t *testing.T) {
	c, err := New(nil)
	if err != nil {
		t.Fatalf("New() error = %v", err)
	}
	tests := []struct {
		in   string
		want bool
	}{
		{"nba", true}, {"eng.1", false}, {"NBA", false}, {"premier league", false}, {"", false},
	}
	for _, tt := range tests {
		if _, got := c.Get(tt.in); got != tt.want {
			t.Errorf("Get(%q) found = %v, want %v", tt.in, got, tt.want)
		}
	}
}

func TestLeaguesReturnsACopy(t *testing.T) {
	c, err := New(nil)
	if err != nil {
		t.Fatalf("New() error = %v", err)
	}
	ls := c.Leagues()
	ls[0] = League{Code: "changed"}
	if got := c.Leagues()[0].Code; got != "nfl" {
		t.Errorf("Leagues()[0].Code after changing a copy = %q, want %q", got, "nfl")
	}
}

func FuzzLookup(f *testing.F) {
	for _, s := range []string{"nba", "NBA G League", "Segunda División", "eng.1", "", "\xff\xfe", "ǅ"} {
		f.Add(s)
	}
	c, err := New(allOn)
	if err != nil {
		f.Fatalf("New() error = %v", err)
	}
	f.Fuzz(func(t *testing.T, s string) {
		l, ok := c.Lookup(s)
		if ok && l.Code == "" {
			t.Errorf("Lookup(%q) found a league without a code", s)
		}
		NCAASport(s)
	})
}

func BenchmarkLookup(b *testing.B) {
	c, err := New(nil)
	if err != nil {
		b.Fatalf("New() error = %v", err)
	}
	for b.Loop() {
		c.Lookup("NBA G League")
	}
}
