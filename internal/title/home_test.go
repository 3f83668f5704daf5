package title

import "testing"

// TestSplitHome: the separator says which side is at home.
func TestSplitHome(t *testing.T) {
	p, _ := testParser(t)
	for text, want := range map[string]int{
		"NBA: Lakers @ Celtics":                  2,
		"NFL - Bills at Chiefs - 8:20 PM":        2,
		"NBA 03: Mavs vs Spurs @ 6PM":            1,
		"Premier League: Arsenal v Chelsea":      1,
		"Man Utd v Man City at Old Trafford":     1,
		"Serie A: Flamengo x Palmeiras":          0,
		"NBA: Lakers - Celtics":                  0,
		"NBA Tonight":                            0,
		"NHL: Maple Leafs versus Canadiens (HD)": 1,
	} {
		if got := p.Split(text, "").Home; got != want {
			t.Errorf("Split(%q).Home = %d, want %d", text, got, want)
		}
	}
}
