package main

import (
	"fmt"
	"log/slog"
	"net"

	"gamethumbs/internal/catalog"
	"gamethumbs/internal/catalog/providerhttp"
	"gamethumbs/internal/config"
	"gamethumbs/internal/demo"
	"gamethumbs/internal/metrics"
)

// newMetrics returns the metrics of the process, with the providers'
// circuit breakers, or nil with METRICS=false.
func newMetrics(cfg config.Config) *metrics.Metrics {
	if !cfg.Metrics {
		return nil
	}
	m := metrics.New()
	m.WatchCircuits(func() map[string]string {
		out := map[string]string{}
		for provider, state := range providerhttp.BreakerStates() {
			out[provider] = state.String()
		}
		return out
	})
	return m
}

// addDemo adds the demo league and its provider (measured by m) in demo
// mode and returns the catalogue to use.
func addDemo(cfg config.Config, cat *catalog.Catalog, providers map[string]catalog.Provider, m *metrics.Metrics) *catalog.Catalog {
	if !cfg.Demo {
		return cat
	}
	providers[demo.ProviderID] = m.Provider(demo.New())
	return cat.With(demo.League())
}

// logDemo tells a new user where to look in demo mode.
func logDemo(log *slog.Logger, cfg config.Config, addr net.Addr) {
	if !cfg.Demo || cfg.Mode != config.ModeStandard {
		return
	}
	port := "3000"
	if tcp, ok := addr.(*net.TCPAddr); ok {
		port = fmt.Sprint(tcp.Port)
	}
	log.Info("demo league on: open the URL builder or a demo picture",
		"page", "http://localhost:"+port+"/", "picture", "http://localhost:"+port+"/demo/herons/comets/thumb")
}
