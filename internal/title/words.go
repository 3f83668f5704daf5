package title

// The word lists below are keyed by folded text (catalog.Fold: lower case,
// accents folded, punctuation removed, single spaces).

// leagueWords name leagues (or narrow to a few) in the ways titles do and
// the catalogue does not: sport words, event names, network-style names.
// named is false for sport words, which narrow the search without naming
// one league.
var leagueWords = map[string]struct {
	codes []string
	named bool
}{
	// American football
	"nfl football": {[]string{"nfl"}, true}, "american football": {[]string{"nfl", "ncaaf"}, false},
	"super bowl": {[]string{"nfl"}, true}, "monday night football": {[]string{"nfl"}, true},
	"sunday night football": {[]string{"nfl"}, true}, "thursday night football": {[]string{"nfl"}, true},
	"mnf": {[]string{"nfl"}, true}, "snf": {[]string{"nfl"}, true}, "tnf": {[]string{"nfl"}, true},
	"cfb": {[]string{"ncaaf"}, true}, "ncaa fb": {[]string{"ncaaf"}, true}, "college fb": {[]string{"ncaaf"}, true},
	"ncaa": {[]string{"ncaaf", "ncaam"}, false}, "college": {[]string{"ncaaf", "ncaam"}, false},
	// Basketball
	"nba basketball": {[]string{"nba"}, true}, "basketball": {[]string{"nba", "wnba"}, false},
	"ncaa basketball": {[]string{"ncaam"}, true}, "ncaa mens basketball": {[]string{"ncaam"}, true},
	"cbb": {[]string{"ncaam"}, true}, "ncaamb": {[]string{"ncaam"}, true}, "ncaa mbb": {[]string{"ncaam"}, true},
	"ncaa womens basketball": {[]string{"ncaaw"}, true}, "ncaawb": {[]string{"ncaaw"}, true},
	"nba finals": {[]string{"nba"}, true},
	// Hockey
	"nhl hockey": {[]string{"nhl"}, true}, "hockey": {[]string{"nhl"}, false}, "ice hockey": {[]string{"nhl"}, false},
	"hockey night in canada": {[]string{"nhl"}, true}, "stanley cup": {[]string{"nhl"}, true},
	"stanley cup final": {[]string{"nhl"}, true}, "stanley cup playoffs": {[]string{"nhl"}, true},
	"ncaa hockey": {[]string{"ncaah"}, true}, "college hockey": {[]string{"ncaah"}, true},
	// Baseball
	"mlb baseball": {[]string{"mlb"}, true}, "baseball": {[]string{"mlb"}, false},
	"world series": {[]string{"mlb"}, true}, "sunday night baseball": {[]string{"mlb"}, true},
	// Soccer
	"soccer":   {[]string{"epl", "laliga", "bundesliga", "seriea", "ligue1", "uefa", "mls"}, false},
	"football": {[]string{"nfl", "epl", "laliga", "bundesliga", "seriea", "ligue1", "uefa", "mls"}, false},
	"futbol":   {[]string{"laliga", "mls"}, false},
	"bpl":      {[]string{"epl"}, true}, "barclays premier league": {[]string{"epl"}, true},
	"english premier league": {[]string{"epl"}, true}, "prem": {[]string{"epl"}, true},
	"laliga": {[]string{"laliga"}, true}, "la liga": {[]string{"laliga"}, true}, "laliga ea sports": {[]string{"laliga"}, true},
	"spanish la liga": {[]string{"laliga"}, true}, "el clasico": {[]string{"laliga"}, true},
	"german bundesliga": {[]string{"bundesliga"}, true}, "1 bundesliga": {[]string{"bundesliga"}, true},
	"serie a": {[]string{"seriea"}, true}, "italian serie a": {[]string{"seriea"}, true}, "serie a tim": {[]string{"seriea"}, true},
	"ligue 1": {[]string{"ligue1"}, true}, "french ligue 1": {[]string{"ligue1"}, true}, "ligue 1 mcdonalds": {[]string{"ligue1"}, true},
	"uefa champions league": {[]string{"uefa"}, true}, "ucl": {[]string{"uefa"}, true},
	"mls soccer": {[]string{"mls"}, true}, "mls season pass": {[]string{"mls"}, true},
	// Tennis: the Grand Slams and tours name no single tour.
	"tennis": {[]string{"atp", "wta"}, true}, "wimbledon": {[]string{"atp", "wta"}, true},
	"us open tennis": {[]string{"atp", "wta"}, true}, "australian open": {[]string{"atp", "wta"}, true},
	"roland garros": {[]string{"atp", "wta"}, true}, "french open": {[]string{"atp", "wta"}, true},
	"atp tour": {[]string{"atp"}, true}, "atp finals": {[]string{"atp"}, true}, "wta finals": {[]string{"wta"}, true},
	"atp masters": {[]string{"atp"}, true},
	// MMA and motor sport
	"ufc fight night": {[]string{"ufc"}, true}, "ufc fight pass": {[]string{"ufc"}, true},
	"formula 1": {[]string{"f1"}, true}, "formula one": {[]string{"f1"}, true}, "formula1": {[]string{"f1"}, true},
	"f1 grand prix": {[]string{"f1"}, true},
}

