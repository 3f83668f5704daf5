package match

import (
	"strings"
	"testing"

	"gamethumbs/internal/catalog"
)

// findCase: want is the FullName of the expected team, "" for no match.
type findCase struct {
	query string
	want  string
}

func runFind(t *testing.T, league string, teams []catalog.Team, cases []findCase) {
	t.Helper()
	for _, tc := range cases {
		i, ok := Find(tc.query, teams)
		got := ""
		if ok {
			got = teams[i].FullName
		}
		if got != tc.want {
			t.Errorf("%s: Find(%q) = %q (score %d), want %q", league, tc.query, got, scoreOf(tc.query, teams, i), tc.want)
		}
	}
}

func scoreOf(q string, teams []catalog.Team, i int) int {
	if i < 0 || i >= len(teams) {
		return 0
	}
	return Score(q, teams[i])
}

func TestFindNBA(t *testing.T) {
	runFind(t, "nba", nba, []findCase{
		{"lakers", "Los Angeles Lakers"},             // name
		{"LAL", "Los Angeles Lakers"},                // abbreviation
		{"Los Angeles Lakers", "Los Angeles Lakers"}, // full name
		{"losangeleslakers", "Los Angeles Lakers"},   // city+nickname run together
		{"la lakers", "Los Angeles Lakers"},          // shorthand + nickname
		{"lalakers", "Los Angeles Lakers"},           // shorthand + nickname, no space
		{"the lakers", "Los Angeles Lakers"},         // stop-word
		{"LAKERS!!!", "Los Angeles Lakers"},          // case and punctuation
		{"los angeles", "Los Angeles Lakers"},        // city
		{"la", "LA Clippers"},                        // documented: literal city "LA" beats the expansion
		{"la clippers", "LA Clippers"},               // city + nickname
		{"losangelesclippers", "LA Clippers"},        // expansion of the city "LA"
		{"ny", "New York Knicks"},                    // abbreviation NY
		{"new york", "New York Knicks"},              // city
		{"gs", "Golden State Warriors"},              // abbreviation GS
		{"golden state", "Golden State Warriors"},    // city
		{"no", "New Orleans Pelicans"},               // abbreviation NO
		{"sa", "San Antonio Spurs"},                  // abbreviation SA
		{"dc", "Washington Wizards"},                 // DC → Washington
		{"okc", "Oklahoma City Thunder"},             // abbreviation
		{"76ers", "Philadelphia 76ers"},              // digits in the name
		{"philadelphia 76ers", "Philadelphia 76ers"}, // full name
		{"blazers", "Portland Trail Blazers"},        // partial: name contains the query
		{"trail-blazers", "Portland Trail Blazers"},  // punctuation
		{"wolves", "Minnesota Timberwolves"},         // partial inside a word
		{"utah", "Utah Jazz"},                        // abbreviation UTAH
		{"miami", "Miami Heat"},                      // city
		{"sf", ""},                                   // shorthand for a city without a team
		{"celtcs", ""},                               // typo: no match (Suggest handles it)
		{"knicks basketball", ""},                    // too much after the name
	})
}

func TestFindNFL(t *testing.T) {
	runFind(t, "nfl", nfl, []findCase{
		{"chiefs", "Kansas City Chiefs"},
		{"kc", "Kansas City Chiefs"},               // abbreviation KC
		{"KC Chiefs", "Kansas City Chiefs"},        // shorthand + nickname
		{"kcchiefs", "Kansas City Chiefs"},         // shorthand prefix, no space
		{"kansascitychiefs", "Kansas City Chiefs"}, // city+nickname
		{"kansas city", "Kansas City Chiefs"},      // city
		{"la", "Los Angeles Chargers"},             // documented: two "Los Angeles" cities, roster order
		{"la rams", "Los Angeles Rams"},
		{"lar", "Los Angeles Rams"},
		{"ny", "New York Giants"}, // documented: two "New York" cities, roster order
		{"ny jets", "New York Jets"},
		{"nyjets", "New York Jets"},
		{"49ers", "San Francisco 49ers"},
		{"sf", "San Francisco 49ers"},
		{"san francisco", "San Francisco 49ers"},
		{"tb", "Tampa Bay Buccaneers"},
		{"no", "New Orleans Saints"},
		{"dc", "Washington Commanders"},
		{"washington", "Washington Commanders"},
		{"vegas", "Las Vegas Raiders"}, // partial of the full name
		{"lv", "Las Vegas Raiders"},
		{"ne", "New England Patriots"},
		{"green-bay", "Green Bay Packers"},
		{"sd", ""}, // San Diego has no NFL team
		{"st louis", ""},
	})
}

