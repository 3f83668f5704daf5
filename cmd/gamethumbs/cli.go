package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"strconv"
	"strings"
	"text/tabwriter"

	"gamethumbs/internal/buildinfo"
	"gamethumbs/internal/config"
	"gamethumbs/internal/xcproxy"
)

// cliFlags are the command-line flags of the serve command. Flags win over
// the environment.
type cliFlags struct {
	demo    *bool // -demo given (nil: DEMO decides)
	version bool  // -version: print the version and exit
}

// parseFlags reads the command-line flags. -h prints the usage with every
// setting and returns flag.ErrHelp.
func parseFlags(args []string, stdout io.Writer) (cliFlags, error) {
	fs := flag.NewFlagSet("gamethumbs", flag.ContinueOnError)
	fs.SetOutput(stdout)
	fs.Usage = func() { usage(stdout, fs) }
	demo := fs.Bool("demo", false, "serve the built-in offline demo league (code demo); the page at / starts on it (DEMO=true)")
	version := fs.Bool("version", false, "print the version and exit")
	if err := fs.Parse(args); err != nil {
		return cliFlags{}, err
	}
	if fs.NArg() > 0 {
		return cliFlags{}, fmt.Errorf("unexpected argument %q (flags: -demo, -version, -h; subcommands: config, healthcheck)", fs.Arg(0))
	}
	f := cliFlags{version: *version}
	fs.Visit(func(fl *flag.Flag) {
		if fl.Name == "demo" {
			f.demo = demo
		}
	})
	return f, nil
}

// apply sets what the flags override in cfg.
func (f cliFlags) apply(cfg *config.Config) {
	if f.demo != nil {
		cfg.Demo = *f.demo
		cfg.Override("DEMO", strconv.FormatBool(*f.demo))
	}
}

// usage prints the commands, the flags and every setting with its default
// and meaning, from the same table the configuration reader is checked
// against.
func usage(w io.Writer, fs *flag.FlagSet) {
	fmt.Fprintln(w, "usage: gamethumbs [-demo]        serve; configuration comes from the environment variables below")
	fmt.Fprintln(w, "       gamethumbs config         print the effective settings (secrets masked) and exit")
	fmt.Fprintln(w, "       gamethumbs healthcheck    exit 0 when http://127.0.0.1:$PORT/health answers ok")
	fmt.Fprintln(w, "       gamethumbs -version       print the version")
	fmt.Fprintln(w, "\nflags:")
	fs.PrintDefaults()
	fmt.Fprintln(w, "\nenvironment variables (default; meaning):")
	for _, s := range config.Settings {
		for _, n := range s.Names { // one name a line, so each can be found at a line's start
			fmt.Fprintf(w, "  %s\n", n)
		}
		fmt.Fprintf(w, "    default: %s\n    %s\n", config.Plain(s.Default), config.Plain(s.Meaning))
	}
}

// ignoreHelp turns -h (usage already printed) into a clean exit.
func ignoreHelp(err error) error {
	if errors.Is(err, flag.ErrHelp) {
		return nil
	}
	return err
}

// printVersion prints the version line of -version.
func printVersion(w io.Writer) {
	bi := buildinfo.Get()
	line := bi.Name + " " + bi.Version + " (" + bi.Go
	if bi.Git.Commit != "" {
		line += ", commit " + bi.Git.Commit
		if bi.Git.Modified {
			line += " modified"
		}
	}
	fmt.Fprintln(w, line+")")
}

// printConfig is `gamethumbs config`: every setting the configuration
// reader read, its effective value (masked unless known to be safe) and
// whether it is the default, then the warnings start would log. It fails
// (exit status 1) on everything start refuses: it validates with the
// same function.
func printConfig(getenv func(string) string, w io.Writer) error {
	cfg, err := config.Load(getenv)
	if err != nil {
		return fmt.Errorf("configuration: %w", err)
	}
	ck, err := validate(cfg)
	if err != nil {
		return err
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, v := range cfg.Effective() {
		from := "default"
		if v.Set {
			from = "set"
		}
		fmt.Fprintf(tw, "%s\t%s\t(%s)\n", v.Name, v.Shown(), from)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	for _, warning := range ck.warnings {
		fmt.Fprintln(w, "warning:", warning)
	}
	return nil
}

// logStart writes the start line: where to open the page, the version
// and the settings that are not the default (masked unless known to be
// safe); with LOG_LEVEL=debug every effective setting.
func logStart(log *slog.Logger, cfg config.Config, addr net.Addr) {
	all := cfg.LogLevel == "debug"
	settings := make([]any, 0, 16)
	for _, v := range cfg.Effective() {
		if v.Set || all {
			settings = append(settings, slog.String(v.Name, v.Shown()))
		}
	}
	log.Info("gamethumbs listening", "url", localURL(addr, cfg.Port),
		"addr", addr.String(), "version", buildinfo.Get().Version, "demo", cfg.Demo,
		slog.Group("config", settings...))
}

// localURL is the http://localhost:port/ of a listening address.
func localURL(addr net.Addr, port int) string {
	if tcp, ok := addr.(*net.TCPAddr); ok {
		port = tcp.Port
	}
	return "http://localhost:" + strconv.Itoa(port) + "/"
}

// logXC writes the one line that says where the XC proxy listens: the
// /xc/<id>/ base URL of every upstream on the main port (what a player is
// given as its server), and the root-mode listeners.
func logXC(log *slog.Logger, cfg config.Config, addr net.Addr, roots []xcRoot) {
	if !cfg.XCProxy {
		return
	}
	ups, err := xcproxy.ParseUpstreams(cfg.XCUpstreams)
	if err != nil {
		return // validate refused it already
	}
	base := strings.TrimSuffix(localURL(addr, cfg.Port), "/")
	if cfg.XCPublicURL != "" {
		base = strings.TrimSuffix(cfg.XCPublicURL, "/")
	}
	servers := make([]string, 0, len(ups)+len(roots))
	for _, u := range ups {
		servers = append(servers, u.ID+"="+base+"/xc/"+u.ID)
	}
	for _, r := range roots {
		servers = append(servers, r.id+"=http://"+r.ln.Addr().String()+" (root)")
	}
	log.Info("xc proxy listening", "servers", strings.Join(servers, " "),
		"streams", map[bool]string{true: "through the proxy", false: "from the panel"}[cfg.XCProxyStreams])
}