// genericLeagueKeys are catalogue names that are ordinary words in titles;
// they never name a league by themselves.
var genericLeagueKeys = map[string]bool{
	"premier": true, "england": true, "championship": true, "conference": true, "lions": true,
	"country": true, "flags": true, "olympic": true, "aa": true, "aaa": true, "ub": true,
	"unrivaled": true, "super league": true, "national league": true, "us open": true, "usa open": true,
	"fifa": true, "hundred": true, "cc": true, "itm": true, "npc": true, "wbc": true, "mhl": true,
	"usopen": true, "europa": true, "ncaa": true, "tennis": true, "mma": true,
}

// tournamentNames are tennis events that a catalogue alias would read as
// another sport ("US Open" is also the soccer U.S. Open Cup).
var tournamentNames = map[string][]string{
	"us open": {"atp", "wta"},
}

// dropWords are removed wherever they stand: picture and feed tags, live
// markers, days, and filler.
var dropWords = map[string]bool{
	"live": true, "replay": true, "rerun": true, "encore": true, "delayed": true, "hd": true, "fhd": true,
	"uhd": true, "sd": true, "4k": true, "8k": true, "hdr": true, "1080p": true, "720p": true, "1080i": true,
	"2160p": true, "50fps": true, "60fps": true, "hevc": true, "h265": true, "backup": true, "feed": true,
	"multi": true, "ppv": true, "free": true, "en vivo": true, "envivo": true, "vivo": true, "now": true,
	"upcoming": true, "starts": true, "start": true, "kickoff": true, "ko": true, "tipoff": true,
	"tip": true, "full": true, "audio": true, "eng": true, "esp": true,
	"monday": true, "tuesday": true, "wednesday": true, "thursday": true, "friday": true, "saturday": true,
	"sunday": true, "today": true, "tomorrow": true, "watch": true, "stream": true,
	"home": true, "away": true, "alt": true, "raw": true, "fps": true, "uk": true, "us": true,
	"ca": true, "hd1": true, "hd2": true,
}

// shortDays are dropped only next to a date or time ("Sat 23 Nov"): alone
// they are words ("Sun" is a WNBA team).
var shortDays = map[string]bool{"mon": true, "tue": true, "tues": true, "wed": true, "thu": true, "thur": true, "thurs": true, "fri": true, "sat": true, "sun": true}

// months are dropped next to a day number.
var months = map[string]bool{
	"jan": true, "january": true, "feb": true, "february": true, "mar": true, "march": true, "apr": true,
	"april": true, "may": true, "jun": true, "june": true, "jul": true, "july": true, "aug": true,
	"august": true, "sep": true, "sept": true, "september": true, "oct": true, "october": true,
	"nov": true, "november": true, "dec": true, "december": true,
}

// zones follow a time ("8PM ET").
var zones = map[string]bool{
	"et": true, "est": true, "edt": true, "ct": true, "cst": true, "cdt": true, "mt": true, "mst": true,
	"mdt": true, "pt": true, "pst": true, "pdt": true, "gmt": true, "bst": true, "utc": true, "cet": true,
	"cest": true, "uk": true, "local": true, "aest": true, "aedt": true, "ist": true, "eastern": true,
	"pacific": true, "central": true,
}

