package catalog

import (
	"slices"
	"strings"
	"testing"
)

// espnLeagueFacts lists every league of the reference table whose provider
// chain includes ESPN (team or athlete data), with its ESPN sport and slug,
// plus the generic "ncaa" league (no provider). Copied from the reference
// table so the test needs nothing outside the repository.
var espnLeagueFacts = []struct{ code, sport, slug string }{
	{"nfl", "football", "nfl"},
	{"nba", "basketball", "nba"},
	{"mlb", "baseball", "mlb"},
	{"nhl", "hockey", "nhl"},
	{"wnba", "basketball", "wnba"},
	{"nbag", "basketball", "nba-development"},
	{"nll", "lacrosse", "nll"},
	{"ufc", "mma", "ufc"},
	{"pfl", "mma", "pfl"},
	{"bellator", "mma", "bellator"},
	{"atp", "tennis", "atp"},
	{"wta", "tennis", "wta"},
	{"ufl", "football", "ufl"},
	{"uefa", "soccer", "uefa.champions"},
	{"uefa.wchampions", "soccer", "uefa.wchampions"},
	{"europa", "soccer", "uefa.europa"},
	{"conference", "soccer", "uefa.europa.conf"},
	{"worldcup", "soccer", "fifa.world"},
	{"wcq-uefa", "soccer", "fifa.worldq.uefa"},
	{"wcq-conmebol", "soccer", "fifa.worldq.conmebol"},
	{"wcq-concacaf", "soccer", "fifa.worldq.concacaf"},
	{"wcq-afc", "soccer", "fifa.worldq.afc"},
	{"wcq-caf", "soccer", "fifa.worldq.caf"},
	{"wcq-ofc", "soccer", "fifa.worldq.ofc"},
	{"euros", "soccer", "uefa.euro"},
	{"euroq", "soccer", "uefa.euroq"},
	{"uefanationsleague", "soccer", "uefa.nations"},
	{"concacafnationsleague", "soccer", "concacaf.nations.league"},
	{"afcon", "soccer", "caf.nations"},
	{"afconq", "soccer", "caf.nations_qual"},
	{"epl", "soccer", "eng.1"},
	{"engfa", "soccer", "eng.fa"},
	{"engleaguecup", "soccer", "eng.league_cup"},
	{"engcommunityshield", "soccer", "eng.charity"},
	{"laliga", "soccer", "esp.1"},
	{"copadelrey", "soccer", "esp.copa_del_rey"},
	{"bundesliga", "soccer", "ger.1"},
	{"seriea", "soccer", "ita.1"},
	{"ligue1", "soccer", "fra.1"},
	{"mls", "soccer", "usa.1"},
	{"usopen", "soccer", "usa.open"},
	{"usl", "soccer", "usa.usl.1"},
	{"championship", "soccer", "eng.2"},
	{"league-one", "soccer", "eng.3"},
	{"league-two", "soccer", "eng.4"},
	{"english-national-league", "soccer", "eng.5"},
	{"segunda", "soccer", "esp.2"},
	{"2-bundesliga", "soccer", "ger.2"},
	{"serieb", "soccer", "ita.2"},
	{"ligue2", "soccer", "fra.2"},
	{"scup", "soccer", "sco.tennents"},
	{"slcup", "soccer", "sco.cis"},
	{"spfl", "soccer", "sco.1"},
	{"sch", "soccer", "sco.2"},
	{"sl1", "soccer", "sco.3"},
	{"sl2", "soccer", "sco.4"},
	{"ncaa", "", ""},
	{"ncaaf", "football", "college-football"},
	{"ncaam", "basketball", "mens-college-basketball"},
	{"ncaaw", "basketball", "womens-college-basketball"},
	{"ncaabb", "baseball", "college-baseball"},
	{"ncaasbw", "baseball", "college-softball"},
	{"ncaah", "hockey", "mens-college-hockey"},
	{"ncaawh", "hockey", "womens-college-hockey"},
	{"ncaas", "soccer", "usa.ncaa.m.1"},
	{"ncaaws", "soccer", "usa.ncaa.w.1"},
	{"ncaalax", "lacrosse", "mens-college-lacrosse"},
	{"ncaawlax", "lacrosse", "womens-college-lacrosse"},
	{"ncaavb", "volleyball", "mens-college-volleyball"},
	{"ncaawvb", "volleyball", "womens-college-volleyball"},
	{"ncaawp", "water-polo", "mens-college-water-polo"},
	{"ncaawwp", "water-polo", "womens-college-water-polo"},
	{"ncaawfh", "field-hockey", "womens-college-field-hockey"},
	{"llb", "baseball", "llb"},
	{"the100m", "cricket", "mens-hundred"},
	{"the100w", "cricket", "womens-100"},
	{"6n", "rugby", "180659"},
	{"prem", "rugby", "267979"},
	{"urc", "rugby", "270557"},
	{"epcr", "rugby", "272073"},
	{"rwc", "rugby", "164205"},
	{"wrwc", "rugby", "289237"},
	{"mlr", "rugby", "289262"},
	{"trc", "rugby", "244293"},
	{"super-rugby", "rugby", "242041"},
	{"top14", "rugby", "270559"},
	{"ercc", "rugby", "271937"},
	{"cc", "rugby", "270555"},
	{"npc", "rugby", "270563"},
	{"urba", "rugby", "2009"},
	{"itm", "rugby", "289234"},
	{"lions", "rugby", "268565"},
	{"nrl", "rugby-league", "3"},
	{"wbc", "baseball", "world-baseball-classic"},
}

