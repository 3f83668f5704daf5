package fetch

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"runtime"
	"testing"
)

// A Logo handle is the logo's identity: while anything refers to it the
// same handle comes back, even once the decoded image has left the cache,
// and its pixels are decoded again from the kept bytes without a download.
func TestLogoHandleOutlivesItsPixels(t *testing.T) {
	srv, hits := countingServer(t, serveBytes(pngBytes(t, 40, 30, color.NRGBA{10, 20, 30, 255}), "image/png"))
	// Budgets of one byte: nothing stays cached but what is referenced.
	f, _ := newTestFetcher(Config{CacheBytes: 1, RawCacheBytes: 1 << 20})
	img, err := f.Logo(context.Background(), srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	l, ok := img.(*Logo)
	if !ok {
		t.Fatalf("Logo = %T, want *Logo", img)
	}
	first := bytes.Clone(l.Pixels().Pix)
	f.raws.delete(cacheKey(srv.URL))
	runtime.GC()
	runtime.GC()
	if p := l.px.Value(); p != nil {
		t.Fatal("the decoded pixels were kept alive by the handle")
	}
	again, err := f.Logo(context.Background(), srv.URL)
	if err != nil || again != img {
		t.Fatalf("Logo again = %p, %v; want the same handle %p", again, err, img)
	}
	if px := l.Pixels(); !bytes.Equal(px.Pix, first) || px.Rect != image.Rect(0, 0, 40, 30) {
		t.Error("pixels decoded again differ")
	}
	if PixelsOf(img) == nil || PixelsOf(img).Bounds() != img.Bounds() {
		t.Error("PixelsOf: wrong image")
	}
	if hits.Load() != 1 {
		t.Errorf("upstream hits = %d, want 1 (decoded again from the kept bytes)", hits.Load())
	}
	runtime.KeepAlive(l)
}
