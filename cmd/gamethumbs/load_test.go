package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"maps"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"gamethumbs/internal/espntest"
)

// The load benchmark starts the real binary against the fake ESPN and
// drives it over loopback. It is off by default; run it with
//
//	go test ./cmd/gamethumbs -run TestLoad -load -v
//
// and -load.long for the 60-second bounded-memory run.
var (
	loadFlag     = flag.Bool("load", false, "run the load benchmark")
	loadLongFlag = flag.Bool("load.long", false, "also run the 60 s distinct-images memory run")
	loadDuration = flag.Duration("load.duration", 5*time.Second, "length of each throughput phase")
	loadEnv      = flag.String("load.env", "", "extra settings for the measured binary, space-separated NAME=value (e.g. \"IMAGE_CACHE_MB=256 LOGO_CACHE_MB=96\" to compare with an older build's budgets)")
	loadLogos    = flag.Bool("load.logos", false, "also compare CPU per cold render at IMAGE_CACHE_MB=64 and 256 (the logo budget must not follow it)")
)

type loadTarget struct {
	base string
	pid  int
	stop func() // interrupts the binary and waits for it to exit; later calls do nothing
}

// startBinary builds gamethumbs and starts it with env, returning its URL.
func startBinary(t *testing.T, env map[string]string) *loadTarget {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "gamethumbs")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	cmd := exec.Command(bin)
	cmd.Env = append(os.Environ(), "PORT="+strconv.Itoa(port), "LOG_LEVEL=warn")
	for k, v := range env {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	cmd.Stdout, cmd.Stderr = io.Discard, os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var once sync.Once
	stop := func() { once.Do(func() { cmd.Process.Signal(os.Interrupt); cmd.Wait() }) }
	t.Cleanup(stop)
	base := fmt.Sprintf("http://127.0.0.1:%d", port)
	deadline := time.Now().Add(10 * time.Second)
	for {
		if resp, err := http.Get(base + "/health"); err == nil {
			resp.Body.Close()
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("binary did not become healthy")
		}
		time.Sleep(5 * time.Millisecond)
	}
	return &loadTarget{base: base, pid: cmd.Process.Pid, stop: stop}
}

// procKB reads a VmRSS/VmHWM style line of /proc/<pid>/status in kB.
func procKB(pid int, field string) int {
	f, err := os.Open(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return -1
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), field+":"); ok {
			n, _ := strconv.Atoi(strings.Fields(rest)[0])
			return n
		}
	}
	return -1
}

// procCPUms is the user plus system CPU time of process pid so far, in
// milliseconds (-1 when unreadable).
func procCPUms(pid int) float64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return -1
	}
	// Fields after the parenthesised command name: state is field 3,
	// utime and stime are fields 14 and 15, in clock ticks (100 Hz).
	s := string(b)
	f := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
	if len(f) < 13 {
		return -1
	}
	ut, _ := strconv.ParseFloat(f[11], 64)
	st, _ := strconv.ParseFloat(f[12], 64)
	return (ut + st) * 10
}

type phaseResult struct {
	name          string
	conc          int
	requests      int
	errors        int
	perSec        float64
	p50, p95, max time.Duration
	all           []time.Duration // every latency, sorted
}

func (r phaseResult) String() string {
	return fmt.Sprintf("| %s | %d | %d | %.0f | %.1f | %.1f | %.1f | %d |", r.name, r.conc, r.requests, r.perSec,
		ms(r.p50), ms(r.p95), ms(r.max), r.errors)
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// phase runs conc workers for d (or until urls runs out) and measures.
func phase(name string, conc int, d time.Duration, next func(i int) (string, http.Header)) phaseResult {
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: conc * 2, MaxConnsPerHost: conc * 2}}
	var n atomic.Int64
	var errs atomic.Int64
	lat := make([][]time.Duration, conc)
	stop := time.Now().Add(d)
	start := time.Now()
	var wg sync.WaitGroup
	for w := range conc {
		wg.Go(func() {
			for time.Now().Before(stop) {
				i := int(n.Add(1)) - 1
				url, hdr := next(i)
				if url == "" {
					return
				}
				req, _ := http.NewRequest(http.MethodGet, url, nil)
				if hdr != nil {
					req.Header = hdr
				}
				t0 := time.Now()
				resp, err := client.Do(req)
				if err != nil {
					errs.Add(1)
					continue
				}
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				if resp.StatusCode != 200 && resp.StatusCode != 304 {
					errs.Add(1)
				}
				lat[w] = append(lat[w], time.Since(t0))
			}
		})
	}
	wg.Wait()
	elapsed := time.Since(start)
	all := slices.Concat(lat...)
	slices.Sort(all)
	r := phaseResult{name: name, conc: conc, requests: len(all), errors: int(errs.Load()), all: all}
	if len(all) > 0 {
		r.perSec = float64(len(all)) / elapsed.Seconds()
		r.p50, r.p95, r.max = all[len(all)/2], all[len(all)*95/100], all[len(all)-1]
	}
	return r
}

