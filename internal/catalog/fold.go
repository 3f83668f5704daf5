package catalog

import (
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// Fold is the one name normalisation of gamethumbs: league lookups
// (Catalog.Lookup, the NCAA shorthand), team matching (internal/match),
// custom data keys and title parsing all compare names through it:
//
//   - letters are lower-cased and compatibility-decomposed (NFKD), and the
//     combining marks are dropped, so "Montréal" → "montreal" and "ﬁ" → "fi";
//   - letters that do not decompose are transliterated: ø→o, ß→ss, æ→ae,
//     œ→oe, ł→l, đ/ð→d, þ→th, ı→i, ħ→h, ŋ→ng and a few more;
//   - apostrophes (' ’ ʻ ʼ `) and '&' are deleted, so "Hawai'i" → "hawaii"
//     and "Texas A&M" → "texas am";
//   - every other character that is not a letter or a digit becomes a space;
//     spaces are collapsed and trimmed.
//
// Letters of other scripts (Cyrillic, CJK, ...) are kept, lower-cased.
// Fold is idempotent: Fold(Fold(s)) == Fold(s).
func Fold(s string) string {
	var buf [128]byte
	return string(AppendFold(buf[:0], s, true))
}

// Compact is Fold without the spaces: "St. Louis" → "stlouis".
func Compact(s string) string {
	var buf [128]byte
	return string(AppendFold(buf[:0], s, false))
}

// Results of FoldByte for bytes that are not emitted as themselves.
const (
	FoldSep = 0 // a word separator
	FoldDel = 1 // deleted: joins the letters around it
)

// asciiFold maps every ASCII byte to its folded form: letters lower-cased,
// digits kept, FoldDel for ' ` &, FoldSep for everything else. A string
// constant, so the table is immutable.
const asciiFold = "" +
	"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00" +
	"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00" +
	"\x00\x00\x00\x00\x00\x00\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00" + // ' ' .. '/'; & and ' are 0x26, 0x27
	"0123456789\x00\x00\x00\x00\x00\x00" +
	"\x00abcdefghijklmno" + // '@', 'A'..'O'
	"pqrstuvwxyz\x00\x00\x00\x00\x00" +
	"\x01abcdefghijklmno" + // '`', 'a'..'o'
	"pqrstuvwxyz\x00\x00\x00\x00\x00"

// FoldByte folds one ASCII byte (c < 0x80) as Fold does: a lower-case
// letter or digit, FoldSep or FoldDel.
func FoldByte(c byte) byte {
	return asciiFold[c&0x7f]
}

// AppendFold appends the folded (spaces=true) or compact (spaces=false)
// form of s to dst and returns the extended slice; it allocates only when
// dst is too small.
func AppendFold(dst []byte, s string, spaces bool) []byte {
	start := len(dst)
	gap := false // a separator was seen since the last emitted character
	for i := 0; i < len(s); {
		c := s[i]
		if c >= utf8.RuneSelf {
			r, size := utf8.DecodeRuneInString(s[i:])
			i += size
			if r == utf8.RuneError && size == 1 {
				gap = true
				continue
			}
			dst, gap = foldRune(dst, r, start, gap, spaces, 0)
			continue
		}
		i++
		switch c = FoldByte(c); c {
		case FoldSep:
			gap = true
		case FoldDel:
		default:
			if gap && spaces && len(dst) > start {
				dst = append(dst, ' ')
			}
			gap = false
			dst = append(dst, c)
		}
	}
	return dst
}

// foldRune folds one non-ASCII rune (or an ASCII one reached through a
// decomposition); depth bounds the recursion through decompositions (NFKD
// tables are already fully decomposed, so 2 suffices). It returns the
// extended dst and the new separator state.
func foldRune(dst []byte, r rune, start int, gap, spaces bool, depth int) ([]byte, bool) {
	if isApostrophe(r) {
		return dst, gap
	}
	r = unicode.ToLower(r)
	var emit string // ASCII to emit, when the rune folds to ASCII
	var enc [utf8.UTFMax]byte
	switch {
	case r < utf8.RuneSelf:
		switch c := FoldByte(byte(r)); c {
		case FoldSep:
			return dst, true
		case FoldDel:
			return dst, gap
		default:
			enc[0] = c
			emit = string(enc[:1])
		}
	case translit(r) != "":
		emit = translit(r)
	default:
		n := utf8.EncodeRune(enc[:], r)
		if depth < 2 {
			if d := norm.NFKD.Properties(enc[:n]).Decomposition(); len(d) > 0 {
				for len(d) > 0 {
					dr, size := utf8.DecodeRune(d)
					d = d[size:]
					dst, gap = foldRune(dst, dr, start, gap, spaces, depth+1)
				}
				return dst, gap
			}
		}
		switch {
		case unicode.In(r, unicode.Mn, unicode.Me):
			return dst, gap // combining mark: dropped
		case !unicode.IsLetter(r) && !unicode.IsNumber(r) && !unicode.Is(unicode.Mc, r):
			return dst, true
		}
		emit = string(enc[:n])
	}
	if gap && spaces && len(dst) > start {
		dst = append(dst, ' ')
	}
	return append(dst, emit...), false
}

// isApostrophe reports runes deleted like the ASCII apostrophe.
func isApostrophe(r rune) bool {
	switch r {
	case '\u2018', '\u2019', '\u02bb', '\u02bc', '\u00b4', '\u2032', '\u02b9':
		return true
	}
	return false
}

// translit spells lower-case letters that have no decomposition in ASCII.
func translit(r rune) string {
	switch r {
	case 'ß':
		return "ss"
	case 'æ':
		return "ae"
	case 'œ':
		return "oe"
	case 'ø':
		return "o"
	case 'ł', 'ŀ':
		return "l"
	case 'đ', 'ð':
		return "d"
	case 'þ':
		return "th"
	case 'ı':
		return "i"
	case 'ħ':
		return "h"
	case 'ŧ':
		return "t"
	case 'ŋ':
		return "ng"
	case 'ĸ':
		return "k"
	case 'ƒ':
		return "f"
	case 'ə', 'ǝ', 'ɛ':
		return "e"
	case 'ɔ':
		return "o"
	case 'ʒ':
		return "z"
	}
	return ""
}
