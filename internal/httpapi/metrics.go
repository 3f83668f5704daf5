package httpapi

import (
	"net/http"
	"time"

	"gamethumbs/internal/cache"
	"gamethumbs/internal/metrics"
	"gamethumbs/internal/xcproxy"
)

// useMetrics connects the server's parts to m: renders, the image cache,
// the render package's logo cache and the XC proxy's counters. A nil m
// (METRICS=false) leaves everything unmeasured and /metrics answers 404.
func (s *Server) useMetrics(m *metrics.Metrics) {
	s.metrics = m
	if m == nil {
		return
	}
	s.images.rendered = m.ObserveRender
	m.WatchRenders(s.images.gate.Running, s.images.gate.Queued)
	if c := s.images.memory; c != nil {
		m.WatchCache("image", func() metrics.CacheStats {
			st := c.Stats()
			return metrics.CacheStats{Bytes: st.Bytes, Entries: st.Entries, Hits: st.Hits, Misses: st.Misses, Evictions: int64(st.Evictions)}
		})
	}
	// The tiers below memory count the lookups that reach them: a hit
	// ratio per tier (image_disk, image_shared).
	lower := map[string]cache.Cache{}
	if s.images.disk != nil {
		lower["image_disk"] = s.images.disk
	}
	if s.images.shared != nil {
		lower["image_shared"] = s.images.shared
	}
	for name, tier := range lower {
		m.WatchCache(name, func() metrics.CacheStats {
			st := s.images.tiers.Stats(tier)
			return metrics.CacheStats{Bytes: -1, Entries: -1, Hits: st.Hits, Misses: st.Misses, Evictions: -1}
		})
	}
	if r := s.renderer; r != nil {
		m.WatchCache("logo", func() metrics.CacheStats {
			st := r.CacheStats()
			return metrics.CacheStats{Bytes: st.Bytes, Hits: st.Hits, Misses: st.Misses, Entries: st.Entries, Evictions: int64(st.Evictions)}
		})
	}
	if x, ok := s.xc.(interface{ Stats() xcproxy.Stats }); ok {
		m.WatchXC(x.Stats)
	}
}

// serveMetrics serves /metrics (Prometheus exposition format). The route
// is of the health kind (404 when METRICS_ADDR moves it to a listener of
// its own): never rate limited, logged at debug level.
func (s *Server) serveMetrics(w http.ResponseWriter, r *http.Request, _ params) error {
	if s.metrics == nil || s.cfg.MetricsAddr != "" {
		return errorf(http.StatusNotFound, "route not found")
	}
	w.Header().Set("Cache-Control", "no-store")
	s.metrics.Handler().ServeHTTP(w, r)
	return nil
}

// observe records one answered request in the metrics.
func (s *Server) observe(r *http.Request, rec *recorder, kind routeKind, start time.Time) {
	if s.metrics == nil {
		return
	}
	status := rec.status
	if !rec.wroteHeader {
		status = statusClientClosed
		if r.Context().Err() == nil {
			status = http.StatusOK
		}
	}
	s.metrics.ObserveRequest(string(kind), status, s.now().Sub(start))
}
