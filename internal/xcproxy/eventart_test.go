package xcproxy

import (
	"bytes"
	"compress/gzip"
	"context"
	"io"
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

// A gzip guide file is rewritten and sent as a gzip file again, without
// the headers of the original bytes; with the guide unavailable, an event
// channel still gets its picture.
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
	if got := gunzip(t, body); got != want {
		t.Errorf("guide = %q\nwant %q", got, want)
	}
	if resp.Header.Get("Content-Length") != "" || resp.Header.Get("Etag") != "" || resp.Header.Get("Content-Type") != "application/gzip" {
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

// gunzip returns the text of a gzip body (the test fails on anything else).
func gunzip(t *testing.T, b []byte) string {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("not gzip (%v): %.80q", err, b)
	}
	out, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}

// TestEventArtGuideKeepsItsEncoding: with XC_EVENT_ART_GUIDE, a guide the
// panel gzips (Content-Encoding) is inflated only for a client that asked
// for gzip, and is then sent gzipped again; a client that did not ask gets
// the panel's bytes as they came (never inflated for it); a plain guide
// is rewritten plain.
func TestEventArtGuideKeepsItsEncoding(t *testing.T) {
	p := newFakePanel(t)
	const doc = `<tv><programme start="1" channel="a"><title>NBA: Mavs vs Spurs</title></programme></tv>`
	const want = `<tv><programme start="1" channel="a"><title>NBA: Mavs vs Spurs</title><icon src="https://gt.example/nba/dal/sa/thumb"/></programme></tv>`
	var zipped bytes.Buffer
	zw := gzip.NewWriter(&zipped)
	zw.Write([]byte(doc))
	zw.Close()
	var plain atomic.Bool
	p.handle("/xmltv.php", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/xml")
		if plain.Load() {
			w.Write([]byte(doc))
			return
		}
		w.Header().Set("Content-Encoding", "gzip") // whatever the request said
		w.Write(zipped.Bytes())
	})
	tp := newTestProxy(t, p, func(c *Config) {
		c.EventArt = &eventart.Art{Kind: eventart.Thumb, Guide: true, Namer: mavsNamer, PublicRoot: "https://gt.example"}
	})
	resp, body := tp.get(t, "/xc/main/xmltv.php?"+credQuery(), http.Header{"Accept-Encoding": {"gzip"}})
	if resp.Header.Get("Content-Encoding") != "gzip" || gunzip(t, body) != want {
		t.Errorf("client accepting gzip: Content-Encoding %q, body %q", resp.Header.Get("Content-Encoding"), body)
	}
	resp, body = tp.get(t, "/xc/main/xmltv.php?"+credQuery(), nil)
	if resp.Header.Get("Content-Encoding") != "gzip" || !bytes.Equal(body, zipped.Bytes()) {
		t.Errorf("client without Accept-Encoding: Content-Encoding %q, %d bytes; want the panel's %d gzip bytes as sent",
			resp.Header.Get("Content-Encoding"), len(body), zipped.Len())
	}
	plain.Store(true)
	for _, ae := range []string{"", "gzip"} {
		resp, body = tp.get(t, "/xc/main/xmltv.php?"+credQuery(), http.Header{"Accept-Encoding": {ae}})
		if resp.Header.Get("Content-Encoding") != "" || string(body) != want {
			t.Errorf("plain guide, Accept-Encoding %q: Content-Encoding %q, body %q", ae, resp.Header.Get("Content-Encoding"), body)
		}
	}
}
