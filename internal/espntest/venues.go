package espntest

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"sync"

	"gamethumbs/internal/demo"
)

// Venue is a team's home venue as the fake's core API franchise names it.
type Venue struct {
	ID, Name, City, State string
	// Photo is the format of its photo: "jpg", "png", "none" (the venue
	// lists no image) or "404" (it lists one the CDN does not have).
	Photo string
}

// realVenues are facts about a few venues (name, city, state); the other
// teams get a made-up venue named after their location.
var realVenues = map[string][3]string{
	"basketball/nba/LAL": {"Crypto.com Arena", "Los Angeles", "CA"},
	"basketball/nba/BOS": {"TD Garden", "Boston", "MA"},
	"basketball/nba/NY":  {"Madison Square Garden", "New York", "NY"},
	"basketball/nba/DAL": {"American Airlines Center", "Dallas", "TX"},
	"basketball/nba/SA":  {"Frost Bank Center", "San Antonio", "TX"},
	"basketball/nba/GS":  {"Chase Center", "San Francisco", "CA"},
	"football/nfl/KC":    {"GEHA Field at Arrowhead Stadium", "Kansas City", "MO"},
	"football/nfl/BUF":   {"Highmark Stadium", "Orchard Park", "NY"},
	"football/nfl/DAL":   {"AT&T Stadium", "Arlington", "TX"},
	"football/nfl/PHI":   {"Lincoln Financial Field", "Philadelphia", "PA"},
	"hockey/nhl/TOR":     {"Scotiabank Arena", "Toronto", "ON"},
	"hockey/nhl/MTL":     {"Bell Centre", "Montreal", "QC"},
	"hockey/nhl/BOS":     {"TD Garden", "Boston", "MA"},
	"hockey/nhl/NYR":     {"Madison Square Garden", "New York", "NY"},
	"baseball/mlb/NYY":   {"Yankee Stadium", "Bronx", "NY"},
	"baseball/mlb/BOS":   {"Fenway Park", "Boston", "MA"},
	"baseball/mlb/LAD":   {"Dodger Stadium", "Los Angeles", "CA"},
	"baseball/mlb/CHC":   {"Wrigley Field", "Chicago", "IL"},
	"soccer/eng.1/ARS":   {"Emirates Stadium", "London", "England"},
	"soccer/eng.1/MUN":   {"Old Trafford", "Manchester", "England"},
}

// Deliberate oddities of the venue data (see VenueOf and RecordOf).
var (
	noFranchise = map[string]bool{"hockey/nhl/UTAH": true} // franchise and team detail answer 404
	noPhoto     = map[string]bool{"football/nfl/GB": true} // the venue lists no image
	lostPhoto   = map[string]bool{"basketball/nba/DET": true, "baseball/mlb/SEA": true}
	pngPhoto    = map[string]bool{"hockey/nhl/TOR": true}
)

// VenueOf returns the venue the fake serves for a team (by abbreviation),
// and false when its franchise answers 404.
func VenueOf(sport, slug, abbr string) (Venue, bool) {
	key := sport + "/" + slug + "/" + abbr
	if noFranchise[key] {
		return Venue{}, false
	}
	for _, t := range Teams(sport, slug) {
		if t.Abbreviation != abbr {
			continue
		}
		v := Venue{ID: "9" + t.ID, Photo: "jpg"}
		if f, ok := realVenues[key]; ok {
			v.Name, v.City, v.State = f[0], f[1], f[2]
		} else {
			place := t.Location
			if place == "" {
				place = t.DisplayName
			}
			suffix := map[string]string{"basketball": "Arena", "hockey": "Arena", "baseball": "Park"}[sport]
			if suffix == "" {
				suffix = "Stadium"
			}
			v.Name, v.City = place+" "+suffix, t.Location
		}
		switch {
		case noPhoto[key]:
			v.Photo = "none"
		case lostPhoto[key]:
			v.Photo = "404"
		case pngPhoto[key]:
			v.Photo = "png"
		}
		return v, true
	}
	return Venue{}, false
}

// RecordOf returns the overall record the fake's site API gives a team
// ("41-23"; "W-L-OTL" in hockey, "W-D-L" in soccer), "" when it has none.
func RecordOf(sport, slug, abbr string) string {
	if noFranchise[sport+"/"+slug+"/"+abbr] {
		return ""
	}
	for _, t := range Teams(sport, slug) {
		if t.Abbreviation != abbr {
			continue
		}
		n, _ := strconv.Atoi(t.ID)
		w, l, x := 10+(n*7)%40, 5+(n*11)%30, (n*3)%9
		switch sport {
		case "hockey", "soccer":
			return fmt.Sprintf("%d-%d-%d", w, l, x)
		}
		return fmt.Sprintf("%d-%d", w, l)
	}
	return ""
}

