//go:build race

package fetch

// raceEnabled: the race detector slows decoding some 20-fold, so the
// worst-case logo tests use smaller (still downscaled) logos under it.
const raceEnabled = true
