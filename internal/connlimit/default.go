package connlimit

// DefaultMax is the cap used when MAX_CONNECTIONS is unset: three quarters
// of the file-descriptor limit, leaving the rest for the overflow reserve,
// provider and upstream connections, and cache files; at least 32 and at
// most 16384 (1024 when the limit cannot be read).
func DefaultMax() int {
	return defaultMax(fileLimit())
}

func defaultMax(files uint64) int {
	if files == 0 {
		return 1024
	}
	return int(min(16384, max(32, files*3/4)))
}
