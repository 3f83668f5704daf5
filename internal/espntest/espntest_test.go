package espntest

import (
	"bytes"
	"context"
	"encoding/json"
	"image/jpeg"
	"image/png"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"
)

func get(t *testing.T, url string) (int, string, []byte) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatalf("GET %s: %v", url, err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("GET %s: read: %v", url, err)
	}
	return resp.StatusCode, resp.Header.Get("Content-Type"), body
}

type teamsDoc struct {
	Sports []struct {
		Leagues []struct {
			Teams []struct {
				Team struct {
					ID, Abbreviation, DisplayName, Location, Color string
					Logos                                          []struct {
						Href string
						Rel  []string
					}
				}
			}
		}
	}
}

func TestTeamLists(t *testing.T) {
	s := New(t)
	tests := []struct {
		sport, slug string
		want        int
	}{
		{"basketball", "nba", 30},
		{"football", "nfl", 32},
		{"hockey", "nhl", 32},
		{"soccer", "eng.1", 20},
		{"soccer", "usa.1", 29},
		{"football", "college-football", 34},
	}
	for _, tt := range tests {
		status, ctype, body := get(t, s.SiteURL+"/apis/site/v2/sports/"+tt.sport+"/"+tt.slug+"/teams?limit=1000")
		if status != http.StatusOK || !strings.HasPrefix(ctype, "application/json") {
			t.Fatalf("teams %s/%s: status %d, type %q, want 200 JSON", tt.sport, tt.slug, status, ctype)
		}
		var doc teamsDoc
		if err := json.Unmarshal(body, &doc); err != nil {
			t.Fatalf("teams %s/%s: %v", tt.sport, tt.slug, err)
		}
		teams := doc.Sports[0].Leagues[0].Teams
		if len(teams) != tt.want || len(Teams(tt.sport, tt.slug)) != tt.want {
			t.Errorf("teams %s/%s: %d served, %d in Teams(), want %d", tt.sport, tt.slug, len(teams), len(Teams(tt.sport, tt.slug)), tt.want)
		}
		for _, e := range teams {
			for _, l := range e.Team.Logos {
				if !strings.HasPrefix(l.Href, s.CDNURL+"/i/teamlogos/") {
					t.Errorf("team %s logo href %q, want it under %s", e.Team.DisplayName, l.Href, s.CDNURL)
				}
			}
		}
	}
	if got := s.Hits(TeamsPath("basketball", "nba")); got != 1 {
		t.Errorf("Hits(nba teams) = %d, want 1", got)
	}
}

func TestTrickyCollegeNames(t *testing.T) {
	want := []string{"Ohio State Buckeyes", "Ohio Bobcats", "Miami Hurricanes", "Miami (OH) RedHawks",
		"Texas A&M Aggies", "St. John's Red Storm", "San José State Spartans", "Hawai'i Rainbow Warriors"}
	have := make(map[string]bool)
	for _, tm := range Teams("football", "college-football") {
		have[tm.DisplayName] = true
	}
	for _, n := range want {
		if !have[n] {
			t.Errorf("Teams(college-football) lacks %q", n)
		}
	}
}

// TestLogosAreServed fetches the logos that the team lists name (those of
// the first team of each league and of every team whose logo is not a
// PNG: drawing them all takes seconds) and checks that each decodes as the
// type it claims.
func TestLogosAreServed(t *testing.T) {
	s := New(t)
	formats := make(map[string]int)
	for _, l := range leagues {
		_, _, body := get(t, s.SiteURL+"/apis/site/v2/sports/"+l.sport+"/"+l.slug+"/teams")
		var doc teamsDoc
		if err := json.Unmarshal(body, &doc); err != nil {
			t.Fatal(err)
		}
		facts := Teams(l.sport, l.slug)
		for i, e := range doc.Sports[0].Leagues[0].Teams {
			if i >= 1 && facts[i].Logo == "png" {
				continue
			}
			for _, lg := range e.Team.Logos {
				status, ctype, data := get(t, lg.Href)
				if status != http.StatusOK {
					t.Errorf("GET %s = %d, want 200", lg.Href, status)
					continue
				}
				formats[ctype]++
				checkImage(t, lg.Href, ctype, data)
			}
		}
	}
	for _, ct := range []string{"image/png", "image/jpeg", "image/svg+xml"} {
		if formats[ct] == 0 {
			t.Errorf("no team logo served as %s", ct)
		}
	}
}

