package match

import (
	"gamethumbs/internal/catalog"

	"strings"
	"testing"
)

func FuzzFind(f *testing.F) {
	for _, s := range []string{
		"", " ", "chiefs", "KC", "kansascitychiefs", "la", "ny jets", "St. Louis", "Hawaiʻi",
		"København", "ǅ", "ﷺ", "İ", "\xff", "the fc", "s f", "st st", "a and b", "miami (oh)",
		strings.Repeat("x", 250), "ＬＡ", "ŀl", "ᾈ",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, q string) {
		i, ok := Find(q, nfl)
		if ok && (i < 0 || i >= len(nfl)) {
			t.Fatalf("Find(%q) = %d, want an index in [0,%d)", q, i, len(nfl))
		}
		if !ok && i != -1 {
			t.Fatalf("Find(%q) = %d, false; want -1 when there is no match", q, i)
		}
		if j, ok2 := Find(q, nfl); j != i || ok2 != ok {
			t.Fatalf("Find(%q) = %d, %v then %d, %v; want the same answer", q, i, ok, j, ok2)
		}
		if ok {
			if s := Score(q, nfl[i]); s <= 0 || s > 1000 {
				t.Fatalf("Score(%q, %q) = %d, want 1..1000", q, nfl[i].FullName, s)
			}
		}
		fq := catalog.Fold(q)
		if ffq := catalog.Fold(fq); ffq != fq {
			t.Fatalf("catalog.Fold(Fold(%q)) = %q, want %q", q, ffq, fq)
		}
		if c := catalog.Compact(q); c != strings.ReplaceAll(fq, " ", "") {
			t.Fatalf("catalog.Compact(%q) = %q, want Fold without spaces %q", q, c, strings.ReplaceAll(fq, " ", ""))
		}
		var tmp [64]byte
		if fast, slow := appendKey(nil, tmp[:], q), appendKeySlow(nil, tmp[:], q); string(fast) != string(slow) {
			t.Fatalf("appendKey(%q) = %q, general path %q; want the same key", q, fast, slow)
		}
		if got := Suggest(q, nfl, 10); len(got) > maxSuggest {
			t.Fatalf("Suggest(%q) returned %d names, want at most %d", q, len(got), maxSuggest)
		}
		if w := Winner(q, "kc", "phi", nfl[15], nfl[25]); w < 0 || w > 2 {
			t.Fatalf("Winner(%q) = %d, want 0, 1 or 2", q, w)
		}
	})
}
