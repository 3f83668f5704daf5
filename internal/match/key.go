package match

import (
	"gamethumbs/internal/catalog"

	"slices"
	"unicode/utf8"
)

// appendKey appends the key of s to dst: its compact form without the
// stop-words stripStop removes and without "and" between two words.
// tmp is scratch space for the general path.
//
// ASCII text without stop-words at its edges (nearly every team field) is
// folded in one pass; anything else takes the general path: Fold with
// spaces into tmp, stripStop, appendCompact.
func appendKey(dst, tmp []byte, s string) []byte {
	if s == "" {
		return dst
	}
	start := len(dst)
	dst = slices.Grow(dst, len(s)) // ASCII never grows when folded
	out := dst[:start+len(s)]
	j := start
	words := 0
	inWord := false
	wordStart, firstEnd, lastStart := 0, 0, 0
	pendingAnd := -1 // start of an "and" word that goes if another word follows
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= utf8.RuneSelf {
			return appendKeySlow(dst[:start], tmp, s)
		}
		c = catalog.FoldByte(c)
		if c > catalog.FoldDel {
			if !inWord {
				inWord = true
				words++
				if pendingAnd >= 0 {
					j = pendingAnd
					pendingAnd = -1
				}
				wordStart = j
			}
			out[j] = c
			j++
			continue
		}
		if c == catalog.FoldSep && inWord {
			inWord = false
			if words == 1 {
				firstEnd = j
			}
			lastStart = wordStart
			if words > 1 && string(out[wordStart:j]) == "and" {
				pendingAnd = wordStart
			}
		}
	}
	if inWord {
		if words == 1 {
			firstEnd = j
		}
		lastStart = wordStart
	}
	if words > 1 {
		first, last := out[start:firstEnd], out[lastStart:j]
		if string(first) == "the" || isClubAffix(first) || isClubAffix(last) {
			return appendKeySlow(dst[:start], tmp, s)
		}
	}
	return out[:j]
}

// appendKeySlow is the general path of appendKey.
func appendKeySlow(dst, tmp []byte, s string) []byte {
	return appendCompact(dst, stripStop(catalog.AppendFold(tmp[:0], s, true)))
}
