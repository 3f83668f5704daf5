package fetch

import (
	"image"
	"runtime"
	"testing"
	"time"
)

func TestAliveSetReturnsImagesStillInUse(t *testing.T) {
	var a aliveSet[image.RGBA]
	now := time.Unix(1000, 0)
	img := image.NewRGBA(image.Rect(0, 0, 4, 4))
	a.put("k", img, now.Add(time.Hour))
	if got := a.get("k", now); got != image.Image(img) {
		t.Fatalf("get = %v, want the same image while it is referenced", got)
	}
	if got := a.get("k", now.Add(2*time.Hour)); got != nil {
		t.Error("expired entry returned")
	}
	runtime.KeepAlive(img)

	a.put("gone", image.NewRGBA(image.Rect(0, 0, 4, 4)), now.Add(time.Hour))
	runtime.GC()
	runtime.GC()
	if got := a.get("gone", now); got != nil {
		t.Error("an image nobody references was kept alive")
	}
}
