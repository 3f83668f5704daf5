package catalog

// NCAAEntry is one sport of the NCAA shorthand route (/ncaa/:sport/...).
type NCAAEntry struct {
	Sport   string   // primary name in URLs ("football")
	Aliases []string // other accepted names ("footballm")
	Code    string   // league code the sport maps to ("ncaaf")
}

// ncaaSports is the shorthand table of the spec, with the extra aliases the
// reference route accepts (ice-hockeym, womens-college-basketball, ...).
var ncaaSports = []NCAAEntry{
	{"football", []string{"footballm"}, "ncaaf"},
	{"basketball", []string{"basketballm", "march-madness"}, "ncaam"},
	{"hockey", []string{"ice-hockey", "hockeym", "ice-hockeym"}, "ncaah"},
	{"soccer", []string{"soccerm"}, "ncaas"},
	{"baseball", []string{"baseballm"}, "ncaabb"},
	{"lacrosse", []string{"lacrossem", "mens-lacrosse"}, "ncaalax"},
	{"volleyball", []string{"volleyballm", "mens-volleyball"}, "ncaavb"},
	{"water-polo", []string{"waterpolo", "waterpolom", "mens-water-polo"}, "ncaawp"},
	{"womens-basketball", []string{"basketballw", "womens-college-basketball"}, "ncaaw"},
	{"womens-hockey", []string{"hockeyw", "ice-hockeyw", "womens-college-hockey"}, "ncaawh"},
	{"womens-soccer", []string{"soccerw", "womens-college-soccer"}, "ncaaws"},
	{"softball", []string{"softballw", "womens-softball"}, "ncaasbw"},
	{"womens-lacrosse", []string{"lacrossew", "womens-college-lacrosse"}, "ncaawlax"},
	{"womens-volleyball", []string{"volleyballw", "womens-college-volleyball"}, "ncaawvb"},
	{"womens-water-polo", []string{"waterpolow", "womens-college-water-polo"}, "ncaawwp"},
	{"field-hockey", []string{"fieldhockey", "womens-field-hockey", "womens-college-field-hockey"}, "ncaawfh"},
}

// ncaaExact and ncaaCompact index ncaaSports by name as written and by
// compact name.
var ncaaExact, ncaaCompact = func() (map[string]string, map[string]string) {
	exact := make(map[string]string, 64)
	comp := make(map[string]string, 64)
	for _, e := range ncaaSports {
		for _, name := range append([]string{e.Sport}, e.Aliases...) {
			exact[name] = e.Code
			comp[Compact(name)] = e.Code
		}
	}
	return exact, comp
}()

// NCAASport maps a sport name of the NCAA shorthand route to its league
// code: "football" → "ncaaf". The name matches a sport or alias exactly,
// or after lower-casing and keeping only a-z and 0-9 ("Ice Hockey" →
// "ncaah"). ok is false for an unknown sport.
func NCAASport(sport string) (leagueCode string, ok bool) {
	if code, ok := ncaaExact[sport]; ok {
		return code, true
	}
	if len(sport) > maxLookupLen {
		return "", false
	}
	c := Compact(sport)
	if c == "" {
		return "", false
	}
	code, ok := ncaaCompact[c]
	return code, ok
}

// NCAASports returns the shorthand table in the spec's order. The result
// is a deep copy.
func NCAASports() []NCAAEntry {
	out := make([]NCAAEntry, len(ncaaSports))
	for i, e := range ncaaSports {
		e.Aliases = append([]string(nil), e.Aliases...)
		out[i] = e
	}
	return out
}
