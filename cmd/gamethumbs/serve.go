package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"runtime/debug"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"gamethumbs/internal/buildinfo"
	"gamethumbs/internal/cache"
	"gamethumbs/internal/catalog"
	"gamethumbs/internal/catalog/custom"
	"gamethumbs/internal/catalog/espn"
	"gamethumbs/internal/cluster"
	"gamethumbs/internal/config"
	"gamethumbs/internal/connlimit"
	"gamethumbs/internal/fetch"
	"gamethumbs/internal/httpapi"
	"gamethumbs/internal/httpframe"
	"gamethumbs/internal/logging"
	"gamethumbs/internal/metrics"
	"gamethumbs/internal/redact"
	"gamethumbs/internal/render"
	"gamethumbs/internal/scene"
	"gamethumbs/internal/xcproxy"
)

// shutdownGrace bounds how long in-flight requests may take to finish
// after SIGINT/SIGTERM; streams still open then (XC proxy) are ended and
// the process exits normally. A variable for tests.
var shutdownGrace = 10 * time.Second

// serve wires the service and serves until ctx ends. When ready is not
// nil it receives the listening address once the server accepts
// connections (tests use it).
func serve(ctx context.Context, args []string, getenv func(string) string, stdout io.Writer, ready chan<- string) error {
	fl, err := parseFlags(args, stdout)
	if err != nil {
		return ignoreHelp(err)
	}
	if fl.version {
		printVersion(stdout)
		return nil
	}
	cfg, err := config.Load(getenv)
	if err != nil {
		return fmt.Errorf("configuration: %w", err)
	}
	fl.apply(&cfg)
	log := newLogger(cfg, stdout)
	ck, err := validate(cfg)
	if err != nil {
		return err
	}
	for _, w := range ck.warnings {
		log.Warn(w)
	}
	if limit, set := memoryLimit(cfg, getenv); set {
		log.Debug("soft memory limit", "bytes", limit)
	}

	a, err := buildApp(cfg, ck, log)
	if err != nil {
		return err
	}
	defer a.close()
	tcp, err := net.Listen("tcp", net.JoinHostPort("", strconv.Itoa(cfg.Port)))
	if err != nil {
		return err
	}
	maxConns := cfg.MaxConnections
	if maxConns == 0 {
		maxConns = connlimit.DefaultMax()
	}
	// Ambiguous requests (Content-Length with Transfer-Encoding) are
	// refused before net/http reads them: see httpframe.
	ln := connlimit.Listen(httpframe.Listen(tcp), maxConns)
	conns := &connTracker{}
	srv := newHTTPServer(cfg, a.handler, log, conns, ln)
	servers := []*http.Server{srv}
	listeners := []net.Listener{ln}
	roots, err := xcRootServers(cfg, a, log, conns)
	if err != nil {
		ln.Close()
		return err
	}
	for _, rs := range roots {
		servers = append(servers, rs.srv)
		listeners = append(listeners, rs.ln)
	}
	logStart(log, cfg, ln.Addr())
	logXC(log, cfg, ln.Addr(), roots)
	logDemo(log, cfg, ln.Addr())
	if ready != nil {
		ready <- ln.Addr().String()
	}
	errc := make(chan error, len(servers))
	for i := range servers {
		go func() { errc <- servers[i].Serve(listeners[i]) }()
	}
	select {
	case err := <-errc:
		for _, s := range servers {
			s.Close()
		}
		return err
	case <-ctx.Done():
	}
	return shutdown(servers, errc, log, conns)
}

// connTracker counts the open connections of a service's servers, so that
// shutdown can wait for the handlers of connections it closed to finish
// (their access-log lines are written then). It counts connections through http.Server.ConnState: a
// connection's state becomes StateClosed once its handler returned.
type connTracker struct {
	mu   sync.Mutex
	n    int
	zero chan struct{} // closed when n drops to 0 while someone waits
}

func (c *connTracker) state(_ net.Conn, s http.ConnState) {
	c.mu.Lock()
	defer c.mu.Unlock()
	switch s {
	case http.StateNew:
		c.n++
	case http.StateClosed, http.StateHijacked:
		c.n--
		if c.n == 0 && c.zero != nil {
			close(c.zero)
			c.zero = nil
		}
	}
}

