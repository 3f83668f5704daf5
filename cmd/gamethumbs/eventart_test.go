package main

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
)

// eventPanel is an XC panel with one event channel and one ordinary one.
func eventPanel(t *testing.T) *httptest.Server {
	t.Helper()
	const event = "NBA 03: Mavs vs Spurs @ 6PM"
	mux := http.NewServeMux()
	mux.HandleFunc("/get.php", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/octet-stream")
		w.Write([]byte("#EXTM3U\n" +
			"#EXTINF:-1 tvg-id=\"nba03\" tvg-name=\"" + event + "\" tvg-logo=\"http://panel.example/nba03.png\" group-title=\"NBA\"," + event + "\n" +
			"http://panel.example/live/u/p/1.ts\n" +
			"#EXTINF:-1 tvg-id=\"cnn\" tvg-logo=\"\" group-title=\"News\",CNN HD\n" +
			"http://panel.example/live/u/p/2.ts\n"))
	})
	mux.HandleFunc("/player_api.php", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(`[{"num":1,"name":"` + event + `","stream_id":1,"stream_icon":"http://panel.example/nba03.png","epg_channel_id":"nba03"},` +
			`{"num":2,"name":"CNN HD","stream_id":2,"stream_icon":"","epg_channel_id":"cnn"}]`))
	})
	mux.HandleFunc("/xmltv.php", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/xml")
		w.Write([]byte(`<?xml version="1.0" encoding="UTF-8"?>
<tv>
  <channel id="nba03"><display-name>NBA 03</display-name></channel>
  <channel id="cnn"><display-name>CNN HD</display-name><icon src="http://logos.example/cnn.png"/></channel>
  <programme start="20251123230000 +0000" stop="20251124020000 +0000" channel="nba03">
    <title lang="en">NBA: Dallas Mavericks at San Antonio Spurs</title>
  </programme>
  <programme start="20251123230000 +0000" stop="20251124000000 +0000" channel="cnn">
    <title lang="en">Evening News</title>
  </programme>
</tv>
`))
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv
}

// Through the proxy, an event channel gets our thumbnail URL (absolute),
// an ordinary one keeps the guide's logo, and the guide's matchup
// programme gets our thumbnail as its icon. The URL serves the picture
// /event gives for the channel's name.
func TestXCEventArt(t *testing.T) {
	panel := eventPanel(t)
	svc := start(t, map[string]string{
		"XC_PROXY": "true", "XC_PROXY_UPSTREAM": "main=" + panel.URL,
		"XC_EVENT_ART": "thumb", "XC_EVENT_ART_GUIDE": "true",
	})
	want := svc.base + "/nba/dal/sa/thumb"

	resp, body := svc.get(t, "/xc/main/get.php?username=u&password=p&type=m3u_plus")
	if resp.StatusCode != 200 {
		t.Fatalf("playlist: %d %s", resp.StatusCode, body)
	}
	if !strings.Contains(string(body), `tvg-logo="`+want+`"`) || strings.Contains(string(body), "panel.example/nba03.png") {
		t.Errorf("the event channel does not carry %s:\n%s", want, body)
	}
	if !strings.Contains(string(body), `tvg-logo="http://logos.example/cnn.png"`) {
		t.Errorf("the ordinary channel lost its guide logo:\n%s", body)
	}

	resp, body = svc.get(t, "/xc/main/player_api.php?username=u&password=p&action=get_live_streams")
	var items []map[string]any
	if err := json.Unmarshal(body, &items); err != nil || len(items) != 2 {
		t.Fatalf("live streams: %d %v %s", resp.StatusCode, err, body)
	}
	if items[0]["stream_icon"] != want || items[1]["stream_icon"] != "http://logos.example/cnn.png" {
		t.Errorf("stream icons = %v, %v; want %s and the guide's", items[0]["stream_icon"], items[1]["stream_icon"], want)
	}

	resp, body = svc.get(t, "/xc/main/xmltv.php?username=u&password=p")
	if resp.StatusCode != 200 || !strings.Contains(string(body), "<title lang=\"en\">NBA: Dallas Mavericks at San Antonio Spurs</title>\n    <icon src=\""+want+"\"/>\n  </programme>") {
		t.Errorf("guide: %d\n%s", resp.StatusCode, body)
	}
	if strings.Count(string(body), "<icon ") != 2 {
		t.Errorf("guide has %d icons, want 2 (the channel's and the matchup's)", strings.Count(string(body), "<icon "))
	}

	// The URL is a real picture: the one /event gives for the channel name.
	_, pic := svc.get(t, strings.TrimPrefix(want, svc.base))
	_, ev := svc.get(t, "/event/thumb?title="+url.QueryEscape("NBA 03: Mavs vs Spurs @ 6PM"))
	if len(pic) < 1000 || !bytes.Equal(pic, ev) {
		t.Errorf("%s: %d bytes, /event/thumb: %d bytes; want the same picture", want, len(pic), len(ev))
	}
}

// With a public URL, the pictures carry it.
func TestXCEventArtPublicURL(t *testing.T) {
	panel := eventPanel(t)
	svc := start(t, map[string]string{
		"XC_PROXY": "true", "XC_PROXY_UPSTREAM": "main=" + panel.URL,
		"XC_EVENT_ART": "logo", "XC_PROXY_PUBLIC_URL": "https://tv.example.com",
	})
	_, body := svc.get(t, "/xc/main/get.php?username=u&password=p&type=m3u_plus")
	if !strings.Contains(string(body), `tvg-logo="https://tv.example.com/nba/dal/sa/logo"`) {
		t.Errorf("playlist:\n%s", body)
	}
	// The guide is not rewritten without XC_EVENT_ART_GUIDE.
	_, body = svc.get(t, "/xc/main/xmltv.php?username=u&password=p")
	if strings.Contains(string(body), "tv.example.com") {
		t.Errorf("guide rewritten without XC_EVENT_ART_GUIDE:\n%s", body)
	}
}
