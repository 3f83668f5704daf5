package espn

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"gamethumbs/internal/catalog"
	"gamethumbs/internal/catalog/providerhttp"
	"gamethumbs/internal/espntest"
)

func findTeam(t *testing.T, teams []catalog.Team, id string) catalog.Team {
	t.Helper()
	for _, tm := range teams {
		if tm.ID == id {
			return tm
		}
	}
	t.Fatalf("no team with id %q among %d teams", id, len(teams))
	return catalog.Team{}
}

func TestTeamsMapping(t *testing.T) {
	s := espntest.New(t)
	p := newTestProvider(t, s, 0, 0)
	ctx := context.Background()
	tests := []struct {
		league catalog.League
		count  int
		want   catalog.Team
	}{
		{nba, 30, catalog.Team{
			ID: "13", Slug: "los-angeles-lakers", City: "Los Angeles", Name: "Lakers",
			FullName: "Los Angeles Lakers", ShortName: "Lakers", Abbreviation: "LAL",
			Logo:    s.CDNURL + "/i/teamlogos/nba/500/lal.png",
			LogoAlt: s.CDNURL + "/i/teamlogos/nba/500-dark/lal.png",
			Color:   "#552583", AlternateColor: "#fdb927",
		}},
		// ESPN's NHL list puts the city in nickname; name follows nickname.
		{nhl, 32, catalog.Team{
			ID: "25", Slug: "anaheim-ducks", City: "Anaheim", Name: "Anaheim", FullName: "Anaheim Ducks",
			ShortName: "Ducks", Abbreviation: "ANA",
			Logo:    s.CDNURL + "/i/teamlogos/nhl/500/ana.png",
			LogoAlt: s.CDNURL + "/i/teamlogos/nhl/500-dark/ana.png",
			Color:   "#000000", AlternateColor: "#f26924",
		}},
		// No nickname: name is left out.
		{mls, 29, catalog.Team{
			ID: "18418", Slug: "usa.atlanta_united_fc", City: "Atlanta United FC", FullName: "Atlanta United FC",
			ShortName: "Atlanta", Abbreviation: "ATL",
			Logo:    s.CDNURL + "/i/teamlogos/soccer/500/18418.png",
			LogoAlt: s.CDNURL + "/i/teamlogos/soccer/500-dark/18418.png",
			Color:   "#000000", AlternateColor: "#ccfcfc",
		}},
		// No logos at all.
		{mls, 29, catalog.Team{
			ID: "20906", Slug: "austin_fc", City: "Austin FC", FullName: "Austin FC", ShortName: "Austin",
			Abbreviation: "ATX", Color: "#000000", AlternateColor: "#a2deae",
		}},
		// No colours.
		{epl, 20, catalog.Team{
			ID: "337", Slug: "eng.brentford", City: "Brentford", Name: "Brentford", FullName: "Brentford",
			ShortName: "Brentford", Abbreviation: "BRE",
			Logo:    s.CDNURL + "/i/teamlogos/soccer/500/337.png",
			LogoAlt: s.CDNURL + "/i/teamlogos/soccer/500-dark/337.png",
		}},
		// Accents, ampersands and a JPEG logo.
		{ncaaf, 34, catalog.Team{
			ID: "23", Slug: "san-jose-state-spartans", City: "San José State", Name: "San José State",
			FullName: "San José State Spartans", ShortName: "San José State", Abbreviation: "SJSU",
			Logo:    s.CDNURL + "/i/teamlogos/ncaa/500/23.png",
			LogoAlt: s.CDNURL + "/i/teamlogos/ncaa/500-dark/23.png",
			Color:   "#0055a2", AlternateColor: "#e5a823",
		}},
		{ncaaf, 34, catalog.Team{
			ID: "245", Slug: "texas-am-aggies", City: "Texas A&M", Name: "Texas A&M", FullName: "Texas A&M Aggies",
			ShortName: "Texas A&M", Abbreviation: "TA&M",
			Logo:    s.CDNURL + "/i/teamlogos/ncaa/500/245.png",
			LogoAlt: s.CDNURL + "/i/teamlogos/ncaa/500-dark/245.png",
			Color:   "#500000", AlternateColor: "#ffffff",
		}},
		{ncaaf, 34, catalog.Team{
			ID: "193", Slug: "miami-oh-redhawks", City: "Miami (OH)", Name: "Miami (OH)", FullName: "Miami (OH) RedHawks",
			ShortName: "Miami (OH)", Abbreviation: "M-OH",
			Logo:    s.CDNURL + "/i/teamlogos/ncaa/500/193.jpg",
			LogoAlt: s.CDNURL + "/i/teamlogos/ncaa/500-dark/193.jpg",
			Color:   "#c8102e", AlternateColor: "#ffffff",
		}},
	}
	for _, tt := range tests {
		teams, err := p.Teams(ctx, tt.league)
		if err != nil {
			t.Fatalf("Teams(%s) error = %v", tt.league.Code, err)
		}
		if len(teams) != tt.count {
			t.Errorf("Teams(%s) = %d teams, want %d", tt.league.Code, len(teams), tt.count)
		}
		got := findTeam(t, teams, tt.want.ID)
		if got.Aliases != nil || !equalTeam(got, tt.want) {
			t.Errorf("Teams(%s) team %s =\n%+v\nwant\n%+v", tt.league.Code, tt.want.ID, got, tt.want)
		}
	}
}

