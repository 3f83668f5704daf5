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
