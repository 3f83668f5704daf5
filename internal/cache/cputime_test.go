package cache

import (
	"time"

	"gamethumbs/internal/testutil"
)

// cpuTime is the process's CPU time (testutil.CPUTime), for benchmarks
// that report CPU per op.
func cpuTime() time.Duration { return testutil.CPUTime() }
