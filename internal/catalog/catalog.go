// Package catalog holds the domain types of gamethumbs: leagues, teams,
// the Provider interface that sports-data sources implement, and the
// errors that callers map to HTTP statuses. It also holds the configured
// leagues (Catalog, from an embedded table) and the NCAA shorthand map
// (NCAASport). It does no I/O of its own.
package catalog

import "context"

// League is one league configuration, either from the embedded table or
// created on the fly (Temporary) for a code the provider knows.
type League struct {
	Code      string   // canonical key, lower case ("nba", "eng.1")
	Name      string   // display name ("National Basketball Association")
	ShortName string   // upper-case short name ("NBA"); defaults to upper(Code)
	Aliases   []string // alternative names accepted in URLs
	Sport     string   // ESPN sport ("basketball"); empty when ESPN is not a provider
	Slug      string   // ESPN league slug ("nba", "uefa.champions")
	// Providers lists provider ids in the order they are tried ("espn", "ncaa", ...).
	Providers []string
	// LogoURL and LogoURLDark override the provider's league logos when set.
	LogoURL, LogoURLDark string
	SkipLogos            bool     // render coloured rectangles instead of team logos (F1, Olympics, ...)
	Mode                 string   // "" (logos) or "name" (team names as text)
	TeamColors           []string // optional "#RRGGBB" palette that replaces provider colours
	FeederLeagues        []string // codes searched, in order, when a team is not found
	FallbackLeague       string   // code searched once when a team is not found and there are no feeders
	EnvVar               string   // environment variable that must be true/1/yes to enable the league
	Temporary            bool     // created from provider discovery, not configured
	// Disabled marks a league whose EnvVar is off, as Catalog.LookupDisabled
	// returns it: its league pictures work (logo from ESPN when it has a
	// sport), its teams and athletes do not.
	Disabled bool
	// IDs names the league at its providers, by provider id: "espn" →
	// "soccer/esp.1", "thesportsdb" → "4328", "hockeytech" → "lhjmq",
	// "mlbstats" → "11". Lookup accepts ESPN's slug ("esp.1"), TheSportsDB's
	// id and HockeyTech's client code. Nil when there are none.
	IDs map[string]string
	// DefaultImage, when set, is the picture (URL or data:image URL) served
	// instead of the built-in designed one for a team or league of this
	// league that has no logo anywhere (custom data: "defaultImage").
	DefaultImage string
}

// lookupIDs returns the provider ids Lookup accepts for l (see IDs).
func (l League) lookupIDs() []string {
	var out []string
	if l.Slug != "" {
		out = append(out, l.Slug)
	}
	for _, p := range []string{"thesportsdb", "hockeytech"} {
		if id := l.IDs[p]; id != "" {
			out = append(out, id)
		}
	}
	return out
}

// Team is a team (or athlete) record as the raw endpoint returns it.
// Empty strings mean "the provider does not say"; the raw endpoint omits them.
type Team struct {
	ID             string `json:"id,omitempty"`
	Slug           string `json:"slug,omitempty"`
	City           string `json:"city,omitempty"`
	Name           string `json:"name,omitempty"`
	FullName       string `json:"fullName,omitempty"`
	ShortName      string `json:"-"` // ESPN shortDisplayName; used by matching only
	Abbreviation   string `json:"abbreviation,omitempty"`
	Conference     string `json:"conference,omitempty"`
	Division       string `json:"division,omitempty"`
	Logo           string `json:"logo,omitempty"`           // URL of the default (light background) logo
	LogoAlt        string `json:"logoAlt,omitempty"`        // URL of the dark-background logo
	Color          string `json:"color,omitempty"`          // "#RRGGBB"
	AlternateColor string `json:"alternateColor,omitempty"` // "#RRGGBB"
	// Aliases are extra names that match this team exactly (custom data).
	Aliases []string `json:"-"`
	// Venue is the home venue when the roster itself carries it
	// (TheSportsDB); other providers answer DetailsProvider.Details.
	Venue Venue `json:"-"`
}

// Provider is a source of team data for leagues.
//
// Implementations must be safe for concurrent use. Errors that come from
// the network are *UpstreamError so the HTTP layer can answer 502/504.
type Provider interface {
	// ID is the provider id used in the league table ("espn").
	ID() string
	// Teams returns every team of the league in the provider's order.
	// A league the provider does not cover returns ErrNotCovered.
	Teams(ctx context.Context, l League) ([]Team, error)
	// LeagueLogos returns the URLs of the league's light-background and
	// dark-background logos. Either may be empty; both empty means none.
	LeagueLogos(ctx context.Context, l League) (light, dark string, err error)
}
