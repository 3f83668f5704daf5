// Package thesportsdbtest is a fake TheSportsDB for tests: an httptest
// server on 127.0.0.1 answering search_all_teams.php and lookupleague.php
// of the v1 JSON API with team data written for this project, searchplayers.php
// with a few boxers (Players), and badges drawn on request (see Badge,
// which other fakes reuse).
//
// Leagues with teams: "CFL" (nine Canadian Football League teams),
// "Canadian OHL" (four teams, one without colours), "Danish Superliga" and
// "Australian AFL", "Formula 1", "NASCAR Cup Series" and "United Rugby
// Championship" (a few teams each) and "Empty League" (an empty list, as
// TheSportsDB answers {"teams":null}). all_leagues.php lists Leagues;
// league badges exist for the ids of LeagueBadges (Formula 1, NASCAR,
// IndyCar, CFL, AFL, rugby, cricket, ATP, WTA, PWHL, ...), drawn in the
// colour LeagueBadgeColour gives.
package thesportsdbtest

import (
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"gamethumbs/internal/catalog/providertest"
	"gamethumbs/internal/demo"
)

// Team is one fake team.
type Team struct {
	ID, Name, Short, Alternate, Location, Colour1, Colour2 string
}

// Teams of the fake by TheSportsDB league name.
var Teams = map[string][]Team{
	"CFL": {
		{"135245", "BC Lions", "BC", "Leos", "Vancouver, British Columbia", "#F05323", "#000000"},
		{"135246", "Calgary Stampeders", "CGY", "Stamps", "Calgary", "#C8102E", "#000000"},
		{"135247", "Edmonton Elks", "EDM", "", "Edmonton", "#2B5134", "#FFB81C"},
		{"135248", "Saskatchewan Roughriders", "SSK", "Riders, Green Riders", "Regina, Saskatchewan", "#00633E", "#FFFFFF"},
		{"135249", "Winnipeg Blue Bombers", "WPG", "Bombers", "Winnipeg", "#041E42", "#B9975B"},
		{"135250", "Hamilton Tiger-Cats", "HAM", "Ticats", "Hamilton", "#FFB819", "#000000"},
		{"135251", "Toronto Argonauts", "TOR", "Argos", "Toronto", "#6F263D", "#0033A0"},
		{"135252", "Ottawa Redblacks", "OTT", "", "Ottawa", "#A6192E", "#000000"},
		{"135253", "Montreal Alouettes", "MTL", "Als", "Montréal", "#0C2340", "#C8102E"},
	},
	"Canadian OHL": {
		{"140001", "London Knights", "LDN", "", "London, Ontario", "#00703C", "#FFFFFF"},
		{"140002", "Ottawa 67's", "OTT", "", "Ottawa", "#C8102E", "#000000"},
		{"140003", "Kitchener Rangers", "KIT", "", "Kitchener", "", ""},
		{"140004", "Soo Greyhounds", "SSM", "", "Sault Ste. Marie", "#C8102E", "#000000"},
	},
	"Empty League": nil,
	// A league no table of gamethumbs names: found by discovery only.
	"Danish Superliga": {
		{"133890", "FC København", "FCK", "Copenhagen", "Copenhagen", "#FFFFFF", "#001E96"},
		{"133891", "Brøndby IF", "BIF", "Brondby", "Brøndby", "#FFD700", "#005CA9"},
		{"133892", "FC Midtjylland", "FCM", "", "Herning", "#000000", "#E3000F"},
		{"133893", "AGF", "AGF", "Aarhus", "Aarhus", "#FFFFFF", "#00A3E0"},
	},
	"Australian AFL": {
		{"134100", "Collingwood Magpies", "COL", "Pies", "Melbourne", "#000000", "#FFFFFF"},
		{"134101", "Sydney Swans", "SYD", "Swans", "Sydney", "#ED171F", "#FFFFFF"},
	},
	// Leagues whose pictures the gallery shows (cmd/gallery): constructors,
	// racing teams and rugby clubs with their colours.
	"Formula 1": {
		{"135500", "Ferrari", "FER", "Scuderia Ferrari", "Maranello", "#DC0000", "#FFF200"},
		{"135501", "McLaren", "MCL", "McLaren F1 Team", "Woking", "#FF8000", "#47C7FC"},
		{"135502", "Mercedes", "MER", "Mercedes-AMG Petronas", "Brackley", "#00A19C", "#C0C0C0"},
	},
	"NASCAR Cup Series": {
		{"135600", "Hendrick Motorsports", "HMS", "Hendrick", "Concord", "#1B365D", "#C8102E"},
		{"135601", "Joe Gibbs Racing", "JGR", "Gibbs", "Huntersville", "#00833E", "#FFFFFF"},
	},
	"United Rugby Championship": {
		{"135700", "Leinster Rugby", "LEI", "Leinster", "Dublin", "#0A2D6E", "#FFFFFF"},
		{"135701", "Munster Rugby", "MUN", "Munster", "Limerick", "#C8102E", "#0A2240"},
	},
}

