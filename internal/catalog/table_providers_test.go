package catalog

import (
	"slices"
	"strings"
	"testing"
)

// providerLeagueFacts lists the leagues of the reference table whose
// providers are TheSportsDB, HockeyTech, the MLB Stats API or flagcdn (or
// none, with feeders), in table order after the ESPN leagues, with their
// provider settings as the reference configures them.
var providerLeagueFacts = []struct {
	code      string
	providers []string
	skipLogos bool
	settings  Settings
}{
	{"pwhl", []string{"hockeytech"}, false, Settings{TSDBLeagueID: "", TSDBLeagueName: "PWHL", MLBSportID: 0, HockeyTechClientCode: "pwhl", HockeyTechKey: ""}},
	{"ushl", []string{"thesportsdb", "hockeytech"}, false, Settings{TSDBLeagueID: "4917", TSDBLeagueName: "American USHL", MLBSportID: 0, HockeyTechClientCode: "ushl", HockeyTechKey: "339ce9395e9353fb"}},
	{"ubl", []string{"thesportsdb"}, false, Settings{TSDBLeagueID: "5622", TSDBLeagueName: "Unrivaled Basketball", MLBSportID: 0, HockeyTechClientCode: "", HockeyTechKey: ""}},
	{"tennis", []string{}, false, Settings{TSDBLeagueID: "", TSDBLeagueName: "", MLBSportID: 0, HockeyTechClientCode: "", HockeyTechKey: ""}},
	{"cfl", []string{"thesportsdb"}, false, Settings{TSDBLeagueID: "4405", TSDBLeagueName: "CFL", MLBSportID: 0, HockeyTechClientCode: "", HockeyTechKey: ""}},
	{"engfatrophy", []string{"thesportsdb"}, false, Settings{TSDBLeagueID: "4788", TSDBLeagueName: "FA Trophy", MLBSportID: 0, HockeyTechClientCode: "", HockeyTechKey: ""}},
	{"english-national-league-south", []string{"thesportsdb"}, false, Settings{TSDBLeagueID: "4682", TSDBLeagueName: "English National League South", MLBSportID: 0, HockeyTechClientCode: "", HockeyTechKey: ""}},
	{"english-national-league-north", []string{"thesportsdb"}, false, Settings{TSDBLeagueID: "4681", TSDBLeagueName: "English National League North", MLBSportID: 0, HockeyTechClientCode: "", HockeyTechKey: ""}},
	{"ewsl", []string{"thesportsdb"}, false, Settings{TSDBLeagueID: "4849", TSDBLeagueName: "English Womens Super League", MLBSportID: 0, HockeyTechClientCode: "", HockeyTechKey: ""}},
	{"chl", []string{}, false, Settings{TSDBLeagueID: "", TSDBLeagueName: "", MLBSportID: 0, HockeyTechClientCode: "", HockeyTechKey: ""}},
	{"ohl", []string{"thesportsdb", "hockeytech"}, false, Settings{TSDBLeagueID: "5159", TSDBLeagueName: "Canadian OHL", MLBSportID: 0, HockeyTechClientCode: "ohl", HockeyTechKey: ""}},
	{"whl", []string{"thesportsdb", "hockeytech"}, false, Settings{TSDBLeagueID: "5160", TSDBLeagueName: "Canadian WHL", MLBSportID: 0, HockeyTechClientCode: "whl", HockeyTechKey: ""}},
	{"qmjhl", []string{"thesportsdb", "hockeytech"}, false, Settings{TSDBLeagueID: "5161", TSDBLeagueName: "Canadian QMJHL", MLBSportID: 0, HockeyTechClientCode: "lhjmq", HockeyTechKey: ""}},
	{"ahl", []string{"hockeytech"}, false, Settings{TSDBLeagueID: "", TSDBLeagueName: "", MLBSportID: 0, HockeyTechClientCode: "ahl", HockeyTechKey: ""}},
	{"bchl", []string{"hockeytech"}, false, Settings{TSDBLeagueID: "", TSDBLeagueName: "", MLBSportID: 0, HockeyTechClientCode: "bchl", HockeyTechKey: ""}},
	{"sjhl", []string{"hockeytech"}, false, Settings{TSDBLeagueID: "", TSDBLeagueName: "", MLBSportID: 0, HockeyTechClientCode: "sjhl", HockeyTechKey: ""}},
	{"ajhl", []string{"hockeytech"}, false, Settings{TSDBLeagueID: "", TSDBLeagueName: "", MLBSportID: 0, HockeyTechClientCode: "ajhl", HockeyTechKey: ""}},
	{"mjhl", []string{"hockeytech"}, false, Settings{TSDBLeagueID: "", TSDBLeagueName: "", MLBSportID: 0, HockeyTechClientCode: "mjhl", HockeyTechKey: ""}},
	{"mhl", []string{"hockeytech"}, false, Settings{TSDBLeagueID: "", TSDBLeagueName: "", MLBSportID: 0, HockeyTechClientCode: "mhl", HockeyTechKey: ""}},
	{"echl", []string{"hockeytech"}, false, Settings{TSDBLeagueID: "", TSDBLeagueName: "", MLBSportID: 0, HockeyTechClientCode: "echl", HockeyTechKey: "2c2b89ea7345cae8"}},
	{"ojhl", []string{"hockeytech"}, false, Settings{TSDBLeagueID: "", TSDBLeagueName: "", MLBSportID: 0, HockeyTechClientCode: "ojhl", HockeyTechKey: ""}},
	{"csshl", []string{"hockeytech"}, false, Settings{TSDBLeagueID: "", TSDBLeagueName: "", MLBSportID: 0, HockeyTechClientCode: "csshl", HockeyTechKey: ""}},
	{"eihl", []string{"thesportsdb"}, false, Settings{TSDBLeagueID: "4381", TSDBLeagueName: "UK Elite Ice Hockey League", MLBSportID: 0, HockeyTechClientCode: "", HockeyTechKey: ""}},
	{"milb", []string{}, false, Settings{TSDBLeagueID: "", TSDBLeagueName: "", MLBSportID: 0, HockeyTechClientCode: "", HockeyTechKey: ""}},
	{"milb-aaa", []string{"mlbstats"}, false, Settings{TSDBLeagueID: "", TSDBLeagueName: "", MLBSportID: 11, HockeyTechClientCode: "", HockeyTechKey: ""}},
	{"milb-aa", []string{"mlbstats"}, false, Settings{TSDBLeagueID: "", TSDBLeagueName: "", MLBSportID: 12, HockeyTechClientCode: "", HockeyTechKey: ""}},
	{"milb-high-a", []string{"mlbstats"}, false, Settings{TSDBLeagueID: "", TSDBLeagueName: "", MLBSportID: 13, HockeyTechClientCode: "", HockeyTechKey: ""}},
	{"milb-a", []string{"mlbstats"}, false, Settings{TSDBLeagueID: "", TSDBLeagueName: "", MLBSportID: 14, HockeyTechClientCode: "", HockeyTechKey: ""}},
	{"milb-winter", []string{"mlbstats"}, false, Settings{TSDBLeagueID: "", TSDBLeagueName: "", MLBSportID: 17, HockeyTechClientCode: "", HockeyTechKey: ""}},
	{"milb-independent", []string{"mlbstats"}, false, Settings{TSDBLeagueID: "", TSDBLeagueName: "", MLBSportID: 23, HockeyTechClientCode: "", HockeyTechKey: ""}},
	{"kbo", []string{"mlbstats"}, false, Settings{TSDBLeagueID: "", TSDBLeagueName: "", MLBSportID: 32, HockeyTechClientCode: "", HockeyTechKey: ""}},
	{"t20blast", []string{"thesportsdb"}, false, Settings{TSDBLeagueID: "4463", TSDBLeagueName: "English t20 Blast", MLBSportID: 0, HockeyTechClientCode: "", HockeyTechKey: ""}},
	{"ipl", []string{"thesportsdb"}, false, Settings{TSDBLeagueID: "4460", TSDBLeagueName: "Indian Premier League", MLBSportID: 0, HockeyTechClientCode: "", HockeyTechKey: ""}},
	{"bbl", []string{"thesportsdb"}, false, Settings{TSDBLeagueID: "4461", TSDBLeagueName: "Australian Big Bash League", MLBSportID: 0, HockeyTechClientCode: "", HockeyTechKey: ""}},
	{"bpl", []string{"thesportsdb"}, false, Settings{TSDBLeagueID: "5529", TSDBLeagueName: "Bangladesh Premier League", MLBSportID: 0, HockeyTechClientCode: "", HockeyTechKey: ""}},
	{"cpl", []string{"thesportsdb"}, false, Settings{TSDBLeagueID: "5176", TSDBLeagueName: "Caribbean Premier League", MLBSportID: 0, HockeyTechClientCode: "", HockeyTechKey: ""}},
	{"mlc", []string{"thesportsdb"}, false, Settings{TSDBLeagueID: "5401", TSDBLeagueName: "Major League Cricket", MLBSportID: 0, HockeyTechClientCode: "", HockeyTechKey: ""}},
	{"nzss", []string{"thesportsdb"}, false, Settings{TSDBLeagueID: "5174", TSDBLeagueName: "New Zealand Super Smash", MLBSportID: 0, HockeyTechClientCode: "", HockeyTechKey: ""}},
	{"sa20", []string{"thesportsdb"}, false, Settings{TSDBLeagueID: "5532", TSDBLeagueName: "SA20", MLBSportID: 0, HockeyTechClientCode: "", HockeyTechKey: ""}},
	{"npl", []string{"thesportsdb"}, false, Settings{TSDBLeagueID: "5533", TSDBLeagueName: "Nepal Premier League", MLBSportID: 0, HockeyTechClientCode: "", HockeyTechKey: ""}},
	{"psl", []string{"thesportsdb"}, false, Settings{TSDBLeagueID: "5067", TSDBLeagueName: "Pakistan Super League", MLBSportID: 0, HockeyTechClientCode: "", HockeyTechKey: ""}},
	{"6nw", []string{"thesportsdb"}, false, Settings{TSDBLeagueID: "5563", TSDBLeagueName: "Six Nations Women", MLBSportID: 0, HockeyTechClientCode: "", HockeyTechKey: ""}},
	{"erlsp", []string{"thesportsdb"}, false, Settings{TSDBLeagueID: "4415", TSDBLeagueName: "English Rugby League Super League", MLBSportID: 0, HockeyTechClientCode: "", HockeyTechKey: ""}},
	{"rlwc", []string{"thesportsdb"}, false, Settings{TSDBLeagueID: "5806", TSDBLeagueName: "Rugby League World Cup", MLBSportID: 0, HockeyTechClientCode: "", HockeyTechKey: ""}},
	{"iihf", []string{"flagcdn"}, false, Settings{TSDBLeagueID: "", TSDBLeagueName: "", MLBSportID: 0, HockeyTechClientCode: "", HockeyTechKey: ""}},
	{"olympics", []string{"flagcdn"}, true, Settings{TSDBLeagueID: "", TSDBLeagueName: "", MLBSportID: 0, HockeyTechClientCode: "", HockeyTechKey: ""}},
	{"country", []string{"flagcdn"}, false, Settings{TSDBLeagueID: "", TSDBLeagueName: "", MLBSportID: 0, HockeyTechClientCode: "", HockeyTechKey: ""}},
	{"f1", []string{"thesportsdb"}, true, Settings{TSDBLeagueID: "4370", TSDBLeagueName: "", MLBSportID: 0, HockeyTechClientCode: "", HockeyTechKey: ""}},
	{"nascar", []string{"thesportsdb"}, true, Settings{TSDBLeagueID: "4393", TSDBLeagueName: "", MLBSportID: 0, HockeyTechClientCode: "", HockeyTechKey: ""}},
	{"indy", []string{"thesportsdb"}, true, Settings{TSDBLeagueID: "4373", TSDBLeagueName: "", MLBSportID: 0, HockeyTechClientCode: "", HockeyTechKey: ""}},
}

