package metrics

import "github.com/prometheus/client_golang/prometheus"

// WatchRedis exports the state of the shared Redis tier: up is read once
// per scrape, errors is a running count of failed calls.
func (m *Metrics) WatchRedis(up func() bool, errors func() uint64) {
	if m == nil || up == nil || errors == nil {
		return
	}
	m.reg.MustRegister(
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Namespace: namespace, Name: "redis_up",
			Help: "1 while the shared Redis tier (REDIS_URL) answers, 0 while replicas run on their local caches and limits.",
		}, func() float64 {
			if up() {
				return 1
			}
			return 0
		}),
		prometheus.NewCounterFunc(prometheus.CounterOpts{
			Namespace: namespace, Name: "redis_errors_total",
			Help: "Calls to the shared Redis tier that failed or ran out of their time budget.",
		}, func() float64 { return float64(errors()) }),
	)
}
