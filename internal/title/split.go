package title

import (
	"strings"

	"gamethumbs/internal/catalog"
)

// separator kinds, strongest first.
const (
	sepNone = iota
	sepVS   // vs, vs., versus, v, v., @
	sepAt   // at
	sepX    // x (Brazilian style)
	sepDash // - – —
)

func sepKind(t token) int {
	switch t.w {
	case "vs", "versus", "v", "vs.", "v.", "@", "contre", "gegen":
		return sepVS
	case "at":
		return sepAt
	case "x":
		return sepX
	case "-":
		if t.punct {
			return sepDash
		}
	}
	return sepNone
}

// maxGram is the longest phrase looked up as a league name.
const maxGram = 5

// Split reads what the text says: candidate leagues, the two sides, and
// whether it looks like an event. hint, when not empty, names the league
// (a code, name or alias) and wins over the text.
func (p *Parser) Split(title, hint string) Split {
	var sp Split
	if len(title) > MaxLen || len(hint) > MaxLen {
		return sp
	}
	toks := tokenize(title)
	markNoise(toks)
	for _, t := range toks {
		if !t.punct && !t.drop && womenWords[t.w] {
			sp.Women = true
		}
	}

	// Segments: runs of kept tokens between structural marks, all slices
	// of one array.
	kept := make([]token, 0, len(toks))
	var segs [][]token
	begin := 0
	cut := func() {
		if len(kept) > begin {
			segs = append(segs, kept[begin:len(kept):len(kept)])
		}
		begin = len(kept)
	}
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		if t.drop {
			continue
		}
		if t.w == "(" && t.punct && len(kept) > begin && !kept[len(kept)-1].punct && p.qualifier(toks, i) {
			kept = append(kept, toks[i+1]) // "Miami (OH)": the bracket qualifies the name
			i += 2
			continue
		}
		if t.punct && (t.w == "|" || t.w == "(" || t.w == ")") {
			cut()
			continue
		}
		kept = append(kept, t)
	}
	cut()

	// The matchup: the strongest separator of any segment. The same
	// separator twice ("A vs B vs C") is not a matchup of two.
	best, bestSeg, bestAt, count := sepNone, -1, -1, 0
	for si, seg := range segs {
		for ti, t := range seg {
			k := sepKind(t)
			if k == sepNone || ti == 0 || ti == len(seg)-1 {
				continue
			}
			switch {
			case best == sepNone || k < best:
				best, bestSeg, bestAt, count = k, si, ti, 1
			case k == best:
				count++
			}
		}
	}
	if best == sepVS && count > 1 {
		sp.Doc = true
		return sp
	}
	var context [][]token
	var left, right []token
	if best != sepNone {
		seg := segs[bestSeg]
		if best == sepDash {
			left, right, context = splitDashes(p, seg)
		} else {
			// Dashes around the matchup set off context ("NFL - Chiefs vs Bills - Week 12").
			lo, hi := 0, len(seg)
			for i := bestAt - 1; i >= 0; i-- {
				if seg[i].punct && seg[i].w == "-" {
					context = append(context, seg[:i])
					lo = i + 1
					break
				}
			}
			for i := bestAt + 1; i < len(seg); i++ {
				if seg[i].punct && seg[i].w == "-" {
					context = append(context, seg[i+1:])
					hi = i
					break
				}
			}
			left, right = seg[lo:bestAt], seg[bestAt+1:hi]
			// A second separator ends the right side ("Man Utd v Man City at Old Trafford").
			for i, t := range right {
				if k := sepKind(t); k != sepNone && k <= sepAt && i > 0 {
					right = right[:i]
					break
				}
			}
		}
		for si, seg := range segs {
			if si != bestSeg {
				context = append(context, seg)
			}
		}
		sp.Event = len(left) > 0 && len(right) > 0
	} else {
		context = segs
	}

	// The league: the hint, then context segments, then the edges of the sides.
	var codes []string
	named := false
	if hint != "" {
		codes, named = p.leagueOf(strings.Fields(catalog.Fold(hint)), true)
		if codes == nil {
			return Split{} // an unknown hint names nothing we can read against
		}
	}
	for _, seg := range context {
		if codes != nil {
			break
		}
		words := wordsOf(seg)
		codes, named = p.findLeague(words)
	}
	if codes == nil && len(left) > 0 {
		// Leading league words: "NBA Lakers vs Celtics", "EPL 03 Arsenal v Chelsea".
		lw := wordsOf(left)
		for n := min(maxGram, len(lw)-1); n >= 1; n-- {
			if c, nm := p.leagueOf(lw[:n], false); c != nil {
				codes, named = c, nm
				left = left[n:]
				break
			}
		}
	}
	if codes == nil && len(right) > 1 {
		// Trailing: "Lakers vs Celtics NBA".
		rw := wordsOf(right)
		for n := min(maxGram, len(rw)-1); n >= 1; n-- {
			if c, nm := p.leagueOf(rw[len(rw)-n:], false); c != nil && (n > 1 || right[len(right)-1].upper) {
				codes, named = c, nm
				right = right[:len(right)-n]
				break
			}
		}
	} else if len(right) > 1 {
		// A repeated league at the end is still noise.
		rw := wordsOf(right)
		if c, _ := p.leagueOf(rw[len(rw)-1:], false); c != nil && right[len(right)-1].upper {
			right = right[:len(right)-1]
		}
	}
	sp.Leagues, sp.Named = codes, named
	if codes == nil {
		sp.Leagues = p.defaults
	}

	all := wordsOf(kept)
	studio, doc, event := phrases(all)
	sp.Studio, sp.Doc, sp.Event = studio, doc, sp.Event || event
	if best != sepNone {
		sp.Side1 = sideText(trimSide(left, true))
		sp.Side2 = sideText(trimSide(right, false))
		if sp.Side1 == "" || sp.Side2 == "" {
			sp.Side1, sp.Side2 = "", ""
		} else {
			sp.Home = homeSide(segs[bestSeg][bestAt])
		}
	}
	return sp
}

