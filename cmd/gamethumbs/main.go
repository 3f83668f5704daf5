// Command gamethumbs serves sports artwork (logos, thumbnails, covers for
// leagues, teams and matchups), raw team data, and an optional Xtream-Codes
// proxy that fixes channel logos. Configuration comes from environment
// variables; `gamethumbs -h` lists them.
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Getenv, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "gamethumbs:", err)
		os.Exit(1)
	}
}

// run starts the service and blocks until ctx is cancelled, then shuts
// down gracefully. It never calls os.Exit, so tests can drive it.
func run(ctx context.Context, args []string, getenv func(string) string, stdout io.Writer) error {
	if len(args) > 0 {
		switch args[0] {
		case "healthcheck":
			return healthcheck(ctx, getenv, stdout)
		case "config":
			return printConfig(getenv, stdout)
		}
	}
	return serve(ctx, args, getenv, stdout, nil)
}