// League is one league of all_leagues.php.
type League struct{ ID, Name, Sport, Alternate string }

// Leagues answers all_leagues.php: leagues of the table and "Danish
// Superliga", which no table names.
var Leagues = []League{
	{"4328", "English Premier League", "Soccer", "Premier League, EPL"},
	{"4340", "Danish Superliga", "Soccer", "3F Superliga, Superligaen"},
	{"4370", "Formula 1", "Motorsport", "F1"},
	{"4393", "NASCAR Cup Series", "Motorsport", "NASCAR"},
	{"4373", "IndyCar Series", "Motorsport", "IndyCar"},
	{"4405", "CFL", "American Football", "Canadian Football League"},
	{"4456", "Australian AFL", "Australian Football", "AFL"},
	{"4926", "Norwegian Fjordkraft-ligaen", "Ice Hockey", "Eliteserien"},
	{"4446", "United Rugby Championship", "Rugby", "URC, Pro14"},
	// ATP and WTA by their TheSportsDB ids; PWHL, which gamethumbs finds
	// by name (tsdbLeagueName without an id), under an id of the fake's own.
	{"4464", "ATP World Tour", "Tennis", "ATP Tour"},
	{"4517", "WTA Tour", "Tennis", "Womens Tennis Association"},
	{"5167", "PWHL", "Ice Hockey", "Professional Women's Hockey League"},
}

// Stadiums are the home grounds of the fake's teams by team id
// (strStadium; their photos, strStadiumThumb, are generated JPEGs). Teams
// not listed have neither; the Ottawa 67's photo answers 404.
var Stadiums = map[string]string{
	"135245": "BC Place", "135246": "McMahon Stadium", "135248": "Mosaic Stadium",
	"135251": "BMO Field", "140001": "Canada Life Place", "140002": "TD Place Arena",
}

// StadiumPath is the path of a team's stadium photo on the fake.
func StadiumPath(name string) string { return "/images/stadium/" + slug(name) + ".jpg" }

// Player is one fake athlete of searchplayers.php.
type Player struct{ ID, Name, Sport string }

// Players answers searchplayers.php: a case-insensitive substring of the
// name finds a player. One shares a boxer's surname in another sport.
var Players = []Player{
	{"34145235", "Tyson Fury", "Boxing"},
	{"34147289", "Oleksandr Usyk", "Boxing"},
	{"34150123", "Canelo Alvarez", "Boxing"},
	{"34160001", "Anthony Joshua", "Boxing"},
	{"34170002", "Harry Fury", "Rugby"},
}

