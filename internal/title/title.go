// Package title reads sports event names as IPTV channel lists and
// programme guides write them ("NBA 03: Mavs vs Spurs @ 6PM",
// "EPL | Arsenal v Chelsea 15:00", "(NHL) Bruins @ Rangers") and finds
// the league and the two sides they name.
//
// It is pure: no I/O, no clocks. Reading happens in two steps so the
// caller can fetch what is needed in between: [Parser.Split] works on the
// text alone and says which leagues may hold the sides; [Parser.Resolve]
// matches the sides against those leagues' rosters (given by the caller)
// with the team matcher of package match. [Parser.Parse] does both when the
// rosters are at hand.
//
// Precision comes first: wrong art is worse than none. A side must match
// one team clearly (a good score and a clear lead over the runner-up), the
// two sides must be different teams, and when the title names no league
// the pair must resolve in exactly one of the candidate leagues. Anything
// less gives no result, or the league alone when the title names one and
// looks like an event.
package title

import (
	"strings"
	"time"

	"gamethumbs/internal/catalog"
	"gamethumbs/internal/lru"
	"gamethumbs/internal/match"
)

// MaxLen is the longest title, in bytes, that is read; longer input gives
// no result.
const MaxLen = 300

// Threshold is the least confidence a result needs.
const Threshold = 0.45

// Parser reads titles against a league catalogue. It is safe for
// concurrent use.
type Parser struct {
	cat      *catalog.Catalog
	defaults []string // candidate leagues when the title names none

	indexes *lru.Cache[rosterID, *rosterIndex]
}

// rosterIndex is what the reader keeps of one roster: the matcher's index
// and the roster's real place names (City when it is not the club's
// whole name: "Seattle", not "Arsenal"), compacted.
type rosterIndex struct {
	x      *match.Index
	places map[string]bool
}

// rosterID identifies one roster slice (providers return the same slice
// until they reload).
type rosterID struct {
	first *catalog.Team
	n     int
}

// maxIndexes bounds the remembered roster indexes; when full the least
// recently used goes first.
const maxIndexes = 256

// DefaultLeagues are the leagues a title that names no league is tried
// against, when enabled: the professional leagues whose matchups fill
// channel lists. College leagues are left out on purpose: their schools
// share names across sports and titles name them ("NCAAF", "College
// Football").
var DefaultLeagues = []string{"nfl", "nba", "mlb", "nhl", "wnba", "mls", "epl", "laliga", "bundesliga", "seriea", "ligue1", "uefa"}

// New returns a parser for the leagues of cat. defaults are the league
// codes tried when a title names no league (nil means DefaultLeagues);
// codes the catalogue does not hold are dropped.
func New(cat *catalog.Catalog, defaults []string) *Parser {
	if defaults == nil {
		defaults = DefaultLeagues
	}
	p := &Parser{cat: cat, indexes: lru.New[rosterID, *rosterIndex](lru.Options{MaxBytes: maxIndexes, MaxEntries: maxIndexes})}
	for _, c := range defaults {
		if _, ok := cat.Get(c); ok {
			p.defaults = append(p.defaults, c)
		}
	}
	return p
}

// Split is what the text alone says.
type Split struct {
	// Leagues are the candidate league codes, best first. Empty when the
	// title says nothing that narrows the search and no default applies.
	Leagues []string
	// Named reports that the title (or the hint) names the league; sport
	// words ("basketball") and the defaults are not naming.
	Named bool
	// Side1 and Side2 are the two sides as written, cleaned of times,
	// channel numbers and tags; empty when there is no matchup separator.
	Side1, Side2 string
	// Home is the side the separator names as home: 2 for "@" and "at"
	// ("away @ home"), 1 for "vs", "v" and "versus" ("home vs away"), 0 when
	// it does not say ("x", a dash, no matchup).
	Home int
	// Event reports that the title looks like one event (a matchup
	// separator, or words such as "Grand Prix", "Round 3", "Final");
	// Studio that it looks like a programme about a league ("RedZone",
	// "NBA TV", "Highlights").
	Event, Studio bool
	// Doc reports a film or documentary marker ("The F1 Rivalry"): no
	// result at all, not even for a clean matchup.
	Doc bool
	// Women reports a women's marker ("Women", "(W)"), which only a
	// women's league may satisfy.
	Women bool
}

// Result is a title understood.
type Result struct {
	League string // league code
	// Team1 and Team2 are the resolved sides; zero when only the league is
	// known (Teams == 0).
	Team1, Team2 catalog.Team
	Teams        int // 0 (league only) or 2
	// Ident1 and Ident2 are identifiers the matcher resolves back to the
	// same teams in the league's roster (abbreviation, slug or full name),
	// for canonical URLs.
	Ident1, Ident2 string
	Confidence     float64 // 0..1
}

// Canonical is the API path of the result without the image type:
// "/nba/dal/sa", or "/nba" for the league alone.
func (r Result) Canonical() string {
	p := "/" + pathEscape(r.League)
	if r.Teams == 2 {
		p += "/" + pathEscape(r.Ident1) + "/" + pathEscape(r.Ident2)
	}
	return p
}

// Rosters returns the roster of a league code, or nil when it has none or
// it could not be had.
type Rosters func(code string) []catalog.Team

// Parse reads title (with an optional league hint) and resolves it
// against rosters. ok is false below the threshold.
func (p *Parser) Parse(title, hint string, rosters Rosters) (Result, bool) {
	return p.Resolve(p.Split(title, hint), rosters)
}

// index returns the (remembered) match index of a roster.
func (p *Parser) index(list []catalog.Team) *match.Index {
	if r := p.roster(list); r != nil {
		return r.x
	}
	return nil
}

// roster returns the (remembered) index of a roster.
func (p *Parser) roster(list []catalog.Team) *rosterIndex {
	if len(list) == 0 {
		return nil
	}
	id := rosterID{&list[0], len(list)}
	if x, ok := p.indexes.Get(id); ok {
		return x
	}
	x := &rosterIndex{x: match.NewIndex(list), places: map[string]bool{}}
	for i := range list {
		t := &list[i]
		if c := catalog.Compact(t.City); c != "" && c != catalog.Compact(t.FullName) && c != catalog.Compact(t.Name) {
			x.places[c] = true
		}
	}
	p.indexes.Add(id, x, 1, time.Time{})
	return x
}

func pathEscape(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '.' || c == '_' || c == '~' {
			b.WriteByte(c)
			continue
		}
		const hex = "0123456789ABCDEF"
		b.WriteByte('%')
		b.WriteByte(hex[c>>4])
		b.WriteByte(hex[c&15])
	}
	return b.String()
}
