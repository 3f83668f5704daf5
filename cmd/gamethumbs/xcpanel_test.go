package main

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// xcMedia is real media made once by ffmpeg for the player tests: a live
// MPEG-TS clip, the segments of an HLS stream with their durations, and an
// MP4 whose index sits at the end (so a player must seek with Range).
type xcMedia struct {
	ts       []byte
	segments [][]byte
	extinf   []string // "#EXTINF:1.000000," per segment
	mp4      []byte
}

var (
	mediaOnce sync.Once
	media     *xcMedia
	mediaErr  error
)

// needMedia returns the media, skipping the test when ffmpeg is missing.
func needMedia(t *testing.T) *xcMedia {
	t.Helper()
	ffmpeg, err := exec.LookPath("ffmpeg")
	if err != nil {
		t.Skip("ffmpeg not installed (apt-get install -y ffmpeg): skipping the real-player test")
	}
	mediaOnce.Do(func() { media, mediaErr = makeMedia(ffmpeg, t.TempDir()) })
	if mediaErr != nil {
		t.Fatal(mediaErr)
	}
	return media
}

func makeMedia(ffmpeg, dir string) (*xcMedia, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	src := []string{"-f", "lavfi", "-i", "testsrc=size=160x120:rate=10", "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=8000"}
	run := func(args ...string) error {
		cmd := exec.CommandContext(ctx, ffmpeg, append(append([]string{"-v", "error", "-y"}, src...), args...)...)
		if out, err := cmd.CombinedOutput(); err != nil {
			return fmt.Errorf("ffmpeg %v: %v\n%s", args, err, out)
		}
		return nil
	}
	codecs := []string{"-c:v", "mpeg2video", "-g", "10", "-c:a", "mp2"}
	if err := run(append(append([]string{"-t", "0.6"}, codecs...), "-f", "mpegts", filepath.Join(dir, "clip.ts"))...); err != nil {
		return nil, err
	}
	if err := run(append(append([]string{"-t", "3"}, codecs...), "-f", "hls", "-hls_time", "1", "-hls_list_size", "0",
		"-hls_segment_filename", filepath.Join(dir, "seg%d.ts"), filepath.Join(dir, "index.m3u8"))...); err != nil {
		return nil, err
	}
	if err := run("-t", "2", "-c:v", "mpeg4", "-c:a", "aac", "-f", "mp4", filepath.Join(dir, "vod.mp4")); err != nil {
		return nil, err
	}
	m := &xcMedia{}
	var err error
	if m.ts, err = os.ReadFile(filepath.Join(dir, "clip.ts")); err != nil {
		return nil, err
	}
	if m.mp4, err = os.ReadFile(filepath.Join(dir, "vod.mp4")); err != nil {
		return nil, err
	}
	index, err := os.ReadFile(filepath.Join(dir, "index.m3u8"))
	if err != nil {
		return nil, err
	}
	for _, line := range strings.Split(string(index), "\n") {
		if strings.HasPrefix(line, "#EXTINF:") {
			m.extinf = append(m.extinf, line)
		} else if strings.HasPrefix(line, "seg") {
			b, err := os.ReadFile(filepath.Join(dir, strings.TrimSpace(line)))
			if err != nil {
				return nil, err
			}
			m.segments = append(m.segments, b)
		}
	}
	if len(m.segments) == 0 || len(m.segments) != len(m.extinf) {
		return nil, fmt.Errorf("ffmpeg made %d HLS segments and %d durations", len(m.segments), len(m.extinf))
	}
	return m, nil
}

// xcPanel is a fake Xtream-Codes panel on 127.0.0.1 serving every kind a
// player meets: the login answer, channel lists and live-stream lists,
// the guide, live TS (/live/u/p/1.ts and the direct form /u/p/1), XC-style
// HLS with path-only /hlsr/ segments (2.m3u8), HLS behind a redirect to
// the panel's own tokenized address with relative segments (3.m3u8), and
// VOD with Range (/movie/u/p/4.mp4). Any credentials are accepted.
type xcPanel struct {
	srv  *httptest.Server
	m    *xcMedia
	hits sync.Map // path -> *atomic.Int64
}

const hlsToken = "tOkEn9"

var hlsrPath = regexp.MustCompile(`^/hlsr/` + hlsToken + `/[^/]+/[^/]+/(\d+)/h4sh/(\d+|index)\.(ts|m3u8)$`)

func newXCPanel(t *testing.T, m *xcMedia) *xcPanel {
	t.Helper()
	p := &xcPanel{m: m}
	p.srv = httptest.NewServer(http.HandlerFunc(p.serve))
	t.Cleanup(p.srv.Close)
	return p
}

func (p *xcPanel) count(path string) int64 {
	if v, ok := p.hits.Load(path); ok {
		return v.(*atomic.Int64).Load()
	}
	return 0
}

