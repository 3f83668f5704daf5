package match

import (
	"strings"

	"gamethumbs/internal/catalog"
)

// Rosters written from public facts (ESPN display names, abbreviations,
// locations), in ESPN's list order, mapped the way the provider maps them:
// City = location, Name = nickname, FullName = displayName,
// ShortName = shortDisplayName.

// tm builds a team; the slug defaults to the kebab-case full name, as ESPN does.
func tm(abbr, city, name, full, short string) catalog.Team {
	slug := strings.ToLower(strings.NewReplacer(" ", "-", ".", "", "'", "").Replace(full))
	return catalog.Team{Abbreviation: abbr, City: city, Name: name, FullName: full, ShortName: short, Slug: slug}
}

// pro builds a North American pro team whose name and short name are the nickname.
func pro(abbr, city, nick string) catalog.Team {
	return tm(abbr, city, nick, city+" "+nick, nick)
}

var nba = []catalog.Team{
	pro("ATL", "Atlanta", "Hawks"), pro("BOS", "Boston", "Celtics"), pro("BKN", "Brooklyn", "Nets"),
	pro("CHA", "Charlotte", "Hornets"), pro("CHI", "Chicago", "Bulls"), pro("CLE", "Cleveland", "Cavaliers"),
	pro("DAL", "Dallas", "Mavericks"), pro("DEN", "Denver", "Nuggets"), pro("DET", "Detroit", "Pistons"),
	pro("GS", "Golden State", "Warriors"), pro("HOU", "Houston", "Rockets"), pro("IND", "Indiana", "Pacers"),
	pro("LAC", "LA", "Clippers"), pro("LAL", "Los Angeles", "Lakers"), pro("MEM", "Memphis", "Grizzlies"),
	pro("MIA", "Miami", "Heat"), pro("MIL", "Milwaukee", "Bucks"), pro("MIN", "Minnesota", "Timberwolves"),
	pro("NO", "New Orleans", "Pelicans"), pro("NY", "New York", "Knicks"), pro("OKC", "Oklahoma City", "Thunder"),
	pro("ORL", "Orlando", "Magic"), pro("PHI", "Philadelphia", "76ers"), pro("PHX", "Phoenix", "Suns"),
	pro("POR", "Portland", "Trail Blazers"), pro("SAC", "Sacramento", "Kings"), pro("SA", "San Antonio", "Spurs"),
	pro("TOR", "Toronto", "Raptors"), pro("UTAH", "Utah", "Jazz"), pro("WSH", "Washington", "Wizards"),
}

var nfl = []catalog.Team{
	pro("ARI", "Arizona", "Cardinals"), pro("ATL", "Atlanta", "Falcons"), pro("BAL", "Baltimore", "Ravens"),
	pro("BUF", "Buffalo", "Bills"), pro("CAR", "Carolina", "Panthers"), pro("CHI", "Chicago", "Bears"),
	pro("CIN", "Cincinnati", "Bengals"), pro("CLE", "Cleveland", "Browns"), pro("DAL", "Dallas", "Cowboys"),
	pro("DEN", "Denver", "Broncos"), pro("DET", "Detroit", "Lions"), pro("GB", "Green Bay", "Packers"),
	pro("HOU", "Houston", "Texans"), pro("IND", "Indianapolis", "Colts"), pro("JAX", "Jacksonville", "Jaguars"),
	pro("KC", "Kansas City", "Chiefs"), pro("LV", "Las Vegas", "Raiders"), pro("LAC", "Los Angeles", "Chargers"),
	pro("LAR", "Los Angeles", "Rams"), pro("MIA", "Miami", "Dolphins"), pro("MIN", "Minnesota", "Vikings"),
	pro("NE", "New England", "Patriots"), pro("NO", "New Orleans", "Saints"), pro("NYG", "New York", "Giants"),
	pro("NYJ", "New York", "Jets"), pro("PHI", "Philadelphia", "Eagles"), pro("PIT", "Pittsburgh", "Steelers"),
	pro("SF", "San Francisco", "49ers"), pro("SEA", "Seattle", "Seahawks"), pro("TB", "Tampa Bay", "Buccaneers"),
	pro("TEN", "Tennessee", "Titans"), pro("WSH", "Washington", "Commanders"),
}

// nhlTeam follows the reference mapping for the NHL, where ESPN's
// "nickname" is the location, so Name repeats the city and only the short
// name holds "Ducks".
func nhlTeam(abbr, city, nick string) catalog.Team {
	return tm(abbr, city, city, city+" "+nick, nick)
}