// homeSide is the side separator t names as home (see Split.Home).
func homeSide(t token) int {
	switch t.w {
	case "@", "at":
		return 2
	case "vs", "vs.", "v", "v.", "versus":
		return 1
	}
	return 0
}

// splitDashes reads a segment whose only separator is a dash: two parts
// are the sides; with more, parts that name a league or an event round are
// context and two must remain.
func splitDashes(p *Parser, seg []token) (left, right []token, context [][]token) {
	var parts [][]token
	last := 0
	for i, t := range seg {
		if t.punct && t.w == "-" {
			parts = append(parts, seg[last:i])
			last = i + 1
		}
	}
	parts = append(parts, seg[last:])
	var sides [][]token
	for _, part := range parts {
		if len(part) == 0 {
			continue
		}
		w := wordsOf(part)
		if c, _ := p.findLeague(w); c != nil && len(parts) > 2 {
			context = append(context, part)
			continue
		}
		if len(parts) > 2 && (anyPhrase(w, eventWords) || isNumber(w[0])) {
			context = append(context, part)
			continue
		}
		sides = append(sides, part)
	}
	if len(sides) != 2 {
		return nil, nil, append(context, sides...)
	}
	return sides[0], sides[1], context
}

// findLeague looks for the longest league phrase in a context segment.
func (p *Parser) findLeague(words []string) ([]string, bool) {
	for n := min(maxGram, len(words)); n >= 1; n-- {
		for i := 0; i+n <= len(words); i++ {
			if c, named := p.leagueOf(words[i:i+n], n == len(words)); c != nil {
				return c, named
			}
		}
	}
	return nil, false
}

// leagueOf looks words up as a league phrase. whole reports that the
// words are a whole segment (generic names count only then).
func (p *Parser) leagueOf(words []string, whole bool) ([]string, bool) {
	if len(words) == 0 {
		return nil, false
	}
	var key string
	if len(words) == 1 {
		key = foldWord(words[0])
	} else {
		key = catalog.Fold(strings.Join(words, " "))
	}
	if key == "" || isNumber(strings.ReplaceAll(key, " ", "")) {
		return nil, false
	}
	if c, ok := tournamentNames[key]; ok {
		return p.enabled(c), true
	}
	if lw, ok := leagueWords[key]; ok {
		if c := p.enabled(lw.codes); c != nil {
			return c, lw.named
		}
	}
	if !whole && (genericLeagueKeys[key] || genericLeagueKeys[strings.ReplaceAll(key, " ", "")]) {
		return nil, false
	}
	if len(key) < 2 {
		return nil, false
	}
	// "NCAA Volleyball", "College Women's Soccer": the NCAA sports of the
	// /ncaa/{sport} routes.
	if first, sport, ok := strings.Cut(key, " "); ok && (first == "ncaa" || first == "college") {
		if code, ok := catalog.NCAASport(sport); ok {
			if c := p.enabled([]string{code}); c != nil {
				return c, true
			}
		}
	}
	l, ok := p.cat.Lookup(key)
	if !ok {
		return nil, false
	}
	if len(l.Providers) == 0 && len(l.FeederLeagues) > 0 {
		return p.enabled(l.FeederLeagues), true
	}
	return []string{l.Code}, true
}

