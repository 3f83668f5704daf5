// Package httpapi is the HTTP face of gamethumbs: the route table, query
// validation, rate limiting, access logs and the single place that turns
// errors into JSON responses. Handlers parse, call the scene layer, and
// write; they hold no business rules.
package httpapi

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"gamethumbs/internal/cache"
	"gamethumbs/internal/catalog"
	"gamethumbs/internal/cluster"
	"gamethumbs/internal/config"
	"gamethumbs/internal/metrics"
	"gamethumbs/internal/ratelimit"
	"gamethumbs/internal/redact"
	"gamethumbs/internal/render"
	"gamethumbs/internal/scene"
)

// Backend is what the handlers need from the layers below. *scene.Service
// implements it; tests may fake it.
type Backend interface {
	// Prepare resolves the league and teams of an image request and returns
	// a job whose Key is canonical and whose Render produces the bytes.
	// Unknown leagues and teams are *catalog.UnknownLeagueError and
	// *catalog.UnknownTeamError; provider failures are *catalog.UpstreamError.
	Prepare(ctx context.Context, req scene.Request) (scene.Job, error)
	// League resolves a league identifier (fallback: try provider discovery).
	League(ctx context.Context, id string, fallback bool) (catalog.League, error)
	// Team resolves a team of a league for the raw endpoint, with colours
	// filled in.
	Team(ctx context.Context, league catalog.League, id string) (catalog.Team, error)
	// Teams lists the teams of a league for the URL builder's pickers.
	Teams(ctx context.Context, league catalog.League) ([]catalog.Team, error)
	// Leagues lists the enabled leagues of the catalogue, then those
	// switched off by their variable (Disabled: league pictures only).
	Leagues() []catalog.League
}

// Deps are the collaborators of a Server.
type Deps struct {
	Config  config.Config
	Backend Backend
	// XC handles /xc/...; nil when the proxy is disabled.
	XC     http.Handler
	Logger *slog.Logger
	// Now returns the current time; nil means time.Now.
	Now func() time.Time
	// Disk is the optional on-disk image cache (CACHE_DIR); nil when off.
	Disk *cache.Disk
	// Metrics records requests, renders and caches and serves /metrics;
	// nil when METRICS=false.
	Metrics *metrics.Metrics
	// Shared is the Redis tier several replicas share (REDIS_URL): images,
	// rate limits. Nil when off.
	Shared *cluster.Client
	// Reencoder, when set, makes smaller copies of stored pictures with
	// the same pixels in a background pass (cache.Recompressor). Nil: off.
	Reencoder cache.Reencoder
	// Renderer is the one Backend's jobs draw with: the image store
	// admits jobs through its gate and holds a slot of it for each, the
	// render gauges read the gate, the logo cache gauges its derivative
	// cache. Nil (tests with a fake Backend): a
	// gate of its own sized by RenderConcurrency and RenderQueue.
	Renderer *render.Renderer
}

// Server is the gamethumbs HTTP handler.
type Server struct {
	cfg     config.Config
	backend Backend
	xc      http.Handler
	log     *slog.Logger
	now     func() time.Time
	started time.Time
	table   []route
	limiter *ratelimit.Limiter
	xcLog   *slog.Logger // s.log masking by allowlist, for XC proxy requests
	images  *imageStore
	// renderer is Deps.Renderer (nil with a fake Backend).
	renderer *render.Renderer
	metrics  *metrics.Metrics // nil when METRICS=false
	shared   *cluster.Client  // nil without REDIS_URL

	cacheControlOnce sync.Once
	cacheControl     []string // see imageCacheControl

	resolved *resolvedURLs          // nil without a memory tier
	inFlight map[routeKind]inFlight // requests in flight, per kind (metrics)
	// CORS header values, built once (nil without CORS_ORIGIN).
	corsOrigin, corsExpose, corsMaxAge []string
}

// inFlight counts the requests of one kind in flight (see metrics.InFlight).
type inFlight struct{ inc, dec func() }

