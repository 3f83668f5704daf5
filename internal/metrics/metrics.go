// Package metrics holds the Prometheus metrics of gamethumbs in a registry
// of its own (never the global one): HTTP requests by route kind and
// status and in flight, renders (done, running, queued), cache and
// provider counters, provider circuit states, the XC proxy's traffic,
// build information, and the Go runtime and process collectors. The HTTP layer serves it at
// /metrics through Handler.
//
// A nil *Metrics is valid and records nothing, so callers need no checks
// when METRICS=false.
package metrics

import (
	"net/http"
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// namespace prefixes every metric of the service.
const namespace = "gamethumbs"

// Buckets of the latency histograms, in seconds. Image requests that hit
// the cache take well under a millisecond; a cold render with logo
// downloads takes up to the provider timeout.
var (
	requestBuckets = []float64{.0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 30}
	renderBuckets  = []float64{.005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10}
)

// Metrics is the set of collectors of one process. It is safe for
// concurrent use.
type Metrics struct {
	reg     *prometheus.Registry
	handler http.Handler

	requests *prometheus.CounterVec   // route, status
	latency  *prometheus.HistogramVec // route, status
	inFlight *prometheus.GaugeVec     // route

	renders       *prometheus.CounterVec // result
	renderLatency prometheus.Histogram

	providerCalls   *prometheus.CounterVec   // provider, op
	providerErrors  *prometheus.CounterVec   // provider, op
	providerLatency *prometheus.HistogramVec // provider, op

	logoFailures *prometheus.CounterVec // reason
}

// New returns Metrics with every collector registered, including the Go
// runtime and process collectors.
func New() *Metrics {
	m := &Metrics{
		reg: prometheus.NewRegistry(),
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: namespace, Name: "http_requests_total",
			Help: "HTTP requests answered, by route kind (image, data, health, xc, other) and status code.",
		}, []string{"route", "status"}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Namespace: namespace, Name: "http_request_duration_seconds",
			Help:    "Time to answer an HTTP request (whole stream for the XC proxy), by route kind and status code.",
			Buckets: requestBuckets,
		}, []string{"route", "status"}),
		inFlight: prometheus.NewGaugeVec(prometheus.GaugeOpts{
			Namespace: namespace, Name: "http_requests_in_flight",
			Help: "HTTP requests being answered now, by route kind (image, data, health, xc, other); XC streams count while they play.",
		}, []string{"route"}),
		renders: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: namespace, Name: "renders_total",
			Help: "Images produced because the image cache did not have them, by result (ok, error).",
		}, []string{"result"}),
		renderLatency: prometheus.NewHistogram(prometheus.HistogramOpts{
			Namespace: namespace, Name: "render_duration_seconds",
			Help:    "Time to produce one image once a render slot is free: logo loading, drawing and encoding.",
			Buckets: renderBuckets,
		}),
		providerCalls: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: namespace, Name: "provider_calls_total",
			Help: "Calls to sports-data providers, by provider and operation (teams, league_logos).",
		}, []string{"provider", "op"}),
		providerErrors: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: namespace, Name: "provider_errors_total",
			Help: "Provider calls that failed (not counting leagues a provider does not cover or callers that went away).",
		}, []string{"provider", "op"}),
		providerLatency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Namespace: namespace, Name: "provider_call_duration_seconds",
			Help:    "Time of a provider call, including the provider's own cache.",
			Buckets: requestBuckets,
		}, []string{"provider", "op"}),
		logoFailures: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: namespace, Name: "logo_failures_total",
			Help: "Logos a render had to do without, by reason (timeout, server_error, rate_limited, connection, not_found, too_large, not_image, undecodable, ...).",
		}, []string{"reason"}),
	}
	m.reg.MustRegister(
		m.requests, m.latency, m.inFlight, newBuildInfo(), m.renders, m.renderLatency,
		m.providerCalls, m.providerErrors, m.providerLatency, m.logoFailures,
		goCollector(),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
	)
	for _, route := range []string{"image", "data", "health", "xc", "other"} {
		m.inFlight.WithLabelValues(route) // every kind shows, at 0 too
	}
	m.handler = promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{
		ErrorHandling:     promhttp.ContinueOnError,
		EnableOpenMetrics: true,
	})
	return m
}

// Registry is the registry the metrics live in, for collectors added by
// other packages.
func (m *Metrics) Registry() *prometheus.Registry { return m.reg }

// Handler serves the metrics in the Prometheus text (or OpenMetrics,
// when asked for) exposition format.
func (m *Metrics) Handler() http.Handler { return m.handler }

// ObserveRequest records one answered HTTP request.
func (m *Metrics) ObserveRequest(route string, status int, d time.Duration) {
	if m == nil {
		return
	}
	code := statusLabel(status)
	m.requests.WithLabelValues(route, code).Inc()
	m.latency.WithLabelValues(route, code).Observe(d.Seconds())
}

// statusLabels are the status codes as label values, made once: the
// label of every request would otherwise be a new string.
var statusLabels = func() (s [600]string) {
	for i := 100; i < len(s); i++ {
		s[i] = strconv.Itoa(i)
	}
	return s
}()

func statusLabel(status int) string {
	if status >= 100 && status < len(statusLabels) {
		return statusLabels[status]
	}
	return strconv.Itoa(status)
}

// LogoFailure counts one logo a render had to do without.
func (m *Metrics) LogoFailure(reason string) {
	if m == nil {
		return
	}
	m.logoFailures.WithLabelValues(reason).Inc()
}

// ObserveRender records one render and how long it took.
func (m *Metrics) ObserveRender(d time.Duration, err error) {
	if m == nil {
		return
	}
	result := "ok"
	if err != nil {
		result = "error"
	}
	m.renders.WithLabelValues(result).Inc()
	m.renderLatency.Observe(d.Seconds())
}
