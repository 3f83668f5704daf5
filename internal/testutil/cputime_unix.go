//go:build unix

package testutil

import (
	"syscall"
	"time"
)

// CPUTime is the process's user+system CPU time, for benchmarks that
// report CPU per operation (steadier than wall time on a shared machine,
// and it counts the kernel's share of file writes).
func CPUTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
