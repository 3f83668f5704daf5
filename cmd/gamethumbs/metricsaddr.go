package main

import (
	"log/slog"
	"net"
	"net/http"
	"time"

	"gamethumbs/internal/httpframe"
	"gamethumbs/internal/metrics"
)

// serveMetrics serves m at /metrics on addr (METRICS_ADDR), a listener of
// its own so metrics need not be public; every other path is 404. The
// returned function closes it.
func serveMetrics(addr string, m *metrics.Metrics, log *slog.Logger) (func(), error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, err
	}
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", m.Handler())
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 5 * time.Second, WriteTimeout: 30 * time.Second,
		IdleTimeout: time.Minute, MaxHeaderBytes: 16 << 10,
		ErrorLog: slog.NewLogLogger(log.Handler(), slog.LevelWarn)}
	go srv.Serve(httpframe.Listen(ln))
	log.Info("metrics listening", "url", "http://"+ln.Addr().String()+"/metrics")
	return func() { srv.Close() }, nil
}
