package match

import (
	"bytes"

	"gamethumbs/internal/catalog"
)

// MaxQueryLen is the longest query, in bytes, that can match. Longer input
// is rejected before any folding.
const MaxQueryLen = 200

// variantPenalty is subtracted from scores reached through a rewritten
// query (location shorthand expanded, "st" read as "state" or "saint"), so
// that a literal match of the same tier always wins: "la" in the NBA picks
// the team whose city is literally "LA" over one whose city is "Los Angeles".
const variantPenalty = 5

// variant is one reading of the query, as a compact key.
type variant struct {
	key     []byte
	penalty int
	partial bool // whether the partial tier may be used with this reading
}

// prepared is a parsed query: its compact literal form and its readings.
// vars[0] is always the plain reading (stop-words removed).
type prepared struct {
	lit  []byte
	vars [4]variant
	n    int
}

// parse prepares s using buf as storage. It returns false for blank or
// over-long input, which never matches.
func parse(s string, buf []byte) (q prepared, ok bool) {
	if len(s) > MaxQueryLen {
		return q, false
	}
	b := catalog.AppendFold(buf[:0], s, true)
	if len(b) == 0 {
		return q, false
	}
	// Keys are appended after the folded text and never overwritten: a
	// slice taken earlier stays valid even if b is reallocated later.
	folded := b[:len(b):len(b)]
	words := stripStop(folded)
	n := len(b)
	b = catalog.AppendFold(b, s, false)
	q.lit = b[n:len(b):len(b)]
	n = len(b)
	b = appendCompact(b, words)
	base := b[n:len(b):len(b)]
	q.vars[0] = variant{key: base, partial: true}
	q.n = 1
	if !bytes.Equal(q.lit, base) {
		// The literal reading keeps club affixes: "los angeles fc" is LAFC.
		q.vars[q.n] = variant{key: q.lit}
		q.n++
	}

	n = len(b)
	if b2, ok := appendSaintState(b, words); ok {
		b = b2
		q.vars[q.n] = variant{key: b[n:len(b):len(b)], penalty: variantPenalty, partial: true}
		q.n++
	}
	n = len(b)
	if b2, partial, ok := appendLocation(b, words, base); ok {
		b = b2
		q.vars[q.n] = variant{key: b[n:len(b):len(b)], penalty: variantPenalty, partial: partial}
		q.n++
	}
	return q, true
}

// appendCompact appends folded text w to dst without its spaces and
// without "and" between two words ("brighton and hove" = "brighton & hove").
func appendCompact(dst, w []byte) []byte {
	if bytes.IndexByte(w, ' ') < 0 {
		return append(dst, w...)
	}
	if !bytes.Contains(w, []byte(" and ")) {
		for _, c := range w {
			if c != ' ' {
				dst = append(dst, c)
			}
		}
		return dst
	}
	for i, rest := 0, w; len(rest) > 0; i++ {
		word, more := nextWord(rest)
		rest = more
		if i > 0 && len(rest) > 0 && string(word) == "and" {
			continue
		}
		dst = append(dst, word...)
	}
	return dst
}

// stripStop removes a leading "the" and the club affixes "fc", "cf", "afc",
// "sc", "ac" at either end of folded text, but never its last word:
// "the lakers" → "lakers", "arsenal fc" → "arsenal", "fc" → "fc".
func stripStop(w []byte) []byte {
	for {
		i := bytes.IndexByte(w, ' ')
		if i < 0 {
			return w
		}
		if first := w[:i]; string(first) == "the" || isClubAffix(first) {
			w = w[i+1:]
			continue
		}
		j := bytes.LastIndexByte(w, ' ')
		if isClubAffix(w[j+1:]) {
			w = w[:j]
			continue
		}
		return w
	}
}

func isClubAffix(w []byte) bool {
	switch string(w) {
	case "fc", "cf", "afc", "sc", "ac":
		return true
	}
	return false
}

// appendSaintState reads a trailing "st" as "state" ("penn st") and a
// leading "st" as "saint" or "saint" as "st" ("saint johns" ↔ "st johns").
// It appends the compact result to dst; ok is false when no rule applies
// (dst is then returned with its original length).
func appendSaintState(dst, words []byte) (out []byte, ok bool) {
	n := len(dst)
	for i, rest := 0, words; len(rest) > 0; i++ {
		w, more := nextWord(rest)
		rest = more
		switch {
		case i == 0 && len(rest) > 0 && string(w) == "st":
			dst = append(dst, "saint"...)
			ok = true
		case i == 0 && len(rest) > 0 && string(w) == "saint":
			dst = append(dst, "st"...)
			ok = true
		case i > 0 && len(rest) == 0 && string(w) == "st":
			dst = append(dst, "state"...)
			ok = true
		case i > 0 && len(rest) > 0 && string(w) == "and":
		default:
			dst = append(dst, w...)
		}
	}
	if !ok {
		return dst[:n], false
	}
	return dst, true
}

// nextWord splits folded text into its first word and the text after it.
func nextWord(w []byte) (word, rest []byte) {
	if i := bytes.IndexByte(w, ' '); i >= 0 {
		return w[:i], w[i+1:]
	}
	return w, nil
}

// appendLocation rewrites a leading location shorthand: the first word
// ("la lakers", "ny"), the first two one-letter words ("s f giants"), or,
// for input typed without spaces, a prefix of the compact key ("kcchiefs";
// that reading may not use the partial tier). It appends the compact result
// to dst; ok is false when there is no shorthand.
func appendLocation(dst, words, base []byte) (out []byte, partial, ok bool) {
	first, rest := words, []byte(nil)
	if i := bytes.IndexByte(words, ' '); i >= 0 {
		first, rest = words[:i], words[i+1:]
		if len(first) == 1 && (len(rest) == 1 || len(rest) > 1 && rest[1] == ' ') {
			two := [2]byte{first[0], rest[0]}
			if exp := expandCode(two[:]); exp != "" {
				return appendCompact(append(dst, exp...), bytes.TrimPrefix(rest[1:], []byte{' '})), true, true
			}
		}
	}
	if exp := expandCode(first); exp != "" {
		return appendCompact(append(dst, exp...), rest), true, true
	}
	if n := codePrefix(base); n > 0 && len(base)-n >= 3 {
		return append(append(dst, expandCode(base[:n])...), base[n:]...), false, true
	}
	return dst, false, false
}