func TestFindNHL(t *testing.T) {
	runFind(t, "nhl", nhl, []findCase{
		{"st louis", "St. Louis Blues"},
		{"St. Louis", "St. Louis Blues"},
		{"st-louis", "St. Louis Blues"},
		{"stlouis", "St. Louis Blues"},
		{"saint louis", "St. Louis Blues"}, // saint ↔ st
		{"stl", "St. Louis Blues"},
		{"blues", "St. Louis Blues"}, // short name
		{"stlouisblues", "St. Louis Blues"},
		{"la", "Los Angeles Kings"}, // abbreviation LA
		{"la kings", "Los Angeles Kings"},
		{"lakings", "Los Angeles Kings"},
		{"ny", "New York Islanders"}, // documented: roster order
		{"ny rangers", "New York Rangers"},
		{"nyrangers", "New York Rangers"},
		{"leafs", "Toronto Maple Leafs"},
		{"sj", "San Jose Sharks"},
		{"san josé", "San Jose Sharks"},
		{"Montréal", "Montreal Canadiens"},
		{"hawks", "Chicago Blackhawks"},
		{"nj", "New Jersey Devils"},
		{"vegas", "Vegas Golden Knights"},
		{"jets", "Winnipeg Jets"},
	})
}

func TestFindSoccer(t *testing.T) {
	runFind(t, "epl", epl, []findCase{
		{"arsenal", "Arsenal"},
		{"arsenal fc", "Arsenal"},
		{"the arsenal", "Arsenal"},
		{"gunners", "Arsenal"},
		{"afc bournemouth", "AFC Bournemouth"},
		{"bournemouth", "AFC Bournemouth"},
		{"man utd", "Manchester United"}, // slug
		{"man united", "Manchester United"},
		{"man city", "Manchester City"},
		{"spurs", "Tottenham Hotspur"},
		{"wolves", "Wolverhampton Wanderers"},
		{"forest", "Nottingham Forest"},
		{"palace", "Crystal Palace"},
		{"brighton and hove albion", "Brighton & Hove Albion"},
		{"west-ham", "West Ham United"},
		{"fc", ""},
	})
	runFind(t, "mls", mls, []findCase{
		{"fc dallas", "FC Dallas"},
		{"dallas", "FC Dallas"},
		{"lafc", "LAFC"},
		{"los angeles fc", "LAFC"},
		{"la", "LA Galaxy"}, // abbreviation LA
		{"ny", "New York Red Bulls"},
		{"nyc", "New York City FC"},
		{"nycfc", "New York City FC"},
		{"red bulls", "New York Red Bulls"},
		{"cf montreal", "CF Montréal"},
		{"montreal", "CF Montréal"},
		{"inter miami", "Inter Miami CF"},
		{"atlanta united", "Atlanta United FC"},
		{"dc", "D.C. United"},
		{"d.c. united", "D.C. United"},
		{"kc", "Sporting Kansas City"},
		{"st louis city", "St. Louis CITY SC"},
		{"orlando city", "Orlando City SC"},
	})
}

