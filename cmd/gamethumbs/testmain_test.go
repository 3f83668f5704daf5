package main

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"gamethumbs/internal/testutil"
)

// TestMain keeps the tests off the network: league logos configured as
// absolute URLs (ncaa.com, Wikimedia, ...) would otherwise be fetched from
// the internet. Every outbound client honours the proxy variables, and
// loopback addresses (the fakes) are never proxied, so pointing the proxy
// at a closed local port makes any stray request fail at once.
func TestMain(m *testing.M) {
	const closed = "http://127.0.0.1:9"
	os.Setenv("HTTP_PROXY", closed)
	os.Setenv("HTTPS_PROXY", closed)
	os.Unsetenv("NO_PROXY")
	code := m.Run()
	// With GAMETHUMBS_TEST_LOG_DIR, every log the tests captured was kept
	// there (this package's and those of packages that ran before): none
	// may hold a planted credential.
	if dir := os.Getenv(testutil.LogDirEnv); dir != "" {
		if found := testutil.FindPlanted(dir); len(found) > 0 {
			fmt.Fprintf(os.Stderr, "planted credentials in the kept logs of %s:\n%s\n", dir, strings.Join(found[:min(len(found), 20)], "\n"))
			code = 1
		}
	}
	os.Exit(code)
}
