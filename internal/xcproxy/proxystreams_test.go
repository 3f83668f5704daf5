package xcproxy

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
)

// TestProxyStreams: with ProxyStreams (XC_PROXY_STREAMS=true) a channel
// list's stream URLs on the panel (its own address, or its public name
// with the subscriber's credentials in the path) point at the proxy, and
// such a URL plays through it; other hosts stay. Off (the default), the
// stream lines are left as the panel wrote them.
func TestProxyStreams(t *testing.T) {
	p, _ := endlessPanel(t)
	panelHost := strings.TrimPrefix(p.srv.URL, "http://")
	lines := []string{
		"http://" + panelHost + "/live/u/p/1.ts",
		"http://" + panelHost + "/" + testUser + "/" + testPass + "/2",
		"http://tv.panel.example:8080/" + testUser + "/" + testPass + "/3",
		"http://cdn.example/x/4.ts",
		"/live/u/p/1.ts",
	}
	p.handle("/get.php", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/octet-stream")
		fmt.Fprint(w, "#EXTM3U\n")
		for i, l := range lines {
			fmt.Fprintf(w, "#EXTINF:-1 tvg-id=\"c%d\",C%d\n%s\n", i, i, l)
		}
	})
	streamLines := func(body []byte) []string {
		var out []string
		for _, l := range strings.Split(strings.TrimSpace(string(body)), "\n") {
			if !strings.HasPrefix(l, "#") {
				out = append(out, l)
			}
		}
		return out
	}

	off := newTestProxy(t, p, nil)
	_, body := off.get(t, "/xc/main/get.php?type=m3u_plus&"+credQuery(), nil)
	if got := streamLines(body); strings.Join(got, "\n") != strings.Join(lines, "\n") {
		t.Errorf("default: stream lines changed:\n%s", strings.Join(got, "\n"))
	}

	on := newTestProxy(t, p, func(c *Config) { c.ProxyStreams = true })
	_, body = on.get(t, "/xc/main/get.php?type=m3u_plus&"+credQuery(), nil)
	got := streamLines(body)
	want := []string{
		on.srv.URL + "/xc/main/live/u/p/1.ts",
		on.srv.URL + "/xc/main/" + testUser + "/" + testPass + "/2",
		on.srv.URL + "/xc/main/" + testUser + "/" + testPass + "/3",
		"http://cdn.example/x/4.ts",
		on.srv.URL + "/xc/main/live/u/p/1.ts",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("XC_PROXY_STREAMS: stream lines\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// The proxied URL plays: the panel's TS bytes come through the proxy.
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, got[0], nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	buf := make([]byte, 188*7)
	if _, err := io.ReadFull(resp.Body, buf); err != nil || resp.StatusCode != 200 || buf[0] != 0x47 {
		t.Errorf("GET %s: %d %v first byte %#x", got[0], resp.StatusCode, err, buf[0])
	}
}