// wait returns when no connection is open, or after d.
func (c *connTracker) wait(d time.Duration) {
	c.mu.Lock()
	if c.n <= 0 {
		c.mu.Unlock()
		return
	}
	if c.zero == nil {
		c.zero = make(chan struct{})
	}
	zero := c.zero
	c.mu.Unlock()
	select {
	case <-zero:
	case <-time.After(d):
	}
}

// newHTTPServer is the http.Server of a listener. ln, when not nil, is
// the connection cap of the listener; it learns which connections are
// idle.
func newHTTPServer(cfg config.Config, h http.Handler, log *slog.Logger, conns *connTracker, ln *connlimit.Listener) *http.Server {
	state := conns.state
	if ln != nil {
		state = func(c net.Conn, s http.ConnState) {
			conns.state(c, s)
			ln.ConnState(c, s)
		}
	}
	return &http.Server{
		ConnState:         state,
		Handler:           h,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       cfg.ServerTimeout,
		IdleTimeout:       cfg.ServerTimeout,
		MaxHeaderBytes:    64 << 10,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
		ConnContext:       connlimit.ConnContext,
		// No WriteTimeout: it would cut live streams through the XC proxy.
		// The handler sets a write deadline per response instead (the
		// whole answer within SERVER_TIMEOUT; streams: progress within it).
	}
}

// shutdown stops the servers: in-flight requests get shutdownGrace to
// finish, then whatever is still open (XC streams last for hours) is
// ended. Either way it is a normal stop.
func shutdown(servers []*http.Server, errc <-chan error, log *slog.Logger, conns *connTracker) error {
	log.Info("shutting down", "grace", shutdownGrace)
	sctx, cancel := context.WithTimeout(context.Background(), shutdownGrace)
	defer cancel()
	var wg sync.WaitGroup
	var late atomic.Int32
	for _, s := range servers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := s.Shutdown(sctx); err != nil {
				late.Add(1)
				s.Close() // ends the connections still open
			}
		}()
	}
	wg.Wait()
	if n := late.Load(); n > 0 {
		// Let the handlers of the closed connections finish (they log
		// their streams as aborted), for a moment at most.
		conns.wait(2 * time.Second)
		log.Info("open streams ended at the grace deadline", "grace", shutdownGrace)
	}
	for range servers {
		if err := <-errc; err != nil && !errors.Is(err, http.ErrServerClosed) {
			return err
		}
	}
	return nil
}

// xcRoot is one root-mode listener and its server.
type xcRoot struct {
	id  string
	ln  net.Listener
	srv *http.Server
}

// xcRootServers opens the root-mode listeners of XC_PROXY_LISTEN. Their
// requests pass through the API server's XCRoot wrapper (access log,
// metrics, the XC rate-limit hook).
func xcRootServers(cfg config.Config, a app, log *slog.Logger, conns *connTracker) ([]xcRoot, error) {
	if a.xc == nil || cfg.XCListen == "" {
		return nil, nil // validate warned about a listener without the proxy
	}
	ls, err := xcproxy.ParseListeners(cfg.XCListen)
	if err != nil {
		return nil, fmt.Errorf("configuration: %w", err)
	}
	var roots []xcRoot
	fail := func(err error) ([]xcRoot, error) {
		for _, r := range roots {
			r.ln.Close()
		}
		return nil, err
	}
	for _, l := range ls {
		h, err := a.xc.Root(l.ID)
		if err != nil {
			return fail(fmt.Errorf("configuration: %w", err))
		}
		ln, err := net.Listen("tcp", l.Addr)
		if err != nil {
			return fail(fmt.Errorf("XC_PROXY_LISTEN %s: %w", l.ID, err))
		}
		// The server's own error lines are of the XC scope too.
		xcLog := slog.New(redact.XCHandler(log.Handler()))
		ln = httpframe.Listen(ln)
		roots = append(roots, xcRoot{id: l.ID, ln: ln, srv: newHTTPServer(cfg, a.handler.XCRoot(h), xcLog, conns, nil)})
	}
	return roots, nil
}

