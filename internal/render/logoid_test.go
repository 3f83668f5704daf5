package render

import (
	"image"
	"runtime"
	"testing"
	"time"

	"gamethumbs/internal/colorx"
)

// A logo weighed for legibility but never drawn (the variant a render did
// not pick) is not kept alive by the derivative cache.
func TestLegibilityDoesNotPinTheLogo(t *testing.T) {
	img := image.NewRGBA(image.Rect(0, 0, 64, 64))
	for i := range img.Pix {
		img.Pix[i] = 0xff
	}
	collected := make(chan struct{})
	runtime.AddCleanup(img, func(c chan struct{}) { close(c) }, collected)
	if got := legibility(testRenderer.cache, img, colorx.RGB{}); got <= 0 {
		t.Fatalf("legibility of a white square on black = %v, want > 0", got)
	}
	if idOf(img) != idOf(img) {
		t.Fatal("two IDs of one live logo differ")
	}
	img = nil
	deadline := time.Now().Add(5 * time.Second)
	for {
		runtime.GC()
		select {
		case <-collected:
			return
		default:
		}
		if time.Now().After(deadline) {
			t.Fatal("the logo stayed alive after its legibility was cached")
		}
		time.Sleep(10 * time.Millisecond)
	}
}
