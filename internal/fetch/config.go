package fetch

import (
	"net/netip"
	"time"
)

// Defaults applied by Config.withDefaults to zero fields.
const (
	DefaultTimeout     = 10 * time.Second
	DefaultUserAgent   = "gamethumbs/dev"
	DefaultMaxBytes    = 10 << 20   // 10 MiB of body
	DefaultMaxPixels   = 40_000_000 // 40 megapixels
	DefaultCacheBytes  = 256 << 20  // decoded pixels held in memory
	DefaultRawBytes    = 64 << 20   // raw bodies held in memory
	DefaultCacheTTL    = 24 * time.Hour
	DefaultNegativeTTL = 5 * time.Minute
	// DefaultDecodeBytes bounds the memory of the decodes running at once.
	DefaultDecodeBytes = 48 << 20
	// DefaultMaxSide is the longest side a decoded logo keeps: a thumbnail
	// or cover never draws one bigger, and provider logos are 500 px or
	// less, so only oversized files (the 6000 px 16-bit kind) are
	// reduced; a 2048 px logo picture then scales up from 1024.
	DefaultMaxSide = 1024

	// MaxSide bounds each side of a raster image, whatever MaxPixels says.
	MaxSide = 16384
	// SVGSide is the longest side, in pixels, of a rasterised SVG.
	SVGSide = 1024
)

// Config holds the outbound limits. The zero value is usable: every zero
// field takes the default named beside it.
type Config struct {
	// Timeout bounds a whole request: dial, TLS, headers and body.
	// Zero means DefaultTimeout (10 s).
	Timeout time.Duration
	// UserAgent is sent with every request. Empty means DefaultUserAgent.
	UserAgent string
	// MaxBytes bounds a response body (and a decoded data: URL). A larger
	// body fails with *TooLargeError. Zero means DefaultMaxBytes (10 MiB).
	MaxBytes int64
	// MaxPixels bounds width×height of an image before it is decoded.
	// Zero means DefaultMaxPixels (40 MP).
	MaxPixels int64
	// DecodeBytes bounds the memory all decodes of a Fetcher take at once,
	// counted as Limits.MaxBytes does: a decode waits until its bytes are
	// free, and one larger than the whole budget fails with
	// *TooLargeError. Zero means DefaultDecodeBytes (48 MiB).
	DecodeBytes int64
	// MaxSide is the longest side of a decoded image; larger ones are
	// downscaled while or right after decoding. Zero means DefaultMaxSide.
	MaxSide int
	// AllowInsecure lifts the public-address check of NewPublicClient
	// (ALLOW_INSECURE_OVERLAY_URLS=true). Only http and https stay allowed.
	AllowInsecure bool

	// CacheBytes bounds the decoded images kept by a Fetcher, counted as
	// 4 bytes per pixel. Zero means DefaultCacheBytes (256 MiB); negative
	// disables the cache (concurrent requests are still coalesced).
	CacheBytes int64
	// RawCacheBytes bounds the raw bodies kept by a Fetcher. Zero means
	// DefaultRawBytes (64 MiB); negative disables the raw cache.
	RawCacheBytes int64
	// CacheTTL is how long a fetched image stays valid. Zero means
	// DefaultCacheTTL (24 h).
	CacheTTL time.Duration
	// NegativeTTL is how long a lasting failure (404/410, not an image,
	// too large, undecodable) is remembered. Zero means DefaultNegativeTTL
	// (5 min).
	NegativeTTL time.Duration

	// testAllow, when set, lets tests reach chosen loopback listeners
	// through the public client as if they were public addresses.
	testAllow func(netip.AddrPort) bool
}

// withDefaults returns c with every zero field replaced by its default.
func (c Config) withDefaults() Config {
	if c.Timeout <= 0 {
		c.Timeout = DefaultTimeout
	}
	if c.UserAgent == "" {
		c.UserAgent = DefaultUserAgent
	}
	if c.MaxBytes <= 0 {
		c.MaxBytes = DefaultMaxBytes
	}
	if c.MaxPixels <= 0 {
		c.MaxPixels = DefaultMaxPixels
	}
	if c.DecodeBytes <= 0 {
		c.DecodeBytes = DefaultDecodeBytes
	}
	if c.MaxSide <= 0 {
		c.MaxSide = DefaultMaxSide
	}
	if c.CacheBytes == 0 {
		c.CacheBytes = DefaultCacheBytes
	}
	if c.RawCacheBytes == 0 {
		c.RawCacheBytes = DefaultRawBytes
	}
	if c.CacheTTL <= 0 {
		c.CacheTTL = DefaultCacheTTL
	}
	if c.NegativeTTL <= 0 {
		c.NegativeTTL = DefaultNegativeTTL
	}
	return c
}