func TestNewHasEveryProviderLeague(t *testing.T) {
	c, err := New(allOn)
	if err != nil {
		t.Fatalf("New() error = %v", err)
	}
	settings := BuiltinSettings()
	for i, f := range providerLeagueFacts {
		l, ok := c.Get(f.code)
		if !ok {
			t.Errorf("Get(%q) not found", f.code)
			continue
		}
		if !slices.Equal(l.Providers, f.providers) {
			t.Errorf("Get(%q).Providers = %v, want %v", f.code, l.Providers, f.providers)
		}
		if l.SkipLogos != f.skipLogos {
			t.Errorf("Get(%q).SkipLogos = %v, want %v", f.code, l.SkipLogos, f.skipLogos)
		}
		if got := settings.Get(f.code); got != f.settings {
			t.Errorf("BuiltinSettings().Get(%q) = %+v, want %+v", f.code, got, f.settings)
		}
		if got := c.Leagues()[len(espnLeagueFacts)+i].Code; got != f.code {
			t.Errorf("Leagues()[%d].Code = %q, want %q (table order)", len(espnLeagueFacts)+i, got, f.code)
		}
	}
}

func TestProviderLeagueFields(t *testing.T) {
	c, err := New(allOn)
	if err != nil {
		t.Fatalf("New() error = %v", err)
	}
	s := BuiltinSettings()
	tests := []struct {
		code  string
		check func(League) bool
		what  string
	}{
		{"tennis", func(l League) bool {
			return slices.Equal(l.FeederLeagues, []string{"atp", "wta"}) && l.EnvVar == "LEAGUES_ENABLE_TENNIS" && len(l.Providers) == 0
		}, "feeders atp, wta behind LEAGUES_ENABLE_TENNIS"},
		{"chl", func(l League) bool { return slices.Equal(l.FeederLeagues, []string{"ohl", "whl", "qmjhl"}) }, "feeders ohl, whl, qmjhl"},
		{"ohl", func(l League) bool { return l.FallbackLeague == "chl" }, "fallback chl"},
		{"milb", func(l League) bool { return len(l.FeederLeagues) == 4 && strings.HasPrefix(l.LogoURL, "https://") }, "four feeders and an http logo"},
		{"pwhl", func(l League) bool { return l.LogoURL == "" }, "./assets logo dropped"},
		{"f1", func(l League) bool { return l.SkipLogos && l.ShortName == "F1" && s.Get("f1").TSDBLeagueID == "4370" }, "skipLogos, logo from TheSportsDB 4370"},
		{"epl", func(l League) bool { return s.Get("epl").TSDBLeagueName == "English Premier League" }, "TheSportsDB name of the EPL"},
		{"nfl", func(l League) bool { return s.Get("nfl") == Settings{} }, "no provider settings"},
	}
	for _, tt := range tests {
		l, ok := c.Get(tt.code)
		if !ok {
			t.Fatalf("Get(%q) not found", tt.code)
		}
		if !tt.check(l) {
			t.Errorf("Get(%q) = %+v, want %s", tt.code, l, tt.what)
		}
	}
	for _, name := range []string{"Formula 1", "F1", "nascar", "IndyCar", "Minor League Baseball", "aaa", "pwhl", "olympic games", "flags"} {
		if _, ok := c.Lookup(name); !ok {
			t.Errorf("Lookup(%q) not found", name)
		}
	}
}

