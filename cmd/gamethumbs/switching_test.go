package main

import (
	"bytes"
	"encoding/json"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A game-thumbs user's template URLs: the team facts its teams.json gave
// (aliases, abbreviations, pseudo-teams) work unchanged.
func TestGameThumbsTeamFacts(t *testing.T) {
	svc := start(t, nil)
	raws := []struct{ path, field, want string }{
		{"/nhl/utah/raw", "abbreviation", "UTA"},
		{"/epl/mufc/raw", "abbreviation", "MUN"},
		{"/epl/man%20u/raw", "fullName", "Manchester United"},
		{"/epl/spurs/raw", "fullName", "Tottenham Hotspur"},
		{"/epl/thfc/raw", "fullName", "Tottenham Hotspur"},
		{"/epl/nffc/raw", "fullName", "Nottingham Forest"},
		{"/ncaaf/appalachian%20st/raw", "fullName", "App State Mountaineers"},
		{"/nfl/afc/raw", "fullName", "American Football Conference"},
		{"/nfl/national%20football%20conference/raw", "abbreviation", "NFC"},
	}
	for _, tt := range raws {
		resp, body := svc.get(t, tt.path)
		var rec map[string]string
		if resp.StatusCode != 200 || json.Unmarshal(body, &rec) != nil || rec[tt.field] != tt.want {
			t.Errorf("GET %s = %d %s; want %s %q", tt.path, resp.StatusCode, body, tt.field, tt.want)
		}
	}
	for _, path := range []string{"/nfl/afc/nfc/thumb", "/nfl/afc/nfc/logo", "/epl/spurs/mufc/cover"} {
		resp, body := svc.get(t, path)
		if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "image/png" {
			t.Errorf("GET %s = %d %.200s", path, resp.StatusCode, body)
			continue
		}
		if _, err := png.Decode(bytes.NewReader(body)); err != nil {
			t.Errorf("GET %s: %v", path, err)
		}
		saveShot(path, body)
	}
}

// saveShot writes a picture to $GAMETHUMBS_SHOTS, when set, for looking at.
func saveShot(path string, body []byte) {
	if dir := os.Getenv("GAMETHUMBS_SHOTS"); dir != "" {
		name := strings.NewReplacer("/", "_", "?", "_", "&", "_", "=", "-").Replace(strings.TrimPrefix(path, "/"))
		_ = os.WriteFile(filepath.Join(dir, "switch_"+name+".png"), body, 0o644)
	}
}