// enabled keeps the codes the catalogue holds; nil when none.
func (p *Parser) enabled(codes []string) []string {
	n := 0
	for _, c := range codes {
		if _, ok := p.cat.Get(c); ok {
			n++
		}
	}
	if n == len(codes) {
		return codes
	}
	if n == 0 {
		return nil
	}
	out := make([]string, 0, n)
	for _, c := range codes {
		if _, ok := p.cat.Get(c); ok {
			out = append(out, c)
		}
	}
	return out
}

// trimSide removes channel numbers and round words from a side's edges.
func trimSide(side []token, first bool) []token {
	for len(side) > 0 && (side[0].punct || first && isNumber(side[0].w)) {
		side = side[1:]
	}
	for len(side) > 0 && side[len(side)-1].punct {
		side = side[:len(side)-1]
	}
	// "... Game 7", "... Week 12", "... Round 3", "... Final"
	for len(side) > 1 {
		n := len(side)
		last := side[n-1].w
		switch {
		case n > 2 && isNumber(last) && roundWords[side[n-2].w]:
			side = side[:n-2]
			continue
		case eventWords[last] || studioWords[last] || roundWords[last]:
			side = side[:n-1]
			continue
		}
		break
	}
	// Women's markers are read separately.
	for i, t := range side {
		if womenWords[t.w] {
			out := append(side[:i:i], side[i+1:]...)
			return trimSide(out, first)
		}
	}
	return side
}

// foldWord is catalog.Fold for one token: already lower case, it needs no
// work when it holds only a-z and 0-9.
func foldWord(w string) string {
	for i := 0; i < len(w); i++ {
		if c := w[i]; !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9') {
			return catalog.Fold(w)
		}
	}
	return w
}

// roundWords precede a number at the end of a side ("Week 12").
var roundWords = map[string]bool{
	"game": true, "week": true, "round": true, "rd": true, "matchday": true, "md": true, "gw": true,
	"leg": true, "match": true, "day": true, "wk": true, "jornada": true, "spieltag": true, "giornata": true,
}

func wordsOf(toks []token) []string {
	out := make([]string, 0, len(toks))
	for _, t := range toks {
		if !t.punct {
			out = append(out, t.w)
		}
	}
	return out
}

func sideText(toks []token) string {
	return strings.Join(wordsOf(toks), " ")
}

// anyPhrase reports whether a phrase of up to three words is in set.
func anyPhrase(words []string, set map[string]bool) bool {
	var buf [64]byte
	for i := range words {
		b := buf[:0]
		for n := 1; n <= 3 && i+n <= len(words); n++ {
			if n > 1 {
				b = append(b, ' ')
			}
			b = append(b, words[i+n-1]...)
			if set[string(b)] {
				return true
			}
		}
	}
	return false
}

// phrases looks every phrase of up to three words up in the studio,
// documentary and event lists at once.
func phrases(words []string) (studio, doc, event bool) {
	var buf [64]byte
	for i := range words {
		b := buf[:0]
		for n := 1; n <= 3 && i+n <= len(words); n++ {
			if n > 1 {
				b = append(b, ' ')
			}
			b = append(b, words[i+n-1]...)
			studio = studio || studioWords[string(b)]
			doc = doc || docWords[string(b)]
			event = event || eventWords[string(b)]
		}
	}
	return studio, doc, event
}

// qualifier reports whether toks[i] opens a bracket of one short word
// ("(OH)", "(PA)") that qualifies the name before it rather than tagging
// the title: not noise, not a league, not a women's marker.
func (p *Parser) qualifier(toks []token, i int) bool {
	if i+2 >= len(toks) || toks[i+2].w != ")" || !toks[i+2].punct {
		return false
	}
	in := toks[i+1]
	if in.punct || in.drop || len(in.w) > 3 || isNumber(in.w) || womenWords[in.w] {
		return false
	}
	c, _ := p.leagueOf([]string{in.w}, true)
	return c == nil
}