// distinctThumbs yields default-style (style 1) matchup thumbnail URLs
// that are all different: every ordered team pair, then each aspect and
// badge.
func distinctThumbs(base string, teams []string, offset int) func(i int) (string, http.Header) {
	aspects := []string{"4-3", "16-9", "1-1"}
	badges := []string{"", "&badge=HD", "&badge=4K", "&badge=FHD", "&badge=UHD", "&badge=ALT"}
	n := len(teams)
	return func(i int) (string, http.Header) {
		i += offset
		pair := i % (n * (n - 1))
		a := pair / (n - 1)
		b := (a + 1 + pair%(n-1)) % n
		j := i / (n * (n - 1))
		return fmt.Sprintf("%s/nba/%s/%s/thumb?aspect=%s%s", base, teams[a], teams[b],
			aspects[j%len(aspects)], badges[(j/len(aspects))%len(badges)]), nil
	}
}

// sizedThumbs yields distinct default-style matchup thumbnail URLs in
// distinctThumbs' order (every team pair, then the next badge) with the
// aspect outermost: all 5,220 URLs of an aspect (30 teams) before the
// next. Where distinctThumbs changes the picture size every 870 URLs, a
// phase here stays within one size however many requests it completes,
// so a faster build does not go further into pictures of another size
// than a slower one.
func sizedThumbs(base string, teams []string, offset int) func(i int) (string, http.Header) {
	aspects := []string{"4-3", "16-9", "1-1"}
	badges := []string{"", "&badge=HD", "&badge=4K", "&badge=FHD", "&badge=UHD", "&badge=ALT"}
	n := len(teams)
	block := n * (n - 1) * len(badges)
	return func(i int) (string, http.Header) {
		i += offset
		pair := i % (n * (n - 1))
		a := pair / (n - 1)
		b := (a + 1 + pair%(n-1)) % n
		return fmt.Sprintf("%s/nba/%s/%s/thumb?aspect=%s%s", base, teams[a], teams[b],
			aspects[(i/block)%len(aspects)], badges[(i/(n*(n-1)))%len(badges)]), nil
	}
}

func TestSizedThumbs(t *testing.T) {
	teams := []string{"a", "b", "c", "d", "e"}
	urls := sizedThumbs("", teams, 0)
	block := len(teams) * (len(teams) - 1) * 6
	seen := map[string]bool{}
	for i := range 3 * block {
		u, _ := urls(i)
		if seen[u] {
			t.Fatalf("URL %d (%s) repeats an earlier one", i, u)
		}
		seen[u] = true
		if want := []string{"4-3", "16-9", "1-1"}[i/block]; !strings.Contains(u, "aspect="+want) {
			t.Fatalf("URL %d is %s, want aspect %s throughout its block", i, u, want)
		}
	}
}

