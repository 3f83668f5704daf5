package espnathlete

import (
	"hash/fnv"
	"slices"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"gamethumbs/internal/catalog"
	"gamethumbs/internal/match"
)

// athlete is what the provider keeps of one ESPN athlete, and persists.
type athlete struct {
	ID       string
	First    string
	Last     string
	Display  string
	Short    string
	Headshot string // the API's headshot URL, "" when it has none
	Flag     string // country flag URL
	Country  string // country name (flag alt text)
}

// Bounds on the athletes scored for one query: per lookup of the whole
// query, and per word of it (a common first name has thousands).
const (
	maxCandidates     = 256
	maxWordCandidates = 32
)

// roster is an immutable, indexed snapshot of a league's athletes.
type roster struct {
	athletes []athlete
	teams    []catalog.Team
	// keys are the compact names of every athlete (display, last, first,
	// short), sorted, with the athlete of each key in owners.
	keys   []string
	owners []int32
	// names holds every compact display name followed by a 0 byte;
	// starts[i] is where athlete i's name begins.
	names  string
	starts []int32
}

// buildRoster indexes as. Strings repeated across athletes (flag URLs,
// countries) are shared.
func buildRoster(sport, cdn string, as []athlete) *roster {
	r := &roster{athletes: as, teams: make([]catalog.Team, len(as)), starts: make([]int32, len(as))}
	intern := map[string]string{}
	share := func(s string) string {
		if v, ok := intern[s]; ok {
			return v
		}
		intern[s] = s
		return s
	}
	type entry struct {
		key string
		who int32
	}
	entries := make([]entry, 0, 3*len(as))
	var names strings.Builder
	for i := range as {
		a := &as[i]
		a.Flag, a.Country = share(a.Flag), share(a.Country)
		r.teams[i] = toTeam(sport, cdn, a)
		r.starts[i] = int32(names.Len())
		display := catalog.Compact(a.Display)
		names.WriteString(display)
		names.WriteByte(0)
		var seen [4]string
		for j, k := range [4]string{display, catalog.Compact(a.Last), catalog.Compact(a.First), catalog.Compact(a.Short)} {
			if k != "" && !slices.Contains(seen[:j], k) {
				entries = append(entries, entry{k, int32(i)})
			}
			seen[j] = k
		}
	}
	r.names = names.String()
	sort.Slice(entries, func(x, y int) bool {
		if entries[x].key != entries[y].key {
			return entries[x].key < entries[y].key
		}
		return entries[x].who < entries[y].who
	})
	r.keys = make([]string, len(entries))
	r.owners = make([]int32, len(entries))
	for i, e := range entries {
		r.keys[i], r.owners[i] = e.key, e.who
	}
	return r
}

// toTeam maps an athlete to the raw team record.
func toTeam(sport, cdn string, a *athlete) catalog.Team {
	t := catalog.Team{
		ID:           a.ID,
		Slug:         catalog.LetterSlug(a.Display),
		City:         a.First,
		Name:         a.Last,
		FullName:     a.Display,
		ShortName:    a.Short,
		Abbreviation: initials(a.First, a.Last),
		Logo:         a.Headshot,
		LogoAlt:      a.Flag,
	}
	if t.Name == "" {
		t.Name = a.Display
	}
	if t.Logo == "" {
		t.Logo = cdn + "/i/headshots/" + sport + "/players/full/" + a.ID + ".png"
	}
	t.Color, t.AlternateColor = colors(sport, a.ID)
	return t
}

// find returns the index of the best match for query, scored with
// match.Score (on equal scores the earlier athlete wins, as in
// match.Find). Only likely athletes are scored: those with a name key
// equal to the query (first, last, display or short name) when there are
// any, since no partial match can beat them; otherwise those with a name
// key equal to a word of the query, and those whose display name contains
// the query.
func (r *roster) find(query string) (int, bool) {
	if len(query) > match.MaxQueryLen || len(r.teams) == 0 {
		return -1, false
	}
	q := catalog.Compact(query)
	if q == "" {
		return -1, false
	}
	cands := r.exact(q, make([]int32, 0, 32), maxCandidates)
	if len(cands) == 0 {
		for _, w := range strings.Fields(catalog.Fold(query)) {
			if len(w) >= 3 && w != q {
				cands = r.exact(w, cands, len(cands)+maxWordCandidates)
			}
		}
		if len(q) >= 4 {
			cands = r.containing(q, cands, len(cands)+maxCandidates)
		}
	}
	if len(cands) == 0 {
		return -1, false
	}
	slices.Sort(cands)
	cands = slices.Compact(cands)
	best, bestScore := -1, 0
	for _, c := range cands {
		if s := match.Score(query, r.teams[c]); s > bestScore {
			best, bestScore = int(c), s
		}
	}
	return best, best >= 0
}

// exact appends the athletes with a name key equal to k, up to limit
// candidates in all.
func (r *roster) exact(k string, dst []int32, limit int) []int32 {
	i := sort.SearchStrings(r.keys, k)
	for ; i < len(r.keys) && r.keys[i] == k && len(dst) < limit; i++ {
		dst = append(dst, r.owners[i])
	}
	return dst
}

// containing appends the athletes whose compact display name contains q,
// up to limit candidates in all.
func (r *roster) containing(q string, dst []int32, limit int) []int32 {
	names := r.names
	off := 0
	for len(dst) < limit {
		j := strings.Index(names[off:], q)
		if j < 0 {
			break
		}
		pos := off + j
		who := sort.Search(len(r.starts), func(i int) bool { return int(r.starts[i]) > pos }) - 1
		dst = append(dst, int32(who))
		if who+1 < len(r.starts) {
			off = int(r.starts[who+1])
		} else {
			break
		}
	}
	return dst
}

// initials are the first letters of the first and last names.
func initials(first, last string) string {
	var b strings.Builder
	for _, s := range []string{first, last} {
		if r, _ := utf8.DecodeRuneInString(strings.TrimSpace(s)); r != utf8.RuneError {
			b.WriteRune(unicode.ToUpper(r))
		}
	}
	return b.String()
}

// palettes are the colours athletes get, per sport.
var palettes = map[string][]string{
	"tennis": {"#1b5e20", "#0d47a1", "#6a1b9a", "#00838f", "#c62828", "#ef6c00", "#2e7d32", "#283593", "#ad1457", "#4e342e"},
	"mma":    {"#b71c1c", "#212121", "#d4a017", "#1a237e", "#880e4f", "#37474f", "#e65100", "#004d40", "#4a148c", "#3e2723"},
}

var defaultPalette = []string{"#1565c0", "#c62828", "#2e7d32", "#6a1b9a", "#ef6c00", "#00838f", "#37474f", "#ad1457"}

// colors picks an athlete's primary and alternate colour from the sport's
// palette by a hash of the id: the same athlete always gets the same pair.
func colors(sport, id string) (string, string) {
	p, ok := palettes[sport]
	if !ok {
		p = defaultPalette
	}
	h := fnv.New32a()
	h.Write([]byte(id))
	n := uint32(len(p))
	i := h.Sum32() % n
	return p[i], p[(i+n/2)%n]
}
