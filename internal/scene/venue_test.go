package scene

import (
	"errors"
	"testing"

	"gamethumbs/internal/catalog"
	"gamethumbs/internal/render"
)

// TestHomeIndex: home= names a side; without it soccer, rugby and
// cricket leagues are at the first team's venue, the others at the
// second's; a home= that names neither team is an input error.
func TestHomeIndex(t *testing.T) {
	sides := []side{
		{seg: "ars", team: catalog.Team{ID: "1", FullName: "Arsenal", Abbreviation: "ARS"}},
		{seg: "che", team: catalog.Team{ID: "2", FullName: "Chelsea", Abbreviation: "CHE"}},
	}
	soccer := catalog.League{Code: "epl", Sport: "soccer"}
	hockey := catalog.League{Code: "nhl", Sport: "hockey"}
	for _, tc := range []struct {
		l    catalog.League
		home string
		want int
	}{
		{soccer, "", 0}, {hockey, "", 1}, {soccer, "chelsea", 1}, {hockey, "ARS", 0},
		{catalog.League{Code: "ipl", Name: "Indian Premier League"}, "", 0},
	} {
		got, err := homeIndex(Request{Kind: render.KindThumb, Style: 10, Home: tc.home}, tc.l, sides)
		if err != nil || got != tc.want {
			t.Errorf("homeIndex(%s, home=%q) = %d, %v; want %d", tc.l.Code, tc.home, got, err, tc.want)
		}
	}
	var in *InputError
	if _, err := homeIndex(Request{Home: "tottenham"}, soccer, sides); !errors.As(err, &in) {
		t.Errorf("home=tottenham: err = %v, want *InputError", err)
	}
}

// TestCleanRecord keeps records and drops what is not one.
func TestCleanRecord(t *testing.T) {
	for in, want := range map[string]string{"10-7": "10-7", " 41-23-5 ": "41-23-5", "": "",
		"a very long description of a record": "", "1-0\n": "1-0", "1\x00-0": ""} {
		if got := cleanRecord(in); got != want {
			t.Errorf("cleanRecord(%q) = %q, want %q", in, got, want)
		}
	}
}
