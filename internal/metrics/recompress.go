package metrics

import "github.com/prometheus/client_golang/prometheus"

// RecompressStats is a snapshot of the image cache's background re-encode
// pass (IMAGE_RECOMPRESS): pictures by outcome, and bytes saved.
type RecompressStats struct {
	Replaced, Yielded, Skipped, NotSmaller, Failed uint64
	Saved                                          int64
}

// WatchRecompress exports the re-encode pass: gamethumbs_recompress_total
// by result (replaced: a smaller copy is served from then on; yielded:
// stopped because a render came; skipped: dropped under load or because
// the picture changed; not_smaller; failed) and the bytes the replaced
// copies saved. stats is called once per scrape.
func (m *Metrics) WatchRecompress(stats func() RecompressStats) {
	if m == nil || stats == nil {
		return
	}
	m.reg.MustRegister(&recompressCollector{
		stats: stats,
		total: prometheus.NewDesc(prometheus.BuildFQName(namespace, "recompress", "total"),
			"Pictures the background re-encode pass handled, by result.", []string{"result"}, nil),
		saved: prometheus.NewDesc(prometheus.BuildFQName(namespace, "recompress", "saved_bytes_total"),
			"Bytes the re-encode pass's smaller copies saved over the first encodings.", nil, nil),
	})
}

type recompressCollector struct {
	stats        func() RecompressStats
	total, saved *prometheus.Desc
}

func (c *recompressCollector) Describe(ch chan<- *prometheus.Desc) { ch <- c.total; ch <- c.saved }

func (c *recompressCollector) Collect(ch chan<- prometheus.Metric) {
	s := c.stats()
	for _, r := range []struct {
		name string
		n    uint64
	}{{"replaced", s.Replaced}, {"yielded", s.Yielded}, {"skipped", s.Skipped}, {"not_smaller", s.NotSmaller}, {"failed", s.Failed}} {
		ch <- prometheus.MustNewConstMetric(c.total, prometheus.CounterValue, float64(r.n), r.name)
	}
	ch <- prometheus.MustNewConstMetric(c.saved, prometheus.CounterValue, float64(s.Saved))
}
