package match

import "gamethumbs/internal/catalog"

// maxSuggest caps Suggest: a "did you mean" list, never the roster.
const maxSuggest = 5

// maxEditLen bounds the keys compared by edit distance (longer ones are skipped).
const maxEditLen = 64

// Suggest returns at most n team names (FullName, else Name) closest to
// query, best first, for "did you mean" messages; it never returns the
// whole roster (n is capped at 5).
//
// A team qualifies when it scores above 0 (see [Score]) or when one of its
// compact keys (name, short name, full name, city, slug) is within a small
// edit distance of the query: 1 for up to 4 characters, 2 up to 8, 3 beyond;
// being only a prefix of the key counts as one edit ("lak" → Lakers,
// "lakrs" → Lakers). Order: score, then distance, then roster order.
func Suggest(query string, teams []catalog.Team, n int) []string {
	n = min(n, maxSuggest)
	var s scratch
	q, ok := parse(query, s.q[:])
	if n <= 0 || !ok {
		return nil
	}
	c := q.vars[0].key
	limit := editLimit(len(c))
	type cand struct{ i, score, dist int }
	var top [maxSuggest]cand
	kept := 0
	for i := range teams {
		t := &teams[i]
		if displayName(t) == "" {
			continue
		}
		alias := aliasMatch(&q, t, &s)
		k := buildKeys(t, s.t[:], s.tmp[:])
		sc := scoreAlias
		if !alias {
			sc = scoreKeys(&q, &k)
		}
		d := closeness(c, &k)
		if sc == 0 && d > limit {
			continue
		}
		x := cand{i, sc, d}
		// Insert x into the sorted top list; equal entries keep roster order.
		j := kept
		for j > 0 && better(x.score, x.dist, top[j-1].score, top[j-1].dist) {
			j--
		}
		if j >= n {
			continue
		}
		if kept < n {
			kept++
		}
		copy(top[j+1:kept], top[j:kept-1])
		top[j] = x
	}
	out := make([]string, 0, kept)
	for _, x := range top[:kept] {
		name := displayName(&teams[x.i])
		if !contains(out, name) {
			out = append(out, name)
		}
	}
	return out
}

// better orders suggestions: higher score first, then smaller distance.
func better(s1, d1, s2, d2 int) bool {
	if s1 != s2 {
		return s1 > s2
	}
	return d1 < d2
}

func displayName(t *catalog.Team) string {
	if t.FullName != "" {
		return t.FullName
	}
	return t.Name
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// editLimit is the largest edit distance accepted for a key of n bytes.
func editLimit(n int) int {
	switch {
	case n <= 2:
		return 0
	case n <= 4:
		return 1
	case n <= 8:
		return 2
	}
	return 3
}

// closeness is the smallest edit distance between c and a team key, where
// matching only the start of a longer key costs one extra edit.
func closeness(c []byte, k *teamKeys) int {
	best := maxEditLen
	for _, f := range [...][]byte{k.name, k.short, k.full, k.city, k.slug} {
		if len(f) == 0 {
			continue
		}
		// The distance is at least the difference in length: skip hopeless pairs.
		if abs(len(f)-len(c)) < best {
			best = min(best, editDistance(c, f))
		}
		if len(f) > len(c) && best > 1 {
			best = min(best, editDistance(c, f[:len(c)])+1)
		}
	}
	return best
}

// editDistance is the optimal-string-alignment distance between a and b
// in bytes (Levenshtein plus swaps of adjacent bytes, "gaints" → "giants"
// is 1), or maxEditLen when either is longer than maxEditLen.
func editDistance(a, b []byte) int {
	if len(a) > maxEditLen || len(b) > maxEditLen {
		return maxEditLen
	}
	var rows [3][maxEditLen + 1]int // rows for a[:i-2], a[:i-1], a[:i]
	prev2, prev, cur := &rows[0], &rows[1], &rows[2]
	for j := range len(b) + 1 {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			d := min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d = min(d, prev2[j-2]+1)
			}
			cur[j] = d
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)]
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
