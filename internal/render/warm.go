package render

import "sync"

// warm computes, in parallel, the cached logo sprites that the given draw
// calls will need, without drawing anything: each call runs on a copy of
// the painter in warming mode, where drawLogo stops after the sprite is
// made. The real draws that follow then only blit. On a warm cache it
// costs a few goroutines; on a cold one it cuts the latency of a matchup
// by doing its two or three logos at once.
//
// A banded render warms while painting its first band only: later bands
// find every sprite held by the render (see heldSet).
func (p *painter) warm(draws ...func(q *painter)) {
	if p.warmed {
		return
	}
	var wg sync.WaitGroup
	for _, d := range draws {
		q := *p
		q.warming = true
		wg.Go(func() { d(&q) })
	}
	wg.Wait()
}