// NewServer builds the handler. It starts nothing that outlives it.
func NewServer(d Deps) *Server {
	s := &Server{
		cfg:     d.Config,
		backend: d.Backend,
		xc:      d.XC,
		log:     d.Logger,
		now:     d.Now,
	}
	if s.log == nil {
		s.log = slog.Default()
	}
	s.xcLog = slog.New(redact.XCHandler(s.log.Handler()))
	if s.now == nil {
		s.now = time.Now
	}
	s.started = s.now()
	s.table = s.routes()
	if d.Config.Mode == config.ModeXCProxy || d.Backend == nil {
		// Proxy-only mode: every other route is disabled.
		s.table = slices.DeleteFunc(s.table, func(r route) bool { return r.kind != kindHealth })
	}
	gate := render.NewGate(d.Config.RenderConcurrency, d.Config.RenderQueue)
	if d.Renderer != nil {
		gate = d.Renderer.Gate()
	}
	s.renderer = d.Renderer
	s.images = newImageStore(int64(d.Config.ImageCacheMB)<<20, time.Duration(d.Config.ImageCacheHours)*time.Hour, gate, s.now)
	if d.Disk != nil && d.Config.ImageCacheHours > 0 {
		s.images.useDisk(d.Disk)
	}
	s.images.useShared(d.Shared, d.Config.Redis.MaxValueKB<<10, time.Duration(d.Config.ImageCacheHours)*time.Hour)
	s.images.useReencoder(d.Reencoder)
	s.limiter = ratelimit.New(ratelimit.DefaultCapacity, func() time.Time { return s.now() })
	s.shared = d.Shared
	s.useMetrics(d.Metrics)
	if s.images.memory != nil {
		s.resolved = newResolvedURLs(s.now)
	}
	s.inFlight = map[routeKind]inFlight{}
	for _, k := range []routeKind{kindImage, kindData, kindHealth, kindXC, kindOther} {
		inc, dec := d.Metrics.InFlight(string(k))
		s.inFlight[k] = inFlight{inc, dec}
	}
	if o := s.cfg.CORSOrigin; o != "" {
		s.corsOrigin = []string{o}
		s.corsExpose = []string{"ETag, Content-Length, Retry-After, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset"}
		s.corsMaxAge = []string{strconv.Itoa(s.cfg.CORSMaxAge)}
	}
	return s
}

// exchange is one request's state in ServeHTTP: the recorder its handlers
// write through, and what the rate limiter learnt of it. Handlers do not
// see it: a picture route returns what ServeHTTP needs (served).
type exchange struct {
	rec      recorder
	charged  bool // counted by the rate limiter already
	cacheHit bool // answered from a cache tier: never counted
	// route is the route the path matched (nil: none, or answered from
	// resolvedURLs); the access log shows its literal words, and its
	// parameters only when they were answered (see redactedPath).
	route *route
}

// exchanges are reused by ServeHTTP: a request's handlers are done with
// its recorder when ServeHTTP returns (as net/http requires of the
// ResponseWriter itself).
var exchanges = sync.Pool{New: func() any { return new(exchange) }}

// begin counts a request of kind as in flight; the returned function ends it.
func (s *Server) begin(kind routeKind) func() {
	g := s.inFlight[kind]
	g.inc()
	return g.dec
}

// ServeHTTP dispatches one request: it logs it, recovers panics into 500
// JSON, applies CORS and rate limits, and writes every error as JSON.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	start := s.now()
	x := exchanges.Get().(*exchange)
	*x = exchange{rec: recorder{ResponseWriter: w, writeTimeout: s.cfg.ServerTimeout}}
	rec := &x.rec
	kind := kindOther
	end := noop // ends the in-flight count once the kind is known
	defer func() {
		end()
		s.finish(recover(), r, x, kind, start) // panics again for http.ErrAbortHandler
		// The exchange goes back for the next request, except an XC
		// proxy's, whose stream helpers are not this function's to vouch for.
		if kind != kindXC {
			*x = exchange{}
			exchanges.Put(x)
		}
	}()
	s.setCommonHeaders(rec, r)

	if r.Method == http.MethodOptions {
		x.charged = true // preflights are free: no work behind them
		rec.WriteHeader(http.StatusNoContent)
		return
	}
	if s.overflow(x, r) {
		return
	}
	// A URL answered from the image cache a moment ago: the same picture
	// while it is in memory, without routing and resolving again.
	if r.Method == http.MethodGet || r.Method == http.MethodHead {
		if e := s.resolved.get(r, start); e != nil {
			if img, ok := s.images.memory.Get(r.Context(), e.key); ok {
				kind = kindImage
				end = s.begin(kind)
				x.cacheHit = true
				e.setHeaders(rec.Header())
				s.writeImage(rec, r, img)
				return
			}
			// The route asks the tiers below memory only.
			r = r.WithContext(cache.WithMemoryMissed(r.Context(), e.key))
		}
	}
	segs, ok := cleanSegments(r.URL.EscapedPath())
	if !ok {
		if !s.limit(x, r, kind) {
			writeError(rec, errorf(400, "malformed path"))
		}
		return
	}
	if s.xc != nil && len(segs) >= 2 && strings.EqualFold(segs[0], "xc") {
		kind = kindXC
		end = s.begin(kind)
		rec.stream = true
		if s.limit(x, r, kind) {
			return
		}
		s.xc.ServeHTTP(rec, r)
		return
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		if !s.limit(x, r, kind) {
			rec.Header().Set("Allow", "GET, HEAD, OPTIONS")
			writeError(rec, errorf(http.StatusMethodNotAllowed, "method %s not allowed", r.Method))
		}
		return
	}
	rt, p := s.match(segs)
	if rt == nil {
		// Unknown routes count too: they cost a log line each.
		if !s.limit(x, r, kind) {
			writeError(rec, errorf(http.StatusNotFound, "route not found"))
		}
		return
	}
	kind = rt.kind
	x.route = rt
	if kind == kindImage && strings.EqualFold(p["type"], "raw") {
		kind = kindData
	}
	end = s.begin(kind)
	// Image requests are counted by chargeImage once the cache missed.
	if kind != kindImage && s.limit(x, r, kind) {
		return
	}
	if _, err := url.ParseQuery(r.URL.RawQuery); err != nil {
		writeError(rec, errorf(400, "malformed query string"))
		return
	}
	var err error
	if rt.image != nil {
		var res served
		res, err = rt.image(rec, r, p)
		x.charged = x.charged || res.charged
		if err == nil && res.img != nil {
			x.cacheHit = res.hit
			s.writeImage(rec, r, res.img)
			if res.key != "" {
				s.resolved.put(r, res.key, rec.Header())
			}
		}
	} else {
		err = rt.handler(rec, r, p)
	}
	if err != nil {
		e := toHTTP(err)
		if e.Status >= 500 && e.Status != statusClientClosed {
			s.log.Warn("request failed", "path", redactedPath(r, x), "status", e.Status, "err", bounded(fmt.Sprint(e.Err)))
		}
		if rec.wroteHeader {
			return // too late to change the answer; the log line shows it
		}
		writeError(rec, e)
	}
}

