package xcproxy

import (
	"bytes"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"gamethumbs/internal/xcproxy/xmltv"
	"gamethumbs/internal/xcproxy/xmltv/xmltvtest"
)

func TestGuideCacheBounds(t *testing.T) {
	g, err := xmltv.Parse(strings.NewReader(`<tv><channel id="a"><icon src="http://l/a.png"/></channel></tv>`), xmltv.Options{})
	if err != nil {
		t.Fatal(err)
	}
	now := time.Unix(1_700_000_000, 0)
	c := newGuideCache(3, 1<<20, 30*time.Minute, time.Minute)
	c.now = func() time.Time { return now }
	for i := range 5 {
		c.put(fmt.Sprint(i), g, nil)
	}
	if c.len() != 3 {
		t.Errorf("len() = %d after 5 puts with 3 entries max, want 3", c.len())
	}
	if _, _, ok := c.get("0"); ok {
		t.Errorf("get(0) found the least recently used entry, want it evicted")
	}
	c.get("2") // now most recent
	c.put("5", g, nil)
	if _, _, ok := c.get("2"); !ok {
		t.Errorf("get(2) missing: a recently used entry was evicted")
	}
	if _, _, ok := c.get("3"); ok {
		t.Errorf("get(3) found: want the least recently used entry evicted")
	}
	c.put("err", nil, errors.New("boom"))
	now = now.Add(59 * time.Second)
	if res, _, ok := c.get("err"); !ok || res.err == nil {
		t.Errorf("failure not cached for its TTL")
	}
	now = now.Add(2 * time.Second)
	if _, _, ok := c.get("err"); ok {
		t.Errorf("failure still cached after its TTL")
	}
	now = now.Add(30 * time.Minute)
	if res, fresh, ok := c.get("2"); !ok || fresh || res.guide == nil {
		t.Errorf("guide past its TTL: ok %v fresh %v, want served stale", ok, fresh)
	}
	// A failed refresh keeps the stale guide.
	c.put("2", nil, errors.New("panel down"))
	if res, fresh, ok := c.get("2"); !ok || !fresh || res.guide == nil {
		t.Errorf("after a failed refresh: ok %v fresh %v guide %v, want the old guide kept", ok, fresh, res.guide != nil)
	}
	now = now.Add(maxStale + time.Hour)
	if _, _, ok := c.get("2"); ok {
		t.Errorf("guide still served %v past its TTL", maxStale+time.Hour)
	}
	// The byte bound: each entry costs its size.
	small := newGuideCache(64, g.SizeBytes()*2+600, time.Hour, time.Minute)
	for i := range 10 {
		small.put(fmt.Sprint(i), g, nil)
	}
	if b := small.entries.Stats().Bytes; small.len() != 2 || b > small.maxBytes {
		t.Errorf("byte-bounded cache holds %d entries, %d bytes; want 2 within %d", small.len(), b, small.maxBytes)
	}
}

func TestHugeGuide(t *testing.T) {
	const channels = 5000
	p := newFakePanel(t)
	p.handle("/xmltv.php", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/xml")
		// Generated while sent: 16 MB, never stored.
		buf := make([]byte, 64<<10)
		src := &xmltvtest.Reader{Channels: channels, Size: 16 << 20, LateChannels: 1}
		for {
			n, err := src.Read(buf)
			if n > 0 {
				if _, werr := w.Write(buf[:n]); werr != nil {
					return
				}
			}
			if err != nil {
				return
			}
		}
	})
	var list bytes.Buffer
	list.WriteString("#EXTM3U\n")
	for i := range channels {
		fmt.Fprintf(&list, "#EXTINF:-1 tvg-id=\"ch%d.example\" tvg-logo=\"\" group-title=\"G\",Channel %d\nhttp://s/%d\n", i, i, i)
	}
	list.WriteString("#EXTINF:-1 tvg-id=\"late0.example\",Late\nhttp://s/late\n")
	p.handle("/get.php", func(w http.ResponseWriter, r *http.Request) { w.Write(list.Bytes()) })
	tp := newTestProxy(t, p, func(c *Config) { c.GuideFullScan = true; c.GuideWait = time.Minute })
	_, body := tp.get(t, "/xc/main/get.php?type=m3u_plus&"+credQuery(), nil)
	for _, i := range []int{0, 1234, channels - 1} {
		want := fmt.Sprintf("tvg-id=\"ch%d.example\" tvg-logo=\"%s\"", i, xmltvtest.LogoURL(i))
		if !bytes.Contains(body, []byte(want)) {
			t.Errorf("channel %d not rewritten to %s", i, want)
		}
	}
	if !bytes.Contains(body, []byte(`tvg-logo="`+xmltvtest.LogoURL(0)+`",Late`)) {
		t.Errorf("GuideFullScan: a channel defined after the programmes was not matched")
	}
	// By default reading stops at the first programme: same logos, no late channel.
	tp = newTestProxy(t, p, nil)
	_, body = tp.get(t, "/xc/main/get.php?type=m3u_plus&"+credQuery(), nil)
	if want := fmt.Sprintf("tvg-id=\"ch%d.example\" tvg-logo=\"%s\"", channels-1, xmltvtest.LogoURL(channels-1)); !bytes.Contains(body, []byte(want)) {
		t.Errorf("default scan: channel %d not rewritten to %s", channels-1, want)
	}
	if bytes.Contains(body, []byte(`,Late`)) && bytes.Contains(body, []byte(`tvg-logo="`+xmltvtest.LogoURL(0)+`",Late`)) {
		t.Errorf("default scan matched a channel after the programmes; want reading to stop at the first programme")
	}
}

