package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// The XC proxy is judged by real players: ffprobe/ffmpeg, mpv and VLC
// (Debian packages, installed by .ci/run) play every kind of stream of the
// fake panel through /xc/<id> and through a root-mode listener. Each run
// is short (clips of 1.5-3 s) and bounded by a timeout; a missing player
// skips its part with a message.

// xcCred is the subscriber of the player tests.
const xcUser, xcPass = "viewerQ8", "pl4yPASSw0rd"

// startXCProxy starts gamethumbs in xcproxy mode for panel p with a
// root-mode listener, and returns the service and the root listener's
// base URL.
func startXCProxy(t *testing.T, p *xcPanel, extra map[string]string) (*service, string) {
	t.Helper()
	env := map[string]string{"APP_MODE": "xcproxy", "XC_PROXY_UPSTREAM": "main=" + p.srv.URL,
		"XC_PROXY_LISTEN": "main=127.0.0.1:0", "LOG_LEVEL": "debug"}
	for k, v := range extra {
		env[k] = v
	}
	svc := start(t, env)
	m := regexp.MustCompile(`=http://(127\.0\.0\.1:\d+) \(root\)`).FindStringSubmatch(svc.logs.String())
	if m == nil {
		t.Fatalf("no root-mode listener in the logs:\n%s", svc.logs.String())
	}
	return svc, "http://" + m[1]
}

// playerEnv is the environment of a player: no proxy variables (the test
// binary points them at a closed port), a writable HOME.
func playerEnv() []string {
	var env []string
	for _, kv := range os.Environ() {
		k, _, _ := strings.Cut(kv, "=")
		if strings.HasSuffix(strings.ToLower(k), "_proxy") || k == "HOME" {
			continue
		}
		env = append(env, kv)
	}
	return append(env, "HOME="+os.TempDir())
}

// runPlayer runs a player with a timeout and returns its combined output.
func runPlayer(t *testing.T, timeout time.Duration, name string, args ...string) (string, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Env = playerEnv()
	cmd.WaitDelay = 2 * time.Second
	out, err := cmd.CombinedOutput()
	if ctx.Err() != nil {
		err = fmt.Errorf("timed out after %v", timeout)
	}
	return string(out), err
}

// streamKinds are the paths of every kind of stream, relative to a server
// URL (/xc/main or a root listener).
var streamKinds = []struct{ name, path, want string }{
	{"live TS", "/live/" + xcUser + "/" + xcPass + "/1.ts", "mpegts"},
	{"XC HLS /hlsr/", "/live/" + xcUser + "/" + xcPass + "/2.m3u8", "hls"},
	{"redirecting HLS", "/live/" + xcUser + "/" + xcPass + "/3.m3u8", "hls"},
	{"VOD with Range", "/movie/" + xcUser + "/" + xcPass + "/4.mp4", "mov,mp4,m4a,3gp,3g2,mj2"},
}

func TestXCPlayersFFprobeAndFFmpeg(t *testing.T) {
	skipShort(t, "plays every stream kind with ffprobe and ffmpeg")
	m := needMedia(t)
	ffprobe, err := exec.LookPath("ffprobe")
	if err != nil {
		t.Skip("ffprobe not installed (apt-get install -y ffmpeg)")
	}
	p := newXCPanel(t, m)
	svc, root := startXCProxy(t, p, nil)
	eachKind(t, []string{svc.base + "/xc/main", root}, func(t *testing.T, name, want, u string) {
		out, err := runPlayer(t, 30*time.Second, ffprobe, "-v", "error", "-show_format", "-show_streams", "-of", "json", u)
		if err != nil {
			t.Fatalf("ffprobe %s (%s): %v\n%s", name, u, err, out)
		}
		var res struct {
			Streams []struct {
				CodecType string `json:"codec_type"`
			} `json:"streams"`
			Format struct {
				Name string `json:"format_name"`
			} `json:"format"`
		}
		if err := json.Unmarshal([]byte(out), &res); err != nil {
			t.Fatalf("ffprobe %s: output %q: %v", name, out, err)
		}
		kinds := map[string]bool{}
		for _, s := range res.Streams {
			kinds[s.CodecType] = true
		}
		if res.Format.Name != want || !kinds["video"] || !kinds["audio"] {
			t.Errorf("ffprobe %s via %s: format %q streams %v, want %s with video and audio", name, u, res.Format.Name, kinds, want)
		}
		// ffmpeg decodes HLS streams whole, through /xc/<id> where the
		// segment URIs had to be mapped (ffprobe covers the rest; each
		// player start costs seconds on a busy machine).
		if want == "hls" && strings.Contains(u, "/xc/main/") {
			if out, err := runPlayer(t, 30*time.Second, "ffmpeg", "-v", "error", "-i", u, "-f", "null", "-"); err != nil {
				t.Errorf("ffmpeg %s via %s: %v\n%s", name, u, err, out)
			}
		}
	})
	// Every HLS segment came through the proxy (the players only knew the
	// proxy's address): ffmpeg read each one.
	for n := range m.segments {
		path := fmt.Sprintf("/hlsr/%s/%s/%s/2/h4sh/%d.ts", hlsToken, xcUser, xcPass, n)
		if c := p.count(path); c < 1 {
			t.Errorf("segment %s was never fetched", path)
		}
	}
	checkNoCredentials(t, svc.logs.String(), xcUser, xcPass)
}

