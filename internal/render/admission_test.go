package render

import (
	"context"
	"image/color"
	"testing"

	"gamethumbs/internal/raster"
	"gamethumbs/internal/render/rendertest"
)

type freqKey struct{ a, b int }

func TestFrequencyCountsAndFades(t *testing.T) {
	f := newFrequency()
	for range 5 {
		f.touch(freqKey{1, 2})
	}
	f.touch(freqKey{3, 4})
	if got := f.estimate(freqKey{1, 2}); got < 5 {
		t.Fatalf("estimate %d after 5 asks, want at least 5", got)
	}
	if got := f.estimate(freqKey{9, 9}); got != 0 {
		t.Fatalf("estimate %d for a key never asked for", got)
	}
	if !f.admit(freqKey{1, 2}, []any{freqKey{3, 4}}) {
		t.Error("a key asked for 5 times was refused in favour of one asked for once")
	}
	if f.admit(freqKey{3, 4}, []any{freqKey{1, 2}}) || f.admit(freqKey{3, 4}, []any{freqKey{3, 4}}) {
		t.Error("a key no more popular than its victim was admitted")
	}
	// After enough other asks the counts halve: old popularity fades.
	for range freqSample {
		f.touch(freqKey{5, 6})
	}
	if got := f.estimate(freqKey{1, 2}); got > 3 {
		t.Fatalf("estimate %d after a sample of other asks, want it halved (about 2)", got)
	}
}

// TestSpritesOverBudgetKeepAStablePart: when a day's sprites do not all
// fit, passing over the same matchups again still finds a good part of
// them (a plain LRU, evicting each just before its next use, found none)
// and builds only the rest again.
func TestSpritesOverBudgetKeepAStablePart(t *testing.T) {
	n := 16
	if raceDetector {
		n = 8
	}
	var teams []Team
	for i := range n {
		fg := color.NRGBA{uint8(40 + 11*i), uint8(200 - 9*i), uint8(90 + 5*i), 255}
		l := &decodedLogo{src: rendertest.Logo(rendertest.Shield, 500, fg, color.NRGBA{255, 255, 255, 255})}
		teams = append(teams, Team{Name: "Team", Abbr: "T", Color: colorOf(fg), AltColor: colorOf(fg), Logo: l})
	}
	// Room for about half the sprites of a pass.
	r := New(Config{CacheBytes: int64(n) * 200 << 10})
	pass := func() int64 {
		b0 := spriteBuilds.Load()
		for i := range teams {
			img, err := r.Render(context.Background(), matchupScene(teams[i], teams[(i+1)%n]),
				Options{Kind: KindThumb, Width: 1440, Height: 1080, Style: 1})
			if err != nil {
				t.Fatal(err)
			}
			raster.Release(img)
		}
		return spriteBuilds.Load() - b0
	}
	first := pass()
	pass()
	third := pass()
	t.Logf("sprites built: %d in the first pass, %d in the third; cache %+v", first, third, r.CacheStats())
	if third > first*3/4 {
		t.Errorf("the third pass built %d sprites of the first's %d: no stable part kept", third, first)
	}
	if third == 0 {
		t.Errorf("the third pass built no sprite: the budget held them all, the test's premise is wrong")
	}
}
