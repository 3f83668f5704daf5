//go:build !unix

package match

// cpuTime is not measured on this platform.
func cpuTime() int64 { return 0 }
