package scene

import (
	"context"
	"errors"
	"testing"

	"gamethumbs/internal/catalog"
)

// logoProvider answers LeagueLogos with a URL named after itself, or err.
type logoProvider struct {
	id, url string
	err     error
}

func (p logoProvider) ID() string { return p.id }
func (logoProvider) Teams(context.Context, catalog.League) ([]catalog.Team, error) {
	return nil, catalog.ErrNotCovered
}
func (p logoProvider) LeagueLogos(context.Context, catalog.League) (string, string, error) {
	return p.url, "", p.err
}

// A league art source comes before the league's own providers when the
// league does not list it (ATP: TheSportsDB's badge over ESPN's guess),
// and in the league's order when it does; a source that does not know
// the league, or fails, leaves the league's own logo.
func TestLeagueArtOrder(t *testing.T) {
	errDown := &catalog.UpstreamError{Source: "art", Err: errors.New("down")}
	for _, tt := range []struct {
		name      string
		art       logoProvider
		providers []string
		logoURL   string
		want      string
		wantErr   bool
	}{
		{"art first", logoProvider{"art", "https://art/atp.png", nil}, []string{"own"}, "", "https://art/atp.png", false},
		{"listed: league order", logoProvider{"art", "https://art/x.png", nil}, []string{"own", "art"}, "", "https://own/x.png", false},
		{"not covered", logoProvider{"art", "", catalog.ErrNotCovered}, []string{"own"}, "", "https://own/x.png", false},
		{"art down", logoProvider{"art", "", errDown}, []string{"own"}, "", "https://own/x.png", false},
		{"configured URL wins", logoProvider{"art", "https://art/x.png", nil}, []string{"own"}, "https://table/x.png", "https://table/x.png", false},
		{"art down, no own logo", logoProvider{"art", "", errDown}, []string{"none"}, "", "", true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := &Service{cfg: Config{LeagueArt: []string{"art"}, Providers: map[string]catalog.Provider{
				"art": tt.art, "own": logoProvider{"own", "https://own/x.png", nil},
				"none": logoProvider{"none", "", catalog.ErrNotCovered},
			}}}
			light, _, err := s.leagueLogoURLs(context.Background(), catalog.League{Code: "atp", Providers: tt.providers, LogoURL: tt.logoURL})
			if light != tt.want || (err != nil) != tt.wantErr {
				t.Errorf("leagueLogoURLs = %q, %v; want %q (error %v)", light, err, tt.want, tt.wantErr)
			}
			if tt.wantErr && !transient(err) {
				t.Errorf("error %v is not transient: an art source outage must mark the picture degraded", err)
			}
		})
	}
}
