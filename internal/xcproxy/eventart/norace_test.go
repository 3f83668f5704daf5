//go:build !race

package eventart

const raceEnabled = false
