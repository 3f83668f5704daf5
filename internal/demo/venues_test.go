package demo

import (
	"bytes"
	"context"
	"encoding/base64"
	"errors"
	"image/jpeg"
	"strings"
	"testing"

	"gamethumbs/internal/catalog"
)

// TestDetails: every demo team has a venue with a JPEG photo and a
// record; other leagues are not covered.
func TestDetails(t *testing.T) {
	p := New()
	teams, _ := p.Teams(context.Background(), League())
	d, err := p.Details(context.Background(), League(), teams[0])
	if err != nil {
		t.Fatal(err)
	}
	if d.Venue.Name != "Harbor City Arena" || d.Venue.City != "Harbor City" || d.Venue.State == "" || d.Record == "" {
		t.Errorf("Details(Herons) = %+v", d)
	}
	payload, ok := strings.CutPrefix(d.Venue.Image, "data:image/jpeg;base64,")
	if !ok {
		t.Fatalf("photo %.40q is not a JPEG data URL", d.Venue.Image)
	}
	raw, _ := base64.StdEncoding.DecodeString(payload)
	img, err := jpeg.Decode(bytes.NewReader(raw))
	if err != nil || img.Bounds().Dx() != 960 {
		t.Errorf("photo: %v, %v", img.Bounds(), err)
	}
	if _, err := p.Details(context.Background(), catalog.League{Code: "nba"}, teams[0]); !errors.Is(err, catalog.ErrNotCovered) {
		t.Errorf("other league: err = %v, want ErrNotCovered", err)
	}
}
