//go:build race

package main

// raceEnabled is true when the tests run under the race detector, which
// makes rendering several times slower: long table tests sample.
const raceEnabled = true
