// Package config reads the gamethumbs configuration from environment
// variables once at start. Every value is typed and validated; an invalid
// value is an error that names the variable, so the process refuses to
// start instead of running with a surprise default.
package config

import (
	"errors"
	"path/filepath"
	"runtime"
	"strings"
	"time"
)

// Mode is the server mode chosen by APP_MODE.
type Mode string

const (
	ModeStandard Mode = "standard" // full API, XC proxy only when enabled
	ModeXCProxy  Mode = "xcproxy"  // XC proxy and /health only
)

// Config is the whole configuration. The zero value is not meaningful; use
// Load (or Defaults for tests).
type Config struct {
	Port int // PORT, default 3000

	Mode Mode // APP_MODE
	// XCProxy enables the XC proxy. XC_PROXY=true|false; default on when
	// NODE_ENV=development and XC_PROXY_UPSTREAM is set, always on in
	// xcproxy mode.
	XCProxy bool
	// XCUpstreams is the raw XC_PROXY_UPSTREAM value ("id=url,id2=url2").
	// It is required when XCProxy is on; its syntax is checked by the
	// xcproxy package, which owns the format.
	XCUpstreams string
	// XCPublicURL is the proxy's own external base URL
	// (XC_PROXY_PUBLIC_URL), used when rewriting a playlist's guide link;
	// empty means "from the request's Host".
	XCPublicURL string
	// XCListen is the raw XC_PROXY_LISTEN value ("id=:8081,id2=host:port"):
	// root-mode listeners, each serving one upstream at the root of its
	// own address. Its syntax is checked by the xcproxy package.
	XCListen string
	// XCGuideWait bounds how long a playlist waits for a guide fetch
	// before it passes through unrewritten (XC_GUIDE_WAIT, default 5s).
	XCGuideWait time.Duration
	// XCLogoMode is XC_LOGO_MODE: replace (default), fill or keep.
	XCLogoMode string
	// XCMatchNum also matches get_live_streams items by "num"
	// (XC_MATCH_NUM, default false: panels use it as the list position).
	XCMatchNum bool
	// XCRewriteServerInfo points the login answer's server_info at the
	// proxy on root-mode listeners (XC_REWRITE_SERVER_INFO, default false).
	XCRewriteServerInfo bool
	// EventArt is XC_EVENT_ART and XC_EVENT_ART_GUIDE (eventart.go).
	EventArt EventArt
	// XCStreamIdle ends a live stream whose panel sent nothing for this
	// long (XC_STREAM_IDLE_TIMEOUT, default 30s; 0: never).
	XCStreamIdle time.Duration
	// XCMaxStreams bounds the streams open through the proxy at once
	// (XC_MAX_STREAMS, default DefaultXCMaxStreams; 0: no bound but
	// MAX_CONNECTIONS); beyond it a stream request gets 503.
	XCMaxStreams int
	// XCProxyStreams rewrites a playlist's stream URLs to go through the
	// proxy (XC_PROXY_STREAMS, default false: stream lines unchanged).
	XCProxyStreams bool

	RateLimitPerMinute int // RATE_LIMIT_PER_MINUTE, image routes; others get 3x; 0 disables
	TrustProxy         int // TRUST_PROXY: X-Forwarded-For hops to trust; 0 ignores the header
	// RateLimitIPv6Prefix groups IPv6 clients by this many leading bits for
	// rate limits (RATE_LIMIT_IPV6_PREFIX, default 64; 128 counts each address).
	RateLimitIPv6Prefix int
	// XCRateLimitPerMinute limits /xc requests and the XC root-mode
	// listeners per client (XC_RATE_LIMIT_PER_MINUTE); 0, the default, is off.
	XCRateLimitPerMinute int
	// MaxConnections caps open client connections (MAX_CONNECTIONS); 0
	// means a default derived from the file-descriptor limit.
	MaxConnections int

	RequestTimeout time.Duration // REQUEST_TIMEOUT (ms): outbound provider and image calls
	ServerTimeout  time.Duration // SERVER_TIMEOUT (ms): idle keep-alive, read and write timeouts

	ESPNSiteURL string // ESPN_SITE_API_URL
	ESPNCoreURL string // ESPN_CORE_API_URL
	ESPNCDNURL  string // ESPN_CDN_URL
	UserAgent   string // PROVIDER_USER_AGENT (or SCRAPER_USER_AGENT); default DefaultUserAgent
	// DefaultImage (DEFAULT_IMAGE) is an http(s) URL or an image file
	// drawn for a team or league that has no logo anywhere, instead of the
	// built-in name card or wordmark; empty keeps the built-in.
	DefaultImage string

	AllowEventOverlays   bool     // ALLOW_EVENT_OVERLAYS: title, subtitle, iconurl on league images
	AllowInsecureOverlay bool     // ALLOW_INSECURE_OVERLAY_URLS=true|1: iconurl may target any address
	OverlayHosts         []string // ALLOW_INSECURE_OVERLAY_URLS as a host list: these hosts skip the address check
	AllowCustomBadges    bool     // ALLOW_CUSTOM_BADGES: any short badge text
	// StrictParams (STRICT_PARAMS) answers 400 to image parameter values
	// outside the documented sets; by default they are ignored (the
	// default is used) and named in a Warning header, as game-thumbs does.
	StrictParams bool

	ImageCacheHours int // IMAGE_CACHE_HOURS, 0 disables the rendered-image cache
	ImageCacheMB    int // IMAGE_CACHE_MB, bound of the in-memory image cache
	// LogoCacheMB bounds all memory kept for logos (LOGO_CACHE_MB): the
	// renderer's scaled copies and shadows with the decoded logos they
	// keep alive, decoded logos waiting to be used, and downloaded bodies.
	// It does not depend on ImageCacheMB (DefaultLogoCacheMB).
	LogoCacheMB int
	// CacheDir is the on-disk second tier of the image cache (CACHE_DIR):
	// by default the user cache directory's gamethumbs folder
	// ($XDG_CACHE_HOME or $HOME/.cache); "off" or no such directory
	// disables it.
	CacheDir   string
	CacheDirMB int // CACHE_DIR_MB
	// ImageRecompress (IMAGE_RECOMPRESS, default on) re-encodes stored PNG
	// pictures with the slow, stronger encoder while no render runs or
	// waits, and serves the smaller copy of the same pixels (same ETag)
	// from then on.
	ImageRecompress bool
	// RenderConcurrency bounds simultaneous renders (RENDER_CONCURRENCY,
	// default the number of CPUs).
	RenderConcurrency int
	// RenderQueue is how many renders may wait for a slot (RENDER_QUEUE);
	// beyond it clients get 503.
	RenderQueue int
	// WebPQuality is the lossy WebP quality of thumbnails and covers
	// (WEBP_QUALITY, 1-100); logos are always lossless.
	WebPQuality int

	CORSOrigin      string // CORS_ORIGIN, default "*"
	CORSMaxAge      int    // CORS_MAX_AGE seconds
	RootRedirectURL string // ROOT_REDIRECT_URL: 301 target for "/"
	LogLevel        string // LOG_LEVEL: debug|info|warn|error
	LogFormat       string // LOG_FORMAT: text|json
	Metrics         bool   // METRICS: serve /metrics
	// MetricsAddr (METRICS_ADDR, e.g. "127.0.0.1:9090") serves /metrics on
	// a listener of its own instead of the public port; empty: public port.
	MetricsAddr string
	Demo        bool // DEMO: serve the built-in offline demo league

	// Providers configures the sports-data providers other than ESPN's
	// team API, and custom data (providers.go).
	Providers ProviderConfig
	// Redis is the optional tier shared by several replicas (redis.go).
	Redis RedisConfig

	Getenv func(string) string // the lookup Load used, for packages with their own variables

	// Warnings are configuration facts worth one log line at start (a
	// setting that was ignored); they do not stop the service.
	Warnings []string

	values []Value // effective values, in the order Load read them (see Effective)
}

