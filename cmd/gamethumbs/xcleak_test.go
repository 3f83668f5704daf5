package main

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// Markers start every credential of the fuzz test and every piece of one
// after a byte that is not a letter or digit, so any part of a credential
// that reaches a log carries a marker, and a search for the markers finds
// every leak whatever the encoding (markers are plain letters and digits).
const (
	userMark  = "Zq7u"
	passMark  = "Pw9p"
	tokenMark = "Tk5t" // in the dead upstream's base URL (?token=)
)

// planted makes a credential of raw: mark before it and after every byte
// that is not an ASCII letter or digit; at most 64 bytes of raw are used.
func planted(mark, raw string) string {
	if len(raw) > 64 {
		raw = raw[:64]
	}
	var b strings.Builder
	b.WriteString(mark)
	for i := 0; i < len(raw); i++ {
		c := raw[i]
		b.WriteByte(c)
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9') {
			b.WriteString(mark)
		}
	}
	return b.String()
}

// credentialForms are the request URIs (after the server URL) that carry
// the credentials u and p, in every form XC clients and panels use.
func credentialForms(u, p string) []string {
	pu, pp := url.PathEscape(u), url.PathEscape(p)
	qu, qp := url.QueryEscape(u), url.QueryEscape(p)
	q := "username=" + qu + "&password=" + qp
	return []string{
		"/get.php?" + q + "&type=m3u_plus&output=ts",
		"/player_api.php?" + q + "&action=get_live_streams",
		"/player_api.php?" + q,
		"/xmltv.php?" + q,
		"?" + q + "&type=m3u",
		"/live/" + pu + "/" + pp + "/123.ts",
		"/live/" + pu + "/" + pp + "/123.m3u8",
		"/live/" + pu + "/" + pp + "/123.mpegts",
		"/movie/" + pu + "/" + pp + "/7.mp4",
		"/series/" + pu + "/" + pp + "/9.mkv",
		"/timeshift/" + pu + "/" + pp + "/60/2024-01-01:10-00/5.ts",
		"/" + pu + "/" + pp + "/123",
		"/" + pu + "/" + pp + "/123.ts.m3u8",
		"/" + pu + "/" + pp + "/123.1080p.ts",
		"/hlsr/" + pu + "/" + pu + "/" + pp + "/1/" + pp + "/0.ts",
		"/hls/" + pu + "/" + pp + "/1/0.ts",
		"/live/" + url.PathEscape(u+"/"+p+"/1.ts"),
		"/live%2F" + url.PathEscape(u) + "%2F" + url.PathEscape(p) + "%2F1.ts",
		"/live/" + pu + "/../" + pp + "/1.ts",
		"/" + pu + ":" + pp + "@x/1.ts",
		"/get.php?user=" + qu + "&pass=" + qp + "&token=" + qp + "&" + qp + "=" + qu,
		"/get.php?" + qu + "&" + q,
		"/live/" + u + "/" + p + "/1.ts", // raw, as a careless client sends it
	}
}

// leakTarget is a service the fuzz test sends its requests to: started
// once per log format for the whole test binary (starting one per input
// would leave the fuzzer a few inputs a minute).
type leakTarget struct {
	svc  *service
	root string
}

var (
	leakOnce    sync.Once
	leakTargets map[string]*leakTarget
	leakErr     error
)

// startLeakTargets starts, once, a fake panel and a service per log
// format with a root listener and two upstreams: the panel, and an
// unreachable one whose base URL holds user information and a ?token=.
func startLeakTargets() (map[string]*leakTarget, error) {
	leakOnce.Do(func() {
		panel := &xcPanel{m: &xcMedia{}}
		panel.srv = httptest.NewServer(http.HandlerFunc(panel.serve))
		dead := "http://" + planted(userMark, "i") + ":" + planted(passMark, "x") + "@127.0.0.1:1/base?token=" + tokenMark + "secret"
		leakTargets = map[string]*leakTarget{}
		for _, name := range []string{"text", "json", "standard"} {
			format, mode := name, "xcproxy"
			if name == "standard" { // the image API's routes too, the proxy at /xc
				format, mode = "text", "standard"
			}
			env := map[string]string{"PORT": "0", "APP_MODE": mode, "XC_PROXY": "true", "LOG_LEVEL": "debug", "LOG_FORMAT": format,
				"XC_PROXY_UPSTREAM": "main=" + panel.srv.URL + ",dead=" + dead, "XC_PROXY_LISTEN": "main=127.0.0.1:0",
				"XC_GUIDE_WAIT": "2s", "RATE_LIMIT_PER_MINUTE": "0", "CACHE_DIR": "off",
				"ESPN_SITE_API_URL": closedURL, "ESPN_CORE_API_URL": closedURL, "ESPN_CDN_URL": closedURL,
				"THESPORTSDB_API_URL": closedURL, "MLBSTATS_API_URL": closedURL, "MLB_LOGO_URL": closedURL,
				"HOCKEYTECH_API_URL": closedURL, "FLAGCDN_URL": closedURL}
			ready := make(chan string, 1)
			svc := &service{logs: &syncBuffer{}, done: make(chan error, 1)}
			ctx, cancel := context.WithCancel(context.Background())
			svc.stop = cancel
			go func() { svc.done <- serve(ctx, nil, func(k string) string { return env[k] }, svc.logs, ready) }()
			select {
			case addr := <-ready:
				svc.base = "http://" + strings.Replace(addr, "[::]", "127.0.0.1", 1)
			case err := <-svc.done:
				leakErr = err
				return
			}
			m := regexp.MustCompile(`=http://(127\.0\.0\.1:\d+) \(root\)`).FindStringSubmatch(svc.logs.String())
			if m == nil {
				leakErr = errors.New("no root-mode listener")
				return
			}
			leakTargets[name] = &leakTarget{svc: svc, root: "http://" + m[1]}
		}
	})
	return leakTargets, leakErr
}

