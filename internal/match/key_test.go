package match

import "testing"

// TestAppendKey checks the one-pass path against the general one.
func TestAppendKey(t *testing.T) {
	tests := []struct{ in, want string }{
		{"Los Angeles Lakers", "losangeleslakers"},
		{"St. Louis", "stlouis"},
		{"Texas A&M", "texasam"},
		{"Hawai'i", "hawaii"},
		{"Brighton & Hove Albion", "brightonhovealbion"},
		{"Brighton and Hove Albion", "brightonhovealbion"},
		{"Brighton and and Hove", "brightonhove"},
		{"and", "and"},
		{"Rock and", "rockand"},
		{"and Roll", "androll"},
		{"The Citadel", "citadel"},
		{"the fc dallas", "dallas"},
		{"Arsenal FC", "arsenal"},
		{"FC", "fc"},
		{"  --  ", ""},
		{"Montréal", "montreal"},
		{"CF Montréal", "montreal"},
		{"St. Louis CITY SC", "stlouiscity"},
	}
	for _, tt := range tests {
		var tmp [64]byte
		got := string(appendKey(nil, tmp[:], tt.in))
		slow := string(appendKeySlow(nil, tmp[:], tt.in))
		if got != tt.want || slow != tt.want {
			t.Errorf("appendKey(%q) = %q (general path %q), want %q", tt.in, got, slow, tt.want)
		}
	}
}
