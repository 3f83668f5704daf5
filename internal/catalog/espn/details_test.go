package espn

import (
	"context"
	"errors"
	"net/http"
	"testing"

	"gamethumbs/internal/catalog"
	"gamethumbs/internal/espntest"
)

// TestDetailsVenueAndRecord reads the venue from the core API franchise and
// the record from the site API team, as game-thumbs does.
func TestDetailsVenueAndRecord(t *testing.T) {
	s := espntest.New(t)
	p := newTestProvider(t, s, 0, 0)
	ctx := context.Background()
	d, err := p.Details(ctx, nba, catalog.Team{ID: "13", Abbreviation: "LAL"})
	if err != nil {
		t.Fatal(err)
	}
	want := catalog.Venue{Name: "Crypto.com Arena", City: "Los Angeles", State: "CA",
		Image: s.CDNURL + "/i/venues/nba/day/913.jpg"}
	if d.Venue != want {
		t.Errorf("venue = %+v, want %+v", d.Venue, want)
	}
	if rec := espntest.RecordOf("basketball", "nba", "LAL"); d.Record != rec || rec == "" {
		t.Errorf("record = %q, want %q", d.Record, rec)
	}
	// Cached: a second ask costs no request.
	if _, err := p.Details(ctx, nba, catalog.Team{ID: "13"}); err != nil {
		t.Fatal(err)
	}
	if n := s.Hits(espntest.FranchisePath("basketball", "nba", "13")); n != 1 {
		t.Errorf("franchise asked %d times, want 1", n)
	}
	if n := s.Hits(espntest.TeamPath("basketball", "nba", "13")); n != 1 {
		t.Errorf("team detail asked %d times, want 1", n)
	}
}

// TestDetailsUnknown: 404 is "unknown" (no error, remembered), a league
// without ESPN data is not covered, and an outage of the record leaves
// the venue and reports the failure.
func TestDetailsUnknown(t *testing.T) {
	s := espntest.New(t)
	p := newTestProvider(t, s, 0, 0)
	ctx := context.Background()
	var utahID string
	for _, tm := range espntest.Teams("hockey", "nhl") {
		if tm.Abbreviation == "UTAH" {
			utahID = tm.ID
		}
	}
	d, err := p.Details(ctx, nhl, catalog.Team{ID: utahID})
	if err != nil || d != (catalog.Details{}) {
		t.Errorf("Details(UTAH) = %+v, %v; want nothing known, no error", d, err)
	}
	if _, err := p.Details(ctx, catalog.League{Code: "x"}, catalog.Team{ID: "1"}); !errors.Is(err, catalog.ErrNotCovered) {
		t.Errorf("league without ESPN slug: err = %v, want ErrNotCovered", err)
	}
	s.Fail(espntest.TeamPath("basketball", "nba", "2"), http.StatusServiceUnavailable)
	d, err = p.Details(ctx, nba, catalog.Team{ID: "2"})
	var ue *catalog.UpstreamError
	if !errors.As(err, &ue) || d.Venue.Name != "TD Garden" || d.Record != "" {
		t.Errorf("record outage: %+v, %v; want the venue and an *UpstreamError", d, err)
	}
}