// DefaultUserAgent is the User-Agent sent to providers unless
// PROVIDER_USER_AGENT says otherwise: the one game-thumbs sends, because
// ESPN's firewall refuses unknown agents from data-centre addresses
// (game-thumbs issue #149).
const DefaultUserAgent = "curl/8.7.1"

// Defaults returns the configuration used when no variable is set.
func Defaults() Config {
	return Config{
		Port:                3000,
		Mode:                ModeStandard,
		RateLimitPerMinute:  30,
		RateLimitIPv6Prefix: 64,
		RequestTimeout:      10 * time.Second,
		ServerTimeout:       30 * time.Second,
		ESPNSiteURL:         "https://site.api.espn.com",
		ESPNCoreURL:         "https://sports.core.api.espn.com",
		ESPNCDNURL:          "https://a.espncdn.com",
		UserAgent:           DefaultUserAgent,
		ImageCacheHours:     24,
		ImageCacheMB:        48,
		CacheDirMB:          1024,
		RenderConcurrency:   runtime.NumCPU(),
		RenderQueue:         64,
		WebPQuality:         80,
		CORSOrigin:          "*",
		CORSMaxAge:          86400,
		LogLevel:            "info",
		LogFormat:           "text",
		Metrics:             true,
		Redis:               RedisConfig{Prefix: "gamethumbs:", Timeout: 50 * time.Millisecond, MaxValueKB: 1024},
		Getenv:              func(string) string { return "" },
	}
}