// FuzzXCCredentials plants credentials in every URL form, through /xc/<id>
// and a root-mode listener, to a working panel and to an unreachable one
// (whose base URL carries a ?token=), and against the service's own root
// (a player resolving an XC path there: unknown routes, and the image
// API's routes in standard mode), by GET and POST, and asserts that none
// of them appears in the log output, in both formats, nor in /metrics.
// LOG_LEVEL=debug writes every record the other levels write, and more.
func FuzzXCCredentials(f *testing.F) {
	f.Add("alice", "s3cret")
	f.Add("a/b", "p@ss:w0rd")
	f.Add("us%2Fer", "pa ss&x=1#frag")
	f.Add("user.ts", "123.m3u8")
	f.Add("live", "get.php")
	f.Add("xc", "main")
	f.Add("ü\"'<>", "\x00\r\nkey=val")
	f.Add("..", "%")
	targets, err := startLeakTargets()
	if err != nil {
		f.Fatalf("starting the services: %v", err)
	}
	client := &http.Client{Timeout: 10 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	f.Fuzz(func(t *testing.T, rawUser, rawPass string) {
		user, pass := planted(userMark, rawUser), planted(passMark, rawPass)
		for format, tg := range targets {
			before := len(tg.svc.logs.String())
			for _, base := range []string{tg.svc.base + "/xc/main", tg.svc.base + "/xc/dead", tg.root, tg.svc.base} {
				forms := credentialForms(user, pass)
				if base == tg.svc.base { // unknown routes and the API's own
					forms = append(forms, "/nope?password="+url.QueryEscape(pass)+"&token="+url.QueryEscape(user),
						"/nba/"+url.PathEscape(user)+"/"+url.PathEscape(pass)+"/thumb.png?token="+url.QueryEscape(pass),
						"/health?"+url.QueryEscape(user)+"="+url.QueryEscape(pass))
				}
				for _, form := range forms {
					req, err := http.NewRequest(http.MethodGet, base+form, nil)
					if err != nil {
						continue // not a URL a client could send
					}
					if resp, err := client.Do(req); err == nil {
						io.Copy(io.Discard, resp.Body)
						resp.Body.Close()
					}
				}
				body := url.Values{"username": {user}, "password": {pass}, "action": {"get_live_streams"}}
				if resp, err := client.PostForm(base+"/player_api.php", body); err == nil {
					io.Copy(io.Discard, resp.Body)
					resp.Body.Close()
				}
			}
			resp, err := client.Get(tg.svc.base + "/metrics")
			if err != nil {
				t.Fatal(err)
			}
			metrics, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			logs := tg.svc.logs.String()[before:]
			if !strings.Contains(logs, "/xc/main/get.php") {
				t.Fatalf("%s: the access log is missing:\n%s", format, lastLines(logs, 20))
			}
			for _, mark := range []string{userMark, passMark, tokenMark} {
				if i := strings.Index(logs, mark); i >= 0 {
					t.Fatalf("%s log shows a planted credential (%q, %q): ...%s...", format, user, pass, logs[max(0, i-200):min(len(logs), i+100)])
				}
				if strings.Contains(string(metrics), mark) {
					t.Fatalf("/metrics shows a planted credential")
				}
			}
		}
	})
	for _, tg := range targets {
		keepLog(f, tg.svc.logs.String())
	}
}
