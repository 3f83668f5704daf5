//go:build unix

package cache

import (
	"syscall"
	"time"
)

// cpuTime is the process's user+system CPU time, for benchmarks that report
// CPU per op (the kernel's share of a file write is most of its cost).
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
