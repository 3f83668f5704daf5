package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"gamethumbs/internal/espntest"
)

// The chaos soak starts the real binary behind fake providers and a fake
// XC panel that misbehave on purpose (slow answers, 500, 429, garbage,
// connection resets, truncated bodies, 6000² 16-bit logos) while clients
// mix cold renders, cached images, 304s, raw JSON and logos, /health and
// XC playlists, guides and streams. Every 5 s it prints req/s, answers by
// class, RSS and goroutines. It is off by default; run it with
//
//	go test ./cmd/gamethumbs -run TestChaosSoak -soak -v -timeout 15m
//
// It fails on any 500, on RSS still growing after warm-up, and on
// goroutines that do not return to idle once the clients stop.
var (
	soakFlag     = flag.Bool("soak", false, "run the chaos soak")
	soakDuration = flag.Duration("soak.duration", 5*time.Minute, "length of the chaos soak")
)

// chaos is a fault-injecting front for the fake ESPN: each request is
// answered with a fault or passed through, with URLs in bodies rewritten
// so logos are fetched through the front too.
type chaos struct {
	fake   *espntest.Server
	srv    *httptest.Server
	huge   []byte
	faults sync.Map // fault name → *atomic.Int64
}

func newChaos(t *testing.T, fake *espntest.Server) *chaos {
	c := &chaos{fake: fake, huge: espntest.HugeLogo(6000)}
	c.srv = httptest.NewServer(c)
	t.Cleanup(c.srv.Close)
	return c
}

func (c *chaos) count(fault string) {
	v, _ := c.faults.LoadOrStore(fault, new(atomic.Int64))
	v.(*atomic.Int64).Add(1)
}

func (c *chaos) summary() string {
	var parts []string
	c.faults.Range(func(k, v any) bool {
		parts = append(parts, fmt.Sprintf("%s=%d", k, v.(*atomic.Int64).Load()))
		return true
	})
	slices.Sort(parts)
	return strings.Join(parts, " ")
}

// hugeTeams have 6000² 16-bit logos.
var hugeTeams = []string{"/lal.png", "/bos.png", "/gs.png"}

func (c *chaos) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	path := r.URL.Path
	if strings.Contains(path, "/teamlogos/nba/500/") && slices.ContainsFunc(hugeTeams, func(s string) bool { return strings.HasSuffix(path, s) }) {
		c.count("huge")
		w.Header().Set("Content-Type", "image/png")
		w.Write(c.huge)
		return
	}
	switch roll := rand.IntN(100); {
	case roll < 8:
		c.count("slow")
		select {
		case <-time.After(time.Duration(500+rand.IntN(4000)) * time.Millisecond):
		case <-r.Context().Done():
			return
		}
	case roll < 12:
		c.count("500")
		http.Error(w, `{"error":"injected"}`, http.StatusInternalServerError)
		return
	case roll < 16:
		c.count("429")
		w.Header().Set("Retry-After", "1")
		http.Error(w, "slow down", http.StatusTooManyRequests)
		return
	case roll < 19:
		c.count("garbage")
		junk := make([]byte, 512+rand.IntN(4096))
		for i := range junk {
			junk[i] = byte(rand.IntN(256))
		}
		w.Write(junk)
		return
	case roll < 22:
		c.count("reset")
		reset(w)
		return
	case roll < 24:
		c.count("truncated")
		w.Header().Set("Content-Length", "100000")
		w.Write([]byte(`{"sports":[{"leagues":[{"teams":[`))
		reset(w)
		return
	}
	c.count("pass")
	resp, err := http.Get(c.fake.URL + r.URL.RequestURI())
	if err != nil {
		reset(w)
		return
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	if strings.Contains(resp.Header.Get("Content-Type"), "json") {
		body = bytes.ReplaceAll(body, []byte(c.fake.URL), []byte(c.srv.URL))
	}
	w.Header().Set("Content-Type", resp.Header.Get("Content-Type"))
	w.WriteHeader(resp.StatusCode)
	w.Write(body)
}

