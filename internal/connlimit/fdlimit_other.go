//go:build !unix

package connlimit

func fileLimit() uint64 { return 0 }
