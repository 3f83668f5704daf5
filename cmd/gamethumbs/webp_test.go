package main

import (
	"bytes"
	"image"
	"image/png"
	"testing"
	"time"

	"golang.org/x/image/webp"

	"gamethumbs/internal/pngenc"
	"gamethumbs/internal/testutil"
	"gamethumbs/internal/webpenc"
)

// TestWebPRoutes: every image route answers WebP with a ".webp" suffix or
// format=webp, PNG stays the default, and the two are cached apart (each
// has its own ETag).
func TestWebPRoutes(t *testing.T) {
	svc := startArgs(t, []string{"-demo"}, nil)
	pngResp, pngBody := svc.get(t, "/demo/herons/comets/thumb")
	if pngResp.Header.Get("Content-Type") != "image/png" {
		t.Fatalf("default format = %s, want image/png", pngResp.Header.Get("Content-Type"))
	}
	// Each distinct picture costs an encode (a few hundred ms of CPU), so
	// the suffix on every route is checked in httpapi; here one lossy
	// matchup thumbnail (three spellings, one encode) and two lossless logos.
	for _, path := range []string{
		"/demo/herons/comets/thumb.webp", "/demo/herons/comets/thumb?format=webp", "/demo/herons/comets/THUMB.WEBP",
		"/demo/herons/logo.webp", "/demo/leaguelogo.webp",
	} {
		resp, body := svc.get(t, path)
		if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "image/webp" {
			t.Errorf("GET %s = %d %s %.100s", path, resp.StatusCode, resp.Header.Get("Content-Type"), body)
			continue
		}
		if _, err := webp.DecodeConfig(bytes.NewReader(body)); err != nil {
			t.Errorf("GET %s: not a WebP picture: %v", path, err)
		}
		if resp.Header.Get("ETag") == pngResp.Header.Get("ETag") {
			t.Errorf("GET %s has the PNG's ETag", path)
		}
	}
	_, webpBody := svc.get(t, "/demo/herons/comets/thumb.webp")
	t.Logf("style-1 thumb: PNG %d bytes, WebP %d bytes", len(pngBody), len(webpBody))
	if resp, _ := svc.get(t, "/demo/herons/comets/thumb?format=jpeg"); resp.Header.Get("Content-Type") != "image/png" {
		t.Errorf("format=jpeg answered %s, want the PNG default", resp.Header.Get("Content-Type"))
	}
}

// pictures are the style-1 thumbnail and a matchup logo of the demo
// league, decoded, for the encode benchmarks.
func pictures(b *testing.B) map[string]image.Image {
	b.Helper()
	h := newHandler(b, map[string]string{"DEMO": "true"})
	out := map[string]image.Image{}
	for name, path := range map[string]string{"thumb": "/demo/herons/comets/thumb", "logo": "/demo/herons/comets/logo?size=512"} {
		img, err := png.Decode(serveOnce(b, h, path).Body)
		if err != nil {
			b.Fatalf("%s: %v", path, err)
		}
		out[name] = img
	}
	return out
}

// BenchmarkEncode compares the PNG encoder of the service with WebP
// (lossy at the default quality for the thumbnail, lossless for the logo)
// and reports the bytes each produces.
func BenchmarkEncode(b *testing.B) {
	pics := pictures(b)
	webpenc.Warm()
	for _, c := range []struct {
		name string
		pic  string
		enc  func(image.Image) ([]byte, error)
	}{
		{"thumb/png", "thumb", encodePNG},
		{"thumb/webp-q80", "thumb", func(m image.Image) ([]byte, error) { return webpenc.Encode(m, webpenc.Options{Quality: 80}) }},
		{"logo/png", "logo", encodePNG},
		{"logo/webp-lossless", "logo", func(m image.Image) ([]byte, error) { return webpenc.Encode(m, webpenc.Options{Lossless: true}) }},
	} {
		b.Run(c.name, func(b *testing.B) {
			var n int
			cpu0 := cpuTime()
			for b.Loop() {
				data, err := c.enc(pics[c.pic])
				if err != nil {
					b.Fatal(err)
				}
				n = len(data)
			}
			b.ReportMetric(float64(n), "bytes")
			b.ReportMetric(float64(cpuTime()-cpu0)/float64(b.N)/1e6, "cpu-ms/op")
		})
	}
}

// cpuTime is the process's user+system CPU time: per-op CPU is stable on
// a shared, noisy machine where wall time is not.
func cpuTime() time.Duration { return testutil.CPUTime() }

func encodePNG(m image.Image) ([]byte, error) {
	var buf bytes.Buffer
	err := pngenc.Encode(&buf, m)
	return buf.Bytes(), err
}
