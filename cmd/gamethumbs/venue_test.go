package main

import (
	"bytes"
	"encoding/json"
	"image"
	"image/png"
	"net/url"
	"testing"

	"golang.org/x/image/webp"

	"gamethumbs/internal/espntest"
)

// venueMatchups are away @ home matchups of the fake's US leagues, with
// the home team's ESPN id and abbreviation.
var venueMatchups = []struct {
	league, away, home, sport, slug, homeID, homeAbbr string
}{
	{"nba", "lakers", "celtics", "basketball", "nba", "2", "BOS"},
	{"nfl", "bills", "chiefs", "football", "nfl", "12", "KC"},
	{"nhl", "canadiens", "maple leafs", "hockey", "nhl", "21", "TOR"},
	{"mlb", "red sox", "yankees", "baseball", "mlb", "10", "NYY"},
}

// TestVenueStylesEndToEnd: styles 10-13 answer a PNG (and a WebP) for
// thumbs and covers of NBA, NFL, NHL and MLB matchups, drawn over the home
// team's venue photo (the second team's: "away @ home"), complete and
// cached for the day.
func TestVenueStylesEndToEnd(t *testing.T) {
	svc := start(t, nil)
	for _, m := range venueMatchups {
		photo, _ := espntest.VenueOf(m.sport, m.slug, m.homeAbbr)
		photoPath := "/cdn" + espntest.PhotoPath(m.slug, photo)
		for _, st := range []string{"10", "11", "12", "13"} {
			for _, kind := range []string{"thumb", "cover"} {
				path := "/" + m.league + "/" + url.PathEscape(m.away) + "/" + url.PathEscape(m.home) + "/" + kind + "?style=" + st
				resp, body := svc.get(t, path)
				if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "image/png" {
					t.Fatalf("GET %s = %d %s %s", path, resp.StatusCode, resp.Header.Get("Content-Type"), body)
				}
				img, err := png.Decode(bytes.NewReader(body))
				if err != nil {
					t.Fatalf("GET %s: %v", path, err)
				}
				if want := map[string]image.Point{"thumb": {1440, 1080}, "cover": {1080, 1440}}[kind]; img.Bounds().Size() != want {
					t.Errorf("GET %s: %v, want %v", path, img.Bounds().Size(), want)
				}
				if cc := resp.Header.Get("Cache-Control"); cc != "public, max-age=86400" {
					t.Errorf("GET %s: Cache-Control %q, want the full day (a complete picture)", path, cc)
				}
			}
		}
		if n := svc.espn.Hits(photoPath); n != 1 {
			t.Errorf("%s: the home venue's photo %s was downloaded %d times for 8 pictures, want once", m.league, photoPath, n)
		}
		if n := svc.espn.Hits(espntest.FranchisePath(m.sport, m.slug, m.homeID)); n != 1 {
			t.Errorf("%s: home franchise asked %d times, want once", m.league, n)
		}
	}
	resp, body := svc.get(t, "/nba/lakers/celtics/thumb.webp?style=13")
	if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "image/webp" {
		t.Fatalf("WebP style 13 = %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	if _, err := webp.DecodeConfig(bytes.NewReader(body)); err != nil {
		t.Errorf("WebP style 13: %v", err)
	}
}

// TestVenueHomeChoice: by default the second team of a US league is home,
// home= names it, /event art follows the title's "@" and "vs", and a
// home= that names neither team is a 400.
func TestVenueHomeChoice(t *testing.T) {
	svc := start(t, nil)
	pic := func(path string) []byte {
		t.Helper()
		resp, body := svc.get(t, path)
		if resp.StatusCode != 200 {
			t.Fatalf("GET %s = %d %s", path, resp.StatusCode, body)
		}
		return body
	}
	atBoston := pic("/nba/lakers/celtics/thumb?style=10&home=celtics")
	atLA := pic("/nba/lakers/celtics/thumb?style=10&home=lakers")
	if bytes.Equal(atBoston, atLA) {
		t.Fatal("home=celtics and home=lakers give the same picture")
	}
	if !bytes.Equal(pic("/nba/lakers/celtics/thumb?style=10"), atBoston) {
		t.Error("lakers/celtics: the default is not the second team's venue")
	}
	if !bytes.Equal(pic("/nba/celtics/lakers/thumb?style=10"), pic("/nba/celtics/lakers/thumb?style=10&home=lakers")) {
		t.Error("celtics/lakers: the default is not the second team's venue")
	}
	// Titles: "A @ B" is at B, "A vs B" at A (the event picture is the
	// matchup in the title's order).
	if !bytes.Equal(pic("/event/thumb?style=10&title="+url.QueryEscape("NBA: Celtics @ Lakers")),
		pic("/nba/celtics/lakers/thumb?style=10&home=lakers")) {
		t.Error(`event "Celtics @ Lakers" is not drawn at the Lakers' venue`)
	}
	if !bytes.Equal(pic("/event/thumb?style=10&title="+url.QueryEscape("NBA: Celtics vs Lakers")),
		pic("/nba/celtics/lakers/thumb?style=10&home=celtics")) {
		t.Error(`event "Celtics vs Lakers" is not drawn at the Celtics' venue`)
	}
	resp, body := svc.get(t, "/nba/lakers/celtics/thumb?style=10&home=knicks")
	if resp.StatusCode != 400 || !bytes.Contains(body, []byte("home")) {
		t.Errorf("home=knicks = %d %s, want a 400 naming home", resp.StatusCode, body)
	}
}

// TestVenueFallbacks: a venue without a photo, a photo that answers 404
// and a team without venue or record all give a picture; only the failed
// photo is degraded (served short-lived and drawn again next time).
func TestVenueFallbacks(t *testing.T) {
	svc := start(t, nil)
	for _, tc := range []struct {
		path     string
		degraded bool
	}{
		{"/nfl/bears/packers/thumb?style=10", false},   // GB: venue without photo
		{"/nhl/bruins/utah/cover?style=12", false},     // UTAH: no franchise, no record
		{"/nba/lakers/pistons/thumb?style=11", true},   // DET: the photo answers 404
		{"/mlb/yankees/mariners/cover?style=13", true}, // SEA: same
	} {
		resp, body := svc.get(t, tc.path)
		if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "image/png" {
			t.Fatalf("GET %s = %d %s", tc.path, resp.StatusCode, body)
		}
		cc := resp.Header.Get("Cache-Control")
		if tc.degraded && cc != "public, max-age=60" {
			t.Errorf("GET %s (photo failed): Cache-Control %q, want the short degraded lifetime", tc.path, cc)
		}
		if !tc.degraded && cc != "public, max-age=86400" {
			t.Errorf("GET %s: Cache-Control %q, want the full day (nothing failed)", tc.path, cc)
		}
		if tc.degraded {
			_, again := svc.get(t, tc.path)
			if !bytes.Equal(again, body) {
				t.Errorf("GET %s: the fallback is not the same picture the second time", tc.path)
			}
			if n := bytes.Count([]byte(svc.logs.String()), []byte("venue photo unavailable")); n == 0 {
				t.Errorf("GET %s: no warning for the failed photo", tc.path)
			}
		}
	}
}

// TestRawCarriesVenueAndRecord: a team's /raw has game-thumbs' venue and
// record fields, null when unknown.
func TestRawCarriesVenueAndRecord(t *testing.T) {
	svc := start(t, nil)
	_, body := svc.get(t, "/nba/lakers/raw")
	var got map[string]any
	if err := json.Unmarshal(body, &got); err != nil {
		t.Fatal(err)
	}
	want := map[string]any{"stadiumName": "Crypto.com Arena", "stadiumCity": "Los Angeles", "stadiumState": "CA",
		"record": espntest.RecordOf("basketball", "nba", "LAL")}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("/nba/lakers/raw %s = %v, want %v", k, got[k], v)
		}
	}
	if s, _ := got["stadiumImage"].(string); s == "" {
		t.Errorf("/nba/lakers/raw stadiumImage = %v, want the photo URL", got["stadiumImage"])
	}
	_, body = svc.get(t, "/nhl/utah/raw")
	got = nil
	if err := json.Unmarshal(body, &got); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"record", "stadiumName", "stadiumCity", "stadiumState", "stadiumImage"} {
		if v, ok := got[k]; !ok || v != nil {
			t.Errorf("/nhl/utah/raw %s = %v (present %v), want null", k, v, ok)
		}
	}
}

