package config

import (
	"net/url"
	"strings"
	"time"
)

// RedisConfig is the optional shared tier of several replicas
// (internal/cluster). URL empty means off: nothing is contacted.
type RedisConfig struct {
	URL     string        // REDIS_URL: redis://, rediss:// or unix://
	Prefix  string        // REDIS_PREFIX, default "gamethumbs:"
	Timeout time.Duration // REDIS_TIMEOUT (ms), budget of one call, default 50
	// MaxValueKB is the largest rendered image shared through Redis
	// (REDIS_MAX_VALUE_KB); larger ones stay in the replica's own caches.
	MaxValueKB int
}

// redis reads the REDIS_* variables. The URL's value is never quoted in
// an error: it may hold a password.
func (r *reader) redis(def RedisConfig) RedisConfig {
	c := RedisConfig{
		URL:        strings.TrimSpace(r.getenv("REDIS_URL")),
		Prefix:     r.str("REDIS_PREFIX", def.Prefix),
		Timeout:    r.millis("REDIS_TIMEOUT", def.Timeout),
		MaxValueKB: r.intIn("REDIS_MAX_VALUE_KB", def.MaxValueKB, 1, 512*1024),
	}
	if c.URL != "" {
		u, err := url.Parse(c.URL)
		if err != nil || (u.Scheme != "redis" && u.Scheme != "rediss" && u.Scheme != "unix") {
			r.fail("REDIS_URL", "", "must be a redis://, rediss:// or unix:// URL")
			c.URL = ""
		}
	}
	return c
}
