package render

import (
	"image"
	"sync"
	"time"

	"gamethumbs/internal/lru"
)

// pins holds the decoded pixels of logo handles (pixelSource) whose
// sprites are not built yet at every size in use. A handle keeps only the
// downloaded bytes and holds its decode weakly, so a team first drawn as
// a thumbnail would otherwise be decoded again for its cover, its logo
// picture and its style-99 panel whenever the collector ran in between. A pin is dropped as soon as the team's
// sprite of every size in use is built, so pins are few and short-lived;
// their bytes are bounded (least recently pinned go first).
type pins struct {
	px *lru.Cache[any, *pin] // by handle

	mu    sync.Mutex
	inUse map[spriteClass]time.Time // last drawn
	now   func() time.Time
}

// pin is a handle's decode and the classes of sprite built from it.
type pin struct {
	px    *image.RGBA
	built map[spriteClass]bool
}

// spriteClass is the size a layout draws logos at, whatever their
// aspect: the box side and the drop shadow (the per-matchup variants,
// grey losers and halos, are left out).
type spriteClass struct {
	side, r, dx, dy int
	alpha           uint8
}

// classInUse is how long a sprite class counts as in use after it was
// last drawn: a day of guides.
const classInUse = 24 * time.Hour

func newPins(maxBytes int64) *pins {
	return &pins{px: lru.New[any, *pin](lru.Options{MaxBytes: maxBytes}), inUse: map[spriteClass]time.Time{}, now: time.Now}
}

// use records that a logo is drawn at class c.
func (ps *pins) use(c spriteClass) {
	now := ps.now()
	ps.mu.Lock()
	defer ps.mu.Unlock()
	if t, ok := ps.inUse[c]; !ok || now.Sub(t) > time.Second {
		ps.inUse[c] = now
	}
}

// built records that a sprite of class c was built from src, whose
// pixels are px: src stays pinned until its sprites of every class in use
// are built.
func (ps *pins) built(src pixelSource, px *image.RGBA, c spriteClass) {
	now := ps.now()
	ps.mu.Lock()
	defer ps.mu.Unlock()
	p, ok := ps.px.Peek(src)
	if !ok {
		p = &pin{px: px, built: map[spriteClass]bool{}}
	}
	p.built[c] = true
	done := true
	for k, t := range ps.inUse {
		if now.Sub(t) > classInUse {
			delete(ps.inUse, k)
			continue
		}
		done = done && p.built[k]
	}
	switch {
	case done && ok:
		ps.px.Remove(src)
	case !done && !ok:
		ps.px.Add(src, p, pixelBytes(px), time.Time{})
	}
}

// held reports whether src's pixels are pinned (tests).
func (ps *pins) held(src pixelSource) bool {
	_, ok := ps.px.Peek(src)
	return ok
}