// reset drops the connection with a TCP RST.
func reset(w http.ResponseWriter) {
	hj, ok := w.(http.Hijacker)
	if !ok {
		return
	}
	conn, _, err := hj.Hijack()
	if err != nil {
		return
	}
	if tc, ok := conn.(*net.TCPConn); ok {
		tc.SetLinger(0)
	}
	conn.Close()
}

// chaosPanel is an XC panel with a playlist, a guide and endless live
// streams, that misbehaves like the chaos front.
func chaosPanel(t *testing.T) *httptest.Server {
	var playlist, guide strings.Builder
	playlist.WriteString("#EXTM3U\n")
	guide.WriteString(`<?xml version="1.0"?><tv>`)
	for i := range 200 {
		fmt.Fprintf(&playlist, "#EXTINF:-1 tvg-id=\"ch%d\" tvg-logo=\"http://logos/%d.png\" group-title=\"Sports\",Channel %d\nhttp://panel/u/p/%d\n", i, i, i, i)
		fmt.Fprintf(&guide, `<channel id="ch%d"><display-name>Channel %d</display-name></channel>`, i, i)
	}
	guide.WriteString(`</tv>`)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch roll := rand.IntN(100); {
		case roll < 5:
			http.Error(w, "panel down", http.StatusInternalServerError)
			return
		case roll < 8:
			reset(w)
			return
		case roll < 12:
			w.Write([]byte("\x00\xffgarbage<<<"))
			return
		}
		switch {
		case r.URL.Path == "/get.php":
			w.Write([]byte(playlist.String()))
		case r.URL.Path == "/xmltv.php":
			w.Header().Set("Content-Type", "application/xml")
			w.Write([]byte(guide.String()))
		case strings.HasPrefix(r.URL.Path, "/live/"):
			w.Header().Set("Content-Type", "video/mp2t")
			packet := bytes.Repeat([]byte{0x47, 0x1f, 0xff, 0x10}, 47)
			flusher, _ := w.(http.Flusher)
			cut := rand.IntN(10) == 0 // some streams die mid-way
			for i := 0; ; i++ {
				if _, err := w.Write(bytes.Repeat(packet, 70)); err != nil {
					return
				}
				flusher.Flush()
				if cut && i == 20 {
					reset(w)
					return
				}
				select {
				case <-time.After(20 * time.Millisecond):
				case <-r.Context().Done():
					return
				}
			}
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(srv.Close)
	return srv
}

// soakStats counts answers by class for one 5 s interval.
type soakStats struct {
	mu       sync.Mutex
	classes  map[string]int
	total    int
	examples map[string][]string // class → first few "URL: body" seen, for the report
}

func (s *soakStats) add(class, example string) {
	s.mu.Lock()
	s.classes[class]++
	s.total++
	if class != "2xx" && class != "304" && len(s.examples[class]) < 3 {
		s.examples[class] = append(s.examples[class], example)
	}
	s.mu.Unlock()
}

func (s *soakStats) take() (map[string]int, int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	c, n := s.classes, s.total
	s.classes, s.total = map[string]int{}, 0
	return c, n
}

// classOf names the outcome of one request.
func classOf(resp *http.Response, err error) string {
	var ne net.Error
	switch {
	case err != nil && errors.As(err, &ne) && ne.Timeout():
		return "client-timeout"
	case err != nil:
		return "transport"
	case resp.StatusCode == 304:
		return "304"
	case resp.StatusCode < 300:
		return "2xx"
	}
	return strconv.Itoa(resp.StatusCode)
}

// scrapeMetric reads one unlabelled sample from /metrics.
func scrapeMetric(base, name string) float64 {
	resp, err := http.Get(base + "/metrics")
	if err != nil {
		return -1
	}
	defer resp.Body.Close()
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), name+" "); ok {
			v, _ := strconv.ParseFloat(strings.TrimSpace(rest), 64)
			return v
		}
	}
	return -1
}