// LeagueBadges maps TheSportsDB league ids to the label of their badge.
var LeagueBadges = map[string]string{"4370": "F1", "4393": "NASCAR", "4373": "INDY", "4405": "CFL",
	"4456": "AFL", "4926": "FJORD", "4340": "SUPERLIGA", "4416": "NRL", "4551": "SUPER RUGBY",
	"4714": "6N", "4414": "PREM", "4446": "URC", "5622": "UNRIVALED", "4460": "IPL", "4461": "BBL", "5532": "SA20",
	"4464": "ATP", "4517": "WTA", "5167": "PWHL"}

// leagueColours are the badge colours (shape, ring) of some leagues; the
// others are red on near black.
var leagueColours = map[string][2]string{
	"ATP": {"1f4e9c", "d7e3f4"}, "WTA": {"7b2d8e", "f3d9fa"}, "PWHL": {"008c95", "e0f4f5"},
	"NASCAR": {"f2b705", "1a1a1a"}, "URC": {"2e7d32", "f5f5f5"},
}

// LeagueBadgeColour is the main colour (hex "rrggbb") of the badge the
// fake draws for a league badge label ("F1", "ATP").
func LeagueBadgeColour(label string) string {
	if c, ok := leagueColours[label]; ok {
		return c[0]
	}
	return "e10600"
}

// Server is a running fake. Its methods are safe for concurrent use.
type Server struct {
	URL string

	// Counter counts requests to a call ("search_all_teams.php") or a
	// path (Hits).
	providertest.Counter
	keys  providertest.Counter // by the API key in the path
	fails providertest.Failures
}

// New starts a fake that is closed when the test ends.
func New(t testing.TB) *Server {
	t.Helper()
	s := &Server{}
	s.URL = providertest.Start(t, s.serve)
	return s
}

// BadgePath is the path of a team's badge on the fake.
func BadgePath(name string) string { return "/images/team/" + slug(name) + ".png" }

// SawKey reports whether a request used key in its path.
func (s *Server) SawKey(key string) bool { return s.keys.Hits(key) > 0 }

