package xcproxy

import (
	"bytes"
	"compress/gzip"
	"context"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"

	"gamethumbs/internal/xcproxy/eventart"
)

func mavsNamer(_ context.Context, name string) (string, bool, error) {
	if strings.Contains(name, "Mavs vs Spurs") {
		return "/nba/dal/sa", true, nil
	}
	return "", false, nil
}

// A gzip-encoded guide is rewritten and sent plain, without the headers
// of the original bytes; with the guide unavailable, an event channel still
// gets its picture.
func TestEventArtGuideAndPlaylistWithoutGuide(t *testing.T) {
	p := newFakePanel(t)
	const doc = `<tv><programme start="1" channel="a"><title>NBA: Mavs vs Spurs</title></programme></tv>`
	var guideDown atomic.Bool
	p.handle("/xmltv.php", func(w http.ResponseWriter, r *http.Request) {
		if guideDown.Load() {
			http.Error(w, "down", http.StatusInternalServerError)
			return
		}
		var z bytes.Buffer
		zw := gzip.NewWriter(&z)
		zw.Write([]byte(doc))
		zw.Close()
		w.Header().Set("Content-Type", "application/gzip")
		w.Header().Set("ETag", `"abc"`)
		w.Write(z.Bytes())
	})
	p.handle("/get.php", func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte("#EXTM3U\n#EXTINF:-1 tvg-id=\"x\",NBA 03: Mavs vs Spurs @ 6PM\nhttp://s/1.ts\n#EXTINF:-1,Other\nhttp://s/2.ts\n"))
	})
	tp := newTestProxy(t, p, func(c *Config) {
		c.EventArt = &eventart.Art{Kind: eventart.Thumb, Guide: true, Namer: mavsNamer, PublicRoot: "https://gt.example"}
	})
	resp, body := tp.get(t, "/xc/main/xmltv.php?"+credQuery(), nil)
	want := `<tv><programme start="1" channel="a"><title>NBA: Mavs vs Spurs</title><icon src="https://gt.example/nba/dal/sa/thumb"/></programme></tv>`
	if string(body) != want {
		t.Errorf("guide = %q\nwant %q", body, want)
	}
	if resp.Header.Get("Content-Length") != "" || resp.Header.Get("Etag") != "" || !strings.HasPrefix(resp.Header.Get("Content-Type"), "application/xml") {
		t.Errorf("headers of the rewritten guide: %v", resp.Header)
	}
	// The playlist's guide fails (500): the event channel still gets art,
	// the other line is unchanged.
	guideDown.Store(true)
	resp, body = tp.get(t, "/xc/main/get.php?"+strings.Replace(credQuery(), testUser, "other", 1), nil)
	if resp.StatusCode != 200 || !strings.Contains(string(body), `tvg-logo="https://gt.example/nba/dal/sa/thumb"`) ||
		!strings.Contains(string(body), "#EXTINF:-1,Other\n") {
		t.Errorf("playlist without a guide: %d\n%s", resp.StatusCode, body)
	}
}