func (p *xcPanel) serve(w http.ResponseWriter, r *http.Request) {
	v, _ := p.hits.LoadOrStore(r.URL.Path, new(atomic.Int64))
	v.(*atomic.Int64).Add(1)
	if err := r.ParseForm(); err != nil {
		http.Error(w, "bad form", http.StatusBadRequest)
		return
	}
	user, pass := r.Form.Get("username"), r.Form.Get("password")
	host := p.srv.Listener.Addr().String()
	segs := strings.Split(strings.Trim(r.URL.Path, "/"), "/")
	switch {
	case r.URL.Path == "/player_api.php":
		w.Header().Set("Content-Type", "application/json")
		switch r.Form.Get("action") {
		case "":
			hostOnly, port, _ := strings.Cut(host, ":")
			fmt.Fprintf(w, `{"user_info":{"username":%q,"password":%q,"auth":1,"status":"Active"},`+
				`"server_info":{"url":%q,"port":%q,"https_port":"443","server_protocol":"http","rtmp_port":"8880","timezone":"UTC"}}`,
				user, pass, hostOnly, port)
		case "get_live_streams":
			fmt.Fprint(w, `[{"num":1,"name":"News One","stream_id":1,"stream_icon":"","epg_channel_id":"news.1"},`+
				`{"num":2,"name":"EVENT 1: Fight Night","stream_id":2,"stream_icon":"http://old/2.png","epg_channel_id":null}]`)
		default:
			fmt.Fprint(w, `[]`)
		}
	case r.URL.Path == "/get.php":
		// As XC panels do: octet-stream (or the type asked for by the
		// test's ptype), stream URLs on the panel itself.
		ct := "application/octet-stream"
		if pt := r.Form.Get("ptype"); pt != "" {
			ct = pt
		}
		w.Header().Set("Content-Type", ct)
		var b bytes.Buffer
		b.WriteString("#EXTM3U\n")
		for i, name := range []string{"News One", "Sport Two", "Movies Three"} {
			fmt.Fprintf(&b, "#EXTINF:-1 tvg-id=\"ch.%d\" tvg-name=%q tvg-logo=\"\" group-title=\"Test\",%s\nhttp://%s/%s/%s/%d\n",
				i+1, name, name, host, user, pass, 10+i)
		}
		w.Write(b.Bytes())
	case r.URL.Path == "/xmltv.php":
		w.Header().Set("Content-Type", "application/xml")
		fmt.Fprint(w, `<?xml version="1.0"?><tv>`+
			`<channel id="news.1"><display-name>News One</display-name><icon src="http://logos.test/news.png"/></channel>`+
			`<channel id="ch.1"><display-name>News One</display-name><icon src="http://logos.test/1.png"/></channel>`+
			`<channel id="ch.2"><display-name>Sport Two</display-name><icon src="http://logos.test/2.png"/></channel>`+
			`<channel id="2"><display-name>Two</display-name><icon src="http://logos.test/num2.png"/></channel>`+
			`</tv>`)
	case len(segs) == 4 && segs[0] == "live" && (segs[3] == "1.ts"):
		p.live(w, r)
	case len(segs) == 3 && strings.HasPrefix(segs[2], "1"): // direct form /u/p/1[0-2]
		p.live(w, r)
	case len(segs) == 4 && segs[0] == "live" && segs[3] == "2.m3u8":
		// XC HLS: segments as path-only /hlsr/ URLs.
		p.playlist(w, func(n int) string {
			return fmt.Sprintf("/hlsr/%s/%s/%s/2/h4sh/%d.ts", hlsToken, segs[1], segs[2], n)
		})
	case len(segs) == 4 && segs[0] == "live" && segs[3] == "3.m3u8":
		// A redirect to the panel's own tokenized address.
		http.Redirect(w, r, fmt.Sprintf("http://%s/hlsr/%s/%s/%s/3/h4sh/index.m3u8", host, hlsToken, segs[1], segs[2]), http.StatusFound)
	case hlsrPath.MatchString(r.URL.Path):
		sm := hlsrPath.FindStringSubmatch(r.URL.Path)
		if sm[2] == "index" {
			p.playlist(w, func(n int) string { return fmt.Sprintf("%d.ts", n) })
			return
		}
		var n int
		fmt.Sscan(sm[2], &n)
		if n >= len(p.m.segments) {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "video/mp2t")
		w.Write(p.m.segments[n])
	case len(segs) == 4 && segs[0] == "movie" && segs[3] == "4.mp4":
		w.Header().Set("Content-Type", "video/mp4")
		http.ServeContent(w, r, "4.mp4", time.Unix(1700000000, 0), bytes.NewReader(p.m.mp4))
	default:
		http.NotFound(w, r)
	}
}

// live sends the TS clip as a live channel: no length, small flushed
// pieces.
func (p *xcPanel) live(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "video/mp2t")
	rc := http.NewResponseController(w)
	for off := 0; off < len(p.m.ts); off += 188 * 40 {
		if _, err := w.Write(p.m.ts[off:min(off+188*40, len(p.m.ts))]); err != nil {
			return
		}
		rc.Flush()
	}
}

// playlist writes a complete HLS media playlist with the given URIs.
func (p *xcPanel) playlist(w http.ResponseWriter, uri func(int) string) {
	w.Header().Set("Content-Type", "application/vnd.apple.mpegurl")
	var b bytes.Buffer
	b.WriteString("#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:2\n#EXT-X-MEDIA-SEQUENCE:0\n")
	for n, inf := range p.m.extinf {
		fmt.Fprintf(&b, "%s\n%s\n", inf, uri(n))
	}
	b.WriteString("#EXT-X-ENDLIST\n")
	w.Write(b.Bytes())
}
