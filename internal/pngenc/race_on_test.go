//go:build race

package pngenc

// raceDetector is true in a -race build. EncodeBest runs on one
// goroutine, so its slowest tests (seconds of CPU per picture, minutes
// under the detector) skip there; the round trips still run.
const raceDetector = true