// newLogger builds the root logger (durations in ms, credentials masked)
// and makes it the default.
func newLogger(cfg config.Config, w io.Writer) *slog.Logger {
	log := logging.New(w, cfg.LogLevel, cfg.LogFormat)
	slog.SetDefault(log)
	return log
}

// app is the built service: the API server, the XC proxy (nil when off)
// and the function that releases what they hold.
type app struct {
	handler *httpapi.Server
	xc      *xcproxy.Handler
	close   func()
}

// build constructs every component from the configuration.
// The returned close function releases what the components hold (guide
// caches, background refreshes); call it after the server has stopped.
func build(cfg config.Config, log *slog.Logger) (http.Handler, func(), error) {
	ck, err := validate(cfg)
	if err != nil {
		return nil, nil, err
	}
	a, err := buildApp(cfg, ck, log)
	if err != nil {
		return nil, nil, err
	}
	return a.handler, a.close, nil
}

// buildApp is build with the parts kept apart; ck is what validate
// settled for cfg.
func buildApp(cfg config.Config, ck checked, log *slog.Logger) (app, error) {
	var xc *xcproxy.Handler
	var closers []func()
	// backend is set below in standard mode; event art reads it.
	var backend *scene.Service
	closeAll := func() { // last built, first closed: the shared tier outlives its users
		for i := len(closers) - 1; i >= 0; i-- {
			closers[i]()
		}
	}
	var shared *cluster.Client
	if cfg.Redis.URL != "" {
		var err error
		shared, err = cluster.New(cluster.Config{URL: cfg.Redis.URL, Prefix: cfg.Redis.Prefix,
			Timeout: cfg.Redis.Timeout, Logger: log})
		if err != nil {
			closeAll()
			return app{}, fmt.Errorf("configuration: %w", err)
		}
		closers = append(closers, func() { _ = shared.Close() })
		log.Info("sharing caches and limits through redis", "up", shared.Up(), "prefix", cfg.Redis.Prefix)
	}
	if cfg.XCProxy {
		ups, err := xcproxy.ParseUpstreams(cfg.XCUpstreams)
		if err != nil {
			return app{}, fmt.Errorf("configuration: %w", err)
		}
		mode, err := xcproxy.ParseLogoMode(cfg.XCLogoMode)
		if err != nil {
			return app{}, fmt.Errorf("configuration: %w", err)
		}
		wait := cfg.XCGuideWait
		if wait <= 0 {
			wait = time.Nanosecond // XC_GUIDE_WAIT=0: never wait
		}
		h, err := xcproxy.New(xcproxy.Config{Upstreams: ups, Logger: log,
			PublicBaseURL: cfg.XCPublicURL, TrustForwardedProto: cfg.TrustProxy > 0,
			GuideWait: wait, LogoMode: mode, MatchNumber: cfg.XCMatchNum,
			RewriteServerInfo: cfg.XCRewriteServerInfo, Shared: sharedTier(shared),
			ProxyStreams: cfg.XCProxyStreams, StreamIdle: cfg.XCStreamIdle, MaxStreams: cfg.XCMaxStreams,
			EventArt: newEventArt(cfg, log, func() *scene.Service { return backend })})
		if err != nil {
			return app{}, err
		}
		xc = h
		closers = append(closers, h.Close)
	}
	deps := httpapi.Deps{Config: cfg, Logger: log, Metrics: newMetrics(cfg), Renderer: newRenderer(cfg)}
	if deps.Metrics != nil && cfg.MetricsAddr != "" {
		stop, err := serveMetrics(cfg.MetricsAddr, deps.Metrics, log)
		if err != nil {
			closeAll()
			return app{}, fmt.Errorf("METRICS_ADDR: %w", err)
		}
		closers = append(closers, stop)
	}
	if shared != nil {
		deps.Shared = shared
		deps.Metrics.WatchRedis(shared.Up, shared.Errors)
	}
	if xc != nil {
		deps.XC = xc // not a typed nil in the interface
	}
	if cfg.CacheDir != "" && cfg.ImageCacheHours > 0 {
		d, err := cache.OpenDisk(cfg.CacheDir, int64(cfg.CacheDirMB)<<20, time.Duration(cfg.ImageCacheHours)*time.Hour)
		switch {
		case err == nil:
			deps.Disk = d
			closers = append(closers, func() { d.Close() })
		case errors.Is(err, cache.ErrDirInUse):
			// Another instance on this host uses the directory: pictures
			// are still served, from memory (and Redis) alone.
			log.Warn("no disk tier for the image cache: the directory is in use by another gamethumbs process; give each instance its own CACHE_DIR", "dir", cfg.CacheDir)
		case cfg.Getenv != nil && cfg.Getenv("CACHE_DIR") == "":
			// The default directory (user cache) is a convenience: without
			// it the service runs on its memory tier alone.
			log.Warn("no disk tier for the image cache: default directory unusable; set CACHE_DIR", "dir", cfg.CacheDir, "error", err)
		default:
			closeAll()
			return app{}, fmt.Errorf("CACHE_DIR: %w", err)
		}
	}
	if cfg.Mode == config.ModeStandard {
		svc, closeBackend, err := newBackend(cfg, deps.Renderer, ck.custom, deps.Metrics, sharedTier(deps.Shared), log)
		if err != nil {
			closeAll()
			return app{}, err
		}
		backend = svc
		closers = append(closers, closeBackend)
		deps.Backend = backend
	}
	return app{handler: httpapi.NewServer(deps), xc: xc, close: closeAll}, nil
}