// finish ends a request: it logs and counts it, turns a panic (v, from
// recover) into a 500 JSON answer when nothing was written yet, and lets
// http.ErrAbortHandler go on after logging the response as aborted (a
// stream cut short: client gone, panel failed mid-body).
func (s *Server) finish(v any, r *http.Request, x *exchange, kind routeKind, start time.Time) {
	rec := &x.rec
	if v != nil {
		if v == http.ErrAbortHandler {
			rec.aborted = true
			s.logRequest(r, x, kind, start)
			s.observe(r, rec, kind, start)
			panic(v)
		}
		s.log.Error("panic serving request", "path", redactedPath(r, x), "panic", bounded(fmt.Sprint(v)))
		if !rec.wroteHeader {
			writeError(rec, &Error{Status: 500, Msg: "internal error"})
		}
	}
	if !rec.wroteHeader {
		rec.setDeadline(time.Now()) // net/http writes the implicit answer
	}
	s.chargeAfter(x, r, kind)
	s.logRequest(r, x, kind, start)
	s.observe(r, rec, kind, start)
}

// match finds the first route that fits segs.
func (s *Server) match(segs []string) (*route, params) {
	p := params{}
	for i := range s.table {
		if s.table[i].segs.match(segs, p) {
			if s.table[i].path == "/ncaa/{sport}/{type}" || strings.HasPrefix(s.table[i].path, "/ncaa/") {
				if _, ok := catalog.NCAASport(p["sport"]); !ok {
					clear(p)
					continue // unknown sport: the generic "ncaa" league handles it
				}
			}
			return &s.table[i], p
		}
	}
	return nil, nil
}

func (s *Server) setCommonHeaders(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	if s.corsOrigin != nil {
		h["Access-Control-Allow-Origin"] = s.corsOrigin
		if r.Method == http.MethodOptions {
			h["Access-Control-Allow-Methods"] = corsMethods
			h["Access-Control-Allow-Headers"] = corsHeaders
			h["Access-Control-Max-Age"] = s.corsMaxAge
		}
		h["Access-Control-Expose-Headers"] = s.corsExpose
	}
	// Constant values are shared, not allocated per response: Set
	// replaces a header's slice, nothing appends to it.
	h["X-Content-Type-Options"] = nosniff
	h["Cross-Origin-Resource-Policy"] = crossOrigin
	// Nothing but the URL builder page is a document: an SVG or JSON
	// opened from the service's origin may run no script and load
	// nothing. The page replaces this with its own policy.
	h["Content-Security-Policy"] = sandboxed
}

// noContentPolicy is the Content-Security-Policy of every response but
// the page's.
const noContentPolicy = "default-src 'none'; sandbox"

var (
	corsMethods = []string{"GET, HEAD, OPTIONS"}
	corsHeaders = []string{"Content-Type, If-None-Match"}
	nosniff     = []string{"nosniff"}
	crossOrigin = []string{"cross-origin"}
	sandboxed   = []string{noContentPolicy}
)

func noop() {}

func noContent(w http.ResponseWriter, _ *http.Request, _ params) error {
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// deprecated wraps a handler of a deprecated alias.
func deprecated(successor string, h imageFunc) imageFunc {
	return func(w http.ResponseWriter, r *http.Request, p params) (served, error) {
		w.Header().Set("Deprecation", "true")
		path := "/" + url.PathEscape(p["league"])
		if t := p["team1"]; t != "" {
			path += "/" + url.PathEscape(t)
		}
		w.Header().Set("Link", fmt.Sprintf("<%s/%s>; rel=\"successor-version\"", path, successor))
		return h(w, r, p)
	}
}
