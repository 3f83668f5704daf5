//go:build unix

package title

import "syscall"

// cpuTime is the process's user+system CPU time in nanoseconds, or 0.
func cpuTime() int64 {
	var r syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &r) != nil {
		return 0
	}
	return r.Utime.Nano() + r.Stime.Nano()
}
