package title

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"gamethumbs/internal/catalog"
)

// token is one word or punctuation mark of a title.
type token struct {
	w     string // lower-case word, or the punctuation mark (dashes as "-", brackets as "(" and ")")
	punct bool
	upper bool // a word of two or more letters written in capitals ("NBA")
	drop  bool // noise: time, date, tag, network
}

// tokenize splits s into words and punctuation. Letters, digits and the
// marks that live inside words ("St.", "A&M", "Hawai'i", "15:00",
// "Saint-Étienne", "ESPN+") make words; emoji and other symbols separate.
func tokenize(s string) []token {
	toks := make([]token, 0, 24)
	// One lower-case copy for all words, when lower-casing keeps the byte
	// offsets (it does for every title but a few exotic letters).
	lowered := strings.ToLower(s)
	if len(lowered) != len(s) {
		lowered = ""
	}
	start := -1
	flush := func(end int) {
		if start < 0 {
			return
		}
		raw := strings.TrimRight(s[start:end], ".-'’:/")
		begin := start
		start = -1
		if raw == "" {
			return
		}
		var w string
		if lowered != "" {
			w = lowered[begin : begin+len(raw)]
		} else {
			w = strings.ToLower(raw)
		}
		if !isASCII(w) {
			// Superscripts and other compatibility forms: "ᴴᴰ" is "hd".
			if f := catalog.Fold(w); f != "" && !strings.Contains(f, " ") {
				w = f
			}
		}
		toks = append(toks, token{w: w, upper: isUpperWord(raw)})
	}
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r):
			if start < 0 {
				start = i
			}
		case start >= 0 && inWordMark(r) && joins(s, i+n):
			// stays in the word
		case start >= 0 && (r == '.' || r == '+'):
			// "vs." "St." "D.C." "ESPN+": trailing marks belong to the word
		case r == '#' && joins(s, i+n):
			// A ranking ("#3 Georgia"): skip the mark and its number.
			flush(i)
			for i+n < len(s) && s[i+n] >= '0' && s[i+n] <= '9' {
				n++
			}
		default:
			flush(i)
			if p := punctOf(r); p != "" {
				toks = append(toks, token{w: p, punct: true})
			}
		}
		i += n
	}
	flush(len(s))
	return toks
}

// inWordMark are the marks kept inside a word when a letter or digit follows.
func inWordMark(r rune) bool {
	switch r {
	case '\'', '’', 'ʼ', '&', '-', ':', '/', '.':
		return true
	}
	return false
}

// joins reports whether a letter or digit starts s[i:].
func joins(s string, i int) bool {
	if i >= len(s) {
		return false
	}
	r, _ := utf8.DecodeRuneInString(s[i:])
	return unicode.IsLetter(r) || unicode.IsDigit(r)
}

// punctOf maps a structural mark to its token, "" for marks that only separate.
func punctOf(r rune) string {
	switch r {
	case '@':
		return "@"
	case '-', '–', '—', '−':
		return "-"
	case '(', '[', '{', '<', '«':
		return "("
	case ')', ']', '}', '>', '»':
		return ")"
	case ':', '|', ',', ';', '/', '\\', '•', '·', '~', '#', '*', '!', '?', '"', '=', '►', '▶', '¦':
		return "|"
	}
	return ""
}

func isUpperWord(s string) bool {
	letters := 0
	for _, r := range s {
		if unicode.IsLower(r) {
			return false
		}
		if unicode.IsLetter(r) {
			letters++
		}
	}
	return letters >= 2
}

// isNumber reports a word of digits only.
func isNumber(w string) bool {
	if w == "" {
		return false
	}
	for i := 0; i < len(w); i++ {
		if w[i] < '0' || w[i] > '9' {
			return false
		}
	}
	return true
}

