package main

import (
	"bytes"
	"net/http"
	"strings"
	"testing"
)

// TestLogoOutageIsNeverCachedAsSuccess drives the whole service against a
// fake CDN whose logos fail for a while: the picture drawn without them is
// served short-lived under an ETag of its own, logged once per logo and
// counted; as soon as the logos answer again the same URL shows them.
func TestLogoOutageIsNeverCachedAsSuccess(t *testing.T) {
	svc := start(t, map[string]string{"CACHE_DIR": t.TempDir()})
	const path = "/nba/lakers/celtics/thumb"
	const lalLogo = "/cdn/i/teamlogos/nba/500/lal.png"

	svc.espn.Fail("/cdn/", http.StatusServiceUnavailable)
	resp, degraded := svc.get(t, path)
	if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "image/png" {
		t.Fatalf("during the outage GET %s = %d %s, want a picture", path, resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	if cc := resp.Header.Get("Cache-Control"); cc != "public, max-age=60" {
		t.Errorf("degraded picture Cache-Control = %q, want public, max-age=60", cc)
	}
	degradedTag := resp.Header.Get("ETag")
	if !strings.HasPrefix(degradedTag, `"dg-`) {
		t.Errorf("degraded picture ETag = %s, want one of its own (\"dg-...)", degradedTag)
	}
	hits := svc.espn.Hits(lalLogo)
	svc.get(t, path) // not cached: rendered again, and the logos asked for again
	if svc.espn.Hits(lalLogo) == hits {
		t.Error("second request during the outage did not ask for the logos again: the degraded picture was cached")
	}
	if n := strings.Count(svc.logs.String(), "logo unavailable"); n != 6 {
		t.Errorf("%d warnings for the failing logos over two requests, want one per logo URL (light and dark of 2 teams and the league):\n%s", n, svc.logs.String())
	}
	if !strings.Contains(svc.logs.String(), "reason=server_error") {
		t.Errorf("warning does not give the reason:\n%s", svc.logs.String())
	}
	_, metrics := svc.get(t, "/metrics")
	if !bytes.Contains(metrics, []byte(`gamethumbs_logo_failures_total{reason="server_error"}`)) {
		t.Error("/metrics has no logo failure count")
	}

	svc.espn.Fail("/cdn/", 0) // the logos recover
	req, _ := http.NewRequest(http.MethodGet, svc.base+path, nil)
	req.Header.Set("If-None-Match", degradedTag)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Fatalf("after recovery, revalidating the degraded picture = %d, want 200 with the logos", resp.StatusCode)
	}
	resp, full := svc.get(t, path)
	if bytes.Equal(full, degraded) || resp.Header.Get("ETag") == degradedTag {
		t.Error("after recovery the same URL still serves the picture without logos")
	}
	if cc := resp.Header.Get("Cache-Control"); cc != "public, max-age=86400" {
		t.Errorf("complete picture Cache-Control = %q, want the full day", cc)
	}
	hits = svc.espn.Hits(lalLogo)
	svc.get(t, path)
	if svc.espn.Hits(lalLogo) != hits {
		t.Error("the complete picture was not cached")
	}
}

// TestMissingLogoIsCachedShorter: a logo the provider answers 404 for is a
// lasting miss, cached, but for an hour rather than a day.
func TestMissingLogoIsCachedShorter(t *testing.T) {
	svc := start(t, nil)
	svc.espn.Fail("/cdn/", http.StatusNotFound)
	resp, _ := svc.get(t, "/nba/lakers/celtics/cover")
	if resp.StatusCode != 200 {
		t.Fatalf("cover with 404 logos = %d, want a picture", resp.StatusCode)
	}
	if cc := resp.Header.Get("Cache-Control"); cc != "public, max-age=3600" {
		t.Errorf("picture missing 404 logos: Cache-Control = %q, want public, max-age=3600", cc)
	}
	if strings.HasPrefix(resp.Header.Get("ETag"), `"dg-`) {
		t.Error("a lasting miss got the degraded ETag")
	}
}

// Two instances on one host given the same CACHE_DIR: the second cannot
// share the first's segment files, so it says so and serves pictures from
// memory; the first keeps its disk tier.
func TestSharedCacheDirSecondInstanceRunsWithoutDisk(t *testing.T) {
	dir := t.TempDir()
	first := start(t, map[string]string{"CACHE_DIR": dir})
	second := start(t, map[string]string{"CACHE_DIR": dir})
	if !strings.Contains(second.logs.String(), "in use by another gamethumbs process") {
		t.Errorf("second instance on the same CACHE_DIR gave no warning:\n%s", second.logs.String())
	}
	if strings.Contains(first.logs.String(), "in use by another") {
		t.Error("the first instance was refused its own directory")
	}
	for _, svc := range []*service{first, second} {
		resp, body := svc.get(t, "/nba/lakers/celtics/thumb")
		if resp.StatusCode != 200 || !bytes.HasPrefix(body, []byte("\x89PNG")) {
			t.Errorf("GET thumb = %d (%d bytes), want a PNG from both instances", resp.StatusCode, len(body))
		}
	}
}
