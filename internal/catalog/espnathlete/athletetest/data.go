package athletetest

// Athlete is one fake athlete.
type Athlete struct {
	ID                   string
	First, Last, Short   string
	Country, CountryCode string // flag alt text and the alpha-3 code of its URL
	Color                string // headshot backdrop, hex without "#"
	NoHeadshot           bool   // the CDN answers 404 for the headshot
	APIHeadshot          bool   // the athlete object carries a headshot href
}

// Display is the athlete's display name.
func (a Athlete) Display() string { return a.First + " " + a.Last }

// rosters are the fake's athletes by "sport/slug", in ESPN's order.
var rosters = map[string][]Athlete{
	"tennis/atp": {
		{"296", "Novak", "Djokovic", "N. Djokovic", "Serbia", "srb", "0c4076", false, true},
		{"3782", "Carlos", "Alcaraz", "C. Alcaraz", "Spain", "esp", "aa151b", false, false},
		{"425", "Andy", "Murray", "A. Murray", "Great Britain", "gbr", "012169", false, false},
		{"225", "Roger", "Federer", "R. Federer", "Switzerland", "sui", "d52b1e", false, false},
		{"678", "Rafael", "Nadal", "R. Nadal", "Spain", "esp", "f1bf00", false, false},
		{"3623", "Jannik", "Sinner", "J. Sinner", "Italy", "ita", "008c45", false, false},
		{"2383", "Daniil", "Medvedev", "D. Medvedev", "Russia", "rus", "0039a6", true, false},
		{"2375", "Alexander", "Zverev", "A. Zverev", "Germany", "ger", "dd0000", false, false},
		{"3207", "Stefanos", "Tsitsipas", "S. Tsitsipas", "Greece", "gre", "0d5eaf", false, false},
		{"3051", "Casper", "Ruud", "C. Ruud", "Norway", "nor", "ba0c2f", false, false},
		{"1000", "Jamie", "Murray", "J. Murray", "Great Britain", "gbr", "012169", false, false},
		{"3152", "Félix", "Auger-Aliassime", "F. Auger-Aliassime", "Canada", "can", "d80621", false, false},
	},
	"tennis/wta": {
		{"2400", "Iga", "Swiatek", "I. Swiatek", "Poland", "pol", "dc143c", false, false},
		{"2401", "Aryna", "Sabalenka", "A. Sabalenka", "Belarus", "blr", "c8313e", false, false},
		{"2402", "Coco", "Gauff", "C. Gauff", "United States", "usa", "3c3b6e", false, false},
		{"394", "Serena", "Williams", "S. Williams", "United States", "usa", "b22234", false, false},
		{"395", "Venus", "Williams", "V. Williams", "United States", "usa", "b22234", false, false},
	},
	"mma/ufc": {
		{"2335639", "Jon", "Jones", "J. Jones", "United States", "usa", "222222", false, false},
		{"3128618", "Israel", "Adesanya", "I. Adesanya", "Nigeria", "ngr", "008751", false, false},
		{"4705658", "Alex", "Pereira", "A. Pereira", "Brazil", "bra", "009c3b", false, false},
		{"3022677", "Conor", "McGregor", "C. McGregor", "Ireland", "irl", "169b62", false, false},
		{"2611557", "Khabib", "Nurmagomedov", "K. Nurmagomedov", "Russia", "rus", "0039a6", false, false},
		{"3332412", "Islam", "Makhachev", "I. Makhachev", "Russia", "rus", "d52b1e", false, false},
		{"2504169", "Amanda", "Nunes", "A. Nunes", "Brazil", "bra", "009c3b", true, false},
	},
}