func TestXCPlayersMPV(t *testing.T) {
	skipShort(t, "plays every stream kind with mpv")
	m := needMedia(t)
	mpv, err := exec.LookPath("mpv")
	if err != nil {
		t.Skip("mpv not installed (apt-get install -y mpv)")
	}
	p := newXCPanel(t, m)
	svc, root := startXCProxy(t, p, nil)
	eachKind(t, []string{svc.base + "/xc/main", root}, func(t *testing.T, name, _, u string) {
		out, err := runPlayer(t, 30*time.Second, mpv, "--no-config", "--vo=null", "--ao=null", "--untimed",
			"--msg-level=all=v", "--end=1", u)
		if err != nil || !strings.Contains(out, "(+) Video") || !strings.Contains(out, "(+) Audio") {
			t.Errorf("mpv %s via %s: %v\n%s", name, u, err, lastLines(out, 15))
		}
	})
	checkNoCredentials(t, svc.logs.String(), xcUser, xcPass)
}

// TestXCPlaylistVLC opens the rewritten channel list with VLC (cvlc, as
// the unprivileged user nobody, since VLC refuses root): it must be read
// as three channels and each played, not taken for one HLS stream.
func TestXCPlaylistVLC(t *testing.T) {
	skipShort(t, "plays channel lists with VLC")
	m := needMedia(t)
	cvlc, err := exec.LookPath("cvlc")
	if err != nil {
		t.Skip("cvlc not installed (apt-get install -y vlc)")
	}
	setpriv, err := exec.LookPath("setpriv")
	if err != nil {
		t.Skip("setpriv not installed (util-linux)")
	}
	p := newXCPanel(t, m)
	svc, root := startXCProxy(t, p, nil)
	q := "?username=" + xcUser + "&password=" + xcPass + "&type=m3u_plus&output=ts"
	if os.Geteuid() != 0 {
		setpriv = "" // not root: VLC runs as we are
	}
	// The third list: a panel that labels it with the HLS type, which VLC
	// would take for one HLS stream; the proxy sends audio/x-mpegurl.
	lists := []string{svc.base + "/xc/main/get.php" + q, root + "/get.php" + q,
		svc.base + "/xc/main/get.php" + q + "&ptype=application%2Fvnd.apple.mpegurl"}
	var wg sync.WaitGroup
	for _, u := range lists {
		wg.Add(1)
		go func() {
			defer wg.Done()
			t.Run("", func(t *testing.T) {
				resp, err := http.Get(u)
				if err != nil {
					t.Fatal(err)
				}
				resp.Body.Close()
				want := "application/octet-stream"
				if strings.Contains(u, "ptype=") {
					want = "audio/x-mpegurl"
				}
				if ct := resp.Header.Get("Content-Type"); ct != want {
					t.Errorf("playlist Content-Type %q, want %s", ct, want)
				}
				name, args := cvlc, []string{"-I", "dummy", "--play-and-exit", "--no-loop", "--no-repeat",
					"--vout=dummy", "--aout=dummy", "--no-video-title-show", u}
				if setpriv != "" {
					name, args = setpriv, append([]string{"--reuid=nobody", "--regid=nogroup", "--clear-groups", cvlc}, args...)
				}
				if out, err := runPlayer(t, 60*time.Second, name, args...); err != nil {
					t.Errorf("cvlc %s: %v\n%s", u, err, lastLines(out, 20))
				}
			})
		}()
	}
	wg.Wait()
	// Each of the 3 channels was played once per list: the list opened as
	// 3 items, not as one HLS stream.
	for ch := 10; ch <= 12; ch++ {
		path := fmt.Sprintf("/%s/%s/%d", xcUser, xcPass, ch)
		if c := p.count(path); c != int64(len(lists)) {
			t.Errorf("cvlc: channel %d played %d times, want %d (each list must open as 3 items)", ch, c, len(lists))
		}
	}
	checkNoCredentials(t, svc.logs.String(), xcUser, xcPass)
}

// eachKind runs play for every stream kind under every base URL, all at
// once (players mostly wait on the network and the clock), and returns
// when all are done.
func eachKind(t *testing.T, bases []string, play func(t *testing.T, name, want, u string)) {
	var wg sync.WaitGroup
	for i, base := range bases {
		for _, k := range streamKinds {
			wg.Add(1)
			go func() {
				defer wg.Done()
				t.Run(fmt.Sprintf("%s/%d", k.name, i), func(t *testing.T) { play(t, k.name, k.want, base+k.path) })
			}()
		}
	}
	wg.Wait()
}

