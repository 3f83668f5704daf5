//go:build unix

package connlimit

import "syscall"

// fileLimit is the soft limit on open files (which the Go runtime raises
// to the hard limit at start), or 0 when it cannot be read.
func fileLimit() uint64 {
	var r syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &r); err != nil {
		return 0
	}
	return uint64(r.Cur) // int64 on FreeBSD and DragonFly, uint64 elsewhere
}