func checkImage(t *testing.T, url, ctype string, data []byte) {
	t.Helper()
	switch ctype {
	case "image/svg+xml":
		if !bytes.HasPrefix(data, []byte("<svg")) {
			t.Errorf("%s: SVG body starts %q", url, data[:min(10, len(data))])
		}
		return
	case "image/jpeg":
		img, err := jpeg.Decode(bytes.NewReader(data))
		if err != nil || img.Bounds().Dx() != 500 || img.Bounds().Dy() != 500 {
			t.Errorf("%s: jpeg.Decode = %v, %v, want a 500x500 image", url, err, img)
		}
		return
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Errorf("%s: png.Decode: %v", url, err)
		return
	}
	if b := img.Bounds(); b.Dx() != 500 || b.Dy() != 500 {
		t.Errorf("%s: size %v, want 500x500", url, b)
	}
	if _, _, _, a := img.At(0, 0).RGBA(); a != 0 {
		t.Errorf("%s: corner alpha %d, want transparent", url, a)
	}
	if _, _, _, a := img.At(250, 120).RGBA(); a != 0xffff {
		t.Errorf("%s: badge alpha %d at (250,120), want opaque", url, a)
	}
}

func TestDarkLogoIsLighter(t *testing.T) {
	s := New(t)
	luma := func(path string) float64 {
		_, _, data := get(t, s.CDNURL+path)
		img, err := png.Decode(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		r, g, b, _ := img.At(250, 120).RGBA()
		return 0.299*float64(r) + 0.587*float64(g) + 0.114*float64(b)
	}
	light, dark := luma("/i/teamlogos/nba/500/lal.png"), luma("/i/teamlogos/nba/500-dark/lal.png")
	if dark <= light {
		t.Errorf("luma of dark Lakers logo %.0f, light %.0f: want the dark variant lighter", dark, light)
	}
}

func TestSpecialTeams(t *testing.T) {
	find := func(sport, slug, abbr string) Team {
		for _, tm := range Teams(sport, slug) {
			if tm.Abbreviation == abbr {
				return tm
			}
		}
		t.Fatalf("no team %s in %s/%s", abbr, sport, slug)
		return Team{}
	}
	if tm := find("soccer", "usa.1", "ATX"); tm.Logo != "none" {
		t.Errorf("usa.1 ATX logo = %q, want none", tm.Logo)
	}
	if tm := find("soccer", "eng.1", "BRE"); tm.Color != "" || tm.AlternateColor != "" {
		t.Errorf("eng.1 BRE colours = %q/%q, want none", tm.Color, tm.AlternateColor)
	}
	if tm := find("hockey", "nhl", "SEA"); tm.Logo != "svg" {
		t.Errorf("nhl SEA logo = %q, want svg", tm.Logo)
	}
	if tm := find("basketball", "nba", "MEM"); tm.Logo != "jpg" {
		t.Errorf("nba MEM logo = %q, want jpg", tm.Logo)
	}
}

func TestCoreAPI(t *testing.T) {
	s := New(t)
	var obj struct {
		Logos []struct {
			Href string
			Rel  []string
		}
	}
	_, _, body := get(t, s.CoreURL+"/v2/sports/basketball/leagues/nba")
	if err := json.Unmarshal(body, &obj); err != nil || len(obj.Logos) != 2 {
		t.Fatalf("league object nba: %v, %d logos, want 2", err, len(obj.Logos))
	}
	for _, l := range obj.Logos {
		if status, _, _ := get(t, l.Href); status != http.StatusOK {
			t.Errorf("GET %s = %d, want 200", l.Href, status)
		}
	}
	var refs struct {
		Items []struct {
			Ref string `json:"$ref"`
		}
	}
	_, _, body = get(t, s.CoreURL+"/v2/sports?limit=1000")
	if err := json.Unmarshal(body, &refs); err != nil || len(refs.Items) != len(discovery) {
		t.Fatalf("sports list: %v, %d items, want %d", err, len(refs.Items), len(discovery))
	}
	_, _, body = get(t, s.CoreURL+"/v2/sports/soccer/leagues?limit=1000")
	if !bytes.Contains(body, []byte(`/v2/sports/soccer/leagues/eng.2?`)) {
		t.Errorf("soccer league list lacks eng.2: %s", body)
	}
	if status, _, _ := get(t, s.CDNURL+"/i/teamlogos/leagues/500/mls.png"); status != http.StatusOK {
		t.Errorf("CDN mls.png = %d, want 200", status)
	}
	if status, _, _ := get(t, s.URL+"/nowhere"); status != http.StatusNotFound {
		t.Errorf("GET /nowhere = %d, want 404", status)
	}
}

func TestKnobs(t *testing.T) {
	s := New(t)
	path := TeamsPath("hockey", "nhl")
	s.Fail("/site/", http.StatusServiceUnavailable)
	if status, _, _ := get(t, s.URL+path); status != http.StatusServiceUnavailable {
		t.Errorf("after Fail: status %d, want 503", status)
	}
	s.Fail(path, http.StatusTeapot)
	if status, _, _ := get(t, s.URL+path); status != http.StatusTeapot {
		t.Errorf("longest Fail prefix: status %d, want 418", status)
	}
	s.Fail(path, 0)
	s.Fail("/site/", 0)
	if status, _, _ := get(t, s.URL+path); status != http.StatusOK {
		t.Errorf("after removing Fail: status %d, want 200", status)
	}

	s.SetResponse(path, http.StatusOK, "application/json", []byte(`{"href":"{{CDN}}/x.png"}`))
	if _, _, body := get(t, s.URL+path); string(body) != `{"href":"`+s.CDNURL+`/x.png"}` {
		t.Errorf("SetResponse body = %s", body)
	}
	s.SetResponse(path, 0, "", nil)
	if _, _, body := get(t, s.URL+path); !bytes.Contains(body, []byte("Anaheim")) {
		t.Errorf("after removing SetResponse the team list is not back")
	}

	s.Delay("/site/", time.Hour)
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, s.URL+path, nil)
	req.Header.Set("User-Agent", "knob-test")
	if resp, err := http.DefaultClient.Do(req); err == nil {
		resp.Body.Close()
		t.Errorf("delayed request succeeded, want the client deadline to end it")
	}
	if got := s.Hits(path); got != 6 {
		t.Errorf("Hits(%s) = %d, want 6", path, got)
	}
	if got := s.Header(path).Get("User-Agent"); got != "knob-test" {
		t.Errorf("Header(%s) User-Agent = %q, want knob-test", path, got)
	}
}

func TestLogosAreDeterministic(t *testing.T) {
	a, b := New(t), New(t)
	_, _, x := get(t, a.CDNURL+"/i/teamlogos/nfl/500/kc.png")
	_, _, y := get(t, b.CDNURL+"/i/teamlogos/nfl/500/kc.png")
	if !bytes.Equal(x, y) || len(x) == 0 {
		t.Errorf("KC logo differs between servers (%d vs %d bytes)", len(x), len(y))
	}
	// Drawing again from scratch gives the same pixels.
	img := logoImage{Label: "KC", Color: "e31837", Alt: "ffb612", Format: "png"}
	if !bytes.Equal(img.encode(), x) {
		t.Errorf("KC logo is not reproducible")
	}
}
