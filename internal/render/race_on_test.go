//go:build race

package render

// raceDetector is true in a -race build, where rendering is several times
// slower and the widest tests sample their cases.
const raceDetector = true
