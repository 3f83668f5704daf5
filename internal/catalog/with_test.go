package catalog

import "testing"

func TestWith(t *testing.T) {
	base, err := New(func(k string) string {
		if k == "LEAGUES_ENABLE_MMA" {
			return "true"
		}
		return ""
	})
	if err != nil {
		t.Fatal(err)
	}
	demo := League{Code: "demo", Name: "Demo League", ShortName: "DEMO", Aliases: []string{"sample"}, Providers: []string{"demo"}}
	nba := League{Code: "nba", Name: "Replacement NBA", ShortName: "RNBA"}
	c := base.With(demo, nba, demo)

	tests := []struct {
		in, wantCode, wantName string // wantCode "" means not found
	}{
		{"demo", "demo", "Demo League"},
		{"DEMO", "demo", "Demo League"},
		{"demo league", "demo", "Demo League"},
		{"sample", "demo", "Demo League"},
		{"nba", "nba", "Replacement NBA"},
		{"nfl", "nfl", "National Football League"},
	}
	for _, tt := range tests {
		l, ok := c.Lookup(tt.in)
		if ok != (tt.wantCode != "") || l.Code != tt.wantCode || (ok && l.Name != tt.wantName) {
			t.Errorf("With(...).Lookup(%q) = %q %q, %v; want %q %q", tt.in, l.Code, l.Name, ok, tt.wantCode, tt.wantName)
		}
	}
	if g, ok := c.Get("nba"); !ok || g.Name != "Replacement NBA" {
		t.Errorf("Get(nba) = %q, %v; want the extra league", g.Name, ok)
	}
	if got, want := len(c.Leagues()), len(base.Leagues())+1; got != want {
		t.Errorf("len(Leagues()) = %d, want %d (one new, one replaced, one duplicate dropped)", got, want)
	}
	if c.Leagues()[0].Code != "demo" {
		t.Errorf("Leagues()[0] = %q, want the extra league first", c.Leagues()[0].Code)
	}
	// Leagues enabled by the environment stay enabled.
	enabledByEnv := 0
	for _, l := range base.Leagues() {
		if l.EnvVar == "" || l.Code == "nba" {
			continue
		}
		enabledByEnv++
		if _, ok := c.Get(l.Code); !ok {
			t.Errorf("league %q (enabled by %s) is lost", l.Code, l.EnvVar)
		}
	}
	if enabledByEnv == 0 {
		t.Error("no league enabled by LEAGUES_ENABLE_MMA; the check above checked nothing")
	}
	// The receiver is unchanged.
	if _, ok := base.Lookup("demo"); ok {
		t.Error("With changed the receiver")
	}
}