// TestXCPostAndRootMode covers what XC apps do besides playing: POST the
// login with a form body, read server_info, list live streams.
func TestXCPostAndRootMode(t *testing.T) {
	m := &xcMedia{}
	p := newXCPanel(t, m)
	svc, root := startXCProxy(t, p, map[string]string{"XC_REWRITE_SERVER_INFO": "true"})
	form := url.Values{"username": {xcUser}, "password": {xcPass}}
	for _, base := range []string{svc.base + "/xc/main", root} {
		resp, err := http.PostForm(base+"/player_api.php", form)
		if err != nil {
			t.Fatal(err)
		}
		var login struct {
			UserInfo   map[string]any    `json:"user_info"`
			ServerInfo map[string]string `json:"server_info"`
		}
		err = json.NewDecoder(resp.Body).Decode(&login)
		resp.Body.Close()
		if err != nil || resp.StatusCode != 200 || login.UserInfo["username"] != xcUser {
			t.Fatalf("POST %s/player_api.php = %d %v %+v", base, resp.StatusCode, err, login)
		}
		rootURL, _ := url.Parse(root)
		wantURL, wantPort := rootURL.Hostname(), rootURL.Port()
		if base == root {
			if login.ServerInfo["url"] != wantURL || login.ServerInfo["port"] != wantPort || login.ServerInfo["timezone"] != "UTC" {
				t.Errorf("root-mode server_info = %v, want url %s port %s", login.ServerInfo, wantURL, wantPort)
			}
		} else if login.ServerInfo["port"] == wantPort {
			t.Errorf("/xc server_info was rewritten: %v", login.ServerInfo)
		}
		// The live-stream list by POST: matched by epg_channel_id only.
		form := url.Values{"username": {xcUser}, "password": {xcPass}, "action": {"get_live_streams"}}
		resp, err = http.PostForm(base+"/player_api.php", form)
		if err != nil {
			t.Fatal(err)
		}
		var items []map[string]any
		err = json.NewDecoder(resp.Body).Decode(&items)
		resp.Body.Close()
		if err != nil || len(items) != 2 || items[0]["stream_icon"] != "http://logos.test/news.png" || items[1]["stream_icon"] != "http://old/2.png" {
			t.Errorf("POST get_live_streams via %s = %v %v", base, items, err)
		}
	}
	checkNoCredentials(t, svc.logs.String(), xcUser, xcPass)
}

// checkNoCredentials fails when a log shows a credential in any usual
// encoding.
func checkNoCredentials(t *testing.T, logs string, secrets ...string) {
	t.Helper()
	for _, s := range secrets {
		for _, form := range encodings(s) {
			if form != "" && strings.Contains(logs, form) {
				t.Errorf("the logs show the credential %q (as %q)", s, form)
			}
		}
	}
}

// encodings are the forms a secret may take in a log line.
func encodings(s string) []string {
	js, _ := json.Marshal(s)
	q := fmt.Sprintf("%q", s)
	return []string{s, url.QueryEscape(s), url.PathEscape(s), string(js[1 : len(js)-1]), q[1 : len(q)-1]}
}

func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

// TestXCProxiedStreamsPlay: with XC_PROXY_STREAMS=true the channel list's
// stream URLs point at the proxy (through /xc/<id> and a root listener),
// and ffprobe plays each of them there: a player that can reach only the
// proxy plays every channel.
func TestXCProxiedStreamsPlay(t *testing.T) {
	skipShort(t, "plays proxied streams with ffprobe")
	m := needMedia(t)
	ffprobe, err := exec.LookPath("ffprobe")
	if err != nil {
		t.Skip("ffprobe not installed (apt-get install -y ffmpeg)")
	}
	p := newXCPanel(t, m)
	svc, root := startXCProxy(t, p, map[string]string{"XC_PROXY_STREAMS": "true"})
	q := "?username=" + xcUser + "&password=" + xcPass + "&type=m3u_plus&output=ts"
	var wg sync.WaitGroup
	for _, base := range []string{svc.base + "/xc/main", root} {
		resp, err := http.Get(base + "/get.php" + q)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		var streams []string
		for _, l := range strings.Split(strings.TrimSpace(string(body)), "\n") {
			if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
				streams = append(streams, l)
			}
		}
		if len(streams) != 3 {
			t.Fatalf("%s: %d stream lines in\n%s", base, len(streams), body)
		}
		for _, u := range streams {
			if !strings.HasPrefix(u, base+"/") {
				t.Errorf("stream URL %s does not point at the proxy %s", u, base)
				continue
			}
			wg.Add(1)
			go func() {
				defer wg.Done()
				out, err := runPlayer(t, 30*time.Second, ffprobe, "-v", "error", "-show_streams", "-of", "json", u)
				if err != nil || !strings.Contains(out, `"codec_type": "video"`) {
					t.Errorf("ffprobe %s: %v\n%s", u, err, lastLines(out, 10))
				}
			}()
		}
	}
	wg.Wait()
	for ch := 10; ch <= 12; ch++ {
		if c := p.count(fmt.Sprintf("/%s/%s/%d", xcUser, xcPass, ch)); c < 2 {
			t.Errorf("channel %d reached the panel %d times through the proxy, want 2", ch, c)
		}
	}
	checkNoCredentials(t, svc.logs.String(), xcUser, xcPass)
}
