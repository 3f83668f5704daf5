package main

import (
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"

	"gamethumbs/internal/catalog"
	"gamethumbs/internal/catalog/custom"
	"gamethumbs/internal/cluster"
	"gamethumbs/internal/config"
	"gamethumbs/internal/xcproxy"
)

// checked is what validate settled beyond config.Load: the custom data
// start serves, and the warnings worth a log line each.
type checked struct {
	warnings []string
	custom   *custom.Data // CUSTOM_DATA_DIR's content; nil without one (or in xcproxy mode)
}

// validate checks everything start refuses to run with, before a port is
// opened: the XC proxy's upstreams, logo mode and root listeners, the
// Redis URL, CACHE_DIR when it was given, and the custom data directory.
// Start and `gamethumbs config` both call it, so config exits non-zero
// exactly when start would refuse. What only running can tell (a port in
// use, a cache directory another instance holds) is not checked here.
func validate(cfg config.Config) (checked, error) {
	ck := checked{warnings: slices.Clone(cfg.Warnings)}
	var errs []error
	if cfg.XCProxy {
		errs = append(errs, validateXC(cfg))
	} else if cfg.XCListen != "" {
		ck.warnings = append(ck.warnings, "XC_PROXY_LISTEN is set but the XC proxy is off: no root-mode listener")
	}
	if cfg.Redis.URL != "" {
		errs = append(errs, cluster.CheckURL(cfg.Redis.URL))
	}
	if cfg.CacheDir != "" && cfg.ImageCacheHours > 0 && cfg.Getenv != nil && cfg.Getenv("CACHE_DIR") != "" {
		if st, err := os.Stat(cfg.CacheDir); err == nil && !st.IsDir() {
			errs = append(errs, fmt.Errorf("CACHE_DIR: %s is not a directory", cfg.CacheDir))
		}
	}
	if cfg.Mode == config.ModeStandard && cfg.Providers.CustomDataDir != "" {
		user, err := loadCustom(cfg.Providers.CustomDataDir)
		if err != nil {
			errs = append(errs, err)
		} else {
			ck.custom = user
			for _, w := range user.Warnings {
				ck.warnings = append(ck.warnings, "custom data (CUSTOM_DATA_DIR): "+w)
			}
		}
	}
	if err := errors.Join(errs...); err != nil {
		return checked{}, fmt.Errorf("configuration: %w", err)
	}
	return ck, nil
}

// validateXC checks the XC proxy's settings: the upstreams, the logo mode
// and that every root-mode listener names an upstream.
func validateXC(cfg config.Config) error {
	ups, err := xcproxy.ParseUpstreams(cfg.XCUpstreams)
	if err != nil {
		return err
	}
	if _, err := xcproxy.ParseLogoMode(cfg.XCLogoMode); err != nil {
		return err
	}
	ls, err := xcproxy.ParseListeners(cfg.XCListen)
	if err != nil {
		return err
	}
	for _, l := range ls {
		if !slices.ContainsFunc(ups, func(u xcproxy.Upstream) bool { return strings.EqualFold(u.ID, l.ID) }) {
			return fmt.Errorf("XC_PROXY_LISTEN: %q is not an upstream id of XC_PROXY_UPSTREAM", l.ID)
		}
	}
	return nil
}

// loadCustom reads the custom data directory, its team files checked
// against every league code (athlete leagues included, enabled or not).
func loadCustom(dir string) (*custom.Data, error) {
	all, err := catalog.New(func(string) string { return "true" })
	if err != nil {
		return nil, err
	}
	user, err := custom.Load(dir, func(code string) bool { _, ok := all.Get(code); return ok })
	if err != nil {
		return nil, fmt.Errorf("custom data (CUSTOM_DATA_DIR): %w", err)
	}
	return user, nil
}