func TestLoad(t *testing.T) {
	if !*loadFlag {
		t.Skip("load benchmark: run with -load")
	}
	fake := espntest.New(t)
	env := map[string]string{
		"RATE_LIMIT_PER_MINUTE": "0",
		"ESPN_SITE_API_URL":     fake.SiteURL, "ESPN_CORE_API_URL": fake.CoreURL, "ESPN_CDN_URL": fake.CDNURL,
		// Every other setting at its default: the disk tier lands in a
		// temporary user cache directory.
		"XDG_CACHE_HOME": t.TempDir(),
	}
	for _, kv := range strings.Fields(*loadEnv) {
		k, v, _ := strings.Cut(kv, "=")
		env[k] = v
	}
	var teams []string
	for _, tm := range espntest.Teams("basketball", "nba") {
		teams = append(teams, strings.ToLower(tm.Abbreviation))
	}
	target := startBinary(t, env)
	// Warm provider data and every logo once, so "cold" means "not rendered yet".
	for _, tm := range teams {
		http.Get(target.base + "/nba/" + tm + "/logo")
	}
	idle := procKB(target.pid, "VmRSS")

	var rows []phaseResult
	var cpuPerReq []float64 // the service's CPU time per request, ms: steadier than req/s on a shared machine
	measure := func(run func() phaseResult) phaseResult {
		c0 := procCPUms(target.pid)
		r := run()
		cpuPerReq = append(cpuPerReq, (procCPUms(target.pid)-c0)/float64(max(1, r.requests)))
		return r
	}
	rows = append(rows, measure(func() phaseResult {
		return phase("cold matchup thumbs", 1, *loadDuration, sizedThumbs(target.base, teams, 0))
	}))
	rows = append(rows, measure(func() phaseResult {
		return phase("cold matchup thumbs", 8, *loadDuration, sizedThumbs(target.base, teams, 2_600))
	}))
	hot := target.base + "/nba/lal/bos/thumb"
	resp, err := http.Get(hot)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	etag := resp.Header.Get("ETag")
	rows = append(rows, measure(func() phaseResult {
		return phase("cached thumb", 8, *loadDuration, func(int) (string, http.Header) { return hot, nil })
	}))
	rows = append(rows, measure(func() phaseResult {
		return phase("304 Not Modified", 8, *loadDuration, func(int) (string, http.Header) {
			return hot, http.Header{"If-None-Match": {etag}}
		})
	}))
	fmt.Printf("\nLoad benchmark, %s, GOMAXPROCS service default, client in the test process\n\n", time.Now().Format("2006-01-02"))
	fmt.Println("| phase | concurrency | requests | req/s | p50 ms | p95 ms | max ms | errors |")
	fmt.Println("|---|---|---|---|---|---|---|---|")
	for _, r := range rows {
		fmt.Println(r)
	}
	fmt.Println()
	for i, r := range rows {
		fmt.Printf("service CPU per request, %s at %d: %.3f ms\n", r.name, r.conc, cpuPerReq[i])
	}
	fmt.Printf("\nidle RSS after warm-up %d kB; peak RSS (VmHWM) %d kB\n", idle, procKB(target.pid, "VmHWM"))
	fmt.Printf("logo cache: %.1f MB, hit ratio %.2f\n", scrapeMetric(target.base, `gamethumbs_cache_bytes{cache="logo"}`)/(1<<20), logoHitRatio(target.base))

	if *loadLogos {
		// Issue 18.4: the logo budget does not follow IMAGE_CACHE_MB, so a
		// small image cache costs no CPU per render. Styles 1 and 99 over
		// every pair, so the logo caches see a day's variety.
		for _, mb := range []string{"256", "64"} {
			e := maps.Clone(env)
			e["IMAGE_CACHE_MB"] = mb
			e["XDG_CACHE_HOME"] = t.TempDir()
			b := startBinary(t, e)
			for _, tm := range teams {
				http.Get(b.base + "/nba/" + tm + "/logo")
			}
			urls := distinctThumbs(b.base, teams, 0)
			c0 := procCPUms(b.pid)
			r := phase("cold thumbs, styles 1 and 99, IMAGE_CACHE_MB="+mb, 8, 2**loadDuration, func(i int) (string, http.Header) {
				u, _ := urls(i / 2)
				if i%2 == 1 {
					u += "&style=99"
				}
				return u, nil
			})
			fmt.Println(r)
			fmt.Printf("service CPU per render %.1f ms; logo cache %.1f MB, hit ratio %.2f; VmHWM %d kB\n",
				(procCPUms(b.pid)-c0)/float64(max(1, r.requests)),
				scrapeMetric(b.base, `gamethumbs_cache_bytes{cache="logo"}`)/(1<<20), logoHitRatio(b.base), procKB(b.pid, "VmHWM"))
		}
	}

	if *loadLongFlag {
		env["IMAGE_CACHE_MB"] = "64"
		long := startBinary(t, env)
		for _, tm := range teams {
			http.Get(long.base + "/nba/" + tm + "/logo")
		}
		ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
		defer cancel()
		peak := 0
		go func() {
			for ctx.Err() == nil {
				peak = max(peak, procKB(long.pid, "VmRSS"))
				time.Sleep(100 * time.Millisecond)
			}
		}()
		urls := distinctThumbs(long.base, teams, 0)
		r := phase("distinct images, IMAGE_CACHE_MB=64", 8, 60*time.Second, func(i int) (string, http.Header) {
			if i >= 5000 {
				i %= 5000 // 5,000 distinct images, requested again once cached or evicted
			}
			return urls(i)
		})
		fmt.Println(r)
		fmt.Printf("max sampled RSS %d kB, VmHWM %d kB\n", peak, procKB(long.pid, "VmHWM"))
	}
}

// logoHitRatio is the renderer's logo-cache hit ratio from /metrics.
func logoHitRatio(base string) float64 {
	h := scrapeMetric(base, `gamethumbs_cache_hits_total{cache="logo"}`)
	m := scrapeMetric(base, `gamethumbs_cache_misses_total{cache="logo"}`)
	if h+m <= 0 {
		return 0
	}
	return h / (h + m)
}