// newRenderer builds the service's one renderer: its gate lets
// RENDER_CONCURRENCY renders run at once (an image-store job holds a slot
// from its first fetch to its encoded picture) and admits RENDER_QUEUE
// more jobs to wait; its derivative cache takes seven eighths of
// LOGO_CACHE_MB (see newBackend).
func newRenderer(cfg config.Config) *render.Renderer {
	return render.New(render.Config{
		Gate:       render.NewGate(cfg.RenderConcurrency, cfg.RenderQueue),
		CacheBytes: int64(cfg.LogoCacheMB) << 20 * 7 / 8,
		// Graded venue photos: the photo budget less the decoded photos.
		VenueCacheBytes: photoCacheBytes - photoFetchBytes,
	})
}

// newBackend builds the catalogue, providers and logo fetchers, with
// user's custom data (nil: none) merged over the built-in; scenes are
// drawn by r. m (nil with METRICS=false) counts the provider calls and
// failed logos, which are logged to log. The returned function stops the
// providers' background work.
func newBackend(cfg config.Config, r *render.Renderer, user *custom.Data, m *metrics.Metrics, shared cache.Tier, log *slog.Logger) (*scene.Service, func(), error) {
	cat, err := catalog.New(cfg.Getenv)
	if err != nil {
		return nil, nil, fmt.Errorf("league catalogue: %w", err)
	}
	ua := cfg.UserAgent
	if ua == "" {
		ua = buildinfo.UserAgent()
	}
	// LOGO_CACHE_MB is shared: seven eighths for the renderer's logo
	// sprites (scaled, shadowed, stored compactly) and what it measured of
	// each logo, keyed by logo handles that keep only the downloaded bytes,
	// a sixteenth of that for decoded logos it keeps until their sprites
	// of every size in use are built; a sixteenth each for the fetcher's
	// decoded logos and downloaded bodies on their way to a handle.
	logoBytes := int64(cfg.LogoCacheMB) << 20
	fcfg := fetch.Config{Timeout: cfg.RequestTimeout, UserAgent: ua,
		CacheBytes: logoBytes / 16, RawCacheBytes: logoBytes / 16}
	client := fetch.NewClient(fcfg)
	provider := espn.New(espn.Config{
		SiteURL: cfg.ESPNSiteURL, CoreURL: cfg.ESPNCoreURL, CDNURL: cfg.ESPNCDNURL,
		UserAgent: ua, Client: client, Shared: shared,
	})
	defaultImage, err := imageSetting(cfg.DefaultImage)
	if err != nil {
		return nil, nil, fmt.Errorf("DEFAULT_IMAGE: %w", err)
	}
	sc := scene.Config{
		Catalog:      cat,
		DefaultImage: defaultImage,
		Providers:    map[string]catalog.Provider{provider.ID(): m.Provider(provider)},
		Discover:     provider.Discover,
		Logos:        fetch.New(client, fcfg),
		Photos:       fetch.New(client, photoConfig(fcfg)),
		Renderer:     r,

		Logger:      log,
		LogoFailure: m.LogoFailure,
	}
	closeProviders, err := addProviders(cfg, user, &sc, client, ua, provider, m, shared)
	if err != nil {
		return nil, nil, err
	}
	if cfg.AllowEventOverlays {
		ocfg := fcfg
		ocfg.AllowInsecure = cfg.AllowInsecureOverlay
		// Icons come from users: keep them small (4 MP decoded, 16 MB of pixels cached).
		ocfg.MaxPixels, ocfg.CacheBytes, ocfg.RawCacheBytes = 4_000_000, 16<<20, 4<<20
		sc.Overlays = fetch.New(fetch.NewPublicClient(ocfg), ocfg)
		if len(cfg.OverlayHosts) > 0 {
			// Listed hosts skip the address check on the first request
			// only; their redirects are checked hop by hop.
			sc.TrustedOverlays = fetch.New(fetch.NewTrustedClient(ocfg, cfg.OverlayHosts), ocfg)
			sc.TrustedOverlayHosts = cfg.OverlayHosts
		}
	}
	sc.Catalog = addDemo(cfg, sc.Catalog, sc.Providers, m)
	return scene.New(sc), closeProviders, nil
}

