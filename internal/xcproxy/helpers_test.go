package xcproxy

import (
	"bytes"
	"flag"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"gamethumbs/internal/testutil"
)

var update = flag.Bool("update", false, "rewrite golden files")

// Credentials used by the tests; distinctive so a leak is easy to spot.
const (
	testUser = "userZq7"
	testPass = "pw_S3cr3tX"
)

func credQuery() string {
	return "username=" + testUser + "&password=" + testPass
}

// fakePanel is an XC panel on 127.0.0.1 with routes a test can replace.
type fakePanel struct {
	srv *httptest.Server
	mu  sync.Mutex
	mux map[string]http.HandlerFunc // by path

	guideHits atomic.Int64
	lastReq   atomic.Pointer[http.Request]
}

func newFakePanel(t *testing.T) *fakePanel {
	t.Helper()
	p := &fakePanel{mux: map[string]http.HandlerFunc{}}
	guide, err := os.ReadFile("testdata/guide.xml")
	if err != nil {
		t.Fatal(err)
	}
	p.handle("/xmltv.php", func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Query().Get("username") == "" || r.URL.Query().Get("password") == "" {
			http.Error(w, "no auth", http.StatusUnauthorized)
			return
		}
		w.Header().Set("Content-Type", "application/xml")
		w.Write(guide)
	})
	p.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p.lastReq.Store(r.Clone(r.Context()))
		if r.URL.Path == "/xmltv.php" {
			p.guideHits.Add(1)
		}
		p.mu.Lock()
		h := p.mux[r.URL.Path]
		if h == nil {
			h = p.mux["*"]
		}
		p.mu.Unlock()
		if h == nil {
			http.NotFound(w, r)
			return
		}
		h(w, r)
	}))
	t.Cleanup(p.srv.Close)
	return p
}

func (p *fakePanel) handle(path string, h http.HandlerFunc) {
	p.mu.Lock()
	p.mux[path] = h
	p.mu.Unlock()
}

// serveFile answers path with a fixture and a content type.
func (p *fakePanel) serveFile(t *testing.T, path, file, contentType string) []byte {
	t.Helper()
	body, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	p.handle(path, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", contentType)
		w.Write(body)
	})
	return body
}

// logBuffer collects log output for leak checks.
type logBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *logBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

func (l *logBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}

// testProxy is a Handler for one fake panel ("main"), served by a real
// HTTP server, with its logs captured.
type testProxy struct {
	h    *Handler
	srv  *httptest.Server
	logs *logBuffer
}

func newTestProxy(t *testing.T, p *fakePanel, mod func(*Config)) *testProxy {
	t.Helper()
	logs := &logBuffer{}
	// The logger is deliberately NOT wrapped by redact: New must do it.
	cfg := Config{
		Upstreams: []Upstream{{ID: "main", Base: mustURL(t, p.srv.URL)}},
		Logger:    slog.New(slog.NewJSONHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug})),
	}
	if mod != nil {
		mod(&cfg)
	}
	h, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(func() {
		srv.Close()
		h.Close()
		keepLog(t, logs.String())
		if s := logs.String(); strings.Contains(s, testPass) || strings.Contains(s, testUser) {
			t.Errorf("logs show a credential:\n%s", s)
		}
	})
	return &testProxy{h: h, srv: srv, logs: logs}
}

func mustURL(t testing.TB, s string) *url.URL {
	t.Helper()
	u, err := url.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// get fetches path from the proxy and returns the response with its body
// read.
func (tp *testProxy) get(t *testing.T, path string, hdr http.Header) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, tp.srv.URL+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range hdr {
		req.Header[k] = v
	}
	return do(t, req)
}

func do(t *testing.T, req *http.Request) (*http.Response, []byte) {
	t.Helper()
	client := &http.Client{
		Timeout:       90 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
		Transport:     &http.Transport{DisableCompression: true, DisableKeepAlives: true},
	}
	resp, err := client.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", req.Method, req.URL.Path, err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("%s %s: reading body: %v", req.Method, req.URL.Path, err)
	}
	return resp, body
}

// newServer serves h on 127.0.0.1 and returns its base URL.
func newServer(t *testing.T, h http.Handler) string {
	t.Helper()
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv.URL
}

// get fetches an absolute URL (no redirects followed, no compression).
func get(t *testing.T, u string, hdr http.Header) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, u, nil)
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range hdr {
		req.Header[k] = v
	}
	return do(t, req)
}

// keepLog appends a test's captured log output to $GAMETHUMBS_TEST_LOG_DIR
// (when set), so that the logs of a whole test run can be searched for
// planted credentials afterwards.
func keepLog(t *testing.T, logs string) { testutil.KeepLog(t, "xcproxy.log", logs) }
