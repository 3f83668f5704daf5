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
		gauge      bool
	}{
		{"requests_total", "Requests served by the XC proxy (any status).", func(s xcproxy.Stats) int64 { return s.Requests }, false},
		{"bytes_streamed_total", "Response body bytes the XC proxy sent on to clients.", func(s xcproxy.Stats) int64 { return s.BytesStreamed }, false},
		{"upstream_errors_total", "XC proxy answers 502/504: panel unreachable or too slow.", func(s xcproxy.Stats) int64 { return s.UpstreamErrors }, false},
		{"guide_fetches_total", "Guide (XMLTV) downloads the XC proxy started.", func(s xcproxy.Stats) int64 { return s.GuideFetches }, false},
		{"guide_errors_total", "Guide downloads that failed.", func(s xcproxy.Stats) int64 { return s.GuideErrors }, false},
		{"guide_shared_hits_total", "Guides taken from the tier replicas share (REDIS_URL) instead of downloaded.", func(s xcproxy.Stats) int64 { return s.GuideSharedHits }, false},
		{"guide_cache_hits_total", "Guide lookups answered from the XC proxy's cache.", func(s xcproxy.Stats) int64 { return s.GuideCacheHits }, false},
		{"playlists_rewritten_total", "Channel lists (M3U) rewritten with guide logos.", func(s xcproxy.Stats) int64 { return s.PlaylistsRewritten }, false},
		{"live_streams_rewritten_total", "get_live_streams answers rewritten with guide logos.", func(s xcproxy.Stats) int64 { return s.LiveStreamsRewritten }, false},
		{"hls_rewritten_total", "HLS playlists whose URIs the XC proxy mapped back into itself.", func(s xcproxy.Stats) int64 { return s.HLSRewritten }, false},
		{"aborted_total", "XC proxy responses cut short (client gone, or the panel failed mid-body).", func(s xcproxy.Stats) int64 { return s.Aborted }, false},
		{"streams_idle_ended_total", "Streams the XC proxy ended because the panel sent nothing for XC_STREAM_IDLE_TIMEOUT.", func(s xcproxy.Stats) int64 { return s.StreamsIdle }, false},
		{"streams_refused_total", "Stream requests answered 503 because XC_MAX_STREAMS streams were open.", func(s xcproxy.Stats) int64 { return s.StreamsRefused }, false},
		{"streams_open", "Streams open through the XC proxy now.", func(s xcproxy.Stats) int64 { return s.OpenStreams }, true},
	} {
		c.descs = append(c.descs, prometheus.NewDesc(prometheus.BuildFQName(namespace, "xc", f.name), f.help, nil, nil))
		c.gets = append(c.gets, f.get)
		kind := prometheus.CounterValue
		if f.gauge {
			kind = prometheus.GaugeValue
		}
		c.kinds = append(c.kinds, kind)
	}
	m.reg.MustRegister(c)
}

// xcCollector reads one xcproxy.Stats per scrape.
type xcCollector struct {
	stats func() xcproxy.Stats
	descs []*prometheus.Desc
	gets  []func(xcproxy.Stats) int64
	kinds []prometheus.ValueType
}

func (c *xcCollector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range c.descs {
		ch <- d
	}
}

func (c *xcCollector) Collect(ch chan<- prometheus.Metric) {
	s := c.stats()
	for i, d := range c.descs {
		ch <- prometheus.MustNewConstMetric(d, c.kinds[i], float64(c.gets[i](s)))
	}
}