func equalTeam(a, b catalog.Team) bool {
	a.Aliases, b.Aliases = nil, nil
	return a.ID == b.ID && a.Slug == b.Slug && a.City == b.City && a.Name == b.Name &&
		a.FullName == b.FullName && a.ShortName == b.ShortName && a.Abbreviation == b.Abbreviation &&
		a.Conference == b.Conference && a.Division == b.Division && a.Logo == b.Logo &&
		a.LogoAlt == b.LogoAlt && a.Color == b.Color && a.AlternateColor == b.AlternateColor
}

func TestTeamsKeepsESPNOrder(t *testing.T) {
	s := espntest.New(t)
	p := newTestProvider(t, s, 0, 0)
	teams, err := p.Teams(context.Background(), nhl)
	if err != nil {
		t.Fatal(err)
	}
	for i, f := range espntest.Teams("hockey", "nhl") {
		if teams[i].ID != f.ID {
			t.Fatalf("Teams(nhl)[%d].ID = %q, want %q (ESPN order)", i, teams[i].ID, f.ID)
		}
	}
}

// TestTeamsLenientDecoding feeds hand-written team lists with odd values.
func TestTeamsLenientDecoding(t *testing.T) {
	wrap := func(teams string) string {
		return `{"sports":[{"leagues":[{"teams":[` + teams + `]}]}]}`
	}
	tests := []struct {
		name string
		body string
		want []catalog.Team
	}{
		{"numeric id and null fields", wrap(`{"team":{"id":13,"location":null,"nickname":"Lakers","displayName":"Los Angeles Lakers","color":null,"logos":null}}`),
			[]catalog.Team{{ID: "13", Name: "Lakers", FullName: "Los Angeles Lakers"}}},
		{"fields of the wrong type", wrap(`{"team":{"id":"7","nickname":["x"],"abbreviation":{"a":1},"color":12,"logos":"none","groups":7}}`),
			[]catalog.Team{{ID: "7"}}},
		{"groups as a list", wrap(`{"team":{"id":"1","groups":[{"name":"no id"},{"id":"5","name":"AFC"},{"id":"9","name":"AFC West","parent":{"id":"5"}}]}}`),
			[]catalog.Team{{ID: "1", Conference: "AFC", Division: "AFC West"}}},
		{"groups as one object", wrap(`{"team":{"id":"1","groups":{"id":"9","name":"Pacific","parent":{"id":"7"}}}}`),
			[]catalog.Team{{ID: "1", Conference: "Pacific", Division: "Pacific"}}},
		{"colours", wrap(`{"team":{"id":"1","color":"FFF","alternateColor":"#12aB9f"}},{"team":{"id":"2","color":"zzzzzz","alternateColor":"12345"}}`),
			[]catalog.Team{{ID: "1", Color: "#FFFFFF", AlternateColor: "#12aB9f"}, {ID: "2"}}},
		{"logos by rel, not position", wrap(`{"team":{"id":"1","logos":[
			{"href":"https://c/500-dark/scoreboard/a.png","rel":["full","scoreboard","dark"]},
			{"href":"https://c/500/scoreboard/a.png","rel":["full","scoreboard"]},
			{"href":"https://c/500-dark/a.png","rel":["dark","full"]},
			{"href":"https://c/500/a.png","rel":["default","full"]}]}}`),
			[]catalog.Team{{ID: "1", Logo: "https://c/500/a.png", LogoAlt: "https://c/500-dark/a.png"}}},
		{"only scoreboard logos", wrap(`{"team":{"id":"1","logos":[
			{"href":"https://c/500-dark/scoreboard/a.png","rel":["full","scoreboard","dark"]},
			{"href":"https://c/500/scoreboard/a.png","rel":["full","scoreboard"]}]}}`),
			[]catalog.Team{{ID: "1", Logo: "https://c/500/scoreboard/a.png", LogoAlt: "https://c/500-dark/scoreboard/a.png"}}},
		{"logo without rel", wrap(`{"team":{"id":"1","logos":[{"href":"https://c/a.png"}]}}`),
			[]catalog.Team{{ID: "1", Logo: "https://c/a.png"}}},
		{"only a dark logo", wrap(`{"team":{"id":"1","logos":[{"href":"https://c/d.png","rel":["full","dark"]}]}}`),
			[]catalog.Team{{ID: "1", Logo: "https://c/d.png", LogoAlt: "https://c/d.png"}}},
		{"hrefs that are not http(s)", wrap(`{"team":{"id":"1","logos":[{"href":"javascript:alert(1)","rel":["full","default"]},{"href":"/relative.png","rel":["full","default"]},{"href":12,"rel":["full","default"]},{"href":"http://c/ok.png","rel":["full","default"]}]}}`),
			[]catalog.Team{{ID: "1", Logo: "http://c/ok.png"}}},
		{"entries without a team", wrap(`{"team":null},{},"x",7,{"team":"x"},{"team":{}},{"team":{"abbreviation":"X"}}`),
			[]catalog.Team{{Abbreviation: "X"}}},
		{"teams not a list", `{"sports":[{"leagues":[{"teams":"oops"}]}]}`, []catalog.Team{}},
		{"empty league", `{"sports":[{"leagues":[{}]}]}`, []catalog.Team{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := espntest.New(t)
			p := newTestProvider(t, s, 0, 0)
			s.SetResponse(espntest.TeamsPath("basketball", "nba"), http.StatusOK, "application/json", []byte(tt.body))
			got, err := p.Teams(context.Background(), nba)
			if err != nil {
				t.Fatalf("Teams() error = %v", err)
			}
			if len(got) != len(tt.want) {
				t.Fatalf("Teams() = %+v, want %+v", got, tt.want)
			}
			for i := range got {
				if !equalTeam(got[i], tt.want[i]) {
					t.Errorf("Teams()[%d] = %+v, want %+v", i, got[i], tt.want[i])
				}
			}
		})
	}
}

