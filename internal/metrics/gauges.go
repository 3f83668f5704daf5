package metrics

import (
	"regexp"
	"strings"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"

	"gamethumbs/internal/buildinfo"
)

// newBuildInfo is gamethumbs_build_info: always 1, with the version, Go
// version and commit of the running binary as labels.
func newBuildInfo() prometheus.Collector {
	bi := buildinfo.Get()
	g := prometheus.NewGauge(prometheus.GaugeOpts{
		Namespace: namespace, Name: "build_info",
		Help:        "Always 1; the labels describe the running binary.",
		ConstLabels: prometheus.Labels{"version": bi.Version, "goversion": bi.Go, "commit": bi.Git.Commit},
	})
	g.Set(1)
	return g
}

// Begin counts one request of the route kind as in flight until the
// returned function is called (exactly once).
func (m *Metrics) Begin(route string) (end func()) {
	if m == nil {
		return func() {}
	}
	g := m.inFlight.WithLabelValues(route)
	g.Inc()
	return g.Dec
}

// InFlight is Begin for a hot path: the gauge of route's requests in
// flight as two functions made once, inc when a request starts and dec when
// it ends, so counting one request allocates nothing. A nil m gives
// functions that do nothing.
func (m *Metrics) InFlight(route string) (inc, dec func()) {
	if m == nil {
		return func() {}, func() {}
	}
	g := m.inFlight.WithLabelValues(route)
	return g.Inc, g.Dec
}

// WatchRenders exports the renders running and waiting for a slot.
// running and queued are called once per scrape and must be safe for
// concurrent use. Calling it twice panics (a wiring bug).
func (m *Metrics) WatchRenders(running, queued func() int) {
	if m == nil {
		return
	}
	m.reg.MustRegister(
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Namespace: namespace, Name: "renders_in_flight",
			Help: "Renders running now (at most RENDER_CONCURRENCY).",
		}, func() float64 { return float64(running()) }),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Namespace: namespace, Name: "renders_queued",
			Help: "Renders waiting for a free slot (at most RENDER_QUEUE; beyond it clients get 503).",
		}, func() float64 { return float64(queued()) }),
	)
}

// circuitValue is the value of gamethumbs_provider_circuit_state for a
// breaker state, ordered by severity.
var circuitValue = map[string]float64{"closed": 0, "half-open": 1, "open": 2}

// WatchCircuits exports the circuit-breaker state of every provider
// (label provider) as 0 closed, 1 half-open (a probe goes through), 2 open
// (calls fail fast). states is called once per scrape and returns
// provider → "closed", "half-open" or "open"; providers appear as their
// breakers do. Calling it twice panics (a wiring bug).
func (m *Metrics) WatchCircuits(states func() map[string]string) {
	if m == nil || states == nil {
		return
	}
	m.reg.MustRegister(&circuitCollector{states: states, desc: prometheus.NewDesc(
		prometheus.BuildFQName(namespace, "provider", "circuit_state"),
		"Circuit breaker of a provider: 0 closed (calls go through), 1 half-open (a probe goes through), 2 open (calls fail fast).",
		[]string{"provider"}, nil)})
}

type circuitCollector struct {
	states func() map[string]string
	desc   *prometheus.Desc
}

func (c *circuitCollector) Describe(ch chan<- *prometheus.Desc) { ch <- c.desc }

func (c *circuitCollector) Collect(ch chan<- prometheus.Metric) {
	for provider, state := range c.states() {
		v, ok := circuitValue[state]
		if !ok {
			v = circuitValue["open"] // unknown: the worst
		}
		ch <- prometheus.MustNewConstMetric(c.desc, prometheus.GaugeValue, v, provider)
	}
}

// goCollector is the Go runtime collector without
// go_memstats_alloc_bytes_total: in OpenMetrics a counter's family drops
// "_total", so that family would be named go_memstats_alloc_bytes, like
// the gauge of the same name, and strict parsers reject the exposition.
// go_gc_heap_allocs_bytes_total (added here) counts the same bytes.
func goCollector() prometheus.Collector {
	return dropMetric{
		next: collectors.NewGoCollector(collectors.WithGoCollectorRuntimeMetrics(
			collectors.GoRuntimeMetricsRule{Matcher: regexp.MustCompile(`^/gc/heap/allocs:bytes$`)})),
		fqName: "go_memstats_alloc_bytes_total",
	}
}

// dropMetric forwards a collector without the metric named fqName.
type dropMetric struct {
	next   prometheus.Collector
	fqName string
}

func (d dropMetric) keep(desc *prometheus.Desc) bool {
	return !strings.Contains(desc.String(), `fqName: "`+d.fqName+`"`)
}

func (d dropMetric) Describe(ch chan<- *prometheus.Desc) {
	all := make(chan *prometheus.Desc)
	go func() { d.next.Describe(all); close(all) }()
	for desc := range all {
		if d.keep(desc) {
			ch <- desc
		}
	}
}

func (d dropMetric) Collect(ch chan<- prometheus.Metric) {
	all := make(chan prometheus.Metric)
	go func() { d.next.Collect(all); close(all) }()
	for m := range all {
		if d.keep(m.Desc()) {
			ch <- m
		}
	}
}