// allOn enables every environment-gated league.
func allOn(string) string { return "true" }

func TestNewHasEveryESPNLeague(t *testing.T) {
	c, err := New(allOn)
	if err != nil {
		t.Fatalf("New() error = %v", err)
	}
	if got, want := len(c.Leagues()), len(espnLeagueFacts)+len(providerLeagueFacts)+len(addedLeagueFacts); got != want {
		t.Errorf("len(Leagues()) = %d, want %d", got, want)
	}
	for i, f := range espnLeagueFacts {
		l, ok := c.Get(f.code)
		if !ok {
			t.Errorf("Get(%q) not found", f.code)
			continue
		}
		if l.Sport != f.sport || l.Slug != f.slug {
			t.Errorf("Get(%q) sport/slug = %q/%q, want %q/%q", f.code, l.Sport, l.Slug, f.sport, f.slug)
		}
		if f.code != "ncaa" && !slices.Contains(l.Providers, "espn") && !slices.Contains(l.Providers, "espnathlete") {
			t.Errorf("Get(%q).Providers = %v, want espn or espnathlete among them", f.code, l.Providers)
		}
		if want := strings.ToUpper(f.code); l.ShortName != want {
			t.Errorf("Get(%q).ShortName = %q, want %q", f.code, l.ShortName, want)
		}
		if l.Name == "" {
			t.Errorf("Get(%q).Name is empty", f.code)
		}
		if got := c.Leagues()[i].Code; got != f.code {
			t.Errorf("Leagues()[%d].Code = %q, want %q (table order)", i, got, f.code)
		}
	}
}

func TestLeagueFields(t *testing.T) {
	c, err := New(allOn)
	if err != nil {
		t.Fatalf("New() error = %v", err)
	}
	get := func(code string) League {
		t.Helper()
		l, ok := c.Get(code)
		if !ok {
			t.Fatalf("Get(%q) not found", code)
		}
		return l
	}
	tests := []struct {
		code  string
		check func(League) bool
		what  string
	}{
		{"nbag", func(l League) bool {
			return slices.Equal(l.Aliases, []string{"nba g league", "g league", "nba development league", "nba development"})
		}, "aliases of the G League"},
		{"ncaaf", func(l League) bool { return slices.Equal(l.Providers, []string{"espn", "ncaa"}) }, "providers espn, ncaa in order"},
		{"ncaaf", func(l League) bool { return strings.HasPrefix(l.LogoURL, "https://www.ncaa.com/") }, "http logo kept"},
		{"trc", func(l League) bool {
			return strings.HasPrefix(l.LogoURL, "https://upload.wikimedia.org/") && l.LogoURLDark == ""
		}, "./assets logo replaced by the URL the reference moved to"},
		{"wbc", func(l League) bool { return l.LogoURL == "" && l.FallbackLeague == "mlb" }, "fallback mlb, no local logo"},
		{"ncaa", func(l League) bool { return len(l.Providers) == 0 && l.FallbackLeague == "ncaam" }, "generic ncaa falls back to ncaam"},
		{"ncaaw", func(l League) bool { return l.FallbackLeague == "ncaam" }, "fallback ncaam"},
		{"epl", func(l League) bool {
			return slices.Equal(l.Providers, []string{"thesportsdb", "espn"}) &&
				slices.Contains(l.FeederLeagues, "english-national-league-south") && len(l.FeederLeagues) == 6
		}, "feeders kept even when not in the table"},
		{"worldcup", func(l League) bool { return len(l.FeederLeagues) == 6 && l.Providers[1] == "flagcdn" }, "feeders and flagcdn"},
		{"llb", func(l League) bool {
			return l.Mode == "name" && slices.Equal(l.TeamColors, []string{"#ef476f", "#ffd166", "#06d6a0", "#118ab2", "#073b4c"})
		}, "mode name and team colours"},
		{"ufc", func(l League) bool { return l.EnvVar == "LEAGUES_ENABLE_MMA" && l.Providers[0] == "espnathlete" }, "env var and athlete provider"},
		{"atp", func(l League) bool { return l.EnvVar == "LEAGUES_ENABLE_TENNIS" && l.Sport == "tennis" }, "tennis env var"},
		{"nfl", func(l League) bool { return !l.SkipLogos && l.Mode == "" && !l.Temporary }, "plain league"},
	}
	for _, tt := range tests {
		if l := get(tt.code); !tt.check(l) {
			t.Errorf("Get(%q) = %+v, want %s", tt.code, l, tt.what)
		}
	}
}