func TestHexColor(t *testing.T) {
	tests := []struct{ in, want string }{
		{"552583", "#552583"}, {"FDB927", "#FDB927"}, {"EF0107", "#EF0107"}, {"#abc", "#aabbcc"}, {"#ABC", "#AABBCC"}, {"fff", "#ffffff"},
		{"", ""}, {"#", ""}, {"12345", ""}, {"1234567", ""}, {"gggggg", ""}, {"12 456", ""},
		{"#12345g", ""}, {"red", ""}, {strings.Repeat("a", 100), ""},
	}
	for _, tt := range tests {
		if got := hexColor(tt.in); got != tt.want {
			t.Errorf("hexColor(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func FuzzTeamList(f *testing.F) {
	f.Add([]byte(`{"sports":[{"leagues":[{"teams":[{"team":{"id":1,"logos":[{"href":"https://x/a.png","rel":["full","default"]}],"groups":{"id":"1"}}}]}]}]}`))
	f.Add([]byte(`{"sports":[{"leagues":[{"teams":[{"team":{"id":"1","color":"fff"}}]}]}]}`))
	f.Add([]byte(`{"sports":null}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		var resp teamList
		if providerhttp.DecodeLenient(data, &resp) != nil {
			return
		}
		for _, sp := range resp.Sports {
			for _, lg := range sp.Leagues {
				for _, e := range lg.Teams {
					if tm, ok := toTeam(&e.Team.V); ok {
						if tm.Color != "" && len(tm.Color) != 7 {
							t.Errorf("colour %q is not #rrggbb", tm.Color)
						}
					}
				}
			}
		}
	})
}
