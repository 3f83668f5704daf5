//go:build race

package scene

// raceEnabled: the race detector slows decoding some 20-fold, so the
// worst-case logo test uses smaller (still downscaled) logos under it.
const raceEnabled = true
