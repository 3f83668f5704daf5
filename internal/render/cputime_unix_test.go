//go:build unix

package render

import (
	"syscall"
	"time"
)

// cpuTime is the process's user+system CPU time, for benchmarks that report
// CPU per op (stable on a shared, noisy machine where wall time is not).
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
