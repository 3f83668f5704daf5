package xcproxy_test

import (
	"log"
	"log/slog"
	"net/http"
	"os"
	"time"

	"gamethumbs/internal/redact"
	"gamethumbs/internal/xcproxy"
)

// Example shows the wiring: parse XC_PROXY_UPSTREAM, build the handler,
// mount it at /xc/, and log through redact.
func Example() {
	ups, err := xcproxy.ParseUpstreams("main=http://192.168.1.20:8080")
	if err != nil {
		log.Fatal(err)
	}
	logger := slog.New(redact.Handler(slog.NewTextHandler(os.Stderr, nil)))
	h, err := xcproxy.New(xcproxy.Config{Upstreams: ups, Logger: logger})
	if err != nil {
		log.Fatal(err)
	}
	defer h.Close()
	mux := http.NewServeMux()
	mux.Handle("/xc/", h)
	// A player is then configured with server http://<host>:<port>/xc/main.
	_ = &http.Server{Addr: ":3000", Handler: mux, ReadHeaderTimeout: 10 * time.Second}
}