// TestVenuePhotoOutageIsNeverCachedAsSuccess: while the home venue's photo
// fails, the picture is the designed fallback, degraded (short-lived, an
// ETag of its own) and drawn again on the next request; once the photo
// answers, the same URL shows it and is kept for the day.
func TestVenuePhotoOutageIsNeverCachedAsSuccess(t *testing.T) {
	svc := start(t, nil)
	const path = "/nba/lakers/celtics/thumb?style=12"
	v, _ := espntest.VenueOf("basketball", "nba", "BOS")
	photo := "/cdn" + espntest.PhotoPath("nba", v)
	svc.espn.Fail(photo, 503)
	resp, degraded := svc.get(t, path)
	if resp.StatusCode != 200 || resp.Header.Get("Cache-Control") != "public, max-age=60" {
		t.Fatalf("photo down: %d, Cache-Control %q; want a short-lived picture", resp.StatusCode, resp.Header.Get("Cache-Control"))
	}
	if tag := resp.Header.Get("ETag"); len(tag) < 4 || tag[:4] != `"dg-` {
		t.Errorf("photo down: ETag %s, want a degraded one", tag)
	}
	hits := svc.espn.Hits(photo)
	svc.get(t, path)
	if svc.espn.Hits(photo) == hits {
		t.Error("second request while the photo is down did not ask for it again: the fallback was cached")
	}
	svc.espn.Fail(photo, 0)
	resp, full := svc.get(t, path)
	if bytes.Equal(full, degraded) || resp.Header.Get("Cache-Control") != "public, max-age=86400" {
		t.Errorf("photo back: same picture %v, Cache-Control %q; want the photo, kept for the day",
			bytes.Equal(full, degraded), resp.Header.Get("Cache-Control"))
	}
}
