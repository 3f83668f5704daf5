// Package testutil holds helpers that tests of several packages share:
// the process CPU time for benchmarks, finding a Chromium binary for
// browser tests and a log buffer safe for concurrent writers.
package testutil

import (
	"bytes"
	"os"
	"os/exec"
	"sync"
)

// Chromium returns a Chromium or Chrome binary, or "" when none is
// installed (tests then skip).
func Chromium() string {
	if _, err := os.Stat("/usr/bin/chromium"); err == nil {
		return "/usr/bin/chromium"
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// LockedBuffer is a bytes.Buffer that goroutines (a logger, a probe) may
// write to while the test reads it.
type LockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *LockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *LockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}
