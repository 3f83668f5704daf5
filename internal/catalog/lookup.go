package catalog

import "strings"

// maxLookupLen bounds the names Lookup examines; no league name comes close.
const maxLookupLen = 200

// Catalog is the set of configured leagues, indexed for lookup. It is
// immutable after New and safe for concurrent use.
//
// The League values it returns share their slices (Aliases, Providers, ...)
// with the catalogue: callers must not modify them.
type Catalog struct {
	leagues []League
	byCode  map[string]int // exact code → index
	folded  map[string]int // Fold(code|shortName|name|alias) → index
	compact map[string]int // Compact(...) → index
	// disabled holds the leagues whose EnvVar is off, for league pictures
	// only (LookupDisabled); nil when there are none.
	disabled *Catalog
}

// New builds the catalogue from the embedded league table. A league that
// names an environment variable (EnvVar) is included only when getenv
// returns exactly "true", "1" or "yes" for it, in any letter case. A nil
// getenv treats every variable as unset. An error means the embedded table
// is broken, a build defect.
func New(getenv func(string) string) (*Catalog, error) {
	all, err := parseTable(leaguesJSON)
	if err != nil {
		return nil, err
	}
	return newCatalog(all, getenv), nil
}

func newCatalog(all []League, getenv func(string) string) *Catalog {
	c := &Catalog{
		byCode:  make(map[string]int, len(all)),
		folded:  make(map[string]int, 4*len(all)),
		compact: make(map[string]int, 4*len(all)),
	}
	var off []League
	for _, l := range all {
		if l.EnvVar != "" && (getenv == nil || !Enabled(getenv(l.EnvVar))) {
			off = append(off, disabled(l))
			continue
		}
		c.byCode[l.Code] = len(c.leagues)
		c.leagues = append(c.leagues, l)
	}
	// Index in priority order: every code first, then every short name,
	// name, alias and provider id (ESPN's slug "esp.1", TheSportsDB's
	// id). Within a tier the table order wins, because a key that is
	// already taken is not overwritten.
	tiers := []func(League) []string{
		func(l League) []string { return []string{l.Code} },
		func(l League) []string { return []string{l.ShortName} },
		func(l League) []string { return []string{l.Name} },
		func(l League) []string { return l.Aliases },
		League.lookupIDs,
	}
	for _, keys := range tiers {
		for i, l := range c.leagues {
			for _, k := range keys(l) {
				addKey(c.folded, Fold(k), i)
				addKey(c.compact, Compact(k), i)
			}
		}
	}
	if len(off) > 0 {
		c.disabled = newCatalog(off, func(string) string { return "true" })
	}
	return c
}

// disabled returns l as a league picture without its teams: ESPN (league
// logos) stays its only provider when it has an ESPN sport, its feeders
// go, and it is marked Disabled (EnvVar names what enables it).
func disabled(l League) League {
	l.Providers = nil
	if l.Sport != "" {
		l.Providers = []string{"espn"}
	}
	l.FeederLeagues, l.FallbackLeague = nil, ""
	l.Disabled = true
	return l
}

// LookupDisabled finds, as Lookup does, a league whose environment
// variable is off (UFC without LEAGUES_ENABLE_MMA): a user naming it still
// gets its league pictures. The league is marked Disabled.
func (c *Catalog) LookupDisabled(name string) (League, bool) {
	if c.disabled == nil {
		return League{}, false
	}
	return c.disabled.Lookup(name)
}

// Disabled returns the leagues whose environment variable is off, as
// LookupDisabled returns them, in table order.
func (c *Catalog) Disabled() []League {
	if c.disabled == nil {
		return nil
	}
	return c.disabled.Leagues()
}

func addKey(m map[string]int, k string, i int) {
	if k == "" {
		return
	}
	if _, taken := m[k]; !taken {
		m[k] = i
	}
}

// Enabled reports whether an environment value switches a league on (see
// League.EnvVar): exactly "true", "1" or "yes", in any letter case.
func Enabled(v string) bool {
	return strings.EqualFold(v, "true") || v == "1" || strings.EqualFold(v, "yes")
}

// Lookup finds a league by code, short name, name, alias or provider id
// (ESPN's code "esp.1", TheSportsDB's "4328", HockeyTech's "lhjmq"), ignoring letter
// case and accents ("Segunda División" = "segunda division"). When nothing
// matches exactly it compares again keeping only the letters a-z and digits,
// so "NBA G League", "nbag" and "g-league" all find the G League. Matches
// on a code beat short names, then names, then aliases; within one kind the
// earlier league in the table wins.
func (c *Catalog) Lookup(name string) (League, bool) {
	if len(name) > maxLookupLen {
		return League{}, false
	}
	f := Fold(name)
	if f == "" {
		return League{}, false
	}
	if i, ok := c.folded[f]; ok {
		return c.leagues[i], true
	}
	if i, ok := c.compact[strings.ReplaceAll(f, " ", "")]; ok {
		return c.leagues[i], true
	}
	return League{}, false
}

// Get returns the league whose code is exactly code.
func (c *Catalog) Get(code string) (League, bool) {
	i, ok := c.byCode[code]
	if !ok {
		return League{}, false
	}
	return c.leagues[i], true
}

// Leagues returns the enabled leagues in table order. The slice is a copy;
// the League values share their slices with the catalogue.
func (c *Catalog) Leagues() []League {
	out := make([]League, len(c.leagues))
	copy(out, c.leagues)
	return out
}