// networks are broadcaster names and tags, dropped as whole phrases.
var networks = [][]string{
	{"sky", "sports", "main", "event"}, {"sky", "sports", "premier", "league"}, {"sky", "sports", "football"},
	{"sky", "sports", "f1"}, {"sky", "sports"}, {"tnt", "sports"}, {"bt", "sport"}, {"bein", "sports"},
	{"nfl", "network"}, {"nba", "tv"}, {"nhl", "network"}, {"mlb", "network"}, {"mlb", "tv"}, {"nba", "league", "pass"},
	{"nfl", "sunday", "ticket"}, {"sunday", "ticket"}, {"prime", "video"}, {"amazon", "prime"}, {"apple", "tv"},
	{"paramount"}, {"peacock"}, {"espn"}, {"espn2"}, {"espnu"}, {"espnews"}, {"espn+"}, {"tnt"}, {"tbs"},
	{"trutv"}, {"abc"}, {"nbc"}, {"cbs"}, {"fox"}, {"fs1"}, {"fs2"}, {"nbcsn"}, {"dazn"}, {"tsn"}, {"tsn1"},
	{"tsn2"}, {"tsn3"}, {"tsn4"}, {"tsn5"}, {"sportsnet"}, {"sn1"}, {"sn"}, {"bein"}, {"sec", "network"},
	{"acc", "network"}, {"big", "ten", "network"}, {"btn"}, {"longhorn", "network"}, {"pac", "12", "network"},
	{"sky", "go"}, {"optus", "sport"}, {"stan", "sport"}, {"canal+"}, {"movistar"}, {"rmc", "sport"},
	{"viaplay"}, {"nesn"}, {"msg"}, {"yes", "network"}, {"bally", "sports"}, {"fanduel", "sports"},
	{"youtube"}, {"netflix"}, {"f1", "tv"}, {"ufc", "fight", "pass"}, {"fubo"}, {"sling"},
}

// studioWords mark programmes about a league rather than one event.
var studioWords = map[string]bool{
	"redzone": true, "red zone": true, "tv": true, "network": true, "countdown": true, "tonight": true,
	"highlights": true, "show": true, "inside": true, "pregame": true, "postgame": true, "center": true,
	"centre": true, "news": true, "talk": true, "review": true, "preview": true, "magazine": true,
	"classic": true, "classics": true, "daily": true, "gameday": true, "game day": true, "in 60": true,
	"extra": true, "zone": true, "studio": true, "podcast": true, "report": true, "insider": true,
	"draft": true, "films": true, "documentary": true, "rewind": true, "recap": true, "analysis": true,
	"hard knocks": true, "top 10": true, "best of": true, "a football life": true, "live from": true,
	"soccer saturday": true, "match of the day": true, "motd": true, "sportscenter": true, "radio": true,
	"fantasy": true, "betting": true, "odds": true, "trade deadline": true, "awards": true, "all access": true,
	"behind the scenes": true, "uncut": true, "mic d up": true, "mic d": true, "the pat mcafee show": true,
}

// eventWords mark one event of a named league (the league picture is
// right for them).
var eventWords = map[string]bool{
	"grand prix": true, "gp": true, "race": true, "qualifying": true, "quali": true, "sprint": true,
	"practice": true, "fp1": true, "fp2": true, "fp3": true, "main card": true, "prelims": true,
	"early prelims": true, "fight night": true, "main event": true, "round": true, "week": true,
	"final": true, "finals": true, "semifinal": true, "semifinals": true, "semi final": true,
	"quarterfinal": true, "quarterfinals": true, "playoff": true, "playoffs": true, "matchday": true,
	"tournament": true, "derby": true, "cup final": true, "game 1": true, "game 2": true, "game 3": true,
	"game 4": true, "game 5": true, "game 6": true, "game 7": true, "wild card": true, "wildcard": true,
	"divisional round": true, "championship game": true, "all star game": true, "all star": true,
	"opening day": true, "bowl game": true, "sprint race": true, "feature race": true, "shootout": true,
}

// womenWords mark a women's event.
var womenWords = map[string]bool{"women": true, "womens": true, "ladies": true, "w": true, "femenino": true, "feminine": true, "frauen": true}

