package metrics

import "github.com/prometheus/client_golang/prometheus"

// CacheStats is a snapshot of one in-memory cache. A negative Entries or
// Evictions means the cache does not count them; they are not exported.
type CacheStats struct {
	Bytes     int64 // size of the cached values; negative: not known (not exported)
	Entries   int
	Hits      uint64
	Misses    uint64
	Evictions int64
}

// WatchCache exports the cache named name (label cache=name): its size
// and entry count as gauges, its hits, misses and evictions as counters.
// stats is called once per scrape and must be safe for concurrent use.
// Watching the same name twice panics (a wiring bug).
func (m *Metrics) WatchCache(name string, stats func() CacheStats) {
	if m == nil || stats == nil {
		return
	}
	labels := prometheus.Labels{"cache": name}
	desc := func(metric, help string) *prometheus.Desc {
		return prometheus.NewDesc(prometheus.BuildFQName(namespace, "cache", metric), help, nil, labels)
	}
	m.reg.MustRegister(&cacheCollector{
		stats:     stats,
		bytes:     desc("bytes", "Bytes held by an in-memory cache."),
		entries:   desc("entries", "Entries held by an in-memory cache."),
		hits:      desc("hits_total", "Lookups answered by an in-memory cache."),
		misses:    desc("misses_total", "Lookups an in-memory cache could not answer."),
		evictions: desc("evictions_total", "Entries dropped by an in-memory cache to stay within its bound."),
	})
}

// cacheCollector reads one CacheStats per scrape.
type cacheCollector struct {
	stats                                   func() CacheStats
	bytes, entries, hits, misses, evictions *prometheus.Desc
}

func (c *cacheCollector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{c.bytes, c.entries, c.hits, c.misses, c.evictions} {
		ch <- d
	}
}

func (c *cacheCollector) Collect(ch chan<- prometheus.Metric) {
	s := c.stats()
	if s.Bytes >= 0 {
		ch <- prometheus.MustNewConstMetric(c.bytes, prometheus.GaugeValue, float64(s.Bytes))
	}
	ch <- prometheus.MustNewConstMetric(c.hits, prometheus.CounterValue, float64(s.Hits))
	ch <- prometheus.MustNewConstMetric(c.misses, prometheus.CounterValue, float64(s.Misses))
	if s.Entries >= 0 {
		ch <- prometheus.MustNewConstMetric(c.entries, prometheus.GaugeValue, float64(s.Entries))
	}
	if s.Evictions >= 0 {
		ch <- prometheus.MustNewConstMetric(c.evictions, prometheus.CounterValue, float64(s.Evictions))
	}
}
