package main

import (
	"bytes"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"gamethumbs/internal/catalog/thesportsdb/thesportsdbtest"
)

// leagueArtCases are the leagues whose own providers (or the table) once
// had no logo the fakes could serve, each with the badge label the fake
// TheSportsDB draws for it and a matchup of the fakes.
var leagueArtCases = []struct {
	league, badge, team1, team2 string
}{
	{"f1", "F1", "mclaren", "mercedes"},
	{"nascar", "NASCAR", "hendrick", "gibbs"},
	{"atp", "ATP", "alcaraz", "sinner"},
	{"wta", "WTA", "swiatek", "gauff"},
	{"pwhl", "PWHL", "minnesota", "ottawa"},
	{"urc", "URC", "leinster", "munster"},
}

// TestLeagueArtFromTheFakes: the league pictures and matchups of F1,
// NASCAR, ATP, WTA, PWHL and a rugby league show the league badge the
// fake TheSportsDB serves (its colour covers part of the picture), not
// the wordmark card that stands in when no source has a logo.
func TestLeagueArtFromTheFakes(t *testing.T) {
	if testing.Short() {
		t.Skip("starts every provider fake and renders 24 pictures")
	}
	svc := startWithProviders(t)
	waitAthletes(t, svc)
	out := os.Getenv("GAMETHUMBS_LEAGUEART_DIR") // set to look at the pictures
	for _, c := range leagueArtCases {
		colour := thesportsdbtest.LeagueBadgeColour(c.badge)
		for _, path := range []string{
			"/" + c.league + "/thumb", "/" + c.league + "/logo",
			"/" + c.league + "/" + c.team1 + "/" + c.team2 + "/thumb",
			"/" + c.league + "/" + c.team1 + "/" + c.team2 + "/cover",
		} {
			resp, body := svc.get(t, path)
			if resp.StatusCode != 200 {
				t.Errorf("%s = %d %s", path, resp.StatusCode, body)
				continue
			}
			img, err := png.Decode(bytes.NewReader(body))
			if err != nil {
				t.Errorf("%s: %v", path, err)
				continue
			}
			if out != "" {
				name := strings.ReplaceAll(strings.Trim(path, "/"), "/", "_") + ".png"
				_ = os.WriteFile(filepath.Join(out, name), body, 0o644)
			}
			share := colourShare(img, colour)
			t.Logf("%s: %.4f of the picture in #%s", path, share, colour)
			if share < 0.002 {
				t.Errorf("%s: %.4f of the picture in the badge colour #%s, want the fake's %s badge (placeholder card?)",
					path, share, colour, c.badge)
			}
		}
	}
}

// colourShare is the share of img's pixels within 16 per channel of the
// opaque colour hex ("rrggbb").
func colourShare(img image.Image, hex string) float64 {
	v, _ := strconv.ParseUint(hex, 16, 32)
	want := [3]int{int(v >> 16), int(v >> 8 & 0xff), int(v & 0xff)}
	b := img.Bounds()
	n := 0
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, a := img.At(x, y).RGBA()
			if a < 0xf000 {
				continue
			}
			got := [3]int{int(r >> 8), int(g >> 8), int(bl >> 8)}
			ok := true
			for i := range got {
				if d := got[i] - want[i]; d > 16 || d < -16 {
					ok = false
				}
			}
			if ok {
				n++
			}
		}
	}
	return float64(n) / float64(b.Dx()*b.Dy())
}
