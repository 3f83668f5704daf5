package catalog

import (
	"context"
	"strings"
)

// Venue is where a team plays its home games. Empty fields mean the
// provider does not say.
type Venue struct {
	Name  string // "Crypto.com Arena"
	City  string // "Los Angeles"
	State string // "CA" (a region or country outside the US)
	Image string // URL of a photo of the venue
}

// Known reports whether the provider said anything about the venue.
func (v Venue) Known() bool { return v.Name != "" || v.City != "" || v.Image != "" }

// Details is the team data that the rosters do not carry and that ages
// at its own pace: the venue (daily) and the overall record (hourly).
type Details struct {
	Venue  Venue
	Record string // overall record as the provider writes it ("10-7"); "" unknown
}

// DetailsProvider is implemented by providers that know teams' venues and
// records (ESPN). A league or team the provider cannot answer for gives
// ErrNotCovered. When part of the details could not be had because the
// provider failed, the rest is returned with an *UpstreamError.
type DetailsProvider interface {
	Details(ctx context.Context, l League, t Team) (Details, error)
}

// homeFirstSports are the sports whose titles read "home v away"; the
// others (the US leagues) read "away @ home".
var homeFirstSports = []string{"soccer", "rugby", "cricket"}

// homeFirstWords mark leagues without an ESPN sport (TheSportsDB-only
// ones) as soccer, rugby or cricket by their name.
var homeFirstWords = []string{"soccer", "rugby", "cricket", "t20", "big bash", "super smash", "sa20",
	"premier league", "super league", "six nations", "national league", "fa trophy", "football club"}

// HomeFirst reports whether the first team of a matchup URL is the home
// team by default in league l: soccer, rugby and cricket ("home v away");
// US leagues name the home team second ("away @ home").
func HomeFirst(l League) bool {
	sport := strings.ToLower(l.Sport)
	for _, s := range homeFirstSports {
		if strings.HasPrefix(sport, s) {
			return true
		}
	}
	if sport != "" {
		return false
	}
	name := strings.ToLower(l.Name)
	for _, w := range homeFirstWords {
		if strings.Contains(name, w) {
			return true
		}
	}
	return false
}