// FranchisePath is the request path of a team's core API franchise.
func FranchisePath(sport, slug, id string) string {
	return "/core/v2/sports/" + sport + "/leagues/" + slug + "/franchises/" + id
}

// TeamPath is the request path of a team's site API detail (its record).
func TeamPath(sport, slug, id string) string { return TeamsPath(sport, slug) + "/" + id }

// PhotoPath is the CDN path (below the CDN root) of a venue's photo.
func PhotoPath(slug string, v Venue) string {
	ext := v.Photo
	if ext != "png" {
		ext = "jpg"
	}
	return "/i/venues/" + url.PathEscape(slug) + "/day/" + v.ID + "." + ext
}

// photoSize is the size of the generated venue photos: ESPN's are wide
// day shots of about this size.
const photoW, photoH = 1280, 720

// addVenueRoutes adds the franchises, team details and venue photos of l.
func addVenueRoutes(r map[string]response, l league, cdn string) {
	for _, t := range Teams(l.sport, l.slug) {
		v, ok := VenueOf(l.sport, l.slug, t.Abbreviation)
		if !ok {
			continue
		}
		venue := map[string]any{
			"$ref":     "http://sports.core.api.espn.com/v2/venues/" + v.ID + "?lang=en&region=us",
			"id":       v.ID,
			"fullName": v.Name,
			"address":  map[string]any{"city": v.City, "state": v.State, "zipCode": ""},
			"grass":    l.sport != "basketball" && l.sport != "hockey",
			"indoor":   l.sport == "basketball" || l.sport == "hockey",
			"images":   []any{},
		}
		if v.Photo != "none" {
			venue["images"] = []logoJSON{{Href: cdn + PhotoPath(l.slug, v), Width: photoW, Height: photoH, Alt: "", Rel: []string{"full", "day"}}}
		}
		r[FranchisePath(l.sport, l.slug, t.ID)] = response{200, jsonType, mustJSON(map[string]any{
			"$ref": "http://sports.core.api.espn.com" + strings.TrimPrefix(FranchisePath(l.sport, l.slug, t.ID), "/core") + "?lang=en&region=us",
			"id":   t.ID, "uid": "s:0~l:" + l.id + "~f:" + t.ID, "slug": t.Slug, "location": t.Location,
			"name": t.Name, "abbreviation": t.Abbreviation, "displayName": t.DisplayName,
			"shortDisplayName": t.ShortDisplayName, "color": t.Color, "isActive": true,
			"venue": venue,
			"team":  map[string]string{"$ref": "http://sports.core.api.espn.com/v2/sports/" + l.sport + "/leagues/" + l.slug + "/seasons/2026/teams/" + t.ID},
		}), nil}
		rec := RecordOf(l.sport, l.slug, t.Abbreviation)
		r[TeamPath(l.sport, l.slug, t.ID)] = response{200, jsonType, mustJSON(map[string]any{"team": map[string]any{
			"id": t.ID, "abbreviation": t.Abbreviation, "displayName": t.DisplayName, "color": t.Color,
			"record": map[string]any{"items": []map[string]any{
				{"description": "Overall Record", "type": "total", "summary": rec},
				{"description": "Home Record", "type": "home", "summary": "1-0"},
			}},
		}}), nil}
		if v.Photo == "jpg" || v.Photo == "png" {
			r["/cdn"+PhotoPath(l.slug, v)] = response{200, "image/" + map[string]string{"jpg": "jpeg", "png": "png"}[v.Photo], nil,
				nil}
			photos.Store("/cdn"+PhotoPath(l.slug, v), photoSpec{v.ID + v.Name, t.Color, t.AlternateColor, v.Photo})
		}
	}
}

// photoSpec describes a generated venue photo.
type photoSpec struct{ seed, home, away, format string }

// photos maps CDN request paths to their photo (drawn on first request,
// then kept: the bytes depend only on the spec).
var (
	photos      sync.Map // path → photoSpec
	photoBytes  sync.Map // photoSpec → *lazyBytes
	photoDrawMu sync.Mutex
)

// photo returns the encoded photo served at path, if any.
func photo(path string) ([]byte, bool) {
	v, ok := photos.Load(path)
	if !ok {
		return nil, false
	}
	spec := v.(photoSpec)
	lb, _ := photoBytes.LoadOrStore(spec, &lazyBytes{})
	b := lb.(*lazyBytes)
	b.once.Do(func() {
		photoDrawMu.Lock() // one at a time: tests are short of CPU
		defer photoDrawMu.Unlock()
		b.data = demo.VenuePhoto(spec.seed, spec.home, spec.away, photoW, photoH, spec.format)
	})
	return b.data, true
}
