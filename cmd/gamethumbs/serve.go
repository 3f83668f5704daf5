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
	"time"

	"gamethumbs/internal/buildinfo"
	"gamethumbs/internal/cache"
	"gamethumbs/internal/catalog"
	"gamethumbs/internal/catalog/espn"
	"gamethumbs/internal/cluster"
	"gamethumbs/internal/config"
	"gamethumbs/internal/fetch"
	"gamethumbs/internal/httpapi"
	"gamethumbs/internal/metrics"
	"gamethumbs/internal/redact"
	"gamethumbs/internal/render"
	"gamethumbs/internal/scene"
	"gamethumbs/internal/xcproxy"
)

// shutdownGrace bounds how long in-flight requests may take to finish
// after SIGINT/SIGTERM (streams through the XC proxy are cut after it).
const shutdownGrace = 10 * time.Second

// serve wires the service and serves until ctx ends. When ready is not
// nil it receives the listening address once the server accepts
// connections (tests use it).
func serve(ctx context.Context, args []string, getenv func(string) string, stdout io.Writer, ready chan<- string) error {
	cfg, err := config.Load(getenv)
	if err != nil {
		return fmt.Errorf("configuration: %w", err)
	}
	if err := parseFlags(&cfg, args, stdout); err != nil {
		return ignoreHelp(err)
	}
	log := newLogger(cfg, stdout)
	if limit, set := memoryLimit(cfg, getenv); set {
		log.Debug("soft memory limit", "bytes", limit)
	}

	handler, closeAll, err := build(cfg, log)
	if err != nil {
		return err
	}
	defer closeAll()
	ln, err := net.Listen("tcp", net.JoinHostPort("", strconv.Itoa(cfg.Port)))
	if err != nil {
		return err
	}
	srv := &http.Server{
		Handler:           handler,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       cfg.ServerTimeout,
		IdleTimeout:       cfg.ServerTimeout,
		MaxHeaderBytes:    64 << 10,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
		// No WriteTimeout: it would cut live streams through the XC proxy.
	}
	log.Info("gamethumbs listening", "addr", ln.Addr().String(), "version", buildinfo.Get().Version,
		"mode", string(cfg.Mode), "xcproxy", cfg.XCProxy, "demo", cfg.Demo, "metrics", cfg.Metrics)
	logDemo(log, cfg, ln.Addr())
	if ready != nil {
		ready <- ln.Addr().String()
	}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	log.Info("shutting down", "grace", shutdownGrace)
	sctx, cancel := context.WithTimeout(context.Background(), shutdownGrace)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		return fmt.Errorf("shutdown: %w", err)
	}
	if err := <-errc; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// newLogger builds the root logger; every record goes through redact.
func newLogger(cfg config.Config, w io.Writer) *slog.Logger {
	var level slog.Level
	_ = level.UnmarshalText([]byte(cfg.LogLevel))
	opts := &slog.HandlerOptions{Level: level}
	var h slog.Handler = slog.NewTextHandler(w, opts)
	if cfg.LogFormat == "json" {
		h = slog.NewJSONHandler(w, opts)
	}
	log := slog.New(redact.Handler(h))
	slog.SetDefault(log)
	return log
}