// Venue photos (styles 10-13) come from provider data like logos and get
// the same client, body and pixel bounds. Each is decoded once and kept
// downscaled to photoSide on its longer side (a 16:9 photo is 3.7 MB of
// pixels) in photoFetchBytes; the renderer keeps each venue graded for a
// canvas height (8 MB at 1080 px) in the rest of photoCacheBytes.
const (
	photoSide       = 1280
	photoCacheBytes = 64 << 20
	photoFetchBytes = 24 << 20
)

// photoConfig is the fetch configuration of venue photos.
func photoConfig(fcfg fetch.Config) fetch.Config {
	pcfg := fcfg
	pcfg.MaxSide, pcfg.CacheBytes, pcfg.RawCacheBytes = photoSide, photoFetchBytes, 4<<20
	return pcfg
}

// memoryLimit sets the soft memory limit of the Go runtime to memoryBudget,
// unless GOMEMLIMIT is set. Without a limit the heap may grow to twice the
// live data before a collection, which with full caches is far more memory
// than the budgets suggest; with it the process stays close to them.
func memoryLimit(cfg config.Config, getenv func(string) string) (int64, bool) {
	if getenv("GOMEMLIMIT") != "" {
		return 0, false
	}
	limit := memoryBudget(cfg, getenv)
	debug.SetMemoryLimit(limit)
	return limit, true
}

// memoryBudget is the memory the service is expected to need, in bytes: the
// image cache (when caching is on), the logo budget and the venue photos, 24 MB for renders in
// flight, the catalogue and the collector's headroom, 32 MB for each enabled
// athlete roster and 32 MB for the XC proxy's guides.
func memoryBudget(cfg config.Config, getenv func(string) string) int64 {
	mb := cfg.LogoCacheMB + 24 + photoCacheBytes>>20
	if cfg.ImageCacheHours > 0 {
		mb += cfg.ImageCacheMB
	}
	for _, k := range []string{"LEAGUES_ENABLE_TENNIS", "LEAGUES_ENABLE_MMA"} {
		if catalog.Enabled(getenv(k)) {
			mb += 32
		}
	}
	if cfg.XCProxy {
		mb += 32
	}
	return int64(mb) << 20
}

// sharedTier is the Redis client as the tier provider caches share, or
// nil (no interface holding a nil pointer) without REDIS_URL.
func sharedTier(c *cluster.Client) cache.Tier {
	if c == nil {
		return nil
	}
	return c
}
