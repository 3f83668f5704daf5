package render

import "testing"

type freqKey struct{ a, b int }

func TestFrequencyCountsAndFades(t *testing.T) {
	f := newFrequency()
	for range 5 {
		f.touch(freqKey{1, 2})
	}
	f.touch(freqKey{3, 4})
	if got := f.estimate(freqKey{1, 2}); got < 5 {
		t.Fatalf("estimate %d after 5 asks, want at least 5", got)
	}
	if got := f.estimate(freqKey{9, 9}); got != 0 {
		t.Fatalf("estimate %d for a key never asked for", got)
	}
	if !f.admit(freqKey{1, 2}, []any{freqKey{3, 4}}) {
		t.Error("a key asked for 5 times was refused in favour of one asked for once")
	}
	if f.admit(freqKey{3, 4}, []any{freqKey{1, 2}}) || f.admit(freqKey{3, 4}, []any{freqKey{3, 4}}) {
		t.Error("a key no more popular than its victim was admitted")
	}
	// After enough other asks the counts halve: old popularity fades.
	for range freqSample {
		f.touch(freqKey{5, 6})
	}
	if got := f.estimate(freqKey{1, 2}); got > 3 {
		t.Fatalf("estimate %d after a sample of other asks, want it halved (about 2)", got)
	}
}
