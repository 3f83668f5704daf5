package main

import (
	"bytes"
	"encoding/json"
	"net/url"
	"strings"
	"testing"
)

// An event title gives the very picture of the matchup route, whatever
// the spelling, with every matchup option.
func TestEventTitleRendersTheMatchup(t *testing.T) {
	svc := start(t, nil)
	_, want := svc.get(t, "/nba/mavericks/spurs/thumb")
	for _, path := range []string{
		"/event/thumb?title=NBA%2003:%20Mavs%20vs%20Spurs%20@%206PM",
		"/event/thumb.png?title=" + url.QueryEscape("(NBA) Dallas Mavericks @ San Antonio Spurs 8:00 PM ET"),
		"/event/thumb?title=" + url.QueryEscape("Mavs vs Spurs") + "&league=nba",
	} {
		resp, got := svc.get(t, path)
		if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "image/png" {
			t.Fatalf("%s: %d %s: %.200s", path, resp.StatusCode, resp.Header.Get("Content-Type"), got)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s: %d bytes differ from /nba/mavericks/spurs/thumb (%d bytes)", path, len(got), len(want))
		}
		if l := resp.Header.Get("Link"); !strings.Contains(l, "</nba/dal/sa/thumb>") {
			t.Errorf("%s: Link = %q, want the canonical /nba/dal/sa/thumb", path, l)
		}
	}
	// Options of the matchup routes are accepted and mean the same.
	_, want = svc.get(t, "/nba/dal/sa/cover?style=3&aspect=9-16&badge=HD")
	resp, got := svc.get(t, "/event/cover?style=3&aspect=9-16&badge=HD&title="+url.QueryEscape("NBA: Mavericks at Spurs"))
	if resp.StatusCode != 200 || !bytes.Equal(got, want) {
		t.Errorf("event cover with options: %d, %d bytes; want the %d bytes of the matchup route", resp.StatusCode, len(got), len(want))
	}
	_, want = svc.get(t, "/nba/dal/sa/logo?style=2&size=512")
	resp, got = svc.get(t, "/event/logo.png?style=2&size=512&title="+url.QueryEscape("NBA | Mavs v Spurs"))
	if resp.StatusCode != 200 || !bytes.Equal(got, want) {
		t.Errorf("event logo with options: %d, %d bytes; want the %d bytes of the matchup route", resp.StatusCode, len(got), len(want))
	}
	// A league named without a matchup gives the league picture.
	_, want = svc.get(t, "/nfl/thumb")
	resp, got = svc.get(t, "/event/thumb?title="+url.QueryEscape("NFL Wild Card Round"))
	if resp.StatusCode != 200 || !bytes.Equal(got, want) {
		t.Errorf("league-only title: %d, %d bytes; want the %d bytes of /nfl/thumb", resp.StatusCode, len(got), len(want))
	}
}

// Different spellings of one game share one cache entry: only the first
// renders.
func TestEventSpellingsShareOneRender(t *testing.T) {
	svc := start(t, nil)
	renders := func() string {
		_, body := svc.get(t, "/metrics")
		for _, line := range strings.Split(string(body), "\n") {
			if strings.HasPrefix(line, "gamethumbs_renders_total") {
				return line
			}
		}
		return ""
	}
	var etags []string
	var after []string
	for _, title := range []string{"NHL: Bruins vs Rangers", "(NHL) Boston Bruins @ New York Rangers 7PM ET", "Bruins v Rangers | NHL | LIVE"} {
		resp, _ := svc.get(t, "/event/cover?title="+url.QueryEscape(title))
		if resp.StatusCode != 200 {
			t.Fatalf("%s: %d", title, resp.StatusCode)
		}
		etags = append(etags, resp.Header.Get("ETag"))
		after = append(after, renders())
	}
	resp, _ := svc.get(t, "/nhl/bos/nyr/cover")
	after = append(after, renders())
	if after[0] == "" || after[1] != after[0] || after[2] != after[0] || after[3] != after[0] || resp.Header.Get("ETag") != etags[0] {
		t.Errorf("a later spelling rendered again: render counts %q", after)
	}
	if etags[0] == "" || etags[1] != etags[0] || etags[2] != etags[0] {
		t.Errorf("ETags differ across spellings: %v", etags)
	}
}

func TestEventRaw(t *testing.T) {
	svc := start(t, nil)
	resp, body := svc.get(t, "/event/raw?title="+url.QueryEscape("NBA 03: Mavs vs Spurs @ 6PM"))
	if resp.StatusCode != 200 {
		t.Fatalf("status %d: %s", resp.StatusCode, body)
	}
	var rec struct {
		League     string
		Team1      map[string]any
		Team2      map[string]any
		Confidence float64
		Canonical  string
	}
	if err := json.Unmarshal(body, &rec); err != nil {
		t.Fatal(err)
	}
	if rec.League != "nba" || rec.Canonical != "/nba/dal/sa" || rec.Team1["fullName"] != "Dallas Mavericks" ||
		rec.Team2["fullName"] != "San Antonio Spurs" || rec.Confidence < 0.45 || rec.Confidence > 1 {
		t.Errorf("raw = %s", body)
	}
	if rec.Team1["color"] == nil {
		t.Errorf("team1 has no colour: %s", body)
	}
}

func TestEventErrors(t *testing.T) {
	svc := start(t, nil)
	tests := []struct {
		path   string
		status int
		want   string // in the body
	}{
		{"/event/thumb", 400, "missing title"},
		{"/event/thumb?title=a&title=b", 400, "given 2 times"},
		{"/event/thumb?title=" + strings.Repeat("x", 400), 400, "invalid title"},
		{"/event/thumb?title=" + url.QueryEscape("NFL RedZone"), 404, "no matchup"},
		{"/event/raw?title=" + url.QueryEscape("Kramer vs. Kramer"), 404, `"side1":"kramer"`},
		{"/event/thumb?title=Mavs+vs+Spurs&league=nosuchleague", 404, "unknown league"},
		{"/event/thumb?title=Mavs+vs+Spurs&style=42", 400, "invalid style"},
	}
	for _, tt := range tests {
		resp, body := svc.get(t, tt.path)
		if resp.StatusCode != tt.status || !strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json") ||
			!strings.Contains(string(body), tt.want) || !strings.Contains(string(body), `"error"`) {
			t.Errorf("%.60s: %d %s, want %d with %q", tt.path, resp.StatusCode, body, tt.status, tt.want)
		}
	}
	// fallback=true: a named league with unknown sides still gives a picture.
	resp, body := svc.get(t, "/event/thumb?fallback=true&title="+url.QueryEscape("NBA: Mavs vs Nobodies"))
	if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "image/png" {
		t.Errorf("fallback: %d %.200s", resp.StatusCode, body)
	}
}
