// Package xcproxy is a reverse proxy for Xtream-Codes (XC) IPTV panels that
// puts guide logos into channel lists.
//
// Requests to /xc/<upstream>/<path>?<query> are forwarded to the configured
// panel as they are (a real streaming reverse proxy: live TV flows at once,
// Range works, the panel's own statuses come back). Two kinds of response
// are rewritten on the fly, line by line or item by item:
//
//   - channel lists (get.php, or any M3U channel list that is not an HLS
//     playlist): each #EXTINF gets the tvg-logo of its guide channel, and
//     the header's url-tvg/x-tvg-url points back at the proxy;
//   - player_api.php?action=get_live_streams: each item's stream_icon.
//
// Channels are matched to the panel's XMLTV guide (xmltv.php, fetched with
// the request's own credentials) by id, then number, then display name. The
// guide is cached per panel and per credentials, fetched once for many
// concurrent requests, and a failure never breaks a playlist: it passes
// through unchanged. Credentials never reach a log line (see package
// redact).
package xcproxy

import (
	"errors"
	"fmt"
	"log"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"

	"gamethumbs/internal/cache"
	"gamethumbs/internal/redact"
	"gamethumbs/internal/xcproxy/eventart"
)

// Config configures a Handler. Zero values mean the defaults given.
type Config struct {
	// Upstreams are the panels, by id (see ParseUpstreams). Required.
	Upstreams []Upstream
	// Client fetches guides. Nil: a client on its own transport with
	// GuideHeaderTimeout. No SSRF guard: panels often live on the LAN.
	Client *http.Client
	// Transport carries proxied requests. Nil: a clone of
	// http.DefaultTransport with ResponseHeaderTimeout = HeaderTimeout.
	Transport http.RoundTripper
	// HeaderTimeout is how long the panel may take to send response
	// headers before the client gets 504 (default 10s).
	HeaderTimeout time.Duration
	// GuideHeaderTimeout is the same for guide fetches (default 30s).
	GuideHeaderTimeout time.Duration
	// GuideTimeout bounds a whole guide fetch, body included (default 2m).
	GuideTimeout time.Duration
	// GuideWait is how long a playlist request waits for a guide that is
	// still loading before it passes through unchanged (the fetch goes on
	// and serves later requests; default 5s, XC_GUIDE_WAIT). It counts
	// from the start of the fetch, so requests joining a hanging fetch
	// wait less.
	GuideWait time.Duration
	// LogoMode is what happens to channel logos (XC_LOGO_MODE; default
	// LogoReplace).
	LogoMode LogoMode
	// MatchNumber also matches get_live_streams items by their "num"
	// (XC_MATCH_NUM). Off by default: panels use num as the position in
	// the list, not as a channel number.
	MatchNumber bool
	// RewriteServerInfo points the login answer's server_info at the
	// proxy on root-mode listeners (XC_REWRITE_SERVER_INFO), so apps that
	// build stream URLs from it stay on the proxy.
	RewriteServerInfo bool
	// Shared is the tier several replicas share (REDIS_URL): a guide
	// parsed by one replica serves them all. Nil: each loads its own.
	Shared cache.Tier
	// GuideTTL is how long a guide is reused (default 30m).
	GuideTTL time.Duration
	// GuideErrorTTL is how long a failed guide fetch is remembered, so
	// that requests do not all retry it (default 1m).
	GuideErrorTTL time.Duration
	// GuideMaxBytes caps the decompressed guide size read (default 1 GiB).
	GuideMaxBytes int64
	// GuideMaxChannels caps the channels kept per guide (default 200,000).
	GuideMaxChannels int
	// GuideFullScan reads every guide to its end, which also finds
	// channels that non-conforming (concatenated) guides list after their
	// programmes. Default false: reading stops at the first <programme>,
	// since the XMLTV DTD and XC panels put all channels first; that skips
	// ~95% of a typical guide's bytes (transfer and parse).
	GuideFullScan bool
	// GuideCacheEntries and GuideCacheBytes bound the guide cache (least
	// recently used guides go first; defaults 64 and 512 MiB).
	GuideCacheEntries int
	GuideCacheBytes   int64
	// PublicBaseURL, when set (e.g. "https://tv.example.com"), is the
	// base of URLs the proxy writes into playlists. Otherwise they are
	// built from the request's Host and scheme.
	PublicBaseURL string
	// ProxyStreams rewrites the stream URLs of channel lists that point
	// at the panel so they point at the proxy (XC_PROXY_STREAMS), for
	// players that can reach only the proxy. Off: stream lines unchanged.
	ProxyStreams bool
	// StreamIdle ends a stream (live, VOD, HLS segment) whose panel sent
	// nothing for this long (XC_STREAM_IDLE_TIMEOUT); zero: never.
	StreamIdle time.Duration
	// MaxStreams bounds the streams open at once (XC_MAX_STREAMS); a
	// stream request beyond it gets 503 with Retry-After. Zero: no bound.
	MaxStreams int
	// TrustForwardedProto makes the scheme of those URLs follow the
	// X-Forwarded-Proto header; set it only behind a trusted proxy.
	TrustForwardedProto bool
	// Logger receives the proxy's logs, masked by redact.Handler. Nil:
	// slog.Default().
	Logger *slog.Logger
	// EventArt puts our matchup pictures on event channels and guide
	// programmes (XC_EVENT_ART, XC_EVENT_ART_GUIDE); nil: off.
	EventArt *eventart.Art
}

