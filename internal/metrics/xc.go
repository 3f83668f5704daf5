package metrics

import (
	"github.com/prometheus/client_golang/prometheus"

	"gamethumbs/internal/xcproxy"
)

// WatchXC exports the counters of the XC proxy. stats is called once per
// scrape (xcproxy.Handler.Stats reads atomics). Calling it twice panics.
func (m *Metrics) WatchXC(stats func() xcproxy.Stats) {
	if m == nil || stats == nil {
		return
	}
	c := &xcCollector{stats: stats}
	for _, f := range []struct {
		name, help string
		get        func(xcproxy.Stats) int64
	}{
		{"requests_total", "Requests served by the XC proxy (any status).", func(s xcproxy.Stats) int64 { return s.Requests }},
		{"bytes_streamed_total", "Response body bytes the XC proxy sent on to clients.", func(s xcproxy.Stats) int64 { return s.BytesStreamed }},
		{"upstream_errors_total", "XC proxy answers 502/504: panel unreachable or too slow.", func(s xcproxy.Stats) int64 { return s.UpstreamErrors }},
		{"guide_fetches_total", "Guide (XMLTV) downloads the XC proxy started.", func(s xcproxy.Stats) int64 { return s.GuideFetches }},
		{"guide_errors_total", "Guide downloads that failed.", func(s xcproxy.Stats) int64 { return s.GuideErrors }},
		{"guide_shared_hits_total", "Guides taken from the tier replicas share (REDIS_URL) instead of downloaded.", func(s xcproxy.Stats) int64 { return s.GuideSharedHits }},
		{"guide_cache_hits_total", "Guide lookups answered from the XC proxy's cache.", func(s xcproxy.Stats) int64 { return s.GuideCacheHits }},
		{"playlists_rewritten_total", "Channel lists (M3U) rewritten with guide logos.", func(s xcproxy.Stats) int64 { return s.PlaylistsRewritten }},
		{"live_streams_rewritten_total", "get_live_streams answers rewritten with guide logos.", func(s xcproxy.Stats) int64 { return s.LiveStreamsRewritten }},
		{"hls_rewritten_total", "HLS playlists whose URIs the XC proxy mapped back into itself.", func(s xcproxy.Stats) int64 { return s.HLSRewritten }},
		{"aborted_total", "XC proxy responses cut short (client gone, or the panel failed mid-body).", func(s xcproxy.Stats) int64 { return s.Aborted }},
	} {
		c.descs = append(c.descs, prometheus.NewDesc(prometheus.BuildFQName(namespace, "xc", f.name), f.help, nil, nil))
		c.gets = append(c.gets, f.get)
	}
	m.reg.MustRegister(c)
}

// xcCollector reads one xcproxy.Stats per scrape.
type xcCollector struct {
	stats func() xcproxy.Stats
	descs []*prometheus.Desc
	gets  []func(xcproxy.Stats) int64
}

func (c *xcCollector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range c.descs {
		ch <- d
	}
}

func (c *xcCollector) Collect(ch chan<- prometheus.Metric) {
	s := c.stats()
	for i, d := range c.descs {
		ch <- prometheus.MustNewConstMetric(d, prometheus.CounterValue, float64(c.gets[i](s)))
	}
}