// nicknames rewrite what a side says into what the roster holds, per
// league code, then per sport ("soccer"); keys and values are folded.
var nicknames = map[string]map[string]string{
	"nba": {
		"mavs": "mavericks", "sixers": "76ers", "cavs": "cavaliers", "wolves": "timberwolves",
		"t wolves": "timberwolves", "twolves": "timberwolves", "blazers": "trail blazers", "pels": "pelicans",
		"grizz": "grizzlies", "nugs": "nuggets", "dubs": "warriors", "celts": "celtics", "okc thunder": "thunder",
		"philly": "76ers", "gsw": "golden state warriors", "la clippers": "clippers", "los angeles clippers": "clippers",
	},
	"nfl": {
		"niners": "49ers", "pats": "patriots", "bucs": "buccaneers", "jags": "jaguars", "g men": "giants",
		"phins": "dolphins", "fins": "dolphins", "bolts": "chargers", "hawks": "seahawks", "commies": "commanders",
		"washington football team": "commanders", "la rams": "rams", "la chargers": "chargers", "ny jets": "jets", "ny giants": "giants",
	},
	"nhl": {
		"habs": "canadiens", "leafs": "maple leafs", "pens": "penguins", "caps": "capitals", "canes": "hurricanes",
		"avs": "avalanche", "sens": "senators", "bolts": "lightning", "preds": "predators", "nucks": "canucks",
		"jackets": "blue jackets", "hawks": "blackhawks", "wings": "red wings", "knights": "golden knights",
		"isles": "islanders", "bs": "bruins", "la kings": "kings", "ny rangers": "rangers", "ny islanders": "islanders",
		"nj devils": "devils",
	},
	"mlb": {
		"yanks": "yankees", "cards": "cardinals", "d backs": "diamondbacks", "dbacks": "diamondbacks",
		"os": "orioles", "ms": "mariners", "jays": "blue jays", "halos": "angels", "nats": "nationals",
		"phils": "phillies", "stros": "astros", "as": "athletics", "bosox": "red sox", "chisox": "white sox",
		"barves": "braves", "la dodgers": "dodgers", "ny mets": "mets", "ny yankees": "yankees",
	},
	"wnba": {"ny liberty": "liberty", "la sparks": "sparks", "vegas aces": "aces"},
	"epl": {
		"man utd": "manchester united", "man u": "manchester united", "man united": "manchester united",
		"man city": "manchester city", "spurs": "tottenham", "villa": "aston villa", "forest": "nottingham forest",
		"nottm forest": "nottingham forest", "nottingham f": "nottingham forest", "palace": "crystal palace",
		"newcastle utd": "newcastle united", "leeds utd": "leeds united", "west ham utd": "west ham united",
		"brighton and hove": "brighton", "wolverhampton": "wolverhampton wanderers", "sheff utd": "sheffield united",
		"bournemouth": "bournemouth",
	},
	"soccer": {
		"man utd": "manchester united", "man united": "manchester united", "man city": "manchester city",
		"inter": "internazionale", "inter milan": "internazionale", "fc internazionale": "internazionale",
		"ac milan": "ac milan", "milan": "ac milan", "juve": "juventus", "atleti": "atletico madrid", "atletico de madrid": "atletico madrid", "bayer 04 leverkusen": "bayer leverkusen",
		"atletico": "atletico madrid", "atl madrid": "atletico madrid", "barca": "barcelona",
		"bayern": "bayern munich", "fc bayern": "bayern munich", "bayern munchen": "bayern munich",
		"dortmund": "borussia dortmund", "bvb": "borussia dortmund", "gladbach": "borussia monchengladbach",
		"leverkusen": "bayer leverkusen", "frankfurt": "eintracht frankfurt", "psg": "paris saint germain",
		"paris sg": "paris saint germain", "paris": "paris saint germain", "om": "marseille", "ol": "lyon",
		"olympique lyonnais": "lyon", "olympique de marseille": "marseille", "athletic bilbao": "athletic club",
		"betis": "real betis", "sociedad": "real sociedad", "spurs": "tottenham", "wolves": "wolverhampton wanderers",
		"sporting cp": "sporting", "benfica": "benfica", "psv eindhoven": "psv", "ajax amsterdam": "ajax",
		"celtic fc": "celtic", "rb leipzig": "rb leipzig", "leipzig": "rb leipzig", "stuttgart": "vfb stuttgart",
		"roma": "as roma", "napoli": "napoli", "lazio": "lazio", "atalanta": "atalanta",
	},
}

// docWords mark films and documentaries about teams ("Red Bull vs
// Ferrari: The F1 Rivalry"): even a clean matchup in them is not an event.
var docWords = map[string]bool{
	"rivalry": true, "story": true, "documentary": true, "films": true, "film": true, "a football life": true,
	"hard knocks": true, "all access": true, "behind the scenes": true, "uncut": true, "embedded": true,
	"podcast": true, "the making of": true, "30 for 30": true, "movie": true, "drive to survive": true,
}
