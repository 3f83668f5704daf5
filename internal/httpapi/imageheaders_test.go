package httpapi

import (
	"context"
	"testing"
	"time"

	"gamethumbs/internal/cache"
)

// Pictures from every tier (rendered, disk) get the header values
// writeImage sets, so none is served without its ETag, Last-Modified,
// Content-Type or Content-Length.
func TestImageHeaders(t *testing.T) {
	made := cache.NewImage([]byte("png bytes"), "image/png", time.Date(2026, 11, 25, 12, 0, 0, 5, time.UTC))
	d, err := cache.OpenDisk(t.TempDir(), 1<<20, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	ctx := context.Background()
	if err := d.Set(ctx, "k", made); err != nil {
		t.Fatal(err)
	}
	fromDisk, ok := d.Get(ctx, "k")
	if !ok {
		t.Fatal("disk tier lost the picture")
	}
	for name, img := range map[string]*cache.Image{"rendered": made, "disk": fromDisk} {
		ih := headersOf(img)
		want := map[string]string{"Etag": made.ETag, "Last-Modified": "Wed, 25 Nov 2026 12:00:00 GMT",
			"Content-Type": "image/png", "Content-Length": "9"}
		got := map[string][]string{"Etag": ih.etag, "Last-Modified": ih.modified,
			"Content-Type": ih.contentType, "Content-Length": ih.length}
		for k, v := range want {
			if len(got[k]) != 1 || got[k][0] != v {
				t.Errorf("%s image: %s header value %q, want %q", name, k, got[k], v)
			}
		}
	}
}