func TestChaosSoak(t *testing.T) {
	if !*soakFlag {
		t.Skip("chaos soak: run with -soak (5 minutes; -soak.duration to change)")
	}
	fake := espntest.New(t)
	front := newChaos(t, fake)
	panel := chaosPanel(t)
	env := map[string]string{
		"RATE_LIMIT_PER_MINUTE": "0", "METRICS": "true", "LOG_LEVEL": "error",
		"ESPN_SITE_API_URL": front.srv.URL + "/site", "ESPN_CORE_API_URL": front.srv.URL + "/core", "ESPN_CDN_URL": front.srv.URL + "/cdn",
		"THESPORTSDB_API_URL": closedURL, "MLBSTATS_API_URL": closedURL, "MLB_LOGO_URL": closedURL,
		"HOCKEYTECH_API_URL": closedURL, "FLAGCDN_URL": closedURL,
		"XC_PROXY": "true", "XC_PROXY_UPSTREAM": "main=" + panel.URL,
		"XDG_CACHE_HOME": t.TempDir(), // every other setting at its default: the disk tier lands here
	}
	target := startBinary(t, env)
	var teams []string
	for _, tm := range espntest.Teams("basketball", "nba") {
		teams = append(teams, strings.ToLower(tm.Abbreviation))
	}
	// Warm-up: one request of each kind, then the idle goroutine count.
	for _, p := range []string{"/nba/lal/bos/thumb", "/nba/mia/raw", "/nba/mia/logo", "/health",
		"/xc/main/get.php?username=u&password=p", "/xc/main/xmltv.php?username=u&password=p"} {
		if resp, err := http.Get(target.base + p); err == nil {
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
		}
	}
	time.Sleep(5 * time.Second)
	idleGoroutines := scrapeMetric(target.base, "go_goroutines")

	ctx, cancel := context.WithTimeout(context.Background(), *soakDuration)
	defer cancel()
	client := &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: 32}}
	stats := &soakStats{classes: map[string]int{}, examples: map[string][]string{}}
	do := func(url string, hdr http.Header, readFor time.Duration) {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		for k, v := range hdr {
			req.Header[k] = v
		}
		resp, err := client.Do(req)
		if ctx.Err() != nil {
			if err == nil {
				resp.Body.Close()
			}
			return
		}
		class := classOf(resp, err)
		if err != nil {
			stats.add(class, url+": "+err.Error())
			return
		}
		if class != "2xx" && class != "304" {
			body, _ := io.ReadAll(io.LimitReader(resp.Body, 300))
			// The XC proxy passes a panel's own status through, as
			// players expect: the panel's injected 500 is not ours.
			if class == "500" && strings.Contains(url, "/xc/") && string(body) == "panel down\n" {
				class = "panel-500"
			}
			stats.add(class, strings.TrimPrefix(url, target.base)+": "+string(body))
		} else {
			stats.add(class, "")
		}
		if readFor > 0 { // a player: read for a while, then hang up
			rctx, rcancel := context.WithTimeout(ctx, readFor)
			go func() { <-rctx.Done(); resp.Body.Close() }()
			io.Copy(io.Discard, resp.Body)
			rcancel()
			return
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
	}
	var n atomic.Int64
	cold := distinctThumbs(target.base, teams, 0)
	hot := []string{"/nba/lal/bos/thumb", "/nba/" + teams[3] + "/" + teams[4] + "/cover",
		"/nba/" + teams[5] + "/" + teams[6] + "/thumb?style=99", "/nba/gs/" + teams[7] + "/logo?style=3"}
	var etag atomic.Value
	etag.Store("")
	clients := map[string]struct {
		workers int
		next    func()
	}{
		"cold": {3, func() {
			u, _ := cold(int(n.Add(1)))
			do(u, nil, 0)
		}},
		"cached": {2, func() { do(target.base+hot[rand.IntN(len(hot))], nil, 0) }},
		"304": {1, func() {
			resp, err := client.Get(target.base + hot[0])
			if err == nil {
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				etag.Store(resp.Header.Get("ETag"))
			}
			do(target.base+hot[0], http.Header{"If-None-Match": {etag.Load().(string)}}, 0)
		}},
		"raw": {1, func() {
			tm := teams[rand.IntN(len(teams))]
			if rand.IntN(2) == 0 {
				do(target.base+"/nba/"+tm+"/raw", nil, 0)
			} else {
				do(target.base+"/nba/"+tm+"/logo", nil, 0)
			}
		}},
		"health": {1, func() {
			do(target.base+"/health", nil, 0)
			time.Sleep(100 * time.Millisecond)
		}},
		"xc": {2, func() {
			switch rand.IntN(4) {
			case 0:
				do(target.base+"/xc/main/get.php?username=u&password=p&type=m3u_plus", nil, 0)
			case 1:
				do(target.base+"/xc/main/xmltv.php?username=u&password=p", nil, 0)
			default:
				do(fmt.Sprintf("%s/xc/main/live/u/p/%d.ts", target.base, rand.IntN(200)), nil, time.Duration(1+rand.IntN(3))*time.Second)
			}
		}},
	}
	var wg sync.WaitGroup
	for _, c := range clients {
		for range c.workers {
			wg.Go(func() {
				for ctx.Err() == nil {
					c.next()
				}
			})
		}
	}

	type sample struct {
		at         time.Duration
		rps        float64
		classes    map[string]int
		rss        int
		goroutines float64
	}
	var samples []sample
	start := time.Now()
	fmt.Printf("\nChaos soak, %s, %s; faults injected by the provider front and the panel\n\n", time.Now().Format("2006-01-02"), *soakDuration)
	fmt.Println("| t s | req/s | answers by class | RSS MB | goroutines |")
	fmt.Println("|---|---|---|---|---|")
	tick := time.NewTicker(5 * time.Second)
	for done := false; !done; {
		select {
		case <-ctx.Done():
			done = true
		case <-tick.C:
		}
		classes, total := stats.take()
		s := sample{at: time.Since(start), rps: float64(total) / 5, classes: classes,
			rss: procKB(target.pid, "VmRSS"), goroutines: scrapeMetric(target.base, "go_goroutines")}
		samples = append(samples, s)
		keys := make([]string, 0, len(classes))
		for k := range classes {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		var parts []string
		for _, k := range keys {
			parts = append(parts, fmt.Sprintf("%s:%d", k, classes[k]))
		}
		fmt.Printf("| %.0f | %.0f | %s | %.1f | %.0f |\n", s.at.Seconds(), s.rps, strings.Join(parts, " "), float64(s.rss)/1024, s.goroutines)
	}
	tick.Stop()
	wg.Wait()
	client.CloseIdleConnections()

	// Back to idle: in-flight provider calls end within their timeout,
	// pooled keep-alive connections to the providers within 90 s.
	var after float64
	for range 240 {
		time.Sleep(500 * time.Millisecond)
		if after = scrapeMetric(target.base, "go_goroutines"); after <= idleGoroutines+4 {
			break
		}
	}
	total500, totalReq := 0, 0
	for _, s := range samples {
		total500 += s.classes["500"]
		for _, v := range s.classes {
			totalReq += v
		}
	}
	// Flat memory: the last third of the run peaks no higher than the
	// second third by more than 10 % (the first third is warm-up).
	third := len(samples) / 3
	peak := func(ss []sample) int {
		m := 0
		for _, s := range ss {
			m = max(m, s.rss)
		}
		return m
	}
	mid, last := peak(samples[third:2*third]), peak(samples[2*third:])
	fmt.Printf("\n%d requests, %d answered 500; faults: %s\n", totalReq, total500, front.summary())
	fmt.Printf("RSS peak: middle third %.1f MB, last third %.1f MB; VmHWM %.1f MB\n", float64(mid)/1024, float64(last)/1024, float64(procKB(target.pid, "VmHWM"))/1024)
	fmt.Printf("goroutines: idle before %.0f, after the clients stopped %.0f\n", idleGoroutines, after)
	for class, ex := range stats.examples {
		for _, e := range ex {
			fmt.Printf("  %s e.g. %.200s\n", class, e)
		}
	}
	if total500 > 0 {
		t.Errorf("%d responses with status 500", total500)
	}
	if third > 0 && float64(last) > 1.1*float64(mid) {
		t.Errorf("RSS still growing after warm-up: %d kB → %d kB", mid, last)
	}
	if after > idleGoroutines+4 {
		t.Errorf("goroutines did not return to idle: %.0f before, %.0f after", idleGoroutines, after)
	}
}
