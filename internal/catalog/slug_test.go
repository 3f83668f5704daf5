package catalog

import "testing"

func TestSlug(t *testing.T) {
	for in, want := range map[string]string{
		"St. John's IceCaps": "st-john-s-icecaps",
		"  Durham Bulls ":    "durham-bulls",
		"Montréal Victoire":  "montréal-victoire",
		"":                   "",
		"---":                "",
	} {
		if got := Slug(in); got != want {
			t.Errorf("Slug(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestLetterSlug(t *testing.T) {
	tests := []struct{ in, want string }{
		{"Winnipeg Blue Bombers", "winnipeg-blue-bombers"},
		{"Ottawa 67's", "ottawa-67-s"},
		{"  Hamilton Tiger-Cats ", "hamilton-tiger-cats"},
		{"Montréal", "montréal"},
		{"", ""},
	}
	for _, tt := range tests {
		if got := LetterSlug(tt.in); got != tt.want {
			t.Errorf("LetterSlug(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
