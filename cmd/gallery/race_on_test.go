//go:build race

package main

// raceDetector is true in a -race build, where drawing is many times
// slower: the widest tests sample their cases or skip.
const raceDetector = true