// Load reads the configuration through getenv (os.Getenv in production).
// All problems are reported together, each naming its variable.
func Load(getenv func(string) string) (Config, error) {
	c := Defaults()
	c.Getenv = getenv
	r := reader{getenv: getenv}

	c.Port = r.intIn("PORT", c.Port, 0, 65535) // 0 picks a free port
	switch m := r.str("APP_MODE", "standard"); m {
	case "standard", "":
		c.Mode = ModeStandard
	case "xcproxy":
		c.Mode = ModeXCProxy
	default:
		r.fail("APP_MODE", m, "must be standard or xcproxy")
	}
	c.XCUpstreams = r.str("XC_PROXY_UPSTREAM", "")
	// NODE_ENV=development (what game-thumbs' own scripts set) turns the
	// proxy on only when it has an upstream; without one the proxy stays
	// off with a warning instead of stopping start.
	devDefault := r.str("NODE_ENV", "") == "development"
	if devDefault && c.XCUpstreams == "" && getenv("XC_PROXY") == "" && c.Mode != ModeXCProxy {
		devDefault = false
		c.Warnings = append(c.Warnings, "NODE_ENV=development without XC_PROXY_UPSTREAM: the XC proxy stays off")
	}
	c.XCProxy = r.boolean("XC_PROXY", devDefault) || c.Mode == ModeXCProxy
	c.XCPublicURL = r.optionalURL("XC_PROXY_PUBLIC_URL")
	c.XCListen = r.str("XC_PROXY_LISTEN", "")
	c.XCGuideWait = r.seconds("XC_GUIDE_WAIT", 5*time.Second)
	c.XCLogoMode = r.oneOf("XC_LOGO_MODE", "replace", "replace", "fill", "keep")
	c.XCMatchNum = r.boolean("XC_MATCH_NUM", false)
	c.XCRewriteServerInfo = r.boolean("XC_REWRITE_SERVER_INFO", false)
	c.EventArt = r.eventArt()
	c.XCStreamIdle = r.seconds("XC_STREAM_IDLE_TIMEOUT", 30*time.Second)
	c.XCMaxStreams = r.intIn("XC_MAX_STREAMS", DefaultXCMaxStreams, 0, 1<<20)
	c.XCProxyStreams = r.boolean("XC_PROXY_STREAMS", false)
	if c.XCProxy && c.XCUpstreams == "" {
		r.fail("XC_PROXY_UPSTREAM", "", "is required when the XC proxy is enabled (id=http://host:port,...)")
	}

	c.RateLimitPerMinute = r.intIn("RATE_LIMIT_PER_MINUTE", c.RateLimitPerMinute, 0, 1_000_000)
	c.TrustProxy = r.intIn("TRUST_PROXY", 0, 0, 16)
	c.RateLimitIPv6Prefix = r.intIn("RATE_LIMIT_IPV6_PREFIX", c.RateLimitIPv6Prefix, 16, 128)
	c.XCRateLimitPerMinute = r.intIn("XC_RATE_LIMIT_PER_MINUTE", 0, 0, 1_000_000)
	c.MaxConnections = r.intIn("MAX_CONNECTIONS", 0, 0, 1<<20)
	c.RequestTimeout = r.millis("REQUEST_TIMEOUT", c.RequestTimeout)
	c.ServerTimeout = r.millis("SERVER_TIMEOUT", c.ServerTimeout)

	c.ESPNSiteURL = r.baseURL("ESPN_SITE_API_URL", c.ESPNSiteURL)
	c.ESPNCoreURL = r.baseURL("ESPN_CORE_API_URL", c.ESPNCoreURL)
	c.ESPNCDNURL = r.baseURL("ESPN_CDN_URL", c.ESPNCDNURL)
	c.UserAgent = r.str("PROVIDER_USER_AGENT", r.str("SCRAPER_USER_AGENT", c.UserAgent))
	c.DefaultImage = strings.TrimSpace(r.str("DEFAULT_IMAGE", ""))

	c.AllowEventOverlays = r.boolean("ALLOW_EVENT_OVERLAYS", false)
	c.AllowInsecureOverlay, c.OverlayHosts = r.overlayURLs("ALLOW_INSECURE_OVERLAY_URLS")
	c.AllowCustomBadges = r.boolean("ALLOW_CUSTOM_BADGES", false)
	c.StrictParams = r.boolean("STRICT_PARAMS", false)

	c.ImageCacheHours = r.intIn("IMAGE_CACHE_HOURS", c.ImageCacheHours, 0, 24*365)
	c.ImageCacheMB = r.intIn("IMAGE_CACHE_MB", c.ImageCacheMB, 1, 1<<20)
	c.LogoCacheMB = r.intIn("LOGO_CACHE_MB", DefaultLogoCacheMB, 8, 1<<20)
	c.CacheDir = r.str("CACHE_DIR", defaultCacheDir(getenv))
	if strings.EqualFold(c.CacheDir, "off") {
		c.CacheDir = ""
	}
	c.CacheDirMB = r.intIn("CACHE_DIR_MB", c.CacheDirMB, 1, 1<<24)
	c.ImageRecompress = r.boolean("IMAGE_RECOMPRESS", true)
	c.RenderConcurrency = r.intIn("RENDER_CONCURRENCY", c.RenderConcurrency, 1, 1024)
	c.RenderQueue = r.intIn("RENDER_QUEUE", c.RenderQueue, 0, 100_000)
	c.WebPQuality = r.intIn("WEBP_QUALITY", c.WebPQuality, 1, 100)

	c.CORSOrigin = r.str("CORS_ORIGIN", c.CORSOrigin)
	c.CORSMaxAge = r.intIn("CORS_MAX_AGE", c.CORSMaxAge, 0, 1<<30)
	c.RootRedirectURL = r.optionalURL("ROOT_REDIRECT_URL")
	c.LogLevel = r.oneOf("LOG_LEVEL", c.LogLevel, "debug", "info", "warn", "error")
	c.LogFormat = r.oneOf("LOG_FORMAT", c.LogFormat, "text", "json")
	c.Metrics = r.boolean("METRICS", c.Metrics)
	c.MetricsAddr = r.listenAddr("METRICS_ADDR")
	c.Demo = r.boolean("DEMO", false)
	c.Providers = r.providers(c.CacheDir)
	c.Redis = r.redis(c.Redis)

	c.values = r.seen
	return c, errors.Join(r.errs...)
}

// DefaultXCMaxStreams is XC_MAX_STREAMS when it is unset: far more than a
// household's players, and few enough that the streams' buffers stay a
// small share of the memory budget (docs/xc-proxy.md gives the cost of an
// open stream).
const DefaultXCMaxStreams = 256

// DefaultLogoCacheMB is LOGO_CACHE_MB when it is unset: what a day of
// typical guides keeps drawn (a few hundred teams, each logo scaled with
// its shadow for the picture sizes in use), whatever IMAGE_CACHE_MB is:
// shrinking the image cache must not make every render rebuild its logos.
const DefaultLogoCacheMB = 48

// defaultCacheDir is CACHE_DIR when it is unset: gamethumbs in the user
// cache directory as os.UserCacheDir finds it, read through getenv;
// empty (no disk tier) when neither XDG_CACHE_HOME nor HOME is set.
func defaultCacheDir(getenv func(string) string) string {
	if d := getenv("XDG_CACHE_HOME"); filepath.IsAbs(d) {
		return filepath.Join(d, "gamethumbs")
	}
	if h := getenv("HOME"); filepath.IsAbs(h) {
		return filepath.Join(h, ".cache", "gamethumbs")
	}
	return ""
}