var nhl = []catalog.Team{
	nhlTeam("ANA", "Anaheim", "Ducks"), nhlTeam("ARI", "Arizona", "Coyotes"), nhlTeam("BOS", "Boston", "Bruins"),
	nhlTeam("BUF", "Buffalo", "Sabres"), nhlTeam("CGY", "Calgary", "Flames"), nhlTeam("CAR", "Carolina", "Hurricanes"),
	nhlTeam("CHI", "Chicago", "Blackhawks"), nhlTeam("COL", "Colorado", "Avalanche"), nhlTeam("CBJ", "Columbus", "Blue Jackets"),
	nhlTeam("DAL", "Dallas", "Stars"), nhlTeam("DET", "Detroit", "Red Wings"), nhlTeam("EDM", "Edmonton", "Oilers"),
	nhlTeam("FLA", "Florida", "Panthers"), nhlTeam("LA", "Los Angeles", "Kings"), nhlTeam("MIN", "Minnesota", "Wild"),
	nhlTeam("MTL", "Montreal", "Canadiens"), nhlTeam("NSH", "Nashville", "Predators"), nhlTeam("NJ", "New Jersey", "Devils"),
	nhlTeam("NYI", "New York", "Islanders"), nhlTeam("NYR", "New York", "Rangers"), nhlTeam("OTT", "Ottawa", "Senators"),
	nhlTeam("PHI", "Philadelphia", "Flyers"), nhlTeam("PIT", "Pittsburgh", "Penguins"), nhlTeam("SJ", "San Jose", "Sharks"),
	nhlTeam("SEA", "Seattle", "Kraken"), nhlTeam("STL", "St. Louis", "Blues"), nhlTeam("TB", "Tampa Bay", "Lightning"),
	nhlTeam("TOR", "Toronto", "Maple Leafs"), nhlTeam("VAN", "Vancouver", "Canucks"), nhlTeam("VGK", "Vegas", "Golden Knights"),
	nhlTeam("WSH", "Washington", "Capitals"), nhlTeam("WPG", "Winnipeg", "Jets"),
}

// club builds a soccer team: ESPN's location and displayName are the club
// name; slug is ESPN's "league.slug" form.
func club(abbr, full, short, nick, slug string) catalog.Team {
	return catalog.Team{Abbreviation: abbr, City: full, Name: nick, FullName: full, ShortName: short, Slug: slug}
}

var epl = []catalog.Team{
	club("BOU", "AFC Bournemouth", "Bournemouth", "Bournemouth", "eng.bournemouth"),
	club("ARS", "Arsenal", "Arsenal", "Gunners", "eng.arsenal"),
	club("AVL", "Aston Villa", "Aston Villa", "Aston Villa", "eng.aston_villa"),
	club("BRE", "Brentford", "Brentford", "Brentford", "eng.brentford"),
	club("BHA", "Brighton & Hove Albion", "Brighton", "Seagulls", "eng.brighton"),
	club("CHE", "Chelsea", "Chelsea", "Blues", "eng.chelsea"),
	club("CRY", "Crystal Palace", "C Palace", "Eagles", "eng.crystal_palace"),
	club("EVE", "Everton", "Everton", "Toffees", "eng.everton"),
	club("FUL", "Fulham", "Fulham", "Fulham", "eng.fulham"),
	club("LEE", "Leeds United", "Leeds", "Leeds", "eng.leeds"),
	club("LEI", "Leicester City", "Leicester", "Foxes", "eng.leicester"),
	club("LIV", "Liverpool", "Liverpool", "Reds", "eng.liverpool"),
	club("MNC", "Manchester City", "Man City", "Sky Blues", "eng.man_city"),
	club("MAN", "Manchester United", "Man United", "Red Devils", "eng.man_utd"),
	club("NEW", "Newcastle United", "Newcastle", "Magpies/Toon", "eng.newcastle"),
	club("NFO", "Nottingham Forest", "Nottm Forest", "Nottingham F.", "eng.nottm_forest"),
	club("SOU", "Southampton", "Southampton", "Saints", "eng.southampton"),
	club("TOT", "Tottenham Hotspur", "Tottenham", "Spurs", "eng.tottenham"),
	club("WHU", "West Ham United", "West Ham", "Hammers/Iron", "eng.west_ham"),
	club("WOL", "Wolverhampton Wanderers", "Wolves", "Wolves", "eng.wolverhampton"),
}

