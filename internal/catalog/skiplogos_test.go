package catalog

import (
	"strings"
	"testing"
)

// Every skipLogos league gets its league logo from somewhere we do not
// ship: a URL in the table or TheSportsDB's league badge.
func TestSkipLogosLeaguesHaveALogoSource(t *testing.T) {
	c, err := New(nil)
	if err != nil {
		t.Fatal(err)
	}
	settings := BuiltinSettings()
	var seen []string
	for _, l := range c.Leagues() {
		if !l.SkipLogos {
			continue
		}
		seen = append(seen, l.Code)
		if !strings.HasPrefix(l.LogoURL, "https://") && settings.Get(l.Code).TSDBLeagueID == "" {
			t.Errorf("skipLogos league %s has no league logo source", l.Code)
		}
	}
	if got := strings.Join(seen, ","); got != "olympics,f1,nascar,indy" {
		t.Errorf("skipLogos leagues = %s, want olympics,f1,nascar,indy", got)
	}
}
