package demo

import (
	"context"
	"encoding/base64"
	"fmt"
	"strconv"
	"sync"

	"gamethumbs/internal/catalog"
)

// Venue halls and made-up states of the demo teams (styles 10-13): every
// team plays in "{city} {hall}", and its venue photo is drawn by
// VenuePhoto in its colours.
var (
	halls  = []string{"Arena", "Fieldhouse", "Stadium", "Coliseum", "Park", "Dome"}
	states = []string{"CA", "AZ", "MN", "OR", "PA", "WA", "NM", "AK", "UT", "MI", "VA", "OH"}
)

// photos are the venue photos, drawn on first use, per team.
var (
	photoMu  sync.Mutex
	photoURL = map[int]string{}
)

// venuePhotoURL is roster[i]'s venue photo as a data:image/jpeg URL.
func venuePhotoURL(i int) string {
	photoMu.Lock()
	defer photoMu.Unlock()
	if u, ok := photoURL[i]; ok {
		return u
	}
	t := roster[i]
	img := VenuePhoto(t.city+t.name, t.primary, t.secondary, 960, 540, "jpg")
	photoURL[i] = "data:image/jpeg;base64," + base64.StdEncoding.EncodeToString(img)
	return photoURL[i]
}

// Details returns a demo team's venue (with its photo) and a made-up
// overall record; other leagues are not covered.
func (*Provider) Details(_ context.Context, l catalog.League, t catalog.Team) (catalog.Details, error) {
	i, err := strconv.Atoi(t.ID)
	if l.Code != Code || err != nil || i < 1 || i > len(roster) {
		return catalog.Details{}, fmt.Errorf("demo: team %q of %q: %w", t.ID, l.Code, catalog.ErrNotCovered)
	}
	i--
	r := roster[i]
	return catalog.Details{
		Venue: catalog.Venue{Name: r.city + " " + halls[i%len(halls)], City: r.city, State: states[i],
			Image: venuePhotoURL(i)},
		Record: fmt.Sprintf("%d-%d", 30+(i*7)%25, 12+(i*5)%20),
	}, nil
}