// Handler serves /xc/<upstream> and /xc/<upstream>/... .
type Handler struct {
	cfg        Config
	ups        map[string]*Upstream // by lower-case id
	transport  http.RoundTripper
	client     *http.Client
	guides     *guideCache
	log        *slog.Logger
	pool       *bufferPool
	publicBase string // without a trailing slash; "" to use the request
	publicPath string // path of publicBase, without a trailing slash
	errLog     *log.Logger
	stats      counters
	streams    streamSlots
}

// New checks cfg and builds a Handler.
func New(cfg Config) (*Handler, error) {
	if len(cfg.Upstreams) == 0 {
		return nil, errors.New("xcproxy: no upstreams (" + envName + ")")
	}
	setDefaults(&cfg)
	h := &Handler{cfg: cfg, ups: map[string]*Upstream{}, pool: newBufferPool(bufferSize)}
	h.streams.max = int64(max(cfg.MaxStreams, 0))
	for i := range cfg.Upstreams {
		up := cfg.Upstreams[i]
		if up.Base == nil || (up.Base.Scheme != "http" && up.Base.Scheme != "https") || up.Base.Host == "" || !validID(up.ID) {
			return nil, fmt.Errorf("xcproxy: upstream %d (%q) needs a valid id and an http(s) base URL", i+1, up.ID)
		}
		key := strings.ToLower(up.ID)
		if h.ups[key] != nil {
			return nil, fmt.Errorf("xcproxy: duplicate upstream id %q", up.ID)
		}
		base := *up.Base
		h.ups[key] = &Upstream{ID: up.ID, Base: &base}
	}
	if cfg.PublicBaseURL != "" {
		u, err := url.Parse(cfg.PublicBaseURL)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return nil, fmt.Errorf("xcproxy: PublicBaseURL %q is not an http(s) URL", redact.URL(cfg.PublicBaseURL))
		}
		h.publicBase = strings.TrimRight(u.String(), "/")
		h.publicPath = strings.TrimRight(u.EscapedPath(), "/")
	}
	// Everything the proxy logs is masked by allowlist (redact.XCHandler).
	h.log = slog.New(redact.XCHandler(cfg.Logger.Handler())).With("component", "xcproxy")
	h.errLog = slog.NewLogLogger(h.log.Handler(), slog.LevelDebug)
	h.transport = cfg.Transport
	if h.transport == nil {
		h.transport = newProxyTransport(cfg.HeaderTimeout)
	}
	h.client = cfg.Client
	if h.client == nil {
		h.client = &http.Client{Transport: newTransport(cfg.GuideHeaderTimeout)}
	}
	h.guides = newGuideCache(cfg.GuideCacheEntries, cfg.GuideCacheBytes, cfg.GuideTTL, cfg.GuideErrorTTL)
	return h, nil
}

func setDefaults(c *Config) {
	def := func(d *time.Duration, v time.Duration) {
		if *d <= 0 {
			*d = v
		}
	}
	def(&c.HeaderTimeout, 10*time.Second)
	def(&c.GuideHeaderTimeout, 30*time.Second)
	def(&c.GuideTimeout, 2*time.Minute)
	def(&c.GuideWait, 5*time.Second)
	def(&c.GuideTTL, 30*time.Minute)
	def(&c.GuideErrorTTL, time.Minute)
	if c.GuideMaxBytes <= 0 {
		c.GuideMaxBytes = 1 << 30
	}
	if c.GuideMaxChannels <= 0 {
		c.GuideMaxChannels = 200_000
	}
	if c.GuideCacheEntries <= 0 {
		c.GuideCacheEntries = 64
	}
	if c.GuideCacheBytes <= 0 {
		c.GuideCacheBytes = 512 << 20
	}
	if c.Logger == nil {
		c.Logger = slog.Default()
	}
}

// newTransport clones http.DefaultTransport with a response-header timeout.
func newTransport(headerTimeout time.Duration) *http.Transport {
	t := http.DefaultTransport.(*http.Transport).Clone()
	t.ResponseHeaderTimeout = headerTimeout
	t.MaxIdleConnsPerHost = 16
	t.DialContext = (&net.Dialer{Timeout: 10 * time.Second, KeepAlive: 30 * time.Second}).DialContext
	return t
}

// newProxyTransport is newTransport without implicit compression: the
// client's own Accept-Encoding goes to the panel and the answer comes
// back in the encoding the panel chose, never inflated on the way.
func newProxyTransport(headerTimeout time.Duration) *http.Transport {
	t := newTransport(headerTimeout)
	t.DisableCompression = true
	return t
}

// Close releases idle upstream connections. In-flight requests finish.
func (h *Handler) Close() {
	if t, ok := h.transport.(interface{ CloseIdleConnections() }); ok && h.cfg.Transport == nil {
		t.CloseIdleConnections()
	}
	if h.cfg.Client == nil {
		h.client.CloseIdleConnections()
	}
}
