//go:build race

package eventart

const raceEnabled = true
