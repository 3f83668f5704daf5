package raster

import (
	"image"
	"testing"
)

// Release pools only the canvases of sizes renders draw on: an image of
// any other size (a trimmed logo) creates no pool of its own.
func TestReleaseSkipsOtherSizes(t *testing.T) {
	img := image.NewRGBA(image.Rect(0, 0, 233, 97))
	Release(img)
	if _, ok := canvasPools.Load(img.Rect.Size()); ok {
		t.Errorf("Release(%v image) created a canvas pool for that size, want none", img.Rect.Size())
	}
}