func TestGuideFetchErrorNeverShowsCredentials(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ln.Close()
	p := newFakePanel(t)
	in := []byte("#EXTM3U\n#EXTINF:-1 tvg-id=\"x\",X\nhttp://s/" + testUser + "/" + testPass + "/1\n")
	p.handle("/get.php", func(w http.ResponseWriter, r *http.Request) { w.Write(in) })
	// Guides come from a panel that is down (the client has its own
	// transport), so the *url.Error holds the full xmltv.php URL.
	tp := newTestProxy(t, p, func(c *Config) {
		c.Client = &http.Client{Transport: rewriteHost{to: ln.Addr().String()}}
	})
	_, body := tp.get(t, "/xc/main/get.php?type=m3u_plus&"+credQuery(), nil)
	if !bytes.Equal(body, in) {
		t.Errorf("playlist with a failed guide = %q, want it unchanged", body)
	}
	logs := tp.logs.String()
	if !strings.Contains(logs, "xc guide unavailable") || !strings.Contains(logs, "connection refused") {
		t.Errorf("guide failure not logged with its cause:\n%s", logs)
	}
	// The cleanup of newTestProxy fails the test if a credential was logged.
}

// rewriteHost sends every request to another address.
type rewriteHost struct{ to string }

func (rh rewriteHost) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.URL.Host = rh.to
	return http.DefaultTransport.RoundTrip(r)
}

// TestStaleGuideServedWhileRefreshing checks that an expired guide keeps
// serving logos while a new one loads, and survives a failed refresh.
func TestStaleGuideServedWhileRefreshing(t *testing.T) {
	p := newFakePanel(t)
	p.handle("/get.php", func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte("#EXTM3U\n#EXTINF:-1 tvg-id=\"x\",X\nhttp://s/1\n"))
	})
	var version atomic.Int64
	version.Store(1)
	p.handle("/xmltv.php", func(w http.ResponseWriter, r *http.Request) {
		v := version.Load()
		if v < 0 {
			http.Error(w, "down", http.StatusBadGateway)
			return
		}
		fmt.Fprintf(w, `<tv><channel id="x"><icon src="http://logos.example/v%d.png"/></channel></tv>`, v)
	})
	tp := newTestProxy(t, p, nil)
	var offset atomic.Int64
	start := time.Now()
	tp.h.guides.now = func() time.Time { return start.Add(time.Duration(offset.Load())) }
	get := func() string {
		_, body := tp.get(t, "/xc/main/get.php?type=m3u&"+credQuery(), nil)
		return string(body)
	}
	// eventually polls get until the playlist shows want (the refresh runs
	// in the background).
	eventually := func(want string) string {
		var body string
		for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
			if body = get(); strings.Contains(body, want) {
				break
			}
		}
		return body
	}

	if body := get(); !strings.Contains(body, "v1.png") {
		t.Fatalf("first playlist = %q, want logo v1", body)
	}
	version.Store(2)
	offset.Store(int64(31 * time.Minute))
	if body := get(); !strings.Contains(body, "v1.png") {
		t.Errorf("expired guide: playlist = %q, want the stale v1 at once", body)
	}
	if body := eventually("v2.png"); !strings.Contains(body, "v2.png") {
		t.Errorf("after the refresh: playlist = %q, want v2", body)
	}
	version.Store(-1) // the panel's guide breaks
	offset.Store(int64(62 * time.Minute))
	for i := range 3 {
		if body := get(); !strings.Contains(body, "v2.png") {
			t.Errorf("request %d after a failed refresh: playlist = %q, want the stale v2", i, body)
		}
	}
	for deadline := time.Now().Add(10 * time.Second); p.guideHits.Load() < 3 && time.Now().Before(deadline); {
		time.Sleep(5 * time.Millisecond)
	}
	get()
	if hits := p.guideHits.Load(); hits != 3 {
		t.Errorf("guide fetched %d times, want 3 (a failed refresh is retried only after the error TTL)", hits)
	}
}