// Fail makes a call ("search_all_teams.php", "lookupleague.php") or a
// path answer status; 0 removes the rule.
func (s *Server) Fail(name string, status int) { s.fails.Fail(name, status) }

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	path := r.URL.Path
	name := path
	if rest, ok := strings.CutPrefix(path, "/api/v1/json/"); ok {
		key, call, _ := strings.Cut(rest, "/")
		name = call
		s.keys.Count(key)
	}
	s.Count(name)
	if fail := s.fails.Status(name); fail != 0 {
		providertest.Refuse(w, fail)
		return
	}
	q := r.URL.Query()
	switch {
	case name == "search_all_teams.php":
		teams, ok := Teams[q.Get("l")]
		if !ok || len(teams) == 0 {
			writeJSON(w, map[string]any{"teams": nil})
			return
		}
		base := "http://" + r.Host
		list := make([]map[string]any, 0, len(teams))
		for _, t := range teams {
			m := map[string]any{
				"idTeam": t.ID, "strTeam": t.Name, "strTeamShort": t.Short, "strAlternate": t.Alternate,
				"strLocation": t.Location, "strBadge": base + BadgePath(t.Name), "strLogo": nil,
				"strColour1": t.Colour1, "strColour2": t.Colour2, "strDivision": nil, "intFormedYear": 1950,
				"strStadium": nil, "strStadiumThumb": nil,
			}
			if st, ok := Stadiums[t.ID]; ok {
				m["strStadium"], m["strStadiumThumb"] = st, base+StadiumPath(st)
			}
			list = append(list, m)
		}
		writeJSON(w, map[string]any{"teams": list})
	case name == "lookupleague.php":
		label, ok := LeagueBadges[q.Get("id")]
		if !ok {
			writeJSON(w, map[string]any{"leagues": nil})
			return
		}
		name := label
		for _, l := range Leagues {
			if l.ID == q.Get("id") {
				name = l.Name
			}
		}
		writeJSON(w, map[string]any{"leagues": []map[string]any{{
			"idLeague": q.Get("id"), "strLeague": name, "strBadge": "http://" + r.Host + "/images/league/" + strings.ReplaceAll(label, " ", "-") + ".png",
		}}})
	case name == "all_leagues.php":
		list := make([]map[string]any, 0, len(Leagues))
		for _, l := range Leagues {
			list = append(list, map[string]any{"idLeague": l.ID, "strLeague": l.Name, "strSport": l.Sport, "strLeagueAlternate": l.Alternate})
		}
		writeJSON(w, map[string]any{"leagues": list})
	case name == "searchplayers.php":
		want := strings.ToLower(q.Get("p"))
		var list []map[string]any
		for _, p := range Players {
			if want != "" && strings.Contains(strings.ToLower(p.Name), want) {
				list = append(list, map[string]any{"idPlayer": p.ID, "strPlayer": p.Name, "strSport": p.Sport,
					"strCutout": "http://" + r.Host + "/images/player/" + slug(p.Name) + ".png", "strThumb": nil})
			}
		}
		writeJSON(w, map[string]any{"player": list})
	case strings.HasPrefix(path, "/images/player/"):
		sl := strings.TrimSuffix(strings.TrimPrefix(path, "/images/player/"), ".png")
		for _, p := range Players {
			if slug(p.Name) == sl {
				var ini string
				for _, w := range strings.Fields(p.Name) {
					ini += w[:1]
				}
				writePNG(w, Badge(ini, "7a1f1f", "f2d16b", Circle, 256))
				return
			}
		}
		http.NotFound(w, r)
	case strings.HasPrefix(path, "/images/team/"):
		label, c1, c2 := teamBadge(strings.TrimSuffix(strings.TrimPrefix(path, "/images/team/"), ".png"))
		if label == "" {
			http.NotFound(w, r)
			return
		}
		writePNG(w, Badge(label, c1, c2, Shield, 256))
	case strings.HasPrefix(path, "/images/stadium/"):
		sl := strings.TrimSuffix(strings.TrimPrefix(path, "/images/stadium/"), ".jpg")
		for id, st := range Stadiums {
			if slug(st) == sl && id != "140002" {
				w.Header().Set("Content-Type", "image/jpeg")
				_, _ = w.Write(demo.VenuePhoto(st, "c8102e", "ffffff", 960, 540, "jpg"))
				return
			}
		}
		http.NotFound(w, r)
	case strings.HasPrefix(path, "/images/league/"):
		label := strings.ReplaceAll(strings.TrimSuffix(strings.TrimPrefix(path, "/images/league/"), ".png"), "-", " ")
		alt := "15151e"
		if c, ok := leagueColours[label]; ok {
			alt = c[1]
		}
		writePNG(w, Badge(label, LeagueBadgeColour(label), alt, Square, 256))
	default:
		http.NotFound(w, r)
	}
}

// teamBadge finds the team whose slug is sl.
func teamBadge(sl string) (label, c1, c2 string) {
	for _, teams := range Teams {
		for _, t := range teams {
			if slug(t.Name) == sl {
				c1, c2 = strings.TrimPrefix(t.Colour1, "#"), strings.TrimPrefix(t.Colour2, "#")
				if c1 == "" {
					c1, c2 = "444444", "999999"
				}
				return t.Short, c1, c2
			}
		}
	}
	return "", "", ""
}

func slug(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			b.WriteRune(r)
		} else if r > 127 {
			b.WriteByte('x')
		}
	}
	return b.String()
}

func writeJSON(w http.ResponseWriter, v any) {
	body, _ := json.Marshal(v)
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Length", strconv.Itoa(len(body)))
	_, _ = w.Write(body)
}

func writePNG(w http.ResponseWriter, b []byte) {
	w.Header().Set("Content-Type", "image/png")
	w.Header().Set("Content-Length", strconv.Itoa(len(b)))
	_, _ = w.Write(b)
}