var mls = []catalog.Team{
	club("ATL", "Atlanta United FC", "Atlanta", "", "usa.atlanta_united_fc"),
	club("ATX", "Austin FC", "Austin", "", "austin_fc"),
	club("MTL", "CF Montréal", "CF Montréal", "Impact", "usa.usl.1.montreal"),
	club("CLT", "Charlotte FC", "Charlotte", "", "charlotte_fc"),
	club("CHI", "Chicago Fire FC", "Chicago", "Fire", "usa.chicago"),
	club("COL", "Colorado Rapids", "Colorado", "Rapids", "usa.colorado"),
	club("CLB", "Columbus Crew", "Columbus", "Crew", "usa.columbus"),
	club("DC", "D.C. United", "D.C. United", "United", "usa.dc_united"),
	club("CIN", "FC Cincinnati", "Cincinnati", "", "fc_cincinnati"),
	club("DAL", "FC Dallas", "Dallas", "FC Dallas", "usa.dallas"),
	club("HOU", "Houston Dynamo FC", "Houston", "Dynamo", "usa.houston"),
	club("MIA", "Inter Miami CF", "Miami", "", "usa.inter_miami"),
	club("LA", "LA Galaxy", "LA Galaxy", "Galaxy", "usa.los_angeles"),
	club("LAFC", "LAFC", "LAFC", "", "usa.lafc"),
	club("MIN", "Minnesota United FC", "Minnesota", "", "usa.minnesota_united_fc"),
	club("NSH", "Nashville SC", "Nashville", "", "nashville_sc"),
	club("NE", "New England Revolution", "New England", "Revolution", "usa.new_england"),
	club("NYC", "New York City FC", "NYCFC", "NYC FC", "usa.nyc_fc"),
	club("NY", "New York Red Bulls", "NY Red Bulls", "Red Bulls", "usa.new_york"),
	club("ORL", "Orlando City SC", "Orlando", "", "usa.orlando_city_sc"),
	club("PHI", "Philadelphia Union", "Philadelphia", "Union", "usa.philadelphia"),
	club("POR", "Portland Timbers", "Portland", "Timbers", "usa.portland"),
	club("RSL", "Real Salt Lake", "Salt Lake", "Real Salt Lake", "usa.real_salt_lake"),
	club("SJ", "San Jose Earthquakes", "San Jose", "Earthquakes", "usa.san_jose"),
	club("SEA", "Seattle Sounders FC", "Seattle", "Sounders", "usa.seattle"),
	club("SKC", "Sporting Kansas City", "Kansas City", "Sporting", "usa.kansas_city"),
	club("STL", "St. Louis CITY SC", "St. Louis", "", "st._louis_city_sc"),
	club("TOR", "Toronto FC", "Toronto", "Toronto FC", "usa.toronto_fc"),
	club("VAN", "Vancouver Whitecaps", "Vancouver", "Whitecaps", "usa.vancouver"),
}

// college builds an NCAA team: Name is ESPN's nickname (the school's
// short name), FullName adds the mascot.
func college(abbr, school, short, mascot string) catalog.Team {
	return tm(abbr, school, school, school+" "+mascot, short)
}

var ncaa = []catalog.Team{
	college("ALA", "Alabama", "Alabama", "Crimson Tide"),
	college("AUB", "Auburn", "Auburn", "Tigers"),
	college("BC", "Boston College", "Boston College", "Eagles"),
	college("CONN", "UConn", "UConn", "Huskies"),
	college("ECU", "East Carolina", "ECU", "Pirates"),
	college("HAW", "Hawai'i", "Hawai'i", "Rainbow Warriors"),
	college("LSU", "LSU", "LSU", "Tigers"),
	college("MIA", "Miami", "Miami", "Hurricanes"),
	college("M-OH", "Miami (OH)", "Miami (OH)", "RedHawks"),
	college("MICH", "Michigan", "Michigan", "Wolverines"),
	college("MSU", "Michigan State", "Michigan St", "Spartans"),
	college("UNC", "North Carolina", "UNC", "Tar Heels"),
	college("OSU", "Ohio State", "Ohio State", "Buckeyes"),
	college("OHIO", "Ohio", "Ohio", "Bobcats"),
	college("MISS", "Ole Miss", "Ole Miss", "Rebels"),
	tm("PENN", "Pennsylvania", "Penn", "Pennsylvania Quakers", "Penn"),
	college("PSU", "Penn State", "Penn State", "Nittany Lions"),
	college("SMC", "Saint Mary's", "Saint Mary's", "Gaels"),
	college("SJSU", "San José State", "San José St", "Spartans"),
	college("SC", "South Carolina", "South Carolina", "Gamecocks"),
	college("SJU", "St. John's", "St. John's", "Red Storm"),
	college("TA&M", "Texas A&M", "Texas A&M", "Aggies"),
	college("TEX", "Texas", "Texas", "Longhorns"),
	college("TXST", "Texas State", "Texas St", "Bobcats"),
	college("CIT", "The Citadel", "Citadel", "Bulldogs"),
	college("USC", "USC", "USC", "Trojans"),
	college("WASH", "Washington", "Washington", "Huskies"),
	college("WSU", "Washington State", "Washington St", "Cougars"),
}

// europe holds clubs whose names need accent folding and transliteration.
var europe = []catalog.Team{
	{Abbreviation: "FCK", City: "København", FullName: "FC København", ShortName: "FCK", Slug: "den.fck"},
	club("BIF", "Brøndby IF", "Brøndby", "", "den.brondby"),
	club("NAE", "Næstved BK", "Næstved", "", "den.naestved"),
	club("KOE", "1. FC Köln", "Köln", "", "ger.koln"),
	club("FCB", "FC Bayern München", "Bayern", "", "ger.bayern"),
	club("RWE", "Rot-Weiß Essen", "RW Essen", "", "ger.rw_essen"),
	club("LKS", "ŁKS Łódź", "ŁKS", "", "pol.lks"),
	club("THR", "Þróttur Reykjavík", "Þróttur", "", "isl.throttur"),
	club("KAS", "Kasımpaşa", "Kasımpaşa", "", "tur.kasimpasa"),
	club("ATM", "Atlético Madrid", "Atlético", "", "esp.atletico"),
}
