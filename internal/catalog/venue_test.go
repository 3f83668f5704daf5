package catalog

import "testing"

// TestHomeFirst: soccer, rugby and cricket read "home v away"; the US
// leagues "away @ home"; leagues without an ESPN sport by their name.
func TestHomeFirst(t *testing.T) {
	c, err := New(func(string) string { return "true" })
	if err != nil {
		t.Fatal(err)
	}
	for code, want := range map[string]bool{
		"nba": false, "nfl": false, "nhl": false, "mlb": false, "cfl": false, "ahl": false, "ncaaf": false,
		"epl": true, "mls": true, "nrl": true, "ipl": true, "bbl": true, "6nw": true, "ewsl": true,
	} {
		l, ok := c.Get(code)
		if !ok {
			t.Errorf("no league %q in the table", code)
			continue
		}
		if got := HomeFirst(l); got != want {
			t.Errorf("HomeFirst(%s: sport %q, %q) = %v, want %v", code, l.Sport, l.Name, got, want)
		}
	}
}