func TestFindCollege(t *testing.T) {
	runFind(t, "ncaa", ncaa, []findCase{
		{"ohio", "Ohio Bobcats"}, // exact beats the partial "Ohio State"
		{"ohio state", "Ohio State Buckeyes"},
		{"ohio st", "Ohio State Buckeyes"},
		{"osu", "Ohio State Buckeyes"},
		{"miami", "Miami Hurricanes"},
		{"miami (oh)", "Miami (OH) RedHawks"},
		{"miami oh", "Miami (OH) RedHawks"},
		{"miamioh", "Miami (OH) RedHawks"},
		{"texas", "Texas Longhorns"},
		{"texas a&m", "Texas A&M Aggies"},
		{"texas am", "Texas A&M Aggies"},
		{"texas state", "Texas State Bobcats"},
		{"texas st", "Texas State Bobcats"},
		{"st johns", "St. John's Red Storm"},
		{"st. john's", "St. John's Red Storm"},
		{"saint johns", "St. John's Red Storm"},
		{"st marys", "Saint Mary's Gaels"},
		{"san jose state", "San José State Spartans"},
		{"san jose st", "San José State Spartans"},
		{"sjsu", "San José State Spartans"},
		{"hawaii", "Hawai'i Rainbow Warriors"},
		{"hawaiʻi", "Hawai'i Rainbow Warriors"},
		{"penn", "Pennsylvania Quakers"},
		{"penn state", "Penn State Nittany Lions"},
		{"penn st", "Penn State Nittany Lions"},
		{"washington", "Washington Huskies"},
		{"washington st", "Washington State Cougars"},
		{"wsu", "Washington State Cougars"},
		{"usc", "USC Trojans"},
		{"sc", "South Carolina Gamecocks"},
		{"south carolina", "South Carolina Gamecocks"},
		{"lsu", "LSU Tigers"},
		{"uconn", "UConn Huskies"},
		{"east carolina", "East Carolina Pirates"},
		{"eastcarolina", "East Carolina Pirates"},
		{"ea-carolina", ""}, // the reference's "no-state" slug quirk must not happen
		{"michigan", "Michigan Wolverines"},
		{"michigan st", "Michigan State Spartans"},
		{"the citadel", "The Citadel Bulldogs"},
		{"citadel", "The Citadel Bulldogs"},
		{"crimson tide", "Alabama Crimson Tide"},
		{"unc", "North Carolina Tar Heels"},
	})
}

func TestFindAccents(t *testing.T) {
	runFind(t, "europe", europe, []findCase{
		{"kobenhavn", "FC København"},
		{"KØBENHAVN", "FC København"},
		{"fc kobenhavn", "FC København"},
		{"brondby", "Brøndby IF"},
		{"naestved", "Næstved BK"},
		{"koln", "1. FC Köln"},
		{"bayern munchen", "FC Bayern München"},
		{"rot weiss essen", "Rot-Weiß Essen"},
		{"lks lodz", "ŁKS Łódź"},
		{"throttur", "Þróttur Reykjavík"},
		{"kasimpasa", "Kasımpaşa"},
		{"ATLÉTICO", "Atlético Madrid"},
	})
}

func TestFindRejects(t *testing.T) {
	long := strings.Repeat("lakers ", 30) // 210 bytes
	runFind(t, "nba", nba, []findCase{
		{"", ""},
		{"   ", ""},
		{"---", ""},
		{"%$#@!", ""},
		{"the", ""},
		{"zzzzzz", ""},
		{"\xff\xfe", ""},
		{long, ""},
	})
	if _, ok := Find("lakers", nil); ok {
		t.Errorf("Find(%q, nil) matched, want no match", "lakers")
	}
}

func TestFindAliases(t *testing.T) {
	teams := append([]catalog.Team(nil), nba...)
	teams[13].Aliases = []string{"Lake Show"} // Lakers
	teams[0].Aliases = []string{"Lakers"}     // a custom alias beats the Lakers' own name
	runFind(t, "nba+aliases", teams, []findCase{
		{"lakeshow", "Los Angeles Lakers"},
		{"lake-show", "Los Angeles Lakers"},
		{"lakers", "Atlanta Hawks"},
		{"celtics", "Boston Celtics"},
	})
}