// build constructs every component from the configuration.
// The returned close function releases what the components hold (guide
// caches, background refreshes); call it after the server has stopped.
func build(cfg config.Config, log *slog.Logger) (http.Handler, func(), error) {
	var xc http.Handler
	var closers []func()
	closeAll := func() {
		for _, c := range closers {
			c()
		}
	}
	if cfg.XCProxy {
		ups, err := xcproxy.ParseUpstreams(cfg.XCUpstreams)
		if err != nil {
			return nil, nil, fmt.Errorf("configuration: %w", err)
		}
		h, err := xcproxy.New(xcproxy.Config{Upstreams: ups, Logger: log,
			PublicBaseURL: cfg.XCPublicURL, TrustForwardedProto: cfg.TrustProxy > 0})
		if err != nil {
			return nil, nil, err
		}
		xc = h
		closers = append(closers, h.Close)
	}
	deps := httpapi.Deps{Config: cfg, XC: xc, Logger: log, Metrics: newMetrics(cfg)}
	if cfg.Redis.URL != "" {
		shared, err := cluster.New(cluster.Config{URL: cfg.Redis.URL, Prefix: cfg.Redis.Prefix,
			Timeout: cfg.Redis.Timeout, Logger: log})
		if err != nil {
			closeAll()
			return nil, nil, fmt.Errorf("configuration: %w", err)
		}
		closers = append(closers, func() { _ = shared.Close() })
		deps.Shared = shared
		deps.Metrics.WatchRedis(shared.Up, shared.Errors)
		log.Info("sharing caches and limits through redis", "up", shared.Up(), "prefix", cfg.Redis.Prefix)
	}
	if cfg.CacheDir != "" && cfg.ImageCacheHours > 0 {
		d, err := cache.OpenDisk(cfg.CacheDir, int64(cfg.CacheDirMB)<<20, time.Duration(cfg.ImageCacheHours)*time.Hour)
		switch {
		case err == nil:
			deps.Disk = d
		case cfg.Getenv != nil && cfg.Getenv("CACHE_DIR") == "":
			// The default directory (user cache) is a convenience: without
			// it the service runs on its memory tier alone.
			log.Warn("no disk tier for the image cache: default directory unusable; set CACHE_DIR", "dir", cfg.CacheDir, "error", err)
		default:
			closeAll()
			return nil, nil, fmt.Errorf("CACHE_DIR: %w", err)
		}
	}
	if cfg.Mode == config.ModeStandard {
		backend, closeBackend, err := newBackend(cfg, deps.Metrics, sharedTier(deps.Shared), log)
		if err != nil {
			closeAll()
			return nil, nil, err
		}
		closers = append(closers, closeBackend)
		deps.Backend = backend
	}
	return httpapi.NewServer(deps), closeAll, nil
}

// newBackend builds the catalogue, providers and logo fetchers. m (nil
// with METRICS=false) counts the provider calls and failed logos, which
// are logged to log. The returned function stops the providers'
// background work.
func newBackend(cfg config.Config, m *metrics.Metrics, shared cache.Tier, log *slog.Logger) (*scene.Service, func(), error) {
	cat, err := catalog.New(cfg.Getenv)
	if err != nil {
		return nil, nil, fmt.Errorf("league catalogue: %w", err)
	}
	ua := cfg.UserAgent
	if ua == "" {
		ua = buildinfo.UserAgent()
	}
	// LOGO_CACHE_MB is shared: three quarters for the renderer's scaled
	// logos and shadows (with the decoded logos they keep alive), an eighth
	// each for decoded logos waiting to be drawn and downloaded bodies.
	logoBytes := int64(cfg.LogoCacheMB) << 20
	fcfg := fetch.Config{Timeout: cfg.RequestTimeout, UserAgent: ua,
		CacheBytes: logoBytes / 8, RawCacheBytes: logoBytes / 8}
	render.SetCacheBytes(logoBytes * 3 / 4)
	render.SetConcurrency(cfg.RenderConcurrency)
	client := fetch.NewClient(fcfg)
	provider := espn.New(espn.Config{
		SiteURL: cfg.ESPNSiteURL, CoreURL: cfg.ESPNCoreURL, CDNURL: cfg.ESPNCDNURL,
		UserAgent: ua, Client: client, Shared: shared,
	})
	sc := scene.Config{
		Catalog:   cat,
		Providers: map[string]catalog.Provider{provider.ID(): m.Provider(provider)},
		Discover:  provider.Discover,
		Logos:     fetch.New(client, fcfg),

		Logger:      log,
		LogoFailure: m.LogoFailure,
	}
	closeProviders, err := addProviders(cfg, &sc, client, ua, provider, m, shared)
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
			tcfg := fcfg
			tcfg.AllowInsecure = true
			sc.TrustedOverlays = fetch.New(fetch.NewPublicClient(tcfg), tcfg)
			sc.TrustedOverlayHosts = cfg.OverlayHosts
		}
	}
	sc.Catalog = addDemo(cfg, sc.Catalog, sc.Providers, m)
	return scene.New(sc), closeProviders, nil
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
// image cache (when caching is on) and the logo budget, 24 MB for renders in
// flight, the catalogue and the collector's headroom, 32 MB for each enabled
// athlete roster and 32 MB for the XC proxy's guides.
func memoryBudget(cfg config.Config, getenv func(string) string) int64 {
	mb := cfg.LogoCacheMB + 24
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
