package title

import (
	"strings"

	"gamethumbs/internal/catalog"
	"gamethumbs/internal/match"
)

// Side scores (match's 0..1000 scale). A side resolves when its best team
// reaches minSide (minNamedSide when the title names the league, where a
// bare city is enough) and leads every other team by minLead.
const (
	minSide      = 650 // a partial name match or better
	minNamedSide = 500 // the city alone ("Boston at Toronto" in a named league)
	minLead      = 50
)

// League weights of the confidence.
const (
	weightNamed   = 1.0
	weightSport   = 0.95
	weightDefault = 0.9
	leagueOnly    = 0.6
)

// Resolve matches the sides of sp against the rosters of its candidate
// leagues. ok is false when nothing clears the threshold.
func (p *Parser) Resolve(sp Split, rosters Rosters) (Result, bool) {
	if sp.Side1 != "" && sp.Side2 != "" && rosters != nil && !sp.Doc {
		// Each side is folded once, not once per candidate league.
		sides := [2]sideForms{newSideForms(sp.Side1), newSideForms(sp.Side2)}
		if !sp.Named && p.isPlace(sp, sides, rosters) {
			return Result{}, false // "Seattle vs Portland": which sport?
		}
		var found Result
		var foundAt pairAt
		var sport string
		n := 0
		for _, code := range sp.Leagues {
			l, ok := p.cat.Get(code)
			if !ok || sp.Women && !womens(l) {
				continue
			}
			r, at, ok := p.pair(l, sp, sides, rosters(code))
			if !ok {
				continue
			}
			// The same two clubs in a cup and a league of one sport
			// ("Arsenal v Chelsea": Premier League and Champions League)
			// are one pair: the earlier candidate keeps it.
			if n > 0 && l.Sport != "" && l.Sport == sport && sameTeams(r, found) {
				continue
			}
			n++
			if n == 1 {
				found, foundAt, sport = r, at, l.Sport
			}
		}
		if n == 1 && found.Confidence >= Threshold {
			// Identifiers for the result only, not for every candidate.
			found.Ident1, found.Ident2 = foundAt.idents()
			return found, true
		}
		if n > 1 {
			return Result{}, false // the pair fits several leagues: ambiguous
		}
	}
	if sp.Named && len(sp.Leagues) == 1 && sp.Event && !sp.Studio && !sp.Doc {
		if l, ok := p.cat.Get(sp.Leagues[0]); ok && (!sp.Women || womens(l)) {
			return Result{League: l.Code, Confidence: leagueOnly}, true
		}
	}
	return Result{}, false
}

// isPlace reports whether a side is only a place name of some candidate
// league ("Seattle"): without a named league, it could be any sport.
func (p *Parser) isPlace(sp Split, sides [2]sideForms, rosters Rosters) bool {
	for _, code := range sp.Leagues {
		r := p.roster(rosters(code))
		if r == nil {
			continue
		}
		l, _ := p.cat.Get(code)
		for i := range sides {
			if r.places[catalog.Compact(sides[i].in(l))] {
				return true
			}
		}
	}
	return false
}

// sideForms is one side of a title with the key the nickname tables are
// looked up by, folded once per title rather than once per league.
type sideForms struct {
	text string
	key  string // catalog.Fold(text)
}

func newSideForms(text string) sideForms {
	return sideForms{text: text, key: catalog.Fold(text)}
}

// in is the side as league l reads it (see nickname).
func (s *sideForms) in(l catalog.League) string {
	return nickname(l, s.text, s.key)
}

// pair resolves both sides in one league.
func (p *Parser) pair(l catalog.League, sp Split, sides [2]sideForms, list []catalog.Team) (Result, pairAt, bool) {
	x := p.index(list)
	if x == nil {
		return Result{}, pairAt{}, false
	}
	floor := minSide
	weight := weightDefault
	switch {
	case sp.Named:
		floor, weight = minNamedSide, weightNamed
	case len(sp.Leagues) < len(p.defaults):
		weight = weightSport
	}
	i1, s1, ok1 := side(x, sides[0].in(l), floor)
	if !ok1 {
		return Result{}, pairAt{}, false
	}
	i2, s2, ok2 := side(x, sides[1].in(l), floor)
	if !ok2 || i1 == i2 {
		return Result{}, pairAt{}, false
	}
	r := Result{
		League: l.Code, Team1: list[i1], Team2: list[i2], Teams: 2,
		Confidence: weight * float64(min(s1, s2)) / 1000,
	}
	return r, pairAt{x, list, i1, i2}, true
}

// pairAt is where pair found the two teams, for their identifiers.
type pairAt struct {
	x      *match.Index
	list   []catalog.Team
	i1, i2 int
}

func (a pairAt) idents() (string, string) {
	return ident(a.x, a.list, a.i1), ident(a.x, a.list, a.i2)
}

// side ranks one side's text, as the league reads it, in its roster. A roster that cannot
// hold the side at floor is passed over without scoring its teams.
func side(x *match.Index, q string, floor int) (int, int, bool) {
	best, score, second := x.RankAbove(q, floor)
	if best < 0 || score < floor || score-second < minLead {
		return -1, 0, false
	}
	return best, score, true
}

// nickname rewrites a side through the league's, then the sport's, table.
func nickname(l catalog.League, text, key string) string {
	for range 2 {
		if v, ok := nicknames[l.Code][key]; ok {
			return v
		}
		if v, ok := nicknames[l.Sport][key]; ok {
			return v
		}
		// Once more without a club affix: "FC Bayern München".
		k := strings.TrimPrefix(strings.TrimPrefix(key, "fc "), "ac ")
		k = strings.TrimSuffix(strings.TrimSuffix(k, " fc"), " cf")
		if k == key {
			break
		}
		key = k
	}
	return text
}

// ident picks an identifier that resolves back to team i: its
// abbreviation when no other team shares it, else its slug or full name.
func ident(x *match.Index, list []catalog.Team, i int) string {
	t := &list[i]
	if a := strings.ToLower(t.Abbreviation); a != "" {
		unique := true
		for j := range list {
			if j != i && (strings.EqualFold(list[j].Abbreviation, a) || hasAlias(&list[j], a)) {
				unique = false
				break
			}
		}
		if unique {
			return a
		}
	}
	for _, c := range []string{t.Slug, t.FullName, t.Name} {
		if c == "" {
			continue
		}
		if best, _, _ := x.Rank(c); best == i {
			return c
		}
	}
	return t.FullName
}

func hasAlias(t *catalog.Team, a string) bool {
	for _, al := range t.Aliases {
		if catalog.Compact(al) == catalog.Compact(a) {
			return true
		}
	}
	return false
}

// womens reports a women's league.
func womens(l catalog.League) bool {
	return l.Code == "wta" || strings.Contains(strings.ToLower(l.Name), "women")
}

// sameTeams reports whether two results name the same clubs.
func sameTeams(a, b Result) bool {
	return catalog.Compact(a.Team1.FullName) == catalog.Compact(b.Team1.FullName) &&
		catalog.Compact(a.Team2.FullName) == catalog.Compact(b.Team2.FullName)
}
