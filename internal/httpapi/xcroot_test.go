package httpapi

import (
	"bytes"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"gamethumbs/internal/config"
	"gamethumbs/internal/metrics"
	"gamethumbs/internal/testutil"
)

// TestXCAbortedStreamIsLoggedAndCounted: a stream the handler gives up on
// mid-body (http.ErrAbortHandler, as httputil.ReverseProxy does when the
// client leaves or the panel fails) still gets its access-log line, with
// aborted=true, and is counted; on /xc and on a root-mode listener.
func TestXCAbortedStreamIsLoggedAndCounted(t *testing.T) {
	xc := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "video/mp2t")
		w.Write(bytes.Repeat([]byte{0x47}, 1000))
		panic(http.ErrAbortHandler)
	})
	logs := &testutil.LockedBuffer{}
	cfg := config.Defaults()
	cfg.Mode = config.ModeXCProxy
	m := metrics.New()
	s := NewServer(Deps{Config: cfg, XC: xc, Metrics: m, Logger: slog.New(slog.NewTextHandler(logs, nil))})
	api := httptest.NewServer(s)
	defer api.Close()
	root := httptest.NewServer(s.XCRoot(xc))
	defer root.Close()
	for _, u := range []string{api.URL + "/xc/main/live/userQ/passQ/1.ts", root.URL + "/live/userQ/passQ/1.ts"} {
		resp, err := http.Get(u)
		if err == nil {
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
		}
	}
	out := logs.String()
	if n := strings.Count(out, "aborted=true"); n != 2 {
		t.Errorf("%d aborted lines, want 2:\n%s", n, out)
	}
	for _, want := range []string{`path=/xc/main/live/***/***/***.ts route=xc status=200 bytes=1000`, `path=/live/***/***/***.ts route=xc status=200 bytes=1000`} {
		if !strings.Contains(out, want) {
			t.Errorf("log lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "userQ") || strings.Contains(out, "passQ") {
		t.Errorf("log shows credentials:\n%s", out)
	}
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
	if !strings.Contains(rec.Body.String(), `route="xc",status="200"} 2`) {
		t.Errorf("aborted streams not counted in /metrics:\n%s", grepLines(rec.Body.String(), "xc"))
	}
}

func grepLines(s, sub string) string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if strings.Contains(l, sub) {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}