func TestEnvGatedLeagues(t *testing.T) {
	tests := []struct {
		value string
		want  bool
	}{
		{"true", true}, {"TRUE", true}, {"True", true}, {"1", true}, {"yes", true}, {"YES", true},
		{"", false}, {"false", false}, {"0", false}, {"no", false}, {" true", false}, {"on", false}, {"2", false},
	}
	for _, tt := range tests {
		getenv := func(k string) string {
			if k == "LEAGUES_ENABLE_MMA" {
				return tt.value
			}
			return ""
		}
		c, err := New(getenv)
		if err != nil {
			t.Fatalf("New() error = %v", err)
		}
		for _, code := range []string{"ufc", "pfl", "bellator"} {
			if _, got := c.Get(code); got != tt.want {
				t.Errorf("LEAGUES_ENABLE_MMA=%q: Get(%q) found = %v, want %v", tt.value, code, got, tt.want)
			}
		}
		if _, got := c.Lookup("mma"); got != tt.want {
			t.Errorf("LEAGUES_ENABLE_MMA=%q: Lookup(\"mma\") found = %v, want %v", tt.value, got, tt.want)
		}
		if _, got := c.Get("atp"); got {
			t.Errorf("LEAGUES_ENABLE_MMA=%q: Get(\"atp\") found, want tennis still off", tt.value)
		}
	}
	c, err := New(nil)
	if err != nil {
		t.Fatalf("New(nil) error = %v", err)
	}
	if got, want := len(c.Leagues()), len(espnLeagueFacts)+len(providerLeagueFacts)+len(addedLeagueFacts)-6; got != want {
		t.Errorf("New(nil): len(Leagues()) = %d, want %d (6 gated leagues off)", got, want)
	}
}

func TestParseTableRejectsBadData(t *testing.T) {
	tests := []struct {
		name, data string
	}{
		{"not json", `[{`},
		{"unknown field", `[{"code":"x","name":"X","colour":"red"}]`},
		{"empty code", `[{"code":"","name":"X"}]`},
		{"upper-case code", `[{"code":"NFL","name":"X"}]`},
		{"duplicate code", `[{"code":"x","name":"X"},{"code":"x","name":"Y"}]`},
		{"espn without slug", `[{"code":"x","name":"X","providers":["espn"]}]`},
		{"sport without slug", `[{"code":"x","name":"X","sport":"soccer"}]`},
		{"local logo", `[{"code":"x","name":"X","logoUrl":"./assets/X.png"}]`},
		{"bad colour", `[{"code":"x","name":"X","teamColors":["red"]}]`},
		{"bad mode", `[{"code":"x","name":"X","mode":"text"}]`},
	}
	for _, tt := range tests {
		if _, err := parseTable([]byte(tt.data)); err == nil {
			t.Errorf("parseTable(%s) error = nil, want an error", tt.name)
		}
	}
	if _, err := parseTable([]byte(`[{"code":"x","name":"X","providers":["espn"],"sport":"soccer","slug":"x.1"}]`)); err != nil {
		t.Errorf("parseTable(valid) error = %v, want nil", err)
	}
}