func TestParseLeagues(t *testing.T) {
	bad := []struct{ name, data, want string }{
		{"tsdb without league", `[{"code":"x","name":"X","providers":["thesportsdb"]}]`, "tsdbLeagueName"},
		{"mlbstats without sport", `[{"code":"x","name":"X","providers":["mlbstats"]}]`, "mlbSportId"},
		{"hockeytech without client", `[{"code":"x","name":"X","providers":["hockeytech"]}]`, "hockeytechClientCode"},
		{"unknown field", `[{"code":"x","name":"X","logo":"a.png"}]`, "unknown field"},
		{"negative sport id", `[{"code":"x","name":"X","mlbSportId":-1}]`, "negative"},
	}
	for _, tt := range bad {
		_, _, err := ParseLeagues([]byte(tt.data), "leagues/x.json")
		if err == nil || !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), "leagues/x.json") {
			t.Errorf("ParseLeagues(%s) error = %v, want one naming the file and %q", tt.name, err, tt.want)
		}
	}
	ls, s, err := ParseLeagues([]byte(`[{"code":"myl","name":"My League","providers":["mlbstats"],"mlbSportId":16}]`), "x")
	if err != nil || len(ls) != 1 || s.Get("myl").MLBSportID != 16 || ls[0].ShortName != "MYL" {
		t.Errorf("ParseLeagues(valid) = %+v, %+v, %v", ls, s, err)
	}
}

func TestNewWith(t *testing.T) {
	extra := []League{
		{Code: "myl", Name: "My League", ShortName: "MYL", Aliases: []string{"mine"}},
		{Code: "nfl", Name: "Replaced Football", ShortName: "NFL"},
	}
	c, err := NewWith(nil, extra)
	if err != nil {
		t.Fatalf("NewWith() error = %v", err)
	}
	if l, ok := c.Lookup("mine"); !ok || l.Code != "myl" {
		t.Errorf("Lookup(mine) = %+v, %v, want the custom league", l, ok)
	}
	if l, _ := c.Get("nfl"); l.Name != "Replaced Football" || c.Leagues()[0].Code != "nfl" {
		t.Errorf("Get(nfl) = %+v, want the replacement in the first place", l)
	}
	if n := len(c.Leagues()); n != len(espnLeagueFacts)+len(providerLeagueFacts)+len(addedLeagueFacts)-6+1 {
		t.Errorf("len(Leagues()) = %d, want the built-in enabled leagues plus one", n)
	}
}
