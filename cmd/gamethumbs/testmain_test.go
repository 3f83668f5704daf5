package main

import (
	"os"
	"testing"
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
	os.Exit(m.Run())
}
