package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"

	"gamethumbs/internal/catalog"
	"gamethumbs/internal/config"
	"gamethumbs/internal/demo"
	"gamethumbs/internal/metrics"
)

// parseFlags reads the command-line flags into cfg. Flags win over the
// environment. -demo is DEMO=true.
func parseFlags(cfg *config.Config, args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("gamethumbs", flag.ContinueOnError)
	fs.SetOutput(stdout)
	fs.Usage = func() {
		fmt.Fprintln(stdout, "usage: gamethumbs [-demo]        serve (configuration: environment variables, see the README)")
		fmt.Fprintln(stdout, "       gamethumbs healthcheck    exit 0 when http://127.0.0.1:$PORT/health answers ok")
		fs.PrintDefaults()
	}
	demoFlag := fs.Bool("demo", cfg.Demo, "serve the built-in offline demo league (code demo); the page at / starts on it")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q (flags: -demo; subcommand: healthcheck)", fs.Arg(0))
	}
	cfg.Demo = *demoFlag
	return nil
}

// ignoreHelp turns -h (usage already printed) into a clean exit.
func ignoreHelp(err error) error {
	if errors.Is(err, flag.ErrHelp) {
		return nil
	}
	return err
}

// newMetrics returns the metrics of the process, or nil with METRICS=false.
func newMetrics(cfg config.Config) *metrics.Metrics {
	if !cfg.Metrics {
		return nil
	}
	return metrics.New()
}

// addDemo adds the demo league and its provider (measured by m) in demo
// mode and returns the catalogue to use.
func addDemo(cfg config.Config, cat *catalog.Catalog, providers map[string]catalog.Provider, m *metrics.Metrics) *catalog.Catalog {
	if !cfg.Demo {
		return cat
	}
	providers[demo.ProviderID] = m.Provider(demo.New())
	return cat.With(demo.League())
}

// logDemo tells a new user where to look in demo mode.
func logDemo(log *slog.Logger, cfg config.Config, addr net.Addr) {
	if !cfg.Demo || cfg.Mode != config.ModeStandard {
		return
	}
	port := "3000"
	if tcp, ok := addr.(*net.TCPAddr); ok {
		port = fmt.Sprint(tcp.Port)
	}
	log.Info("demo league on: open the URL builder or a demo picture",
		"page", "http://localhost:"+port+"/", "picture", "http://localhost:"+port+"/demo/herons/comets/thumb")
}