// isClock reports "15:00", "6pm", "6:30pm", "19h30", "8.45pm", "6p".
func isClock(w string) bool {
	d := 0
	for d < len(w) && w[d] >= '0' && w[d] <= '9' {
		d++
	}
	if d == 0 || d > 2 {
		return false
	}
	rest := w[d:]
	if len(rest) >= 3 && (rest[0] == ':' || rest[0] == '.' || rest[0] == 'h') && isNumber(rest[1:3]) {
		rest = rest[3:]
		if rest == "" {
			return true
		}
	}
	switch rest {
	case "am", "pm", "a", "p", "a.m", "p.m", "h", "hrs":
		return true
	}
	return false
}

// isDate reports "11/23", "2024-11-23", "23.11.2024", "23rd", "1st".
func isDate(w string) bool {
	if len(w) < 3 {
		return false
	}
	if w[0] >= '0' && w[0] <= '9' {
		switch {
		case strings.HasSuffix(w, "st") || strings.HasSuffix(w, "nd") || strings.HasSuffix(w, "rd") || strings.HasSuffix(w, "th"):
			return isNumber(w[:len(w)-2]) && len(w) <= 4
		}
	}
	seps := 0
	for i := 0; i < len(w); i++ {
		c := w[i]
		switch {
		case c >= '0' && c <= '9':
		case c == '/' || c == '-' || c == '.':
			seps++
		default:
			return false
		}
	}
	return seps >= 1
}

// markNoise flags times, dates, days, picture tags and network names.
func markNoise(toks []token) {
	for i := range toks {
		t := &toks[i]
		if t.punct || t.drop {
			continue
		}
		switch {
		case dropWords[t.w], isClock(t.w), isDate(t.w):
			t.drop = true
		case zones[t.w] && i > 0 && (toks[i-1].drop || isNumber(toks[i-1].w)) && !toks[i-1].punct:
			t.drop = true
			if isNumber(toks[i-1].w) {
				toks[i-1].drop = true
			}
		case (t.w == "am" || t.w == "pm") && i > 0 && !toks[i-1].punct && (toks[i-1].drop || isNumber(toks[i-1].w) && len(toks[i-1].w) <= 2):
			t.drop, toks[i-1].drop = true, true
		case months[t.w] && near(toks, i, func(w string) bool { return isNumber(w) && len(w) <= 4 || isDate(w) }):
			t.drop = true
			for _, j := range []int{i - 1, i + 1, i + 2} {
				if j >= 0 && j < len(toks) && !toks[j].punct && (isNumber(toks[j].w) && len(toks[j].w) <= 4 || isDate(toks[j].w)) {
					toks[j].drop = true
				}
			}
		}
	}
	// Short day names next to a date or time; the times' "@" and "at".
	for i := range toks {
		t := &toks[i]
		if shortDays[t.w] && near(toks, i, func(w string) bool { return months[w] || isDate(w) || isClock(w) || isNumber(w) }) {
			t.drop = true
		}
		if (t.w == "@" || t.w == "at") && i+1 < len(toks) && toks[i+1].drop && !toks[i+1].punct && (isClock(toks[i+1].w) || isNumber(toks[i+1].w)) {
			t.drop = true
		}
	}
	// Networks, longest phrase first at each position.
	for i := 0; i < len(toks); i++ {
		if toks[i].punct {
			continue
		}
		for _, phrase := range networksByFirst[toks[i].w] {
			if matchPhrase(toks, i, phrase) {
				for j := range phrase {
					toks[i+j].drop = true
				}
				break
			}
		}
	}
}

// near reports whether a word next to toks[i] satisfies f.
func near(toks []token, i int, f func(string) bool) bool {
	for _, j := range []int{i - 1, i + 1} {
		if j >= 0 && j < len(toks) && !toks[j].punct && f(toks[j].w) {
			return true
		}
	}
	return false
}

func matchPhrase(toks []token, i int, phrase []string) bool {
	if i+len(phrase) > len(toks) {
		return false
	}
	for j, w := range phrase {
		if toks[i+j].punct || toks[i+j].w != w {
			return false
		}
	}
	return true
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// networksByFirst indexes networks by their first word, keeping the order.
var networksByFirst = func() map[string][][]string {
	m := map[string][][]string{}
	for _, p := range networks {
		m[p[0]] = append(m[p[0]], p)
	}
	return m
}()
