package catalog

import "testing"

func TestFoldAndCompact(t *testing.T) {
	tests := []struct{ in, fold, compact string }{
		{"NBA", "nba", "nba"},
		{"Segunda División", "segunda division", "segundadivision"},
		{"CF MONTRÉAL", "cf montreal", "cfmontreal"},
		{"Divisio\u0301n", "division", "division"},
		{"São Paulo", "sao paulo", "saopaulo"},
		{"Hawai'i", "hawai'i", "hawaii"},
		{"København", "københavn", "kbenhavn"}, // ø does not decompose: dropped by compact
		{"2. Bundesliga", "2. bundesliga", "2bundesliga"},
		{"", "", ""},
		{"\xff", "\ufffd", ""},
	}
	for _, tt := range tests {
		if got := fold(tt.in); got != tt.fold {
			t.Errorf("fold(%q) = %q, want %q", tt.in, got, tt.fold)
		}
		if got := compact(tt.in); got != tt.compact {
			t.Errorf("compact(%q) = %q, want %q", tt.in, got, tt.compact)
		}
	}
}
